import type { Value } from '../../src/view-model/workbook/expr';
import type { SheetModel } from '../../src/view-model/workbook/sheet-model';

/*
 * A spreadsheet formula evaluator for the subset the live workbook writes (src/view-model/workbook:
 * expr.ts and the sheets' range formulas): numbers, text, cell and range references (quoted sheet
 * names, $ anchors), defined names, + − * / ^ & and comparisons with Excel's precedence, arrays in
 * SUMPRODUCT, and IF AND OR NOT MIN MAX CEILING MOD ROUND ISNUMBER SUM AVERAGE COUNT SUMPRODUCT SUMIF
 * SUMIFS INDEX MATCH NPV IRR TEXT IFERROR. It reads only the inputs and the formula text — never a
 * cached result — evaluating each cell once, on demand. Anything outside the subset throws, so a new
 * function in the workbook fails the test that uses this rather than being skipped. The npm
 * candidates were checked and not used: fast-formula-parser 1.0.19 lacks MIN, MAX, SUMIFS, NPV and IRR;
 * @formulajs/formulajs has functions but no parser; @ironcalc/wasm 0.8.4 covers everything but takes
 * about 2 s to load one workbook (≈1 ms per formula typed in), too slow for hundreds of scenarios.
 */

class FormulaError extends Error {}

type Scalar = number | string | boolean | null;
interface RangeValue {
  kind: 'range';
  cells: Scalar[];
}
interface ArrayValue {
  kind: 'array';
  items: Scalar[];
}
type Val = Scalar | RangeValue | ArrayValue;

type Node =
  | { t: 'lit'; v: Scalar }
  | { t: 'ref'; sheet: string; row: number; col: number }
  | { t: 'range'; sheet: string; r1: number; c1: number; r2: number; c2: number }
  | { t: 'name'; name: string }
  | { t: 'call'; name: string; args: Node[] }
  | { t: 'neg'; x: Node }
  | { t: 'bin'; op: string; a: Node; b: Node };

interface Token {
  k: 'num' | 'str' | 'ref' | 'id' | 'op' | '(' | ')' | ',' | 'end';
  s: string;
  sheet?: string;
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + ch.charCodeAt(0) - 64;
  return n;
}

const CELL = /^\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?/;

function tokenize(f: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < f.length) {
    const ch = f[i]!;
    const rest = f.slice(i);
    if (ch === ' ') {
      i++;
    } else if (ch === '"') {
      let j = i + 1;
      let s = '';
      for (;;) {
        if (j >= f.length) throw new FormulaError(`unterminated text in ${f}`);
        if (f[j] === '"') {
          if (f[j + 1] === '"') {
            s += '"';
            j += 2;
            continue;
          }
          break;
        }
        s += f[j];
        j++;
      }
      out.push({ k: 'str', s });
      i = j + 1;
    } else if (ch === "'") {
      let j = i + 1;
      let sheet = '';
      for (;;) {
        if (f[j] === "'" && f[j + 1] === "'") {
          sheet += "'";
          j += 2;
        } else if (f[j] === "'") break;
        else if (j >= f.length) throw new FormulaError(`unterminated sheet name in ${f}`);
        else sheet += f[j++];
      }
      if (f[j + 1] !== '!') throw new FormulaError(`a sheet name without ! in ${f}`);
      const m = CELL.exec(f.slice(j + 2));
      if (!m) throw new FormulaError(`a sheet without a cell in ${f}`);
      out.push({ k: 'ref', s: m[0], sheet });
      i = j + 2 + m[0].length;
    } else if (/[0-9.]/.test(ch)) {
      const m = /^(\d+\.?\d*|\.\d+)(E[-+]?\d+)?/i.exec(rest)!;
      out.push({ k: 'num', s: m[0] });
      i += m[0].length;
    } else if (/[A-Za-z_$]/.test(ch)) {
      const cell = CELL.exec(rest);
      const id = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(rest);
      // A cell (B9, $B$9, B9:B20) unless the word goes on (a name like engine_x, a function like SUM).
      if (cell && !(id && id[0].length > cell[0].length && !cell[3])) {
        out.push({ k: 'ref', s: cell[0] });
        i += cell[0].length;
      } else if (id) {
        out.push({ k: 'id', s: id[0] });
        i += id[0].length;
      } else throw new FormulaError(`unexpected ${rest} in ${f}`);
    } else if (ch === '(' || ch === ')' || ch === ',') {
      out.push({ k: ch, s: ch });
      i++;
    } else {
      const op = /^(<=|>=|<>|[-+*/^&=<>])/.exec(rest);
      if (!op) throw new FormulaError(`unexpected ${rest} in ${f}`);
      out.push({ k: 'op', s: op[0] });
      i += op[0].length;
    }
  }
  out.push({ k: 'end', s: '' });
  return out;
}

/** Excel's binding: comparison < & < + − < * / < ^ < unary minus. */
const BINDING: Record<string, number> = {
  '=': 1,
  '<>': 1,
  '<': 1,
  '<=': 1,
  '>': 1,
  '>=': 1,
  '&': 2,
  '+': 3,
  '-': 3,
  '*': 4,
  '/': 4,
  '^': 6,
};

function parse(f: string, sheet: string): Node {
  const ts = tokenize(f);
  let p = 0;
  const peek = () => ts[p]!;
  const next = () => ts[p++]!;
  const expect = (k: Token['k']) => {
    const tk = next();
    if (tk.k !== k) throw new FormulaError(`expected ${k}, got "${tk.s}" in ${f}`);
  };
  function primary(): Node {
    const tk = next();
    if (tk.k === 'num') return { t: 'lit', v: Number(tk.s) };
    if (tk.k === 'str') return { t: 'lit', v: tk.s };
    if (tk.k === 'op' && tk.s === '-') return { t: 'neg', x: binary(5) };
    if (tk.k === 'op' && tk.s === '+') return binary(5);
    if (tk.k === '(') {
      const x = binary(0);
      expect(')');
      return x;
    }
    if (tk.k === 'ref') {
      const m = CELL.exec(tk.s)!;
      const on = tk.sheet ?? sheet;
      const row = Number(m[2]);
      const col = columnNumber(m[1]!);
      if (!m[3]) return { t: 'ref', sheet: on, row, col };
      return { t: 'range', sheet: on, r1: row, c1: col, r2: Number(m[4]), c2: columnNumber(m[3]) };
    }
    if (tk.k === 'id') {
      if (peek().k !== '(') {
        if (tk.s === 'TRUE' || tk.s === 'FALSE') return { t: 'lit', v: tk.s === 'TRUE' };
        return { t: 'name', name: tk.s };
      }
      next();
      const args: Node[] = [];
      if (peek().k !== ')')
        for (;;) {
          args.push(binary(0));
          if (peek().k === ',') next();
          else break;
        }
      expect(')');
      return { t: 'call', name: tk.s.toUpperCase(), args };
    }
    throw new FormulaError(`unexpected "${tk.s}" in ${f}`);
  }
  function binary(min: number): Node {
    let a = primary();
    for (;;) {
      const tk = peek();
      const b = tk.k === 'op' ? BINDING[tk.s] : undefined;
      if (b === undefined || b <= min) return a;
      next();
      // ^ binds left to right in Excel, as the others do.
      a = { t: 'bin', op: tk.s, a, b: binary(b) };
    }
  }
  const node = binary(0);
  if (peek().k !== 'end') throw new FormulaError(`trailing "${peek().s}" in ${f}`);
  return node;
}

function toNumber(v: Scalar): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === null || v === '') return 0;
  const n = Number(v);
  if (Number.isNaN(n)) throw new FormulaError(`#VALUE! (${v})`);
  return n;
}

function toText(v: Scalar): string {
  if (v === null) return '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'number') return String(Number(v.toPrecision(15))).replace('e', 'E');
  return v;
}

function truthy(v: Scalar): boolean {
  if (typeof v === 'string') throw new FormulaError(`#VALUE! (${v} as a condition)`);
  return toNumber(v) !== 0;
}

function scalar(v: Val): Scalar {
  if (v === null || typeof v !== 'object') return v;
  if (v.kind === 'range' ? v.cells.length === 1 : v.items.length === 1)
    return v.kind === 'range' ? v.cells[0]! : v.items[0]!;
  throw new FormulaError('#VALUE! (a range where one value belongs)');
}

function compare(a: Scalar, op: string, b: Scalar): boolean {
  const x = a ?? (typeof b === 'string' ? '' : 0);
  const y = b ?? (typeof a === 'string' ? '' : 0);
  let c: number;
  if (typeof x === 'string' || typeof y === 'string') {
    if (typeof x !== 'string') c = -1;
    else if (typeof y !== 'string') c = 1;
    else c = x.toUpperCase() < y.toUpperCase() ? -1 : x.toUpperCase() > y.toUpperCase() ? 1 : 0;
  } else {
    const l = toNumber(x);
    const r = toNumber(y);
    c = l < r ? -1 : l > r ? 1 : 0;
  }
  switch (op) {
    case '=':
      return c === 0;
    case '<>':
      return c !== 0;
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    default:
      return c >= 0;
  }
}

function arithmetic(op: string, a: Scalar, b: Scalar): Scalar {
  if (op === '&') return toText(a) + toText(b);
  if (BINDING[op] === 1) return compare(a, op, b);
  const x = toNumber(a);
  const y = toNumber(b);
  switch (op) {
    case '+':
      return x + y;
    case '-':
      return x - y;
    case '*':
      return x * y;
    case '/':
      if (y === 0) throw new FormulaError('#DIV/0!');
      return x / y;
    default: {
      const r = x ** y;
      if (!Number.isFinite(r)) throw new FormulaError('#NUM!');
      return r;
    }
  }
}

/** The values of a range or array argument, or the one value of a scalar. */
function items(v: Val): { values: Scalar[]; fromRange: boolean } {
  if (v !== null && typeof v === 'object')
    return { values: v.kind === 'range' ? v.cells : v.items, fromRange: true };
  return { values: [v], fromRange: false };
}

/** The numbers among the arguments: a range's numbers only, a literal argument coerced. */
function numbers(args: Val[]): number[] {
  const out: number[] = [];
  for (const a of args) {
    const { values, fromRange } = items(a);
    for (const v of values)
      if (typeof v === 'number') out.push(v);
      else if (!fromRange) out.push(toNumber(v));
  }
  return out;
}

/** SUMIF's criterion: a number or a text, optionally led by a comparison ("<>0", ">=3"). */
function criterion(c: Scalar): (v: Scalar) => boolean {
  if (typeof c === 'string') {
    const m = /^(<=|>=|<>|<|>|=)?(.*)$/.exec(c)!;
    const op = m[1] ?? '=';
    const operand = m[2]!;
    const n = Number(operand);
    const target: Scalar = operand !== '' && !Number.isNaN(n) ? n : operand;
    return (v) =>
      typeof target === 'number' && typeof v !== 'number' ? op === '<>' : compare(v, op, target);
  }
  return (v) => typeof v === 'number' && v === toNumber(c);
}

function npv(rate: number, flows: number[]): number {
  return flows.reduce((s, x, i) => s + x / (1 + rate) ** (i + 1), 0);
}

/** IRR by Newton's method from the guess, as spreadsheets compute it; #NUM! when it does not converge. */
function irr(flows: number[], guess: number): number {
  let r = guess;
  for (let k = 0; k < 100; k++) {
    let f = 0;
    let d = 0;
    flows.forEach((x, i) => {
      f += x / (1 + r) ** i;
      d -= (i * x) / (1 + r) ** (i + 1);
    });
    if (d === 0 || !Number.isFinite(f)) break;
    const next = r - f / d;
    if (!Number.isFinite(next) || next <= -1) break;
    if (Math.abs(next - r) < 1e-12) return next;
    r = next;
  }
  throw new FormulaError('#NUM! (IRR)');
}

function textOf(x: number, format: string): string {
  if (format === '#,##0') return Math.round(x).toLocaleString('en-US');
  if (format === '0.0%') return `${(x * 100).toFixed(1)}%`;
  throw new FormulaError(`TEXT format ${format} is outside the subset`);
}

/** A workbook's cells, each formula evaluated once when first read. */
export class FormulaEvaluator {
  private readonly cells = new Map<string, Map<number, { value: Value | null; formula?: string }>>();
  private readonly names = new Map<string, { sheet: string; row: number; col: number }>();
  private readonly done = new Map<string, Scalar>();
  private readonly busy = new Set<string>();

  constructor(sheets: SheetModel[]) {
    for (const sheet of sheets) {
      const cells = new Map<number, { value: Value | null; formula?: string }>();
      sheet.rows.forEach((row, r) => {
        row.forEach((cell, c) => {
          if (!cell) return;
          // The cached result of a formula is dropped: only inputs keep their values.
          cells.set(
            (r + 1) * 1024 + c + 1,
            cell.formula === undefined ? { value: cell.value } : { value: null, formula: cell.formula },
          );
          if (cell.name) this.names.set(cell.name, { sheet: sheet.name, row: r + 1, col: c + 1 });
        });
      });
      this.cells.set(sheet.name, cells);
    }
  }

  /** Every formula cell of a sheet, evaluated (throws on the first outside the subset). */
  formulaCells(sheet: string): { row: number; column: number; value: Value | null }[] {
    const out: { row: number; column: number; value: Value | null }[] = [];
    for (const [key, cell] of this.cells.get(sheet) ?? [])
      if (cell.formula !== undefined) {
        const row = Math.floor(key / 1024);
        const column = key % 1024;
        out.push({ row, column, value: this.value(sheet, row, column) });
      }
    return out;
  }

  /** A cell's value: an input as written, a formula's recomputed; null for a blank cell; an error as text. */
  value(sheet: string, row: number, col: number): Value | null {
    try {
      return this.cell(sheet, row, col);
    } catch (e) {
      if (e instanceof FormulaError) return `#ERROR ${e.message}`;
      throw e;
    }
  }

  private cell(sheet: string, row: number, col: number): Scalar {
    const cells = this.cells.get(sheet);
    if (!cells) throw new Error(`#REF! no sheet ${sheet}`);
    const cell = cells.get(row * 1024 + col);
    if (!cell) return null;
    if (cell.formula === undefined) return cell.value;
    const key = `${sheet}!${row}:${col}`;
    const known = this.done.get(key);
    if (known !== undefined || this.done.has(key)) return known ?? null;
    if (this.busy.has(key)) throw new Error(`a circular reference at ${key}`);
    this.busy.add(key);
    try {
      const v = scalar(this.eval(parse(cell.formula, sheet)));
      this.done.set(key, v);
      return v;
    } catch (e) {
      if (e instanceof FormulaError) this.done.delete(key);
      throw e;
    } finally {
      this.busy.delete(key);
    }
  }

  private eval(n: Node): Val {
    switch (n.t) {
      case 'lit':
        return n.v;
      case 'ref':
        return this.cell(n.sheet, n.row, n.col);
      case 'range': {
        const cells: Scalar[] = [];
        for (let r = n.r1; r <= n.r2; r++)
          for (let c = n.c1; c <= n.c2; c++) cells.push(this.cell(n.sheet, r, c));
        return { kind: 'range', cells };
      }
      case 'name': {
        const at = this.names.get(n.name);
        if (!at) throw new Error(`#NAME? ${n.name}`);
        return this.cell(at.sheet, at.row, at.col);
      }
      case 'neg': {
        const x = this.eval(n.x);
        if (x !== null && typeof x === 'object')
          return { kind: 'array', items: items(x).values.map((v) => -toNumber(v)) };
        return -toNumber(x);
      }
      case 'bin': {
        const a = this.eval(n.a);
        const b = this.eval(n.b);
        const aa = a !== null && typeof a === 'object';
        const bb = b !== null && typeof b === 'object';
        if (!aa && !bb) return arithmetic(n.op, a, b);
        // Element by element (inside SUMPRODUCT): a single value pairs with every item.
        const xs = items(a).values;
        const ys = items(b).values;
        const len = Math.max(xs.length, ys.length);
        if (xs.length !== ys.length && xs.length !== 1 && ys.length !== 1)
          throw new FormulaError('#VALUE! (arrays of different sizes)');
        return {
          kind: 'array',
          items: Array.from({ length: len }, (_, i) =>
            arithmetic(n.op, xs.length === 1 ? xs[0]! : xs[i]!, ys.length === 1 ? ys[0]! : ys[i]!),
          ),
        };
      }
      case 'call':
        return this.call(n.name, n.args);
    }
  }

  private call(name: string, args: Node[]): Val {
    const arg = (i: number) => {
      const a = args[i];
      if (!a) throw new FormulaError(`${name} lacks argument ${i + 1}`);
      return this.eval(a);
    };
    const num = (i: number) => toNumber(scalar(arg(i)));
    const all = () => args.map((a) => this.eval(a));
    switch (name) {
      case 'IF':
        return truthy(scalar(arg(0))) ? arg(1) : args.length > 2 ? arg(2) : false;
      case 'AND':
        return all().every((v) => items(v).values.every((x) => x === null || truthy(x)));
      case 'OR':
        return all().some((v) => items(v).values.some((x) => x !== null && truthy(x)));
      case 'NOT':
        return !truthy(scalar(arg(0)));
      case 'MIN': {
        const xs = numbers(all());
        return xs.length === 0 ? 0 : Math.min(...xs);
      }
      case 'MAX': {
        const xs = numbers(all());
        return xs.length === 0 ? 0 : Math.max(...xs);
      }
      case 'SUM':
        return numbers(all()).reduce((s, x) => s + x, 0);
      case 'AVERAGE': {
        const xs = numbers(all());
        if (xs.length === 0) throw new FormulaError('#DIV/0! (AVERAGE of nothing)');
        return xs.reduce((s, x) => s + x, 0) / xs.length;
      }
      case 'COUNT':
        return all().reduce<number>(
          (s, v) => s + items(v).values.filter((x) => typeof x === 'number').length,
          0,
        );
      case 'CEILING': {
        const x = num(0);
        const sig = args.length > 1 ? num(1) : 1;
        if (sig === 0) return 0;
        return Math.ceil(x / sig) * sig;
      }
      case 'MOD': {
        const x = num(0);
        const y = num(1);
        if (y === 0) throw new FormulaError('#DIV/0! (MOD)');
        return x - y * Math.floor(x / y);
      }
      case 'ROUND': {
        const x = num(0);
        const f = 10 ** num(1);
        return (Math.sign(x) * Math.round(Math.abs(x) * f)) / f;
      }
      case 'ISNUMBER':
        return typeof scalar(arg(0)) === 'number';
      case 'SUMPRODUCT': {
        const lists = all().map((v) => items(v).values);
        const len = lists[0]!.length;
        if (lists.some((l) => l.length !== len)) throw new FormulaError('#VALUE! (SUMPRODUCT sizes)');
        let s = 0;
        for (let i = 0; i < len; i++)
          s += lists.reduce((p, l) => p * (typeof l[i] === 'number' ? (l[i] as number) : 0), 1);
        return s;
      }
      case 'SUMIF': {
        const range = items(arg(0)).values;
        const test = criterion(scalar(arg(1)));
        const sum = args.length > 2 ? items(arg(2)).values : range;
        return range.reduce<number>(
          (s, v, i) => (test(v) && typeof sum[i] === 'number' ? s + (sum[i] as number) : s),
          0,
        );
      }
      case 'SUMIFS': {
        const sum = items(arg(0)).values;
        const tests: { range: Scalar[]; test: (v: Scalar) => boolean }[] = [];
        for (let i = 1; i < args.length; i += 2)
          tests.push({ range: items(arg(i)).values, test: criterion(scalar(arg(i + 1))) });
        return sum.reduce<number>(
          (s, v, i) => (typeof v === 'number' && tests.every((c) => c.test(c.range[i] ?? null)) ? s + v : s),
          0,
        );
      }
      case 'INDEX': {
        const list = items(arg(0)).values;
        const i = num(1);
        if (i < 1 || i > list.length) throw new FormulaError('#REF! (INDEX)');
        return list[i - 1] ?? null;
      }
      case 'MATCH': {
        const target = scalar(arg(0));
        const list = items(arg(1)).values;
        if (args.length < 3 || num(2) !== 0)
          throw new FormulaError('MATCH other than exact is outside the subset');
        const i = list.findIndex((v) => v !== null && compare(v, '=', target));
        if (i < 0) throw new FormulaError('#N/A (MATCH)');
        return i + 1;
      }
      case 'NPV': {
        const rate = num(0);
        return npv(rate, numbers(args.slice(1).map((a) => this.eval(a))));
      }
      case 'IRR':
        return irr(numbers([arg(0)]), args.length > 1 ? num(1) : 0.1);
      case 'TEXT':
        return textOf(num(0), String(scalar(arg(1))));
      case 'IFERROR':
        try {
          return scalar(arg(0));
        } catch (e) {
          if (e instanceof FormulaError) return arg(1);
          throw e;
        }
      default:
        throw new Error(`${name} is outside the evaluator's subset`);
    }
  }
}
