import { HOURS_PER_MONTH } from '../constants';
import type { KernelState } from './types';

/**
 * The curve sorted ascending (missing weeks as 0), memoised per curve array while its values hold:
 * Monte Carlo draws that do not sample the curve share one array, so it is sorted once per run.
 */
export function sortedCurveOf(k: KernelState, curve: readonly number[]): readonly number[] {
  const n = curve.length;
  // One week (a job-form demand, a fresh array per context) needs no sort and no memo.
  if (n <= 1) return n === 0 ? [] : [curve[0] ?? 0];
  const known = k.sortedCurves.get(curve);
  if (known !== undefined && known.values.length === n) {
    let same = true;
    for (let i = 0; i < n && same; i++) same = known.values[i] === (curve[i] ?? 0);
    if (same) return known.sorted;
  }
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = curve[i] ?? 0;
  // A plain array: the one-week curve is one too, so `served` reads a single kind of array.
  const sorted = Array.from(values.slice().sort());
  k.sortedCurves.set(curve, { values, sorted });
  return sorted;
}

/**
 * Prefix sums of the sorted curve at a scale, remembered for the last sorted curve and scale: Monte
 * Carlo draws that do not sample the curve share its sorted array and scale 1, so each draw's cache
 * reuses the same sums (the same additions in the same order, so the same numbers).
 */
export function prefixSumsOf(k: KernelState, sorted: readonly number[], scale: number): readonly number[] {
  if (sorted === k.lastPrefixSorted && scale === k.lastPrefixScale) return k.lastPrefix;
  const n = sorted.length;
  const prefix = new Array<number>(n + 1);
  prefix[0] = 0;
  for (let i = 0; i < n; i++) prefix[i + 1] = (prefix[i] as number) + (sorted[i] as number) * scale;
  k.lastPrefixSorted = sorted;
  k.lastPrefixScale = scale;
  k.lastPrefix = prefix;
  return prefix;
}

/** Weeks of the sorted curve (× scale) at or below `usableGpus`, by binary search. */
export function weeksAtOrBelow(sorted: readonly number[], scale: number, usableGpus: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) * scale <= usableGpus) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Useful GPU-hours a month that `usableGpus` serve, from the weeks at or below it (`below`: their sum)
 * and the `lo` of `n` weeks that are: Σ_weeks min(demand, usable) ÷ weeks × 730 h.
 */
export function servedFrom(below: number, usableGpus: number, lo: number, n: number): number {
  return ((below + usableGpus * (n - lo)) / n) * HOURS_PER_MONTH;
}

/**
 * `served` without a cache: the weeks at or below the capacity summed in ascending order, as the
 * cache's prefix sums add them, so both give the same number. Allocates nothing.
 */
export function servedDirect(sorted: readonly number[], scale: number, usableGpus: number): number {
  const n = sorted.length;
  if (n === 0 || usableGpus <= 0) return 0;
  const lo = weeksAtOrBelow(sorted, scale, usableGpus);
  let below = 0;
  for (let i = 0; i < lo; i++) below += (sorted[i] as number) * scale;
  return servedFrom(below, usableGpus, lo, n);
}

/**
 * A dated plan's horizon (the model's part.ts weightedServedGpuHours): values ascending, each with its
 * share of the horizon's hours. Prefix sums of weight × (value × scale) and of weight, in ascending
 * order — the additions the model makes, so the same numbers.
 */
export interface WeightedPrefix {
  belowDemand: Float64Array;
  belowWeight: Float64Array;
}

export function weightedPrefixSums(
  sorted: readonly number[],
  weights: Float64Array,
  scale: number,
): WeightedPrefix {
  const n = sorted.length;
  const belowDemand = new Float64Array(n + 1);
  const belowWeight = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    const w = weights[i] as number;
    belowDemand[i + 1] = (belowDemand[i] as number) + (sorted[i] as number) * scale * w;
    belowWeight[i + 1] = (belowWeight[i] as number) + w;
  }
  return { belowDemand, belowWeight };
}

/** Useful GPU-hours an average month that `usableGpus` serve, from the prefix sums (scale in (0, ∞)). */
export function weightedServedFrom(
  prefix: WeightedPrefix,
  sorted: readonly number[],
  scale: number,
  usableGpus: number,
): number {
  if (!(scale > 0 && scale < Number.POSITIVE_INFINITY)) return 0;
  const n = sorted.length;
  const lo = weeksAtOrBelow(sorted, scale, usableGpus);
  const total = prefix.belowWeight[n] as number;
  const below = prefix.belowWeight[lo] as number;
  return ((prefix.belowDemand[lo] as number) + usableGpus * (total - below)) * HOURS_PER_MONTH;
}
