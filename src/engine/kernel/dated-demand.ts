import {
  type DatedDemand,
  type DatedLayout,
  datedDemandAt,
  datedLayout,
  isDatedDemand,
} from '../horizon-demand';
import type { MarketPath } from '../price-path';
import type { Scenario } from '../types';
import type { KernelState } from './types';

/** A plan's dated demand for a context, and its distinct demands as the context's ascending curve. */
export interface DatedForContext {
  dated: DatedDemand;
  /** `dated.ascendingGpus` as a plain array, the one array every context of this layout shares. */
  ascending: readonly number[];
}

/**
 * The scenario's dated demand (horizon-demand.ts) on the GPU-time price path `path`, its layout — the
 * plan's weeks merged and sorted by demand — remembered by the pricer while the plan's curve (same
 * array, same values), its recurring work and the horizon hold; priced on the path on every call (one
 * factor a month). Monte Carlo draws
 * change prices, not the plan, so a run lays the plan out once instead of on every draw (issue 36: it
 * was re-sorted three times a draw). The numbers are datedDemand's: the same two functions on the same
 * inputs.
 */
export function datedDemandOf(k: KernelState, s: Scenario, path: MarketPath): DatedForContext | null {
  if (!isDatedDemand(s)) return null;
  const curve = s.demand.weeklyGpus;
  const recurring = s.trainingPlan.recurringGpuHoursPerMonth;
  let laid = k.lastLayout;
  if (
    laid === null ||
    laid.curve !== curve ||
    laid.horizonMonths !== s.horizonMonths ||
    !Object.is(laid.recurring, recurring) ||
    !sameValues(laid.values, curve)
  ) {
    const layout = datedLayout(s) as DatedLayout;
    laid = {
      curve,
      values: Float64Array.from(curve),
      horizonMonths: s.horizonMonths,
      recurring,
      layout,
      ascending: Array.from(layout.ascendingGpus),
    };
    k.lastLayout = laid;
  }
  // Priced on every call: the path is the draw's (its decline, or its shaped points).
  return { dated: datedDemandAt(laid.layout, path), ascending: laid.ascending };
}

/** The curve still holds the values it was laid out from (scenarios are not mutated, but a working copy may be). */
function sameValues(values: Float64Array, curve: readonly number[]): boolean {
  if (values.length !== curve.length) return false;
  for (let i = 0; i < values.length; i++) if (!Object.is(values[i], curve[i])) return false;
  return true;
}
