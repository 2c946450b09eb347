import type { WayMonthFigures } from './budget-variance';
import { withMeasuredEfficiency } from './cluster-sizing';
import { loadRateOf } from './demand';
import { evaluate } from './evaluate';
import { scaleToLoadRateWithinLimits } from './load-rate-limits';
import { COST_CATEGORIES, MEASURED_EFFICIENCY, type Scenario, type StrategyId } from './types';

/**
 * The reforecast of a budget version (docs/model.md §10 "Budget vs actual"): the months not yet billed
 * re-priced on the trend of the months that were — how much more or less work, at what efficiency,
 * at what price per held GPU-hour — with the version's other assumptions; and whether its decision
 * still holds for the rest of the horizon.
 */

/** Actual ÷ budget over the months billed: useful GPU-hours, useful ÷ held, spend ÷ held. */
export interface TrendRatios {
  usage: number;
  efficiency: number;
  price: number;
}

const ratio = (actual: number, budget: number) => (budget > 0 && actual > 0 ? actual / budget : 1);

/**
 * The trend of the actuals against the same months and ways of the budget, from their sums (so a
 * month of more work weighs as much as it cost). A driver the budget has nothing of (no useful or no
 * held hours), or the actuals nothing of, keeps its budget value (ratio 1). Actuals equal to the
 * budget give exactly 1, 1, 1.
 */
export function trendRatios(
  budget: readonly WayMonthFigures[],
  actual: readonly WayMonthFigures[],
): TrendRatios {
  const sums = (cells: readonly WayMonthFigures[]) => {
    let useful = 0;
    let held = 0;
    let spend = 0;
    for (const c of cells) {
      useful += c.usefulGpuHours;
      held += c.heldGpuHours;
      for (const k of COST_CATEGORIES) spend += c.spendByCategoryCny[k];
    }
    return { useful, held, spend };
  };
  const b = sums(budget);
  const a = sums(actual);
  const usage = ratio(a.useful, b.useful);
  const efficiency = a.held > 0 && b.held > 0 ? ratio(a.useful / a.held, b.useful / b.held) : 1;
  const price = a.held > 0 && b.held > 0 ? ratio(a.spend / a.held, b.spend / b.held) : 1;
  return { usage, efficiency, price };
}

/**
 * The budget's months after `lastMonth` on the trend: useful × usage, held × usage ÷ efficiency,
 * spend × usage ÷ efficiency × price (a cell's spend is useful ÷ efficiency × price). With ratios of
 * 1 every month is the budget's, exactly.
 */
export function reforecastMonths(
  budget: readonly WayMonthFigures[],
  lastMonth: number,
  r: TrendRatios,
): WayMonthFigures[] {
  const held = r.usage / r.efficiency;
  const spend = held * r.price;
  return budget
    .filter((c) => c.month > lastMonth)
    .map((c) => {
      const spendByCategoryCny = { ...c.spendByCategoryCny };
      for (const k of COST_CATEGORIES) spendByCategoryCny[k] = c.spendByCategoryCny[k] * spend;
      return {
        ...c,
        usefulGpuHours: c.usefulGpuHours * r.usage,
        heldGpuHours: c.heldGpuHours * held,
        spendByCategoryCny,
      };
    });
}

/** Where the decision stands after the actuals: the version's way and the way cheapest on the trend. */
export interface DecisionCheck {
  budgetWay: StrategyId;
  nowWay: StrategyId;
  holds: boolean;
  /** Monthly cost (the horizon's average) of each of the two, re-priced on the trend. */
  budgetWayMonthlyCny: number;
  nowWayMonthlyCny: number;
  horizonMonths: number;
  /**
   * The price per held GPU-hour of the way billed, as a multiple of the budget's, at which the answer
   * changes (from holding to not, or back), the other trends as they are: searched within ×¼ to ×4 of
   * the trend's price; null when it does not change there, or when the way billed is an own cluster or
   * the hybrid (whose price is not scaled).
   */
  flipPriceRatio: number | null;
}

/**
 * The version's scenario re-priced on the trend of the way billed, over its whole horizon (so nothing
 * is bought again and the horizon stays one the version could have): the demand scaled by `usage`
 * (its shape kept; a training plan keeps its runs), that way's efficiency measured at the budget's ×
 * `efficiency` (within the measured range), its price × `price` (rent and the platform; an own
 * cluster's bills are mostly what it already holds). A ratio of 1 changes nothing.
 */
export function reforecastScenario(s: Scenario, way: StrategyId, r: TrendRatios): Scenario {
  let next: Scenario = s;
  if (r.usage !== 1 && s.demand.mode !== 'plan') next = scaledDemand(next, r.usage);
  if (r.price !== 1 && way === 'rent')
    next = {
      ...next,
      rent: { ...next.rent, priceCnyPerServerHour: next.rent.priceCnyPerServerHour * r.price },
    };
  if (r.price !== 1 && way === 'platform')
    next = {
      ...next,
      platform: { ...next.platform, priceCnyPerGpuHour: next.platform.priceCnyPerGpuHour * r.price },
    };
  if (r.efficiency !== 1 && way !== 'hybrid') {
    const budgetEfficiency = evaluate(s).strategies[way].utilization;
    const value = Math.min(
      MEASURED_EFFICIENCY.max,
      Math.max(MEASURED_EFFICIENCY.min, budgetEfficiency * r.efficiency),
    );
    next = withMeasuredEfficiency(next, way, { value, origin: 'typed', label: null });
  }
  return next;
}

/**
 * The demand × `usage`, its shape kept: through the load rate (the slider's rule, within the inputs'
 * limits) when an own cluster is sized; else the weekly curve or the jobs a month directly.
 */
function scaledDemand(s: Scenario, usage: number): Scenario {
  const rate = loadRateOf(s);
  if (rate > 0) return scaleToLoadRateWithinLimits(s, rate * usage).scenario;
  const d = s.demand;
  return d.mode === 'jobs'
    ? { ...s, demand: { ...d, jobsPerMonth: d.jobsPerMonth * usage } }
    : { ...s, demand: { ...d, weeklyGpus: d.weeklyGpus.map((g) => g * usage) } };
}

/**
 * Whether the version's recommendation is still the cheapest way over its horizon once the scenario
 * is re-priced on the trend — what the version would have said had the trend been known.
 */
export function decisionCheck(s: Scenario, way: StrategyId, r: TrendRatios): DecisionCheck {
  const budgetWay = evaluate(s).recommendation.strategy;
  const at = (price: number) => evaluate(reforecastScenario(s, way, { ...r, price }));
  const after = at(r.price);
  const nowWay = after.recommendation.strategy;
  const holds = nowWay === budgetWay;
  const holdsAt = (price: number) => at(price).recommendation.strategy === budgetWay;
  return {
    budgetWay,
    nowWay,
    holds,
    budgetWayMonthlyCny: after.strategies[budgetWay].monthlyCny,
    nowWayMonthlyCny: after.strategies[nowWay].monthlyCny,
    horizonMonths: s.horizonMonths,
    flipPriceRatio: way === 'rent' || way === 'platform' ? flipPrice(holdsAt, r.price, holds) : null,
  };
}

/**
 * Where `holdsAt` changes from `holdsNow`, searched from `price` towards ×4 and then ×¼ (a rise
 * first: the usual worry), by bisection in log space (16 halvings of a factor of 4: a relative 2·10⁻⁵).
 */
function flipPrice(holdsAt: (price: number) => boolean, price: number, holdsNow: boolean): number | null {
  for (const far of [price * 4, price / 4]) {
    if (holdsAt(far) === holdsNow) continue;
    let near = price;
    let other = far;
    for (let i = 0; i < 16; i++) {
      const mid = Math.sqrt(near * other);
      if (holdsAt(mid) === holdsNow) near = mid;
      else other = mid;
    }
    return other;
  }
  return null;
}
