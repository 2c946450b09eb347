/**
 * A spreadsheet formula and its value, built from one expression: every operation writes the formula
 * text and computes the same arithmetic in JavaScript, so each formula cell of the workbook carries
 * its cached result without a second, hand-kept copy of the rule (a recalculating spreadsheet then
 * checks the two agree: test/e2e/workbook-recalc.spec.ts).
 */
export type Value = number | boolean | string;

export interface Expr {
  /** Formula text without the leading "=". */
  f: string;
  v: Value;
  /** Binding strength: 9 atom, 4 ^, 3 * /, 2 + −, 1 comparison. */
  p: number;
}

const ATOM = 9;

function num(v: Value): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return Number.NaN;
}

function wrap(e: Expr, min: number): string {
  return e.p >= min ? e.f : `(${e.f})`;
}

type Operand = Expr | number;

function lift(x: Operand): Expr {
  if (typeof x !== 'number') return x;
  if (!Number.isFinite(x)) throw new Error(`not a finite literal: ${x}`);
  // Up to 15 significant digits is what a spreadsheet keeps; negative literals are parenthesised.
  const text = String(x).replace('e', 'E');
  return { f: x < 0 ? `(${text})` : text, v: x, p: ATOM };
}

export const lit = (x: number): Expr => lift(x);

/** A text literal ("" for a blank-looking cell that COUNT and MAX skip). */
export function str(text: string): Expr {
  return { f: `"${text.replace(/"/g, '""')}"`, v: text, p: ATOM };
}

/** A cell or a defined name holding `v`. */
export function ref(address: string, v: Value): Expr {
  return { f: address, v, p: ATOM };
}

export function add(...xs: Operand[]): Expr {
  const es = xs.map(lift);
  return {
    f: es.map((e) => wrap(e, 2)).join('+'),
    v: es.reduce((s, e, i) => (i === 0 ? num(e.v) : s + num(e.v)), 0),
    p: 2,
  };
}

export function sub(a: Operand, b: Operand): Expr {
  const x = lift(a);
  const y = lift(b);
  return { f: `${wrap(x, 2)}-${wrap(y, 3)}`, v: num(x.v) - num(y.v), p: 2 };
}

export function mul(...xs: Operand[]): Expr {
  const es = xs.map(lift);
  return {
    f: es.map((e) => wrap(e, 3)).join('*'),
    v: es.reduce((s, e, i) => (i === 0 ? num(e.v) : s * num(e.v)), 1),
    p: 3,
  };
}

export function div(a: Operand, b: Operand): Expr {
  const x = lift(a);
  const y = lift(b);
  return { f: `${wrap(x, 3)}/${wrap(y, 4)}`, v: num(x.v) / num(y.v), p: 3 };
}

export function pow(a: Operand, b: Operand): Expr {
  const x = lift(a);
  const y = lift(b);
  return { f: `${wrap(x, ATOM)}^${wrap(y, ATOM)}`, v: num(x.v) ** num(y.v), p: 4 };
}

type Comparison = '<' | '<=' | '>' | '>=' | '=' | '<>';

export function cmp(a: Operand, op: Comparison, b: Operand): Expr {
  const x = lift(a);
  const y = lift(b);
  const l = num(x.v);
  const r = num(y.v);
  const v =
    op === '<'
      ? l < r
      : op === '<='
        ? l <= r
        : op === '>'
          ? l > r
          : op === '>='
            ? l >= r
            : op === '='
              ? l === r
              : l !== r;
  return { f: `${wrap(x, 2)}${op}${wrap(y, 2)}`, v, p: 1 };
}

function call(name: string, args: Expr[], v: Value): Expr {
  return { f: `${name}(${args.map((a) => a.f).join(',')})`, v, p: ATOM };
}

function truthy(v: Value): boolean {
  return typeof v === 'boolean' ? v : num(v) !== 0;
}

/** IF(test, then, else): the value of the branch taken (a spreadsheet evaluates only that one). */
export function iff(test: Expr, then: Operand, otherwise: Operand): Expr {
  const a = lift(then);
  const b = lift(otherwise);
  return call('IF', [test, a, b], truthy(test.v) ? a.v : b.v);
}

export function and(...xs: Expr[]): Expr {
  return call(
    'AND',
    xs,
    xs.every((x) => truthy(x.v)),
  );
}

export function or(...xs: Expr[]): Expr {
  return call(
    'OR',
    xs,
    xs.some((x) => truthy(x.v)),
  );
}

export function min(...xs: Operand[]): Expr {
  const es = xs.map(lift);
  return call('MIN', es, Math.min(...es.map((e) => num(e.v))));
}

export function max(...xs: Operand[]): Expr {
  const es = xs.map(lift);
  return call('MAX', es, Math.max(...es.map((e) => num(e.v))));
}

/** CEILING(x, 1) for x ≥ 0: the whole number at or above x. */
export function ceiling(x: Operand): Expr {
  const e = lift(x);
  return call('CEILING', [e, lit(1)], Math.ceil(num(e.v)));
}

/** MOD(x, y) for y > 0: x − y × floor(x ÷ y), as a spreadsheet computes it. */
export function mod(x: Operand, y: Operand): Expr {
  const a = lift(x);
  const b = lift(y);
  const av = num(a.v);
  const bv = num(b.v);
  return call('MOD', [a, b], av - bv * Math.floor(av / bv));
}

/** ROUND(x, digits): half away from zero, as a spreadsheet rounds. */
export function round(x: Operand, digits = 0): Expr {
  const e = lift(x);
  const scale = 10 ** digits;
  const n = num(e.v);
  return call('ROUND', [e, lift(digits)], (Math.sign(n) * Math.round(Math.abs(n) * scale)) / scale);
}

/** ISNUMBER(cell): false for a blank cell (a calibration left unset). */
export function isNumber(cell: Expr): Expr {
  return call('ISNUMBER', [cell], typeof cell.v === 'number');
}

/** A function over a range with its value computed by the caller (SUM, AVERAGE, NPV, IRR…). */
export function rangeCall(name: string, args: string[], v: Value): Expr {
  return { f: `${name}(${args.join(',')})`, v, p: ATOM };
}

/** IFERROR(x, fallback) with the value the caller knows (a spreadsheet's error is not computed here). */
export function ifError(x: Expr, fallback: string, v: Value): Expr {
  return { f: `IFERROR(${x.f},"${fallback.replace(/"/g, '""')}")`, v, p: ATOM };
}

export function numberOf(e: Expr): number {
  return num(e.v);
}

/** a=b for text (names of strategies): true when both hold the same text. */
export function textEquals(a: Expr, b: Expr): Expr {
  return { f: `${wrap(a, 2)}=${wrap(b, 2)}`, v: a.v === b.v, p: 1 };
}

export function not(x: Expr): Expr {
  return call('NOT', [x], !truthy(x.v));
}

/**
 * Text joined with "&" (a spreadsheet's concatenation), its value the pieces' values joined; a
 * number piece would print as the spreadsheet pleases, so pieces are text (see `text`).
 */
export function concat(...xs: Expr[]): Expr {
  if (xs.length === 0) return str('');
  return { f: xs.map((e) => wrap(e, 3)).join('&'), v: xs.map((e) => String(e.v)).join(''), p: 2 };
}

/**
 * TEXT(x, format) with the text the caller knows it shows: the app's own formatting of the same
 * number (e.g. "19,500" for "#,##0"), so the cached result reads exactly as the app prints it.
 */
export function text(x: Expr, format: string, shown: string): Expr {
  return call('TEXT', [x, str(format)], shown);
}
