import { BREAK_EVEN_SEARCH_MONTHS } from './constants';
import { loadRateOf, scaleToLoadRate } from './demand';
import { createContext, type PricingContext } from './strategies/context';
import { pricePlatform, priceRent, priceSelfBuild, totalOf } from './strategies/price';
import type { Scenario } from './types';

/** Builds pricing contexts at any load rate by scaling demand, without copying the scenario. */
export function contextAtLoadRate(s: Scenario): ((loadRate: number) => PricingContext) | null {
  let base = s;
  let baseRate = loadRateOf(s);
  // Rebase a (near-)empty demand at 100 % load: scaling up from a vanishing curve would overflow.
  if (!(baseRate > 1e-9)) {
    base = scaleToLoadRate(s, 1);
    baseRate = loadRateOf(base);
    if (baseRate <= 0) return null;
  }
  return (loadRate) => createContext(base, loadRate / baseRate);
}

/** Monthly cost of the cheapest eligible rental (rent or platform), or null if none is eligible. */
export function bestRentalMonthly(ctx: PricingContext): number | null {
  const costs: number[] = [];
  if (ctx.rentEligible) costs.push(totalOf(priceRent(ctx).part.breakdown));
  if (ctx.platformEligible) costs.push(totalOf(pricePlatform(ctx).part.breakdown));
  return costs.length > 0 ? Math.min(...costs) : null;
}

const SAMPLES = 100;
const BISECTIONS = 50;

/**
 * The load rate in 0–1 at which self-build's monthly cost equals the cheapest eligible rental's
 * (MODEL.md §5): the first point where self-build turns from dearer to cheaper as load rises.
 * Sampled at 1 % steps, then bisected; null if they never cross or nothing can be rented.
 * Both costs are continuous in the load rate, so a sign change brackets a meeting point.
 */
export function crossoverLoadRate(s: Scenario): number | null {
  const at = contextAtLoadRate(s);
  if (!at) return null;
  const gap = (rate: number): number | null => {
    const ctx = at(rate);
    const rental = bestRentalMonthly(ctx);
    return rental === null ? null : totalOf(priceSelfBuild(ctx).part.breakdown) - rental;
  };
  const first = gap(1e-9);
  if (first === null) return null;
  if (first <= 0) return 0;
  let lo = 1e-9;
  for (let i = 1; i <= SAMPLES; i++) {
    const hi = i / SAMPLES;
    const g = gap(hi) ?? 1;
    if (g <= 0) {
      let a = lo;
      let b = hi;
      for (let k = 0; k < BISECTIONS; k++) {
        const mid = (a + b) / 2;
        if ((gap(mid) ?? 1) > 0) a = mid;
        else b = mid;
      }
      return b;
    }
    lo = hi;
  }
  return null;
}

/**
 * First month m ≥ 1 in which cumulative self-build cash (capex in month 0, then monthly cash costs)
 * is no more than the cheapest rental's cumulative cost: capex + cash·m ≤ rental·m, so
 * m = ⌈capex ÷ (rental − cash)⌉. Searched up to ten years; null when never.
 */
export function breakEvenMonth(
  selfCapexCny: number,
  selfCashMonthlyCny: number,
  rentalMonthlyCny: number | null,
): number | null {
  if (rentalMonthlyCny === null) return null;
  const margin = rentalMonthlyCny - selfCashMonthlyCny;
  if (margin <= 0) return null;
  const month = Math.max(1, Math.ceil(selfCapexCny / margin));
  return month <= BREAK_EVEN_SEARCH_MONTHS ? month : null;
}
