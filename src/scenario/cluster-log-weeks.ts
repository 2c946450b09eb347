import { HOURS_PER_WEEK, MS_PER_DAY, MS_PER_HOUR, MS_PER_WEEK } from './cluster-log-time';

/**
 * Weeks of a log's period. The period runs from the first time the log shows to the last; its weeks
 * are 7-day steps from the midnight on or before the first time (so the first week is the one the
 * log starts in, not a calendar week), and the last week ends on or after the last time. A week's
 * GPUs are its GPU-hours divided by the hours of that week inside the period: a first or last week
 * the log covers only in part is averaged over the part it covers, not diluted by hours it never saw.
 */
export interface LogPeriod {
  startMs: number;
  endMs: number;
}

/** Midnight on or before the period's start: where week 1 begins. */
export function weekAnchorMs(period: LogPeriod): number {
  return Math.floor(period.startMs / MS_PER_DAY) * MS_PER_DAY;
}

export function weekCount(period: LogPeriod): number {
  return Math.max(1, Math.ceil((period.endMs - weekAnchorMs(period)) / MS_PER_WEEK));
}

export function periodHours(period: LogPeriod): number {
  return (period.endMs - period.startMs) / MS_PER_HOUR;
}

/** Adds `gpus` held over [fromMs, toMs) to GPU-hours by week, split by the hours in each week. */
export function addGpuHoursByWeek(
  weekGpuHours: Float64Array,
  anchorMs: number,
  fromMs: number,
  toMs: number,
  gpus: number,
): void {
  if (toMs <= fromMs || gpus === 0) return;
  const first = Math.max(0, Math.floor((fromMs - anchorMs) / MS_PER_WEEK));
  for (let w = first; w < weekGpuHours.length; w++) {
    const weekStart = anchorMs + w * MS_PER_WEEK;
    if (weekStart >= toMs) break;
    const overlap = Math.min(toMs, weekStart + MS_PER_WEEK) - Math.max(fromMs, weekStart);
    if (overlap > 0) weekGpuHours[w] = (weekGpuHours[w] ?? 0) + (gpus * overlap) / MS_PER_HOUR;
  }
}

/** Hours of week `w` that lie inside the period (168 for every week but a partial first or last). */
export function observedHoursOfWeek(period: LogPeriod, w: number): number {
  const weekStart = weekAnchorMs(period) + w * MS_PER_WEEK;
  const overlap = Math.min(period.endMs, weekStart + MS_PER_WEEK) - Math.max(period.startMs, weekStart);
  return Math.max(0, Math.min(HOURS_PER_WEEK, overlap / MS_PER_HOUR));
}

/** GPUs on average in each week: the week's GPU-hours ÷ the week's hours inside the period. */
export function weeklyGpusFrom(period: LogPeriod, weekGpuHours: Float64Array): number[] {
  return Array.from(weekGpuHours, (gpuHours, w) => {
    const hours = observedHoursOfWeek(period, w);
    return hours > 0 ? gpuHours / hours : 0;
  });
}
