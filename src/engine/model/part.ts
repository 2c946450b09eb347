import { HOURS_PER_MONTH } from '../constants';
import type { Breakdown } from '../types';
import { addBreakdowns, zeroBreakdown } from './categories';

/** The monthly cost of one way of serving part of the demand. Strategies add parts together. */
export interface PartCost {
  breakdown: Breakdown;
  usefulGpuHours: number;
  /** GPU-hours billed (rent, platform) or owned (an own cluster, reserved GPUs). */
  billedGpuHours: number;
  capexCny: number;
  /** Depreciation and iteration risk: in the monthly cost, not in the monthly cash flow. */
  nonCashCny: number;
  /** The build lead time line (in `time`): cash paid in the lead-time months (cash.ts). */
  leadTimeCny: number;
  failures: number;
}

/** An owned or reserved baseline: a part with its size and what it can hold. */
export interface BaselinePart extends PartCost {
  /** GPUs after rounding to whole servers (owned) or as reserved. */
  capacityGpus: number;
  /** Highest useful load it holds: capacity × its allocation efficiency. */
  usableGpus: number;
}

export function zeroPart(): PartCost {
  return {
    breakdown: zeroBreakdown(),
    usefulGpuHours: 0,
    billedGpuHours: 0,
    capexCny: 0,
    nonCashCny: 0,
    leadTimeCny: 0,
    failures: 0,
  };
}

export function zeroBaseline(): BaselinePart {
  return {
    breakdown: zeroBreakdown(),
    usefulGpuHours: 0,
    billedGpuHours: 0,
    capexCny: 0,
    nonCashCny: 0,
    leadTimeCny: 0,
    failures: 0,
    capacityGpus: 0,
    usableGpus: 0,
  };
}

export function addParts(a: PartCost, b: PartCost): PartCost {
  return {
    breakdown: addBreakdowns(a.breakdown, b.breakdown),
    usefulGpuHours: a.usefulGpuHours + b.usefulGpuHours,
    billedGpuHours: a.billedGpuHours + b.billedGpuHours,
    capexCny: a.capexCny + b.capexCny,
    nonCashCny: a.nonCashCny + b.nonCashCny,
    leadTimeCny: a.leadTimeCny + b.leadTimeCny,
    failures: a.failures + b.failures,
  };
}

/**
 * Useful GPU-hours a month that a capacity holding `usableGpus` serves, week by week:
 * Σ_weeks min(demand, usable) ÷ weeks × 730 h, with each week's demand = `ascendingCurve` × `curveScale`.
 * Written as the weeks at or below the capacity, added in ascending order, plus the capacity for each
 * week above it — the order the kernel's prefix sums add them in, so both give the same number to the
 * last bit.
 */
export function servedGpuHours(
  ascendingCurve: Float64Array,
  curveScale: number,
  usableGpus: number,
  weights: Float64Array | null = null,
): number {
  const weeks = ascendingCurve.length;
  if (weeks === 0 || usableGpus <= 0) return 0;
  if (weights !== null) return weightedServedGpuHours(ascendingCurve, weights, curveScale, usableGpus);
  // Scaling by a positive factor keeps the order; any other (0 in an idle pricing) is re-sorted.
  const ascending =
    curveScale > 0 && curveScale < Number.POSITIVE_INFINITY
      ? ascendingCurve
      : Float64Array.from(ascendingCurve, (gpus) => gpus * curveScale).sort();
  const scale = ascending === ascendingCurve ? curveScale : 1;
  let below = 0;
  let weeksBelow = 0;
  for (const gpus of ascending) {
    const demand = gpus * scale;
    if (demand > usableGpus) break;
    below += demand;
    weeksBelow++;
  }
  return ((below + usableGpus * (weeks - weeksBelow)) / weeks) * HOURS_PER_MONTH;
}

/**
 * servedGpuHours for a dated plan's horizon (horizon-demand.ts): each value holds `weights` of the
 * horizon's hours, so a month on average serves Σ weight × min(demand, usable) × 730 h. Added as the
 * values at or below the capacity in ascending order, plus the capacity × the weight above it (the
 * total weight less the weight below, each summed in ascending order): the order of the kernel's
 * prefix sums, so both give the same number to the last bit. A scale outside (0, ∞) serves nothing
 * (every demand is 0 or not a number of GPUs).
 */
export function weightedServedGpuHours(
  ascending: ArrayLike<number>,
  weights: ArrayLike<number>,
  scale: number,
  usableGpus: number,
): number {
  if (!(scale > 0 && scale < Number.POSITIVE_INFINITY)) return 0;
  let below = 0;
  let belowWeight = 0;
  let totalWeight = 0;
  let i = 0;
  for (; i < ascending.length; i++) {
    const demand = (ascending[i] as number) * scale;
    if (demand > usableGpus) break;
    const w = weights[i] as number;
    below += demand * w;
    belowWeight += w;
  }
  totalWeight = belowWeight;
  for (; i < weights.length; i++) totalWeight += weights[i] as number;
  return (below + usableGpus * (totalWeight - belowWeight)) * HOURS_PER_MONTH;
}
