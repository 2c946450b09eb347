import type { PricingContext } from './strategies/context';
import { priceAll, totalOf } from './strategies/price';
import { STRATEGY_IDS, type StrategyId } from './types';
import { competingMonthly, pickWinner } from './winner';

/** Monthly cost of each strategy (null when ineligible) and the winner, from one pricing. */
export function pointOf(ctx: PricingContext): {
  monthlyCny: Record<StrategyId, number | null>;
  winner: StrategyId;
} {
  const costs = priceAll(ctx);
  const monthlyCny = {} as Record<StrategyId, number | null>;
  const competing = {} as Parameters<typeof competingMonthly>[0];
  const useful = ctx.usefulGpuHoursPerMonth;
  for (const id of STRATEGY_IDS) {
    const c = costs[id];
    const total = totalOf(c.part.breakdown);
    monthlyCny[id] = c.eligible ? total : null;
    competing[id] = {
      eligible: c.eligible,
      monthlyCny: total,
      baselineGpus: c.baselineGpus,
      burstShare: useful > 1e-9 ? Math.min(1, c.burstUsefulGpuHours / useful) : 0,
    };
  }
  return { monthlyCny, winner: pickWinner(competingMonthly(competing)) ?? 'selfBuild' };
}

/** The winner under the recommendation's rules for a pricing context. */
export function winnerAtContext(ctx: PricingContext): StrategyId {
  return pointOf(ctx).winner;
}
