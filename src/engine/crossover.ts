import { BREAK_EVEN_SEARCH_MONTHS } from './constants';
import { loadRateOf, scaleToLoadRate } from './demand';
import { createPricer, type Pricer, type PricingContext } from './kernel';
import type { ComparatorId, Scenario } from './types';

/**
 * Kernel contexts at any load rate, made by scaling the demand of one context (no scenario copies),
 * with the pricer that prices them; null when the demand cannot be scaled (no owned capacity).
 */
export function contextAtLoadRate(
  s: Scenario,
  pricer: Pricer = createPricer(),
): ((loadRate: number) => PricingContext) | null {
  const from = loadRateBase(s, pricer);
  if (!from) return null;
  return (loadRate) => pricer.scaled(from.ctx, loadRate / from.loadRate);
}

/** The context load rates are scaled from, and its load rate. */
function loadRateBase(s: Scenario, pricer: Pricer): { ctx: PricingContext; loadRate: number } | null {
  let base = s;
  let baseRate = loadRateOf(s);
  // Rebase a (near-)empty demand at 100 % load: scaling up from a vanishing curve would overflow.
  if (!(baseRate > 1e-9)) {
    base = scaleToLoadRate(s, 1);
    baseRate = loadRateOf(base);
    if (baseRate <= 0) return null;
  }
  return { ctx: pricer.context(base), loadRate: baseRate };
}

/**
 * contextAtLoadRate for a loop that prices one load rate at a time: one scaled context re-pointed
 * in place (Pricer.rescale), the same numbers without a copy per step. Each call invalidates the
 * context the previous one returned.
 */
function reusedContextAtLoadRate(s: Scenario, pricer: Pricer): ((loadRate: number) => PricingContext) | null {
  const from = loadRateBase(s, pricer);
  if (!from) return null;
  const work = pricer.scaled(from.ctx, 1);
  return (loadRate) => pricer.rescale(work, loadRate / from.loadRate);
}

/** Monthly cost of one comparator, or null when it is not eligible. */
export function comparatorMonthly(
  pricer: Pricer,
  ctx: PricingContext,
  comparator: ComparatorId,
): number | null {
  if (comparator === 'rent') return ctx.rentEligible ? pricer.rentMonthlyCny(ctx) : null;
  return ctx.platformEligible ? pricer.platformMonthlyCny(ctx) : null;
}

/** Monthly cost of the cheapest eligible rental (rent or platform) of `s`, or null if none is eligible. */
export function bestRentalMonthly(s: Scenario): number | null {
  const pricer = createPricer();
  const ctx = pricer.context(s);
  const rent = comparatorMonthly(pricer, ctx, 'rent');
  const platform = comparatorMonthly(pricer, ctx, 'platform');
  if (rent === null) return platform;
  if (platform === null) return rent;
  return Math.min(rent, platform);
}

const SAMPLES = 100;
// 34 halvings of a 1 % step locate the crossing to below 1e-12 of load rate.
const BISECTIONS = 34;

/**
 * The load rate in 0–1 at which self-build's monthly cost equals each named comparator's (docs/model.md
 * §5): the first point where self-build turns from dearer to cheaper as load rises. Sampled at 1 %
 * steps (one self-build pricing per step serves both comparators), then bisected; null if the pair
 * never crosses or the comparator is not eligible. Both costs are continuous in the load rate, so a
 * sign change brackets a meeting point.
 */
export function crossoverLoadRates(
  s: Scenario,
  pricer: Pricer = createPricer(),
): Record<ComparatorId, number | null> {
  const out: Record<ComparatorId, number | null> = { rent: null, platform: null };
  // The search prices one load rate at a time and keeps only numbers, so it reuses one context.
  const at = reusedContextAtLoadRate(s, pricer);
  if (!at) return out;
  const gap = (rate: number, comparator: ComparatorId): number | null => {
    const ctx = at(rate);
    const other = comparatorMonthly(pricer, ctx, comparator);
    return other === null ? null : pricer.selfBuildMonthlyCny(ctx) - other;
  };
  const bisect = (lo: number, hi: number, comparator: ComparatorId): number => {
    let a = lo;
    let b = hi;
    for (let k = 0; k < BISECTIONS; k++) {
      const mid = (a + b) / 2;
      if ((gap(mid, comparator) ?? 1) > 0) a = mid;
      else b = mid;
    }
    return b;
  };
  const open: ComparatorId[] = [];
  const first = at(1e-9);
  const selfFirst = pricer.selfBuildMonthlyCny(first);
  for (const id of ['rent', 'platform'] as const) {
    const other = comparatorMonthly(pricer, first, id);
    if (other === null) continue;
    if (selfFirst - other <= 0) out[id] = 0;
    else open.push(id);
  }
  let lo = 1e-9;
  for (let i = 1; i <= SAMPLES && open.length > 0; i++) {
    const hi = i / SAMPLES;
    const ctx = at(hi);
    const self = pricer.selfBuildMonthlyCny(ctx);
    for (let j = open.length - 1; j >= 0; j--) {
      const id = open[j] as ComparatorId;
      const other = comparatorMonthly(pricer, ctx, id);
      if (other !== null && self - other <= 0) {
        out[id] = bisect(lo, hi, id);
        open.splice(j, 1);
        // The bisection moved the reused context: back to this step's load rate for the others.
        at(hi);
      }
    }
    lo = hi;
  }
  return out;
}

/** Months the payback search looks ahead (ten years, also beyond a shorter horizon). */
export const PAYBACK_SEARCH_MONTHS = BREAK_EVEN_SEARCH_MONTHS;
