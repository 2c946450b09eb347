/**
 * Number formats of the workbook: whole numbers without a trailing point ("1,500,000", never
 * "1,500,000."), decimals only as many as the value has, fractions as percents.
 */
export const INTEGER_FORMAT = '#,##0';
export const PERCENT_FORMAT = '0.0%';

/** The decimals a value needs, up to `most` (0.0001 → 4, 12.5 → 1, 3 → 0). */
function decimalsOf(value: number, most: number): number {
  for (let d = 0; d < most; d++) if (Math.abs(Number(value.toFixed(d)) - value) < 1e-12) return d;
  return most;
}

/** A format that shows `value` exactly, with thousands separators. */
export function formatFor(value: number, percent = false): string {
  const d = decimalsOf(percent ? value * 100 : value, 8);
  const decimals = d > 0 ? `.${'0'.repeat(d)}` : '';
  return percent ? `0${decimals}%` : `#,##0${decimals}`;
}

/** An amount in the display unit: whole yuan or dollars; 万元 with two decimals. */
export function amountFormat(decimals: number): string {
  return decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : INTEGER_FORMAT;
}

/** GPUs and GPU-hours: two fixed decimals (a format like #,##0.## would print "12." for a whole 12). */
export const PRECISE_FORMAT = '#,##0.00';

/** A share of the work (the on-demand market's, Costs sheet and Summary): a percent with two decimals. */
export const SHARE_FORMAT = '0.00%';
