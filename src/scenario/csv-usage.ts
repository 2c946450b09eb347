import Papa from 'papaparse';
import { WEEKLY_CURVE_WEEKS, WEEKLY_GPUS_MAX } from '../engine';
import { parseNumberText } from '../lib/number-text';
import { MAX_CSV_BYTES } from './csv-limits';

export { MAX_CSV_BYTES };

/**
 * Weekly GPU usage from CSV (seed 003 §5 step 1: six to twelve months of weekly demand).
 * Accepts English and Chinese headers (week/date/周/日期 and gpus/GPU数/卡数), comma, tab or semicolon
 * delimiters, UTF-8 with or without BOM and GB18030 (what Chinese Excel saves). Never throws: every bad
 * row comes back with its line number and column name.
 */
/** Weeks a file must have: a demand curve's 26–104 by default; actual usage may be a single week. */
export interface WeekRange {
  min: number;
  max: number;
}

/** Actual usage of a budget version: any number of weeks up to five years'. */
export const ACTUAL_USAGE_WEEKS: WeekRange = { min: 1, max: 5 * 53 };

export type CsvEncoding = 'utf-8' | 'gb18030';

export type CsvErrorCode =
  | 'empty'
  | 'tooLarge'
  /** The browser could not read the file (moved, no permission, or the parser failed to load). */
  | 'unreadable'
  /** An unclosed or stray quote mark; `line` is where the damaged record starts. */
  | 'badQuotes'
  | 'noGpuColumn'
  | 'badNumber'
  | 'negative'
  | 'tooBig'
  | 'tooFewWeeks'
  | 'tooManyWeeks';

export interface CsvError {
  code: CsvErrorCode;
  /** 1-based line in the file. */
  line?: number;
  /** Column header as written in the file. */
  column?: string;
  value?: string;
  /** Weeks found, for the week-count errors. */
  weeks?: number;
}

export interface CsvRow {
  line: number;
  /** The week label (date or week number) as written, or the row's position. */
  week: string;
  gpus: number;
}

export type CsvResult =
  | {
      ok: true;
      weeklyGpus: number[];
      rows: CsvRow[];
      delimiter: string;
      weekColumn: string | null;
      gpuColumn: string;
    }
  | { ok: false; errors: CsvError[] };

const MAX_ERRORS = 20;

/** Decodes file bytes: UTF-8 (BOM stripped) when valid, otherwise GB18030. */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text: text.replace(/^\uFEFF/, ''), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('gb18030').decode(bytes), encoding: 'gb18030' };
  }
}

const WEEK_HEADERS = [
  'week',
  'weeks',
  'date',
  'week start',
  'week_start',
  'weekstart',
  '周',
  '周次',
  '日期',
  '时间',
  '星期',
];

function normalise(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();
}

/** A header with case, spaces, underscores and hyphens removed: "GPU 数" and "gpu_数" become "gpu数". */
function compact(normalisedHeader: string): string {
  return normalisedHeader.replace(/[\s_-]+/g, '');
}

/** Headers (compacted) that name the busy-GPU count itself; preferred over any partial match. */
const GPU_HEADERS = new Set([
  'gpu',
  'gpus',
  'gpu数',
  'gpu数量',
  'gpu卡数',
  '卡数',
  '卡数量',
  '显卡数',
  '显卡数量',
  '算力卡数',
  '平均gpu数',
  '平均卡数',
  '使用gpu数',
  '在用gpu数',
  'avggpus',
  'averagegpus',
  'meangpus',
  'gpusbusy',
  'busygpus',
  'gpusused',
  'usedgpus',
  'gpusinuse',
  'gpucount',
  'numgpus',
]);

/** Columns of GPU-hours (gpu_hours, GPU-hrs, GPU时, 卡时, 机时): a total over the week, not a count. */
const HOURS_HEADER = /hour|hrs?$|hrs?[^a-z]|小时|卡时|机时|gpu\s*[-_·*]?\s*时|gpu\s*[-_·*]?\s*h$/;
/** Columns that describe the GPU rather than count it (GPU型号, gpu_model, GPU类型). */
const DESCRIPTIVE_HEADER = /型号|类型|名称|厂商|model|type|name|vendor/;

/**
 * The GPU-count column: an exact known name first (so `week,gpu_hours,gpus` takes gpus and
 * `日期,GPU型号,GPU数` takes GPU数), otherwise the first header mentioning GPUs; never a column of
 * hours or of GPU models. -1 when there is none.
 */
function findGpuColumn(normalised: readonly string[]): number {
  const exact = normalised.findIndex((h) => GPU_HEADERS.has(compact(h)));
  if (exact >= 0) return exact;
  return normalised.findIndex(
    (h) => /gpu|卡|显卡|算力/.test(h) && !HOURS_HEADER.test(h) && !DESCRIPTIVE_HEADER.test(h),
  );
}

interface CsvRecord {
  cells: string[];
  /** 1-based line in the file where the record starts (a quoted field may span lines). */
  line: number;
  /** papaparse found an unclosed or malformed quote in this record. */
  badQuotes: boolean;
}

/**
 * A run of whole lines of the file with its blank lines left out, and the file line each kept line
 * is on. Cut only outside quoted fields, so every piece parses on its own. `badQuotesLine`: the scan
 * stopped at a quoted field far longer than any cell of a usage file (an unclosed quote would
 * otherwise make the rest of the file one record, parsed in one blocking call); it names the file
 * line where that record starts, after the piece's own lines.
 */
interface CsvPiece {
  text: string;
  lines: number[];
  badQuotesLine?: number;
}

/** Lines per piece and characters scanned per piece: each piece is a few milliseconds of work. */
const PIECE_LINES = 500;
const PIECE_SCAN_CHARS = 64_000;
/**
 * The longest quoted field (in characters, line breaks included) read as one: a week label or a GPU
 * count is a few characters, a note a few hundred; anything longer is an unclosed or stray quote.
 */
export const MAX_QUOTED_CHARS = 10_000;

/** Whitespace that `String.prototype.trim` removes and files contain: a line of only these is blank. */
function isBlankChar(code: number): boolean {
  return (
    code === 0x20 ||
    code === 0x09 ||
    code === 0x0b ||
    code === 0x0c ||
    code === 0xa0 ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Splits the text into pieces, dropping lines that are blank (outside quoted fields), and — once the
 * delimiter is known (`delimiter.value`, set by the caller after the first piece) — lines of nothing
 * but delimiters and blanks, which are records of empty cells the parse skips anyway: a 2 MB file of
 * either (950,000 lines of `,`) costs a single scan instead of a parser record each. A quote mark
 * toggles "inside a quoted field" (a doubled quote toggles twice), as CSV reads it.
 */
function* csvPieces(text: string, delimiter: { value: string | null }): Generator<CsvPiece> {
  let parts: string[] = [];
  let lines: number[] = [];
  let scanned = 0;
  let line = 1;
  let inQuotes = false;
  // Where the record being read started (its file line, its index in `parts`, its text offset).
  let recordLine = 1;
  let recordPart = 0;
  let recordStart = 0;
  let i = 0;
  while (i < text.length) {
    const start = i;
    const startsInQuotes = inQuotes;
    if (!startsInQuotes) {
      recordLine = line;
      recordPart = parts.length;
      recordStart = start;
    }
    const sep = delimiter.value === null ? -1 : delimiter.value.charCodeAt(0);
    let blank = true;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x0a || c === 0x0d) break;
      if (c === 0x22) inQuotes = !inQuotes;
      if (blank && !isBlankChar(c) && c !== sep) blank = false;
    }
    if (i < text.length) i += text.charCodeAt(i) === 0x0d && text.charCodeAt(i + 1) === 0x0a ? 2 : 1;
    scanned += i - start;
    if (inQuotes && i - recordStart > MAX_QUOTED_CHARS) {
      yield {
        text: parts.slice(0, recordPart).join(''),
        lines: lines.slice(0, recordPart),
        badQuotesLine: recordLine,
      };
      return;
    }
    if (!blank || startsInQuotes) {
      parts.push(text.slice(start, i));
      lines.push(line);
    }
    line++;
    if (!inQuotes && (lines.length >= PIECE_LINES || scanned >= PIECE_SCAN_CHARS)) {
      // Yielded even when every line was blank: the scan itself is a step of bounded length.
      yield { text: parts.join(''), lines };
      parts = [];
      lines = [];
      scanned = 0;
    }
  }
  if (lines.length > 0) yield { text: parts.join(''), lines };
}

function countLineBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) n++;
    else if (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a) n++;
  }
  return n;
}

/**
 * Splits one piece into records with the file line each starts on. papaparse's `step` reports, after
 * each record, the cursor where the next one starts; counting line breaks up to there gives the
 * piece's line even after quoted fields that span lines, and the piece maps it to the file's line.
 */
function readPiece(piece: CsvPiece, delimiter: string | null, records: CsvRecord[]): string | null {
  const { text, lines } = piece;
  if (text === '') return delimiter;
  let found = delimiter ?? ',';
  let start = 0;
  let index = 0;
  Papa.parse<string[]>(text, {
    ...(delimiter ? { delimiter } : { delimitersToGuess: [',', '\t', ';'] }),
    skipEmptyLines: false,
    step: (result) => {
      found = result.meta.delimiter;
      // 'Delimiter' errors only say the guess fell back to a comma (a one-column file); quote errors
      // mean the record's cells are wrong (an unclosed quote swallows the rest of the file).
      const badQuotes = result.errors.some((e) => e.type === 'Quotes');
      const line = lines[index] ?? (lines[lines.length - 1] ?? 0) + 1;
      records.push({ cells: result.data, line, badQuotes });
      const next = Math.max(start, Math.min(result.meta.cursor, text.length));
      index += countLineBreaks(text, start, next);
      start = next;
    },
  });
  return found;
}

/** Runs a stepwise parse to its end in one go. */
function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Gives the browser a turn (input, painting) between pieces of a long parse. */
export type YieldToBrowser = () => Promise<void>;

/**
 * A new task through a message channel: unlike `setTimeout(0)`, which browsers hold back to 4 ms once
 * nested, so a file of many pieces took seconds of waiting (≈1,900 pieces: 9 s) to be refused.
 */
const yieldByTask: YieldToBrowser = () =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/** Runs a stepwise parse, yielding to the browser between steps. */
async function runYielding<T>(steps: Generator<void, T>, yieldToBrowser: YieldToBrowser): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await yieldToBrowser();
  }
}

/** Weekly usage from CSV text, in one go (tests, small inputs). The UI uses parseUsageCsvAsync. */
export function parseUsageCsv(text: string, weeks: WeekRange = WEEKLY_CURVE_WEEKS): CsvResult {
  return runToEnd(parseSteps(text, weeks));
}

/** Weekly usage from CSV text, yielding to the browser between pieces so a large file never blocks it. */
export function parseUsageCsvAsync(
  text: string,
  yieldToBrowser: YieldToBrowser = yieldByTask,
  weeks: WeekRange = WEEKLY_CURVE_WEEKS,
): Promise<CsvResult> {
  return runYielding(parseSteps(text, weeks), yieldToBrowser);
}

/** The header row: which columns hold the week and the GPU count. */
interface CsvHeader {
  gpuIndex: number;
  gpuColumn: string;
  weekIndex: number;
  weekColumn: string | null;
}

function isBlankRecord(cells: readonly string[]): boolean {
  return cells.every((c) => c.trim() === '');
}

/**
 * The parse as steps: one piece of the file per step (the generator pauses in between, so an async
 * caller can let the browser breathe: no task above ~50 ms on a 2 MB file). Records are checked as
 * they come and dropped, so a file of a million short lines does not hold a million records.
 */
function* parseSteps(text: string, weeks: WeekRange): Generator<void, CsvResult> {
  if (text.length > MAX_CSV_BYTES) return { ok: false, errors: [{ code: 'tooLarge' }] };
  let delimiter: string | null = null;
  let header: CsvHeader | null = null;
  const rows: CsvRow[] = [];
  let rowCount = 0;
  const errors: CsvError[] = [];

  const known: { value: string | null } = { value: null };
  for (const piece of csvPieces(text.replace(/^\uFEFF/, ''), known)) {
    const records: CsvRecord[] = [];
    // The first piece's guess holds for the file (papaparse guesses from the first rows anyway).
    delimiter = readPiece(piece, delimiter, records);
    known.value = delimiter;
    if (piece.badQuotesLine !== undefined)
      records.push({ cells: [], line: piece.badQuotesLine, badQuotes: true });
    for (const { cells, line, badQuotes } of records) {
      if (!header) {
        // Checked first: a record cut off at an overlong quoted field has no cells at all.
        if (badQuotes) return { ok: false, errors: [{ code: 'badQuotes', line }] };
        if (isBlankRecord(cells)) continue;
        const normalised = cells.map(normalise);
        const gpuIndex = findGpuColumn(normalised);
        if (gpuIndex < 0) return { ok: false, errors: [{ code: 'noGpuColumn', line }] };
        const weekIndex = normalised.findIndex((h) => WEEK_HEADERS.includes(h));
        header = {
          gpuIndex,
          gpuColumn: (cells[gpuIndex] ?? '').trim(),
          weekIndex,
          weekColumn: weekIndex >= 0 ? (cells[weekIndex] ?? '').trim() : null,
        };
        continue;
      }
      if (badQuotes) {
        // The cells of a damaged record are not what the person wrote: say where, check nothing else.
        errors.push({ code: 'badQuotes', line });
        if (errors.length >= MAX_ERRORS) return { ok: false, errors };
        continue;
      }
      if (isBlankRecord(cells)) continue;
      const { gpuIndex, gpuColumn, weekIndex } = header;
      const raw = cells[gpuIndex] ?? '';
      const value = parseNumberText(raw);
      if (value === null)
        errors.push({ code: 'badNumber', line, column: gpuColumn, value: raw.slice(0, 40) });
      else if (value < 0) errors.push({ code: 'negative', line, column: gpuColumn, value: raw.slice(0, 40) });
      else if (value > WEEKLY_GPUS_MAX)
        errors.push({ code: 'tooBig', line, column: gpuColumn, value: raw.slice(0, 40) });
      else {
        rowCount++;
        // Rows past the most a curve may have are only counted (for the "too many weeks" message).
        if (rows.length <= weeks.max)
          rows.push({
            line,
            week: weekIndex >= 0 ? (cells[weekIndex] ?? '').trim() : String(rows.length + 1),
            gpus: value,
          });
      }
      if (errors.length >= MAX_ERRORS) return { ok: false, errors };
    }
    yield;
  }
  if (!header) return { ok: false, errors: [{ code: 'empty' }] };
  if (errors.length > 0) return { ok: false, errors };
  if (rowCount < weeks.min) return { ok: false, errors: [{ code: 'tooFewWeeks', weeks: rowCount }] };
  if (rowCount > weeks.max) return { ok: false, errors: [{ code: 'tooManyWeeks', weeks: rowCount }] };
  return {
    ok: true,
    weeklyGpus: rows.map((r) => r.gpus),
    rows,
    delimiter: delimiter ?? ',',
    weekColumn: header.weekColumn,
    gpuColumn: header.gpuColumn,
  };
}

/**
 * Bytes of a CSV file → weekly curve, detecting the encoding, in one go (the app's path is
 * parseUsageCsvBytesAsync).
 * @internal exported for tests
 */
export function parseUsageCsvBytes(bytes: Uint8Array): CsvResult & { encoding?: CsvEncoding } {
  if (bytes.length > MAX_CSV_BYTES) return { ok: false, errors: [{ code: 'tooLarge' }] };
  const { text, encoding } = decodeCsvBytes(bytes);
  return { ...parseUsageCsv(text), encoding };
}

/** Bytes of a CSV file → weekly curve, yielding to the browser between pieces (the UI's path). */
export async function parseUsageCsvBytesAsync(
  bytes: Uint8Array,
  yieldToBrowser?: YieldToBrowser,
  weeks: WeekRange = WEEKLY_CURVE_WEEKS,
): Promise<CsvResult & { encoding?: CsvEncoding }> {
  if (bytes.length > MAX_CSV_BYTES) return { ok: false, errors: [{ code: 'tooLarge' }] };
  const { text, encoding } = decodeCsvBytes(bytes);
  return { ...(await parseUsageCsvAsync(text, yieldToBrowser, weeks)), encoding };
}
