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
export function servedGpuHours(ascendingCurve: Float64Array, curveScale: number, usableGpus: number): number {
  const weeks = ascendingCurve.length;
  if (weeks === 0 || usableGpus <= 0) return 0;
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
