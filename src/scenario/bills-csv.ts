import { type Breakdown, COST_CATEGORIES, type CostCategory, STRATEGY_IDS, type StrategyId } from '../engine';
import { readNumberText, type TypedCurrency } from '../lib/number-text';
import { splitCsvLine } from './cluster-log-csv-line';
import { MAX_LOG_ERRORS, quoted } from './cluster-log-types';
import { MAX_CSV_BYTES } from './csv-limits';

/**
 * Actual spend from a CSV of bills (issue 39 item 2, "Actuals"; docs/model.md §10 "Budget vs actual"):
 * what was spent, month by month and way by way, to set beside a frozen budget.
 *
 * The file: a header row, then one row per bill (or bill line). Columns are found by name, in any
 * order, case-insensitive, trimmed, spaces, `_` and `-` ignored ("Held GPU hours" = `held_gpu_hours`);
 * other columns (invoice number, notes) are left alone. English or Chinese names:
 * - `month` / `月份` (required): a calendar month `2027-01` (also `2027/1`, `2027-01-15`, `2027/1/15`,
 *   `2027年1月`, as spreadsheets rewrite it: a day names its month) or a whole number ≥ 1, month N of
 *   the budget's horizon (up to 9999). One file uses one kind: the first line of the other kind is an
 *   error.
 * - `way` / `方式` (also named `vendor` / `供应商`, required): the way of getting GPUs the bill belongs
 *   to — `selfBuild` (`self-build`, `own`), `rent`, `platform`, `hybrid`, or the app's labels: "Self-build",
 *   "Rent", "Rent servers", "Pooled platform", "Platform", "Hybrid"; 自建, 租用, 租用服务器, 智算平台,
 *   平台, 混合.
 * - `category` / `类别` (required): one of the six cost categories — `compute`, `energy`, `time`, `ops`,
 *   `failure`, `iteration`, or their labels: "Compute", "Energy", "Time", "Ops staff" ("Ops", "Staff"),
 *   "Failure", "Iteration risk"; 算力, 能源, 时间, 运维人力 (运维), 故障, 迭代风险.
 * - `amount` / `金额` (required): a number as people type it (lib/number-text: thousands separators
 *   as in "1,234.50" — quoted in a comma file —, 万/k/M, a currency mark); negative for a credit.
 * - `currency` / `币种` (optional; an empty cell or no column: the amount's own mark, else CNY):
 *   CNY, RMB, ¥, 元, 人民币 or USD, US$, $, 美元. USD is converted at the caller's rate (CNY per USD).
 * - `held_gpu_hours` / `GPU-hours` / `计费GPU时` (also 计费卡时, 付费卡时) and `useful_gpu_hours` /
 *   `有效GPU时` (also 有效卡时), optional: GPU-hours billed or held, and GPU-hours of useful work;
 *   non-negative, an empty cell is "not given".
 *
 * Comma-separated (UTF-8, BOM or not; bytes in GB18030 are decoded by the caller, csv-usage.ts
 * `decodeCsvBytes`); a quoted field may hold commas, doubled quotes and line breaks. Blank lines, and
 * lines of nothing but commas, are skipped; every other line must have the header's number of fields.
 * Rows of the same month and way add up, per category; their hours add up where any row gives them.
 *
 * Never throws: a file over the house CSV limit (csv-limits.ts) or with more rows than
 * `BILLS_CSV_LIMITS.maxRows` is refused with the limit; otherwise every bad line comes back (up to
 * MAX_LOG_ERRORS) by code, line and column for the UI to translate, and nothing is taken from the file.
 */

export type BillsErrorCode =
  /** No header, or a header and no bills. */
  | 'empty'
  /** More characters than the house CSV limit (`limit`). */
  | 'tooLarge'
  /** More bill rows than `BILLS_CSV_LIMITS.maxRows` (`limit`); `line` is the first row past it. */
  | 'tooManyRows'
  /** The header lacks a required column; `column` is its key: month, way, category or amount. */
  | 'missingColumn'
  /** Two header cells name the same column (e.g. `way` and `vendor`); `column` is the second. */
  | 'duplicateColumn'
  /** A line with more or fewer fields than the header (`value`: fields found, `expected`: the header's). */
  | 'fieldCount'
  /** A quoted field never closed; `line` is where it opens (the rest of the file is inside it). */
  | 'badQuotes'
  /** Neither a calendar month (2027-01) nor a horizon month (a whole number ≥ 1). */
  | 'badMonth'
  /** A month of the other kind than the file's first (calendar vs horizon month): the first such line. */
  | 'mixedMonths'
  /** Not a way of getting GPUs the reader knows. */
  | 'badWay'
  /** Not one of the six cost categories. */
  | 'badCategory'
  /** Not a number (empty, text, a percentage). */
  | 'badAmount'
  /** Not a currency the reader knows (CNY or USD). */
  | 'badCurrency'
  /** The amount's own currency mark ("$1,000") differs from the currency column's (CNY). */
  | 'currencyMismatch'
  /** GPU-hours that are not a non-negative number. */
  | 'badHours'
  /** An amount (in CNY, either sign) or GPU-hours above the reader's limit (`limit`). */
  | 'tooBig'
  /** A USD bill while the caller's exchange rate is not a positive number. */
  | 'badRate';

export interface BillsError {
  code: BillsErrorCode;
  /** 1-based line in the file (absent for the whole file's errors: empty, tooLarge). */
  line?: number;
  /** The column's header as written in the file; for `missingColumn`, the column's key. */
  column?: string;
  /** The offending text, trimmed and cut to 40 characters (for `fieldCount`, the fields found). */
  value?: string;
  /** The header's field count (for `fieldCount`). */
  expected?: number;
  /** The limit broken (tooLarge, tooManyRows, tooBig). */
  limit?: number;
}

/** One way's actual spend and hours in one month: the bills of that month and way added up. */
export interface ActualMonth {
  /** A calendar month `2027-01`, or the horizon month as a decimal string (`3`). */
  month: string;
  way: StrategyId;
  spendByCategoryCny: Breakdown;
  /** Σ held GPU-hours of the rows that give them; null when no row of this month and way does. */
  heldGpuHours: number | null;
  /** Σ useful GPU-hours of the rows that give them; null when no row of this month and way does. */
  usefulGpuHours: number | null;
}

export interface Bills {
  monthKind: 'calendar' | 'horizon';
  /** Chronological, then by way in STRATEGY_IDS order. */
  months: ActualMonth[];
  /** Bill rows read. */
  rows: number;
  /** Of them, rows in USD (converted at the caller's rate). */
  usdRows: number;
}

export type BillsResult = { ok: true; bills: Bills } | { ok: false; errors: BillsError[] };

export const BILLS_CSV_LIMITS = {
  /** Bill rows in a file: years of monthly bills, line by line, for four ways. */
  maxRows: 20_000,
  /** The largest amount of one row, in CNY, either sign (a trillion yuan). */
  maxAmountCny: 1e12,
  /** The most GPU-hours one row may give. */
  maxGpuHours: 1e10,
} as const;

type ColumnKey = 'month' | 'way' | 'category' | 'amount' | 'currency' | 'heldGpuHours' | 'usefulGpuHours';

const REQUIRED: readonly ColumnKey[] = ['month', 'way', 'category', 'amount'];

/** Text as compared: NFKC (full-width forms), trimmed, lower case, without spaces, `_` and `-`. */
function compact(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

/** Header names of each column, compacted. */
const HEADERS: Record<ColumnKey, readonly string[]> = {
  month: ['month', '月份'],
  way: ['way', '方式', 'vendor', '供应商'],
  category: ['category', '类别'],
  amount: ['amount', '金额'],
  currency: ['currency', '币种'],
  heldGpuHours: ['heldgpuhours', 'gpuhours', '计费gpu时', '计费卡时', '付费卡时'],
  usefulGpuHours: ['usefulgpuhours', '有效gpu时', '有效卡时'],
};

const COLUMN_OF_HEADER = new Map<string, ColumnKey>(
  (Object.entries(HEADERS) as [ColumnKey, readonly string[]][]).flatMap(([key, names]) =>
    names.map((name) => [name, key] as const),
  ),
);

/** Values naming each way, compacted: the ids and the app's labels (i18n common/charts `strategy`). */
const WAY_OF_VALUE = new Map<string, StrategyId>([
  ['selfbuild', 'selfBuild'],
  ['own', 'selfBuild'],
  ['自建', 'selfBuild'],
  ['rent', 'rent'],
  ['rentservers', 'rent'],
  ['租用', 'rent'],
  ['租用服务器', 'rent'],
  ['platform', 'platform'],
  ['pooledplatform', 'platform'],
  ['平台', 'platform'],
  ['智算平台', 'platform'],
  ['hybrid', 'hybrid'],
  ['混合', 'hybrid'],
]);

/** Values naming each category, compacted: the keys and the app's labels (i18n charts `category`). */
const CATEGORY_OF_VALUE = new Map<string, CostCategory>([
  ['compute', 'compute'],
  ['算力', 'compute'],
  ['energy', 'energy'],
  ['能源', 'energy'],
  ['time', 'time'],
  ['时间', 'time'],
  ['ops', 'ops'],
  ['opsstaff', 'ops'],
  ['staff', 'ops'],
  ['运维人力', 'ops'],
  ['运维', 'ops'],
  ['failure', 'failure'],
  ['故障', 'failure'],
  ['iteration', 'iteration'],
  ['iterationrisk', 'iteration'],
  ['迭代风险', 'iteration'],
]);

/** Currency cells, compacted (NFKC reads the full-width ￥ as ¥). */
const CURRENCY_OF_VALUE = new Map<string, TypedCurrency>([
  ['cny', 'CNY'],
  ['rmb', 'CNY'],
  ['¥', 'CNY'],
  ['cn¥', 'CNY'],
  ['元', 'CNY'],
  ['人民币', 'CNY'],
  ['usd', 'USD'],
  ['$', 'USD'],
  ['us$', 'USD'],
  ['美元', 'USD'],
]);

const DASHED_MONTH = /^(\d{4})[-/](\d{1,2})(?:[-/](\d{1,2}))?$/;
const CHINESE_MONTH = /^(\d{4})年(\d{1,2})月(?:(\d{1,2})日)?$/;
const HORIZON_MONTH = /^\d{1,4}$/;

interface MonthCell {
  kind: Bills['monthKind'];
  /** `2027-01` or `3`. */
  key: string;
  /** Sorts chronologically: months since year 0, or the horizon month. */
  order: number;
}

function readMonth(text: string): MonthCell | null {
  const cell = text.normalize('NFKC').trim();
  if (HORIZON_MONTH.test(cell)) {
    const n = Number(cell);
    return n >= 1 ? { kind: 'horizon', key: String(n), order: n } : null;
  }
  const date = DASHED_MONTH.exec(cell) ?? CHINESE_MONTH.exec(cell);
  if (!date) return null;
  const year = Number(date[1]);
  const month = Number(date[2]);
  const day = date[3] === undefined ? 1 : Number(date[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return {
    kind: 'calendar',
    key: `${date[1]}-${String(month).padStart(2, '0')}`,
    order: year * 12 + month - 1,
  };
}

/** Months since year 0 of a `YYYY-MM` month, or null. */
function calendarOrder(month: string): number | null {
  const m = /^(\d{4})-(\d{1,2})$/.exec(month.trim());
  if (!m) return null;
  const n = Number(m[2]);
  return n >= 1 && n <= 12 ? Number(m[1]) * 12 + n - 1 : null;
}

/**
 * The horizon month of a calendar month, with `firstMonth` (`YYYY-MM`) as month 1: 2027-03 from
 * 2027-01 is 3. A month before `firstMonth` gives 0 or less (the caller decides what to do with it);
 * either text not a `YYYY-MM` month gives NaN.
 */
export function horizonMonthOf(month: string, firstMonth: string): number {
  const at = calendarOrder(month);
  const first = calendarOrder(firstMonth);
  return at === null || first === null ? Number.NaN : at - first + 1;
}

interface Columns {
  index: Partial<Record<ColumnKey, number>>;
  /** Each found column's header as written. */
  name: Partial<Record<ColumnKey, string>>;
  fields: number;
}

/** A record of the file: its text (a quoted field may span lines) and the line it starts on. */
interface CsvRecord {
  text: string;
  line: number;
  /** A quote opened in it is never closed. */
  unclosed: boolean;
}

function quoteCount(line: string): number {
  let n = 0;
  for (let at = line.indexOf('"'); at >= 0; at = line.indexOf('"', at + 1)) n++;
  return n;
}

/** The file's records: lines, joined while a quoted field is open (an odd count of quote marks). */
function* csvRecords(text: string): Generator<CsvRecord> {
  const lines = text.split(/\r\n|\n|\r/);
  let parts: string[] = [];
  let start = 1;
  let open = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!open) {
      parts = [];
      start = i + 1;
    }
    parts.push(line);
    if (quoteCount(line) % 2 === 1) open = !open;
    if (!open) yield { text: parts.join('\n'), line: start, unclosed: false };
  }
  if (open) yield { text: parts.join('\n'), line: start, unclosed: true };
}

function isBlank(fields: readonly string[]): boolean {
  return fields.every((f) => f === '');
}

function noSpend(): Breakdown {
  const out = {} as Breakdown;
  for (const c of COST_CATEGORIES) out[c] = 0;
  return out;
}

function readHeader(fields: readonly string[], line: number, errors: BillsError[]): Columns {
  const columns: Columns = { index: {}, name: {}, fields: fields.length };
  fields.forEach((field, i) => {
    const key = COLUMN_OF_HEADER.get(compact(field));
    if (key === undefined) return;
    if (columns.index[key] !== undefined) {
      errors.push({ code: 'duplicateColumn', line, column: field });
      return;
    }
    columns.index[key] = i;
    columns.name[key] = field;
  });
  for (const key of REQUIRED)
    if (columns.index[key] === undefined) errors.push({ code: 'missingColumn', line, column: key });
  return columns;
}

interface Cell {
  text: string;
  column: string;
}

/** GPU-hours of an optional column: null when not given, undefined after an error. */
function readHours(cell: Cell | null, line: number, errors: BillsError[]): number | null | undefined {
  if (cell === null || cell.text === '') return null;
  const read = readNumberText(cell.text);
  if (!read.ok || read.percent || read.currency !== null || read.value < 0) {
    errors.push({ code: 'badHours', line, column: cell.column, value: quoted(cell.text) });
    return undefined;
  }
  if (read.value > BILLS_CSV_LIMITS.maxGpuHours) {
    errors.push({
      code: 'tooBig',
      line,
      column: cell.column,
      value: quoted(cell.text),
      limit: BILLS_CSV_LIMITS.maxGpuHours,
    });
    return undefined;
  }
  return read.value;
}

/** The caller's exchange rate can convert a USD bill. */
function rateIsValid(cnyPerUsd: number): boolean {
  return Number.isFinite(cnyPerUsd) && cnyPerUsd > 0;
}

/**
 * Bills from CSV text (BOM or not), USD converted at `cnyPerUsd` (CNY per 1 USD). Never throws; see
 * the top of this file for the format.
 */
export function parseBillsCsv(text: string, options: { cnyPerUsd: number }): BillsResult {
  if (text.length > MAX_CSV_BYTES) return { ok: false, errors: [{ code: 'tooLarge', limit: MAX_CSV_BYTES }] };
  const errors: BillsError[] = [];
  const full = () => errors.length >= MAX_LOG_ERRORS;
  const result = (): BillsResult => ({ ok: false, errors: errors.slice(0, MAX_LOG_ERRORS) });
  let columns: Columns | null = null;
  let monthKind: Bills['monthKind'] | null = null;
  let mixedSeen = false;
  let rateChecked = false;
  let rows = 0;
  let usdRows = 0;
  /** The (month, way) cells by `month|way`, with the month's chronological order. */
  const cells = new Map<string, { order: number; actual: ActualMonth }>();

  for (const record of csvRecords(text.replace(/^\uFEFF/, ''))) {
    if (record.unclosed) {
      errors.push({ code: 'badQuotes', line: record.line });
      return result();
    }
    if (record.text.trim() === '') continue;
    const fields = splitCsvLine(record.text);
    if (isBlank(fields)) continue;
    const line = record.line;
    if (columns === null) {
      columns = readHeader(fields, line, errors);
      if (errors.length > 0) return result();
      continue;
    }
    rows++;
    if (rows > BILLS_CSV_LIMITS.maxRows)
      return { ok: false, errors: [{ code: 'tooManyRows', line, limit: BILLS_CSV_LIMITS.maxRows }] };
    if (fields.length !== columns.fields) {
      errors.push({ code: 'fieldCount', line, value: String(fields.length), expected: columns.fields });
      if (full()) return result();
      continue;
    }
    const { index, name } = columns;
    const cell = (key: ColumnKey): Cell | null => {
      const i = index[key];
      return i === undefined ? null : { text: fields[i] ?? '', column: name[key] ?? key };
    };
    const bad = (code: BillsErrorCode, c: Cell) =>
      errors.push({ code, line, column: c.column, value: quoted(c.text) });

    const monthCell = cell('month') as Cell;
    const month = readMonth(monthCell.text);
    if (month === null) bad('badMonth', monthCell);
    else if (monthKind === null) monthKind = month.kind;
    else if (month.kind !== monthKind && !mixedSeen) {
      mixedSeen = true;
      bad('mixedMonths', monthCell);
    }

    const wayCell = cell('way') as Cell;
    const way = WAY_OF_VALUE.get(compact(wayCell.text));
    if (way === undefined) bad('badWay', wayCell);

    const categoryCell = cell('category') as Cell;
    const category = CATEGORY_OF_VALUE.get(compact(categoryCell.text));
    if (category === undefined) bad('badCategory', categoryCell);

    const currencyCell = cell('currency');
    let stated: TypedCurrency | null = null;
    if (currencyCell !== null && currencyCell.text !== '') {
      stated = CURRENCY_OF_VALUE.get(compact(currencyCell.text)) ?? null;
      if (stated === null) bad('badCurrency', currencyCell);
    }

    const amountCell = cell('amount') as Cell;
    const amount = readNumberText(amountCell.text);
    let amountCny: number | null = null;
    if (!amount.ok || amount.percent) bad('badAmount', amountCell);
    else if (stated !== null && amount.currency !== null && amount.currency !== stated)
      bad('currencyMismatch', amountCell);
    else if (currencyCell === null || currencyCell.text === '' || stated !== null) {
      // (A currency cell the reader does not know is its own error: the amount is not converted.)
      const currency = stated ?? amount.currency ?? 'CNY';
      if (currency === 'USD') {
        usdRows++;
        if (!rateIsValid(options.cnyPerUsd)) {
          if (!rateChecked)
            errors.push({ code: 'badRate', line, column: (currencyCell ?? amountCell).column });
          rateChecked = true;
        } else amountCny = amount.value * options.cnyPerUsd;
      } else amountCny = amount.value;
      if (amountCny !== null && !(Math.abs(amountCny) <= BILLS_CSV_LIMITS.maxAmountCny)) {
        errors.push({
          code: 'tooBig',
          line,
          column: amountCell.column,
          value: quoted(amountCell.text),
          limit: BILLS_CSV_LIMITS.maxAmountCny,
        });
        amountCny = null;
      }
    }

    const held = readHours(cell('heldGpuHours'), line, errors);
    const useful = readHours(cell('usefulGpuHours'), line, errors);

    if (full()) return result();
    // Once the file has an error nothing is taken from it: the remaining rows are only checked.
    if (errors.length > 0) continue;
    if (month === null || way === undefined || category === undefined || amountCny === null) continue;
    if (held === undefined || useful === undefined) continue;
    const key = `${month.key}|${way}`;
    let found = cells.get(key);
    if (found === undefined) {
      found = {
        order: month.order,
        actual: {
          month: month.key,
          way,
          spendByCategoryCny: noSpend(),
          heldGpuHours: null,
          usefulGpuHours: null,
        },
      };
      cells.set(key, found);
    }
    const { actual } = found;
    actual.spendByCategoryCny[category] += amountCny;
    if (held !== null) actual.heldGpuHours = (actual.heldGpuHours ?? 0) + held;
    if (useful !== null) actual.usefulGpuHours = (actual.usefulGpuHours ?? 0) + useful;
  }

  if (errors.length > 0) return result();
  if (columns === null || rows === 0 || monthKind === null) return { ok: false, errors: [{ code: 'empty' }] };
  const wayOrder = (way: StrategyId) => STRATEGY_IDS.indexOf(way);
  const months = [...cells.values()]
    .sort((a, b) => a.order - b.order || wayOrder(a.actual.way) - wayOrder(b.actual.way))
    .map((c) => c.actual);
  return { ok: true, bills: { monthKind, months, rows, usdRows } };
}
