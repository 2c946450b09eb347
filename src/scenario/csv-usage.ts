import Papa from 'papaparse';
import { WEEKLY_CURVE_WEEKS, WEEKLY_GPUS_MAX } from '../engine';

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

export const MAX_CSV_BYTES = 2_000_000;
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

function isGpuHeader(h: string): boolean {
  return /gpu|卡|显卡|算力/.test(h);
}

/** Parses a number as people type it: spaces and thousands separators allowed. */
function parseNumber(raw: string): number | null {
  const cleaned = raw.trim().replace(/[\s,，_]/g, '');
  if (cleaned === '' || !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

export function parseUsageCsv(text: string): CsvResult {
  if (text.length > MAX_CSV_BYTES) return { ok: false, errors: [{ code: 'tooLarge' }] };
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimitersToGuess: [',', '\t', ';'],
    skipEmptyLines: false,
  });
  const lines = parsed.data;
  const firstIndex = lines.findIndex((cells) => cells.some((c) => c.trim() !== ''));
  if (firstIndex < 0) return { ok: false, errors: [{ code: 'empty' }] };
  const header = lines[firstIndex] ?? [];
  const normalised = header.map(normalise);
  const gpuIndex = normalised.findIndex(isGpuHeader);
  if (gpuIndex < 0) return { ok: false, errors: [{ code: 'noGpuColumn', line: firstIndex + 1 }] };
  const weekIndex = normalised.findIndex((h) => WEEK_HEADERS.includes(h));
  const gpuColumn = (header[gpuIndex] ?? '').trim();
  const weekColumn = weekIndex >= 0 ? (header[weekIndex] ?? '').trim() : null;

  const rows: CsvRow[] = [];
  const errors: CsvError[] = [];
  for (let i = firstIndex + 1; i < lines.length; i++) {
    const cells = lines[i] ?? [];
    if (cells.every((c) => c.trim() === '')) continue;
    const line = i + 1;
    const raw = cells[gpuIndex] ?? '';
    const value = parseNumber(raw);
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
    delimiter: parsed.meta.delimiter,
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
