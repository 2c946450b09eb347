import { emptyMonthlyCosts, type Pricer, type PricingContext } from './kernel';
import { STRATEGY_IDS, type StrategyId } from './types';
import { competingMonthly, pickWinner } from './winner';

/** Monthly cost of each strategy (null when ineligible) and the winner, from one kernel pricing. */
export function pointOf(
  pricer: Pricer,
  ctx: PricingContext,
): {
  monthlyCny: Record<StrategyId, number | null>;
  winner: StrategyId;
} {
  const costs = emptyMonthlyCosts();
  pricer.priceAllMonthly(ctx, costs);
  const monthlyCny = {} as Record<StrategyId, number | null>;
  const competing = {} as Parameters<typeof competingMonthly>[0];
  const useful = ctx.usefulGpuHoursPerMonth;
  for (const id of STRATEGY_IDS) {
    const c = costs[id];
    monthlyCny[id] = c.eligible ? c.monthlyCny : null;
    competing[id] = {
      eligible: c.eligible,
      monthlyCny: c.monthlyCny,
      baselineGpus: c.baselineGpus,
      burstShare: useful > 1e-9 ? Math.min(1, c.burstUsefulGpuHours / useful) : 0,
    };
  }
  return { monthlyCny, winner: pickWinner(competingMonthly(competing)) ?? 'selfBuild' };
}
