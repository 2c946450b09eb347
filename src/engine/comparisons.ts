import { type CashModel, cashFlow, paybackMonth } from './cash';
import { comparatorMonthly, contextAtLoadRate, crossoverLoadRates, PAYBACK_SEARCH_MONTHS } from './crossover';
import { createPricer, type Pricer } from './kernel';
import { gpuTimePath } from './price-path';
import { COMPARATOR_IDS, type ComparatorId, type Comparison, type Scenario } from './types';

/**
 * x at which the monotone-in-x function f equals target: secant steps from x0 and x0 / 2, each
 * checked; null when f is flat there or the answer is not a positive finite price.
 */
export function solvePrice(f: (x: number) => number, x0: number, target: number): number | null {
  let xa = x0 / 2;
  let xb = x0;
  let ya = f(xa);
  let yb = f(xb);
  for (let i = 0; i < 8; i++) {
    const slope = (yb - ya) / (xb - xa);
    if (!Number.isFinite(slope) || Math.abs(slope) < 1e-12) return null;
    const x = xb + (target - yb) / slope;
    if (!Number.isFinite(x) || x <= 0) return null;
    const y = f(x);
    if (Math.abs(y - target) <= 1e-9 * Math.max(1, Math.abs(target), Math.abs(yb))) return x;
    xa = xb;
    ya = yb;
    xb = x;
    yb = y;
  }
  return xb > 0 && Number.isFinite(xb) ? xb : null;
}

/**
 * Where a pair never crosses in 0–100 %: the prices that would make self-build cost the same as the
 * comparator at full load — the server price (all else kept), or the comparator's own price (CNY per
 * server-hour for rent, per GPU-hour for the platform).
 */
function crossAtFullLoad(s: Scenario, comparator: ComparatorId, pricer: Pricer): Comparison['crossAt'] {
  // A price search: hundreds of pricings at full load, so the kernel prices them.
  const at = contextAtLoadRate(s, pricer);
  if (!at) return { serverPriceCny: null, comparatorPrice: null };
  const scale = at(1).demandScale;
  const full = (x: Scenario) => contextAtLoadRate(x, pricer)?.(1) ?? at(1);
  const selfAt = (x: Scenario) => pricer.selfBuildMonthlyCny(full(x));
  const other = comparatorMonthly(pricer, at(1), comparator);
  if (other === null || !(scale > 0)) return { serverPriceCny: null, comparatorPrice: null };
  const serverPriceCny = solvePrice(
    (price) => selfAt({ ...s, selfBuild: { ...s.selfBuild, serverPriceCny: price } }),
    s.selfBuild.serverPriceCny,
    other,
  );
  // The comparator's price also moves self-build (its burst and build lead time use the rentals), so
  // solve for the price at which the gap between the two closes.
  const gapAt = (x: Scenario) => selfAt(x) - (comparatorMonthly(pricer, full(x), comparator) ?? 0);
  const comparatorPrice =
    comparator === 'rent'
      ? solvePrice(
          (price) => gapAt({ ...s, rent: { ...s.rent, priceCnyPerServerHour: price } }),
          s.rent.priceCnyPerServerHour,
          0,
        )
      : solvePrice(
          (price) => gapAt({ ...s, platform: { ...s.platform, priceCnyPerGpuHour: price } }),
          s.platform.priceCnyPerGpuHour,
          0,
        );
  return { serverPriceCny, comparatorPrice };
}

/**
 * Self-build against each named comparator (docs/model.md §5): crossover load rate, cash payback month
 * (cumulative cash, capex at delivery, bills on the market price path, searched ten years from
 * delivery) and, where the pair never crosses, the prices that would make it cross.
 */
export function compareWithRentals(
  s: Scenario,
  eligibility: { rentEligible: boolean; platformEligible: boolean },
  cash: { selfBuild: CashModel; rent: CashModel; platform: CashModel },
  pricer: Pricer = createPricer(),
): Record<ComparatorId, Comparison> {
  const crossovers = crossoverLoadRates(s, pricer);
  const path = gpuTimePath(s.finance);
  const months = Math.max(PAYBACK_SEARCH_MONTHS, s.horizonMonths);
  const own = cashFlow(cash.selfBuild, path, months);
  const delivery = cash.selfBuild.owned ? Math.round(cash.selfBuild.owned.leadMonths) : 0;
  const out = {} as Record<ComparatorId, Comparison>;
  for (const id of COMPARATOR_IDS) {
    const eligible = id === 'rent' ? eligibility.rentEligible : eligibility.platformEligible;
    const crossoverLoadRate = eligible ? crossovers[id] : null;
    const payback = eligible ? paybackMonth(own, cashFlow(cash[id], path, months), delivery) : null;
    out[id] = {
      comparator: id,
      eligible,
      crossoverLoadRate,
      paybackMonth: payback !== null && payback <= PAYBACK_SEARCH_MONTHS ? payback : null,
      horizonMonths: s.horizonMonths,
      crossAt: eligible && crossoverLoadRate === null ? crossAtFullLoad(s, id, pricer) : null,
    };
  }
  return out;
}
