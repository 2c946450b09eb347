import { compareWithRentals } from './comparisons';
import { demandStats, loadRateOf } from './demand';
import { createPricer } from './kernel';
import { cashModelOf, onDemandMarketOf, priceStrategies, pricingInputs, toResult } from './model';
import { recommend } from './recommend';
import { rightSize } from './right-size';
import { type Evaluation, type Scenario, STRATEGY_IDS, type StrategyId, type StrategyResult } from './types';

/**
 * Prices the four strategies on the scenario and derives everything the views show: self-build
 * against each named comparator (crossover load rate, cash payback), the right-sized owned capacity
 * and the recommendation. Pure and deterministic.
 */
export function evaluate(scenario: Scenario): Evaluation {
  const ctx = pricingInputs(scenario);
  const costs = priceStrategies(ctx);
  const cash = {
    selfBuild: cashModelOf(ctx, costs.selfBuild),
    rent: cashModelOf(ctx, costs.rent),
    platform: cashModelOf(ctx, costs.platform),
    hybrid: cashModelOf(ctx, costs.hybrid),
  };
  const strategies = {} as Record<StrategyId, StrategyResult>;
  for (const id of STRATEGY_IDS) strategies[id] = toResult(ctx, costs[id], cash[id]);

  const loadRate = loadRateOf(scenario);
  // One kernel pricer for the evaluation's searches (crossover, price solves, flips).
  const pricer = createPricer();
  const comparisons = compareWithRentals(scenario, ctx, cash, pricer);
  const h = scenario.hybrid;
  const sized = rightSize(
    ctx,
    strategies.selfBuild.monthlyCny,
    // The unpinned owned hybrid's baseline is the right size (one search, not two).
    h.baselineMode === 'owned' && h.baselineGpus === null ? costs.hybrid.baselineGpus : null,
  );
  const demand = demandStats(scenario);
  const calibrated: StrategyId[] = [];
  const c = scenario.calibration;
  if (c.rentSetupCnyPerJob !== null || c.rentCostPerFailureCny !== null) calibrated.push('rent');
  if (c.platformSetupCnyPerJob !== null || c.platformCostPerFailureCny !== null)
    calibrated.push('platform', 'hybrid');

  return {
    strategies,
    demand,
    loadRate,
    comparisons,
    ownEfficiency: ctx.ownEfficiency,
    efficiencies: ctx.efficiencies,
    buildLeadTimeMonths: ctx.buildLeadTimeMonths,
    rightSize: sized,
    calibrated,
    existing: ctx.existing,
    market: onDemandMarketOf(ctx, costs),
    recommendation: recommend({
      scenario,
      ctx,
      pricer,
      strategies,
      demand,
      loadRate,
      comparisons,
      rightSize: sized,
    }),
  };
}
