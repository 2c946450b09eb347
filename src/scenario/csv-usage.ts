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

const LINE_BREAK = /\r\n|\r|\n/g;

function countLineBreaks(text: string, from: number, to: number): number {
  return text.slice(from, to).match(LINE_BREAK)?.length ?? 0;
}

/**
 * Splits the text into records with the file line each starts on. papaparse's `step` reports, after
 * each record, the cursor where the next one starts; counting line breaks up to there gives the line
 * even after quoted fields that span lines (record numbers would drift).
 */
function readRecords(text: string): { records: CsvRecord[]; delimiter: string } {
  const records: CsvRecord[] = [];
  let delimiter = ',';
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    delimitersToGuess: [',', '\t', ';'],
    skipEmptyLines: false,
    step: (result) => {
      delimiter = result.meta.delimiter;
      // 'Delimiter' errors only say the guess fell back to a comma (a one-column file); quote errors
      // mean the record's cells are wrong (an unclosed quote swallows the rest of the file).
      const badQuotes = result.errors.some((e) => e.type === 'Quotes');
      records.push({ cells: result.data, line, badQuotes });
      const next = Math.max(start, Math.min(result.meta.cursor, text.length));
      line += countLineBreaks(text, start, next);
      start = next;
    },
  });
  return { records, delimiter };
}

export function parseUsageCsv(text: string): CsvResult {
  if (text.length > MAX_CSV_BYTES) return { ok: false, errors: [{ code: 'tooLarge' }] };
  const { records, delimiter } = readRecords(text.replace(/^\uFEFF/, ''));
  const firstIndex = records.findIndex((r) => r.cells.some((c) => c.trim() !== ''));
  const first = records[firstIndex];
  if (!first) return { ok: false, errors: [{ code: 'empty' }] };
  if (first.badQuotes) return { ok: false, errors: [{ code: 'badQuotes', line: first.line }] };
  const header = first.cells;
  const normalised = header.map(normalise);
  const gpuIndex = findGpuColumn(normalised);
  if (gpuIndex < 0) return { ok: false, errors: [{ code: 'noGpuColumn', line: first.line }] };
  const weekIndex = normalised.findIndex((h) => WEEK_HEADERS.includes(h));
  const gpuColumn = (header[gpuIndex] ?? '').trim();
  const weekColumn = weekIndex >= 0 ? (header[weekIndex] ?? '').trim() : null;

  const rows: CsvRow[] = [];
  const errors: CsvError[] = [];
  for (const { cells, line, badQuotes } of records.slice(firstIndex + 1)) {
    if (badQuotes) {
      // The cells of a damaged record are not what the person wrote: say where, check nothing else.
      errors.push({ code: 'badQuotes', line });
      if (errors.length >= MAX_ERRORS) break;
      continue;
    }
    if (cells.every((c) => c.trim() === '')) continue;
    const raw = cells[gpuIndex] ?? '';
    const value = parseNumberText(raw);
    if (value === null) errors.push({ code: 'badNumber', line, column: gpuColumn, value: raw.slice(0, 40) });
    else if (value < 0) errors.push({ code: 'negative', line, column: gpuColumn, value: raw.slice(0, 40) });
    else if (value > WEEKLY_GPUS_MAX)
      errors.push({ code: 'tooBig', line, column: gpuColumn, value: raw.slice(0, 40) });
    else
      rows.push({
        line,
        week: weekIndex >= 0 ? (cells[weekIndex] ?? '').trim() : String(rows.length + 1),
        gpus: value,
      });
    if (errors.length >= MAX_ERRORS) break;
  }
  if (errors.length > 0) return { ok: false, errors };
  if (rows.length < WEEKLY_CURVE_WEEKS.min)
    return { ok: false, errors: [{ code: 'tooFewWeeks', weeks: rows.length }] };
  if (rows.length > WEEKLY_CURVE_WEEKS.max)
    return { ok: false, errors: [{ code: 'tooManyWeeks', weeks: rows.length }] };
  return {
    ok: true,
    weeklyGpus: rows.map((r) => r.gpus),
    rows,
    delimiter,
    weekColumn,
    gpuColumn,
  };
}

/** Bytes of a CSV file → weekly curve, detecting the encoding. */
export function parseUsageCsvBytes(bytes: Uint8Array): CsvResult & { encoding?: CsvEncoding } {
  if (bytes.length > MAX_CSV_BYTES) return { ok: false, errors: [{ code: 'tooLarge' }] };
  const { text, encoding } = decodeCsvBytes(bytes);
  return { ...parseUsageCsv(text), encoding };
}
