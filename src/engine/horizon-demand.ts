import { HOURS_PER_MONTH, HOURS_PER_WEEK } from './constants';
import { gpuTimePath, type MarketPath } from './price-path';
import type { Scenario } from './types';

/**
 * Demand over the horizon (docs/model.md §10, "Demand over the horizon", model v4).
 *
 * A weekly usage curve (and the job form) is a representative period: every month of the horizon
 * holds the same demand, so the pricing reads the curve as it is (v3, unchanged to the last bit).
 * A training plan is dated: its week 1 starts at month 1 of the horizon (types.ts time axis), each run
 * stands in its own weeks, recurring work runs every month, nothing repeats and nothing counts after
 * the horizon's last hour. This module lays the plan's weekly curve over the horizon:
 * - the weeks the plan's curve covers, then recurring work alone, up to horizon × 730 h;
 * - each week split where a month ends, so every piece lies in one month and has its own price;
 * - the pieces with the same demand merged into one weighted value: what the pricing reads (an owned
 *   or reserved baseline serves min(demand, capacity) of each piece, part.ts servedGpuHours).
 */
export interface DatedDemand {
  /** Distinct useful reference GPUs of the horizon's pieces, ascending. */
  ascendingGpus: Float64Array;
  /** Each value's share of the horizon's hours (Σ = 1), aligned with `ascendingGpus`. */
  weights: Float64Array;
  /**
   * The same hours by month: each month's distinct demands (`gpus`), their share of the horizon's
   * hours and the month's market factor. Burst above a baseline is read off these (burst market
   * factor, burst by month), since what a baseline leaves over falls in the run's months.
   */
  pieces: { gpus: Float64Array; weights: Float64Array; months: Int32Array; factors: Float64Array };
  /** The market factor of each month (index 0 = month 1). */
  factorByMonth: Float64Array;
  /** Useful reference GPU-hours in each month of the horizon (index 0 = month 1). */
  usefulGpuHoursByMonth: number[];
  /** Useful reference GPU-hours a month on average over the horizon: Σ by month ÷ months. */
  usefulGpuHoursPerMonth: number;
  /**
   * Each month's useful GPU-hours ÷ the average month's (index 0 = month 1; all 1 without demand):
   * how the demand-following bills are timed in the cash flow (cash.ts).
   */
  demandShareByMonth: number[];
  /**
   * The market factor of the demand-following bills (rent, platform, burst): Σ_m useful_m × f_m ÷
   * Σ_m useful_m, with f_m the factor of month m (market.ts). A bill that is a + b × f per useful
   * GPU-hour, billed each month on that month's hours at that month's price, sums over the horizon to
   * exactly Σ useful × (a + b × this factor).
   */
  demandMarketFactor: number;
}

/** Whether the scenario's demand is dated (a training plan), not a representative period. */
export function isDatedDemand(s: Scenario): boolean {
  return s.demand.mode === 'plan';
}

/**
 * What laying a plan over the horizon gives before any price: the distinct demands and their hours
 * (the sort), the pieces by month and the useful GPU-hours by month. It depends on the plan's curve,
 * its recurring work and the horizon only — not on the price path — so a loop that draws prices (the
 * Monte Carlo) lays the plan out once (kernel/dated-demand.ts) and prices it per draw with
 * `datedDemandAt`.
 */
export interface DatedLayout {
  ascendingGpus: Float64Array;
  weights: Float64Array;
  pieceGpus: Float64Array;
  pieceWeights: Float64Array;
  pieceMonths: Int32Array;
  usefulGpuHoursByMonth: number[];
  usefulGpuHoursPerMonth: number;
  demandShareByMonth: number[];
}

/**
 * The plan laid over the horizon, or null for a representative period (weekly usage, job form).
 * Pure; allocates a few arrays of at most (plan weeks + horizon months) entries.
 */
export function datedDemand(s: Scenario): DatedDemand | null {
  const layout = datedLayout(s);
  return layout === null ? null : datedDemandAt(layout, gpuTimePath(s.finance));
}

/** The plan's layout over the horizon (see DatedLayout), or null for a representative period. */
export function datedLayout(s: Scenario): DatedLayout | null {
  if (!isDatedDemand(s)) return null;
  const months = s.horizonMonths;
  const horizonHours = months * HOURS_PER_MONTH;
  const curve = s.demand.weeklyGpus;
  const recurringGpus = Math.max(0, s.trainingPlan.recurringGpuHoursPerMonth) / HOURS_PER_MONTH;
  const byMonth = new Array<number>(months).fill(0);
  // Hours at each distinct demand, in the order met (merged below into ascending values), and at
  // each distinct demand of each month (the pieces, in time order).
  const hoursByGpus = new Map<number, number>();
  const pieceGpus: number[] = [];
  const pieceHours: number[] = [];
  const pieceMonths: number[] = [];
  const add = (gpus: number, hours: number, month: number) => {
    if (hours <= 0) return;
    byMonth[month - 1] = (byMonth[month - 1] as number) + gpus * hours;
    hoursByGpus.set(gpus, (hoursByGpus.get(gpus) ?? 0) + hours);
    const last = pieceGpus.length - 1;
    if (last >= 0 && pieceMonths[last] === month && pieceGpus[last] === gpus)
      pieceHours[last] = (pieceHours[last] as number) + hours;
    else {
      pieceGpus.push(gpus);
      pieceHours.push(hours);
      pieceMonths.push(month);
    }
  };
  // The plan's own weeks, each split at month ends.
  const planHours = Math.min(horizonHours, curve.length * HOURS_PER_WEEK);
  for (let w = 0; w * HOURS_PER_WEEK < planHours; w++) {
    const gpus = Math.max(0, curve[w] ?? 0);
    let from = w * HOURS_PER_WEEK;
    const to = Math.min(planHours, from + HOURS_PER_WEEK);
    while (from < to) {
      const month = Math.floor(from / HOURS_PER_MONTH) + 1;
      const monthEnd = Math.min(to, month * HOURS_PER_MONTH);
      add(gpus, monthEnd - from, month);
      from = monthEnd;
    }
  }
  // After the plan's weeks: recurring work alone, to the horizon's end.
  for (let from = planHours; from < horizonHours; ) {
    const month = Math.floor(from / HOURS_PER_MONTH) + 1;
    const monthEnd = Math.min(horizonHours, month * HOURS_PER_MONTH);
    add(recurringGpus, monthEnd - from, month);
    from = monthEnd;
  }
  const values = [...hoursByGpus.keys()].sort((a, b) => a - b);
  let total = 0;
  for (let m = 1; m <= months; m++) total += byMonth[m - 1] as number;
  return {
    ascendingGpus: Float64Array.from(values),
    weights: Float64Array.from(values, (gpus) => (hoursByGpus.get(gpus) ?? 0) / horizonHours),
    pieceGpus: Float64Array.from(pieceGpus),
    pieceWeights: Float64Array.from(pieceHours, (hours) => hours / horizonHours),
    pieceMonths: Int32Array.from(pieceMonths),
    usefulGpuHoursByMonth: byMonth,
    usefulGpuHoursPerMonth: total / months,
    demandShareByMonth: byMonth.map((useful) => (total > 0 ? (useful * months) / total : 1)),
  };
}

/**
 * A plan's layout priced on a GPU-time price path: each month's market factor, the pieces' factors
 * and the demand-weighted factor. The same numbers, in the same order of operations, whether the
 * layout was made now or kept from an earlier draw.
 */
export function datedDemandAt(layout: DatedLayout, path: MarketPath): DatedDemand {
  const byMonth = layout.usefulGpuHoursByMonth;
  const months = byMonth.length;
  // Each month's factor once: the pieces and the weighted sum read them (the same values as asking
  // the path again per piece, with one factor computed per month instead of one per piece).
  const factorByMonth = Float64Array.from(byMonth, (_, i) => path.factorAt(i + 1));
  let total = 0;
  let weighted = 0;
  for (let m = 1; m <= months; m++) {
    const useful = byMonth[m - 1] as number;
    total += useful;
    weighted += useful * (factorByMonth[m - 1] as number);
  }
  return {
    ascendingGpus: layout.ascendingGpus,
    weights: layout.weights,
    pieces: {
      gpus: layout.pieceGpus,
      weights: layout.pieceWeights,
      months: layout.pieceMonths,
      factors: Float64Array.from(layout.pieceMonths, (m) => factorByMonth[m - 1] as number),
    },
    factorByMonth,
    usefulGpuHoursByMonth: byMonth,
    usefulGpuHoursPerMonth: layout.usefulGpuHoursPerMonth,
    demandShareByMonth: layout.demandShareByMonth,
    // A demand too small or too large to weigh (0, or overflowing to infinity) takes the average.
    demandMarketFactor:
      total > 0 && Number.isFinite(weighted / total) ? weighted / total : path.average(months),
  };
}

/**
 * The market factor of the burst above a baseline that holds `usableGpus` (the demand × `scale`):
 * Σ over the pieces of the burst × its month's factor ÷ Σ burst. Burst is billed each month on that
 * month's hours at that month's price, and its bill is a + b × factor per useful GPU-hour, so pricing
 * the horizon's burst at this factor is exact. With no burst: the demand's factor. The model and the
 * kernel both call this (one loop over at most plan weeks + horizon months pieces).
 */
export function burstMarketFactor(d: DatedDemand, scale: number, usableGpus: number): number {
  const { gpus, weights, factors } = d.pieces;
  let burst = 0;
  let weighted = 0;
  for (let i = 0; i < gpus.length; i++) {
    const over = (gpus[i] as number) * scale - usableGpus;
    if (over > 0) {
      const b = over * (weights[i] as number);
      burst += b;
      weighted += b * (factors[i] as number);
    }
  }
  const factor = weighted / burst;
  return burst > 0 && Number.isFinite(factor) ? factor : d.demandMarketFactor;
}

/**
 * Each month's burst above `usableGpus` ÷ the average month's (index 0 = month 1): how the burst
 * bills are timed in the cash flow. Without burst, the demand's shares.
 */
export function burstShareByMonth(d: DatedDemand, scale: number, usableGpus: number): number[] {
  const months = d.usefulGpuHoursByMonth.length;
  const byMonth = new Array<number>(months).fill(0);
  const { gpus, weights, months: monthOf } = d.pieces;
  let total = 0;
  for (let i = 0; i < gpus.length; i++) {
    const over = (gpus[i] as number) * scale - usableGpus;
    if (over > 0) {
      const b = over * (weights[i] as number);
      const m = (monthOf[i] as number) - 1;
      byMonth[m] = (byMonth[m] as number) + b;
      total += b;
    }
  }
  if (!(total > 0)) return d.demandShareByMonth;
  return byMonth.map((b) => (b * months) / total);
}

/**
 * Each month's hours served by a baseline holding `usableGpus` ÷ the average month's (index 0 =
 * month 1): Σ over the month's pieces of min(demand × scale, usable). Without any, the demand's.
 */
export function servedShareByMonth(d: DatedDemand, scale: number, usableGpus: number): number[] {
  const months = d.usefulGpuHoursByMonth.length;
  const byMonth = new Array<number>(months).fill(0);
  const { gpus, weights, months: monthOf } = d.pieces;
  let total = 0;
  for (let i = 0; i < gpus.length; i++) {
    const served = Math.min((gpus[i] as number) * scale, usableGpus) * (weights[i] as number);
    if (served > 0) {
      const m = (monthOf[i] as number) - 1;
      byMonth[m] = (byMonth[m] as number) + served;
      total += served;
    }
  }
  if (!(total > 0)) return d.demandShareByMonth;
  return byMonth.map((h) => (h * months) / total);
}

/**
 * The build lead time line of a dated plan per useful GPU-hour an own cluster holding `usableGpus`
 * serves an average month (docs/model.md §2 "Build lead time", §10): the work it would have done in each
 * lead-time month — that month's share of its served hours — rented at a + b × that month's factor,
 * spread over the horizon's months. A fractional last lead month counts for its fraction. The model
 * and the kernel both call this.
 */
export function datedLeadTimePerUseful(
  d: DatedDemand,
  scale: number,
  usableGpus: number,
  leadMonths: number,
  costs: { aCny: number; bCny: number },
): number {
  const months = d.usefulGpuHoursByMonth.length;
  const share = servedShareByMonth(d, scale, usableGpus);
  let sum = 0;
  for (let m = 1; m <= Math.min(months, Math.ceil(leadMonths)); m++) {
    const part = Math.min(1, leadMonths - (m - 1));
    sum += part * (share[m - 1] as number) * (costs.aCny + costs.bCny * (d.factorByMonth[m - 1] as number));
  }
  return sum / months;
}
