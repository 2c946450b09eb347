/** Hours in an average month: 8,760 h a year ÷ 12. */
export const HOURS_PER_MONTH = 730;
/** Hours in a week. */
export const HOURS_PER_WEEK = 168;
/** How far the break-even search looks when the horizon is shorter (10 years). */
export const BREAK_EVEN_SEARCH_MONTHS = 120;
