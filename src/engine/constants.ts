/** Hours in an average month: 8,760 h a year ÷ 12. */
export const HOURS_PER_MONTH = 730;
/** Hours in a week. */
export const HOURS_PER_WEEK = 168;
/** How far the break-even search looks when the horizon is shorter (10 years). */
export const BREAK_EVEN_SEARCH_MONTHS = 120;
/**
 * A baseline below this many GPUs is no baseline: ratios against it (peak ÷ baseline) would be
 * astronomically large or infinite (a curve of 1e-320 GPUs showed "∞×"), so they are reported as
 * "no baseline" instead. A billionth of a GPU is far below any real usage figure.
 */
export const NO_BASELINE_GPUS = 1e-9;
