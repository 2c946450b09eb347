/**
 * CSV text a spreadsheet opens as it was meant (RFC 4180): fields with a comma, quote, line break or
 * edge space are quoted, quotes doubled; rows end in CRLF; a byte-order mark first, so Excel reads
 * UTF-8 (Chinese names) instead of guessing a legacy code page. Text that a spreadsheet would run as
 * a formula (= + − @, tab, carriage return first) is led by an apostrophe: a scenario name is user
 * text and must never execute. Bidi controls are left out (lib/bidi.ts): a spreadsheet shows a
 * name's override as written. Numbers are written as numbers.
 */

export type CsvCell = string | number;

import { withoutBidiControls } from './bidi';

const FORMULA_START = /^[=+\-@\t\r]/u;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/u;

function field(cell: CsvCell): string {
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const plain = withoutBidiControls(cell);
  const text = FORMULA_START.test(plain) ? `'${plain}` : plain;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvText(rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}
