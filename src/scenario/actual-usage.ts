import { STRATEGY_IDS, type StrategyId } from '../engine';
import { z } from '../lib/zod';

/**
 * Actual usage for a budget version (issue 39 item 2): what the team's GPUs did each calendar month,
 * read from the weekly usage CSV or a cluster log — the same files the demand is imported from — and
 * set against the bills of one way. A file's weeks are spread over the days they cover (a week that
 * straddles two months gives each month its days), in UTC as the cluster logs count their weeks.
 *
 * Only a month the file covers whole (to within a day: a log's last job rarely ends on the stroke of
 * midnight) replaces the bills' hours; a month covered in part is listed with its days and not used,
 * so a file starting on the 20th never reads as a month of low usage.
 */

const MS_PER_HOUR = 3_600_000;
const MS_PER_DAY = 24 * MS_PER_HOUR;
const MS_PER_WEEK = 7 * MS_PER_DAY;

/** GPUs doing work (and, for a log that says, GPUs held) at a steady rate over [fromMs, toMs). */
export interface UsageInterval {
  fromMs: number;
  toMs: number;
  usefulGpus: number;
  /** GPUs the cluster held over the interval; null when the file does not say. */
  heldGpus: number | null;
}

export interface UsageMonth {
  /** Calendar month 'YYYY-MM' (UTC). */
  month: string;
  usefulGpuHours: number;
  /** Null when the file does not give the GPUs held. */
  heldGpuHours: number | null;
  /** Hours of the month the file covers; a month is used when this is within a day of its length. */
  coveredHours: number;
  monthHours: number;
}

export type UsageOrigin = 'usageCsv' | 'clusterLog';

export interface ActualUsage {
  file: string;
  origin: UsageOrigin;
  /** The way of getting GPUs whose bills this usage belongs to. */
  way: StrategyId;
  months: UsageMonth[];
  /**
   * A CSV whose weeks carry no dates: its GPUs week by week, laid from month 1 of the budget — so a
   * later change of month 1 lays them again (`usageFrom`) rather than leaving them on the old month.
   */
  undatedWeeklyGpus?: number[];
}

/** The usage's months with month 1 of the budget at `firstMonth` (undated weeks laid from it). */
export function usageFrom(usage: ActualUsage, firstMonth: string): UsageMonth[] {
  if (!usage.undatedWeeklyGpus) return usage.months;
  const rows = usage.undatedWeeklyGpus.map((gpus, i) => ({ line: i + 2, week: String(i + 1), gpus }));
  const laid = csvUsageIntervals(rows, firstMonth);
  return laid.ok ? usageMonths(laid.intervals) : usage.months;
}

const monthKey = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** Start of the UTC month after the one `ms` falls in. */
const nextMonthStartMs = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

/** Hours in a calendar month 'YYYY-MM'. */
export function hoursInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number);
  if (y === undefined || m === undefined) return 0;
  return (Date.UTC(y, m, 1) - Date.UTC(y, m - 1, 1)) / MS_PER_HOUR;
}

/** The intervals' GPU-hours by calendar month, in order; each interval split at month boundaries. */
export function usageMonths(intervals: readonly UsageInterval[]): UsageMonth[] {
  const byMonth = new Map<string, UsageMonth>();
  for (const iv of intervals) {
    let from = iv.fromMs;
    while (from < iv.toMs) {
      const to = Math.min(iv.toMs, nextMonthStartMs(from));
      const hours = (to - from) / MS_PER_HOUR;
      const month = monthKey(from);
      const seen = byMonth.get(month) ?? {
        month,
        usefulGpuHours: 0,
        heldGpuHours: iv.heldGpus === null ? null : 0,
        coveredHours: 0,
        monthHours: hoursInMonth(month),
      };
      seen.usefulGpuHours += iv.usefulGpus * hours;
      // Held hours are known only when every interval of the month gives them.
      seen.heldGpuHours =
        seen.heldGpuHours === null || iv.heldGpus === null ? null : seen.heldGpuHours + iv.heldGpus * hours;
      seen.coveredHours += hours;
      byMonth.set(month, seen);
      from = to;
    }
  }
  return [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month));
}

/** A month the file covers whole, to within a day. */
export const isWholeMonth = (m: UsageMonth) => m.coveredHours >= m.monthHours - 24 - 1e-9;

const DATE_LABEL = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T].*)?$/;

function dateMs(label: string): number | null {
  const m = DATE_LABEL.exec(label.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const check = new Date(ms);
  // 2027-02-30 is not a date (Date.UTC would roll it to March).
  return check.getUTCMonth() === mo - 1 && check.getUTCDate() === d ? ms : null;
}

export type CsvWeeksResult =
  | { ok: true; intervals: UsageInterval[]; dated: boolean }
  | { ok: false; error: 'weeksOverlap'; line: number; value: string };

/**
 * The usage CSV's weeks as intervals. When every week is labelled with a date, each week starts on
 * its date (a gap between two weeks is days the file does not cover); otherwise the weeks follow one
 * another from `firstMonth`'s first day. Dated weeks closer than seven days would count days twice:
 * refused, naming the line.
 */
export function csvUsageIntervals(
  rows: readonly { line: number; week: string; gpus: number }[],
  firstMonth: string,
): CsvWeeksResult {
  const dates = rows.map((r) => dateMs(r.week));
  const dated = rows.length > 0 && dates.every((d) => d !== null);
  if (!dated) {
    const [y, m] = firstMonth.split('-').map(Number);
    const start = Date.UTC(y ?? 1970, (m ?? 1) - 1, 1);
    return {
      ok: true,
      dated: false,
      intervals: rows.map((r, i) => ({
        fromMs: start + i * MS_PER_WEEK,
        toMs: start + (i + 1) * MS_PER_WEEK,
        usefulGpus: r.gpus,
        heldGpus: null,
      })),
    };
  }
  const intervals: UsageInterval[] = [];
  for (let i = 0; i < rows.length; i++) {
    const fromMs = dates[i] as number;
    const previous = intervals[i - 1];
    const row = rows[i] as (typeof rows)[number];
    if (previous && fromMs < previous.toMs)
      return { ok: false, error: 'weeksOverlap', line: row.line, value: row.week };
    intervals.push({ fromMs, toMs: fromMs + MS_PER_WEEK, usefulGpus: row.gpus, heldGpus: null });
  }
  return { ok: true, dated: true, intervals };
}

/**
 * A cluster log's weeks as intervals: each week from the midnight (UTC) on or before the log's first
 * time, only the part of it the log covers (its average is over that part), with the GPUs the cluster
 * held when the log says (telemetry, sreport, OpenCost).
 */
export function clusterLogIntervals(summary: {
  periodStartMs: number;
  periodEndMs: number;
  weeklyGpus: readonly number[];
  gpusSeen: number;
}): UsageInterval[] {
  const anchor = Math.floor(summary.periodStartMs / MS_PER_DAY) * MS_PER_DAY;
  const heldGpus = summary.gpusSeen > 0 ? summary.gpusSeen : null;
  return summary.weeklyGpus.flatMap((gpus, w) => {
    const fromMs = Math.max(summary.periodStartMs, anchor + w * MS_PER_WEEK);
    const toMs = Math.min(summary.periodEndMs, anchor + (w + 1) * MS_PER_WEEK);
    return toMs > fromMs ? [{ fromMs, toMs, usefulGpus: gpus, heldGpus }] : [];
  });
}

const finite = z.number().refine(Number.isFinite);

/** Stored usage, validated when read back with the actuals (stored-actuals.ts). */
export const actualUsageSchema = z.object({
  file: z.string().max(300),
  origin: z.enum(['usageCsv', 'clusterLog']),
  way: z.enum(STRATEGY_IDS),
  months: z
    .array(
      z.object({
        month: z.string().regex(/^\d{4}-\d{2}$/),
        usefulGpuHours: finite.refine((v) => v >= 0),
        heldGpuHours: finite.refine((v) => v >= 0).nullable(),
        coveredHours: finite.refine((v) => v >= 0),
        monthHours: finite.refine((v) => v > 0),
      }),
    )
    .max(2_000),
  undatedWeeklyGpus: z
    .array(finite.refine((v) => v >= 0))
    .max(5 * 53)
    .optional(),
});
