import { PRICE_PATH_LIMITS, type PricePathPoint, type PriceShape } from '../engine';

/**
 * A price path read from a CSV file (model v4, "imported"): one row per dated price — a month of the
 * horizon (1, 2, …) or a date (2026-03 or 2026-03-15), then a price or an index — with an optional
 * header row and comment lines; "# source: …" names the source shown beside the path. Prices are
 * scaled so the earliest row is 1 (today's price); dates count months from the earliest. A bad line
 * is named with its line and column and nothing is taken from the file.
 */
export type PricePathIssueCode =
  | 'empty'
  | 'columns'
  | 'month'
  | 'price'
  | 'duplicate'
  | 'mixed'
  | 'tooMany'
  | 'range';

export interface PricePathIssue {
  code: PricePathIssueCode;
  /** 1-based line and column (0 when the issue is the whole file's). */
  line: number;
  column: number;
  /** The limit broken, where there is one. */
  limit?: number;
}

export type PricePathCsvResult = { ok: true; shape: PriceShape } | { ok: false; issue: PricePathIssue };

const DATE = /^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?$/;
const MONTH = /^\d{1,4}$/;

interface Row {
  line: number;
  /** Month number, or months since year 0 for a date. */
  at: number;
  dated: boolean;
  value: number;
}

function fail(code: PricePathIssueCode, line: number, column: number, limit?: number): PricePathCsvResult {
  return { ok: false, issue: limit === undefined ? { code, line, column } : { code, line, column, limit } };
}

/** Splits a line at the first comma, semicolon or tab (files from European spreadsheets use ";"). */
function cells(line: string): string[] {
  return line.split(/[,;\t]/).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
}

export function parsePricePathCsv(text: string, fileName: string): PricePathCsvResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  let source = '';
  const rows: Row[] = [];
  let headerSeen = false;
  for (let i = 0; i < lines.length; i++) {
    const raw = (lines[i] as string).trim();
    const line = i + 1;
    if (raw === '') continue;
    if (raw.startsWith('#')) {
      const m = /^#\s*(source|来源)\s*[:：]\s*(.*)$/i.exec(raw);
      if (m) source = (m[2] as string).slice(0, PRICE_PATH_LIMITS.maxSourceChars);
      continue;
    }
    const c = cells(raw);
    const first = c[0] ?? '';
    // A header: the first data-like line whose first cell is neither a month nor a date.
    if (
      !headerSeen &&
      rows.length === 0 &&
      !MONTH.test(first) &&
      !DATE.test(first) &&
      Number.isNaN(Number(c[1]))
    ) {
      headerSeen = true;
      continue;
    }
    if (c.length < 2 || (c[1] ?? '') === '') return fail('columns', line, 1);
    let at: number;
    let dated: boolean;
    const date = DATE.exec(first);
    if (date) {
      const month = Number(date[2]);
      if (month < 1 || month > 12) return fail('month', line, 1);
      at = Number(date[1]) * 12 + month - 1;
      dated = true;
    } else if (MONTH.test(first) && Number(first) >= 1 && Number(first) <= PRICE_PATH_LIMITS.maxMonth) {
      at = Number(first);
      dated = false;
    } else return fail('month', line, 1, PRICE_PATH_LIMITS.maxMonth);
    const value = Number((c[1] as string).replace(/^[¥$€£]|[,_]/g, ''));
    if (!Number.isFinite(value) || value <= 0) return fail('price', line, 2);
    if (rows.length > 0 && (rows[0] as Row).dated !== dated) return fail('mixed', line, 1);
    if (rows.some((r) => r.at === at)) return fail('duplicate', line, 1);
    rows.push({ line, at, dated, value });
    if (rows.length > PRICE_PATH_LIMITS.maxPoints)
      return fail('tooMany', line, 1, PRICE_PATH_LIMITS.maxPoints);
  }
  if (rows.length === 0) return fail('empty', 0, 0);
  rows.sort((a, b) => a.at - b.at);
  const base = rows[0] as Row;
  const points: PricePathPoint[] = [];
  for (const r of rows) {
    const month = base.dated ? r.at - base.at + 1 : r.at;
    if (month > PRICE_PATH_LIMITS.maxMonth) return fail('month', r.line, 1, PRICE_PATH_LIMITS.maxMonth);
    const index = r.value / base.value;
    if (index < PRICE_PATH_LIMITS.minIndex || index > PRICE_PATH_LIMITS.maxIndex)
      return fail('range', r.line, 2, PRICE_PATH_LIMITS.maxIndex);
    points.push({ month, index });
  }
  // A month-numbered file may start after month 1: the first row's price is still "today's".
  return {
    ok: true,
    shape: {
      preset: 'imported',
      name: fileName.slice(0, PRICE_PATH_LIMITS.maxNameChars),
      source,
      points,
    },
  };
}
