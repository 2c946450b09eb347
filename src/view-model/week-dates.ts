/**
 * The dates a usage file gave its weeks, for a chart's axis. A CSV's week column may hold dates
 * ("2026-01-05") or week numbers; only when every row is a date does the axis show them (a mix would
 * be unreadable). Pure.
 */
const DATE_LABEL = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T].*)?$/;

/** The file's date labels as written, or null when any row is not a calendar date. */
export function dateWeekLabels(labels: readonly string[]): string[] | null {
  if (labels.length === 0) return null;
  const out: string[] = [];
  for (const raw of labels) {
    const label = raw.trim();
    const m = DATE_LABEL.exec(label);
    if (!m) return null;
    const month = Number(m[2]);
    const day = Number(m[3]);
    if (month < 1 || month > 12 || day < 1 || day > 31) return null;
    // The date part only: a time of day on a weekly axis is noise.
    out.push(label.split(/[ T]/)[0] ?? label);
  }
  return out;
}

/**
 * The axis text of week `week` (1-based): the file's date when the curve still has the file's
 * length (dragging a week keeps its date), else the week number.
 */
export function weekAxisLabel(week: number, dates: readonly string[] | null, weeks: number): string {
  if (dates && dates.length === weeks) return dates[week - 1] ?? String(week);
  return String(week);
}

/**
 * A date label is about five times as wide as a week number: the last quarter tick closer than this
 * to the curve's last week would overprint it (and the chart library would silently hide one).
 */
const MIN_DATED_TICK_GAP_WEEKS = 8;

/**
 * The x ticks of a weekly chart: quarter-years (1, 13, 26, 39, 52, …) and the last week, whatever the
 * curve's length. With dates, a quarter tick too close to the last week gives way to it (the range's
 * end date is the one a reader looks for).
 */
export function weekAxisTicks(weeks: number, dated: boolean): number[] {
  const ticks = [1];
  for (let w = 13; w < weeks; w += 13) ticks.push(w);
  if (weeks <= 1 || ticks[ticks.length - 1] === weeks) return ticks;
  const previous = ticks[ticks.length - 1] ?? 1;
  if (dated && ticks.length > 1 && weeks - previous < MIN_DATED_TICK_GAP_WEEKS) ticks.pop();
  ticks.push(weeks);
  return ticks;
}
