import { CATALOG_TABLES } from './rows.generated';
import type { CatalogRef, CatalogTable, Confidence, DerivationCode } from './types';

/** The catalogue's exchange rate (docs/data/gpu-catalog.md "Units"; docs/data-sources.md). */
export const CATALOG_CNY_PER_USD = 7.2;
/** The catalogue's month: 730 hours. */
export const CATALOG_HOURS_PER_MONTH = 730;
export const CATALOG_HOURS_PER_YEAR = 8760;
/** Busy and idle draw as shares of the maximum: the ratios the catalogue uses to derive them (H100). */
export const BUSY_SHARE_OF_MAX = 0.76;
export const IDLE_SHARE_OF_MAX = 0.29;

export function tableOf(headingStart: string): CatalogTable | undefined {
  return CATALOG_TABLES.find((t) => t.heading.startsWith(headingStart));
}

/** The row a reference points at, or undefined (the catalogue test fails on any such reference). */
export function rowOf(ref: Pick<CatalogRef, 'table' | 'row' | 'second' | 'rowAsOf'>): string[] | undefined {
  const table = tableOf(ref.table);
  if (!table) return undefined;
  const asOfAt = table.columns.indexOf('as of');
  return table.rows.find(
    (r) =>
      r[0] === ref.row &&
      (ref.second === undefined || (r[1] ?? '').includes(ref.second)) &&
      (ref.rowAsOf === undefined || r[asOfAt] === ref.rowAsOf),
  );
}

/** The lowest confidence letter in a cell such as "H / L" or "M (320) / L (range)". */
export function lowestConfidence(cell: string): Confidence {
  if (/\bL\b/.test(cell)) return 'L';
  if (/\bM\b/.test(cell)) return 'M';
  return 'H';
}

/** Numbers printed in a piece of text: "1,400,000" → 1400000, "7.8–8.4" → [7.8, 8.4]. */
export function numbersIn(text: string): number[] {
  return (text.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => Number(n.replace(/,/g, '')));
}

/** The value a printed figure gives after its derivations (`factor` already holds the unit change). */
export function figureValue(
  fromText: string,
  factor: number,
  derivations: readonly DerivationCode[],
): number {
  const nums = numbersIn(fromText);
  let base = nums[0] ?? Number.NaN;
  if (derivations.includes('midpoint')) base = nums.reduce((a, b) => a + b, 0) / nums.length;
  if (derivations.includes('upper')) base = Math.max(...nums);
  return base * factor;
}

/** Source, date and confidence of a row, as the catalogue prints them. */
export function sourceOf(ref: Pick<CatalogRef, 'table' | 'row' | 'second' | 'rowAsOf'>): {
  source: string;
  asOf: string;
  confidence: Confidence;
} {
  const table = tableOf(ref.table);
  const row = rowOf(ref);
  if (!table || !row) return { source: '', asOf: '', confidence: 'L' };
  const at = (name: string) => row[table.columns.indexOf(name)] ?? '';
  return { source: at('source'), asOf: at('as of'), confidence: lowestConfidence(at('conf')) };
}
