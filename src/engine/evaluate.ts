import { bestRentalMonthly, breakEvenMonth, crossoverLoadRate } from './crossover';
import { demandStats, loadRateOf } from './demand';
import { recommend } from './recommend';
import { createContext } from './strategies/context';
import { priceAll, toResult } from './strategies/price';
import { type Evaluation, type Scenario, STRATEGY_IDS, type StrategyId, type StrategyResult } from './types';

/**
 * Prices the four strategies on the scenario and derives everything the views show: crossover load
 * rate, break-even month and the recommendation. Pure and deterministic.
 */
export function evaluate(scenario: Scenario): Evaluation {
  const ctx = createContext(scenario);
  const costs = priceAll(ctx);
  const strategies = {} as Record<StrategyId, StrategyResult>;
  for (const id of STRATEGY_IDS) strategies[id] = toResult(ctx, costs[id]);

  const loadRate = loadRateOf(scenario);
  const crossover = crossoverLoadRate(scenario);
  const self = strategies.selfBuild;
  const selfCashMonthly = self.cashflowCny[1] ?? 0;
  const breakEven = breakEvenMonth(self.capexCny, selfCashMonthly, bestRentalMonthly(ctx));
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
    crossoverLoadRate: crossover,
    breakEvenMonth: breakEven,
    selfBuildUtilizationCap: ctx.effects.utilizationCap,
    calibrated,
    recommendation: recommend({
      scenario,
      ctx,
      strategies,
      demand,
      loadRate,
      crossoverLoadRate: crossover,
      breakEvenMonth: breakEven,
      utilizationCap: ctx.effects.utilizationCap,
    }),
  };
}
