import { STRATEGY_IDS, type StrategyId, type StrategyResult } from './types';

/** On equal cost the simpler option wins: a hybrid equal to one of its parts is that part. */
export const TIE_PREFERENCE: readonly StrategyId[] = ['platform', 'rent', 'selfBuild', 'hybrid'];

/**
 * Costs closer than this share are equal (a saving that would print as 0.0 %): the simpler option
 * wins and the verdict calls it a tie, so no answer, strip or flip turns on a rounding difference.
 */
export const TIE_FRACTION = 0.0005;

/** The cheapest strategy among those with a cost (null = ineligible); near-equal costs tie. */
export function pickWinner(monthly: Record<StrategyId, number | null>): StrategyId | null {
  let best: StrategyId | null = null;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const id of TIE_PREFERENCE) {
    const cost = monthly[id];
    if (cost !== null && cost < bestCost * (1 - TIE_FRACTION)) {
      best = id;
      bestCost = cost;
    }
  }
  return best;
}

/** Monthly costs of the strategies that compete: eligible, and a hybrid only when it is a real mix. */
export function competingMonthly(
  strategies: Record<
    StrategyId,
    Pick<StrategyResult, 'eligible' | 'monthlyCny' | 'baselineGpus' | 'burstShare'>
  >,
): Record<StrategyId, number | null> {
  const out = {} as Record<StrategyId, number | null>;
  for (const id of STRATEGY_IDS) {
    const r = strategies[id];
    const degenerateHybrid = id === 'hybrid' && (r.baselineGpus <= 0 || r.burstShare <= 0);
    out[id] = r.eligible && !degenerateHybrid ? r.monthlyCny : null;
  }
  return out;
}
