import type { StrategyId } from './types';

/** On equal cost the simpler option wins: a hybrid equal to one of its parts is that part. */
export const TIE_PREFERENCE: readonly StrategyId[] = ['platform', 'rent', 'selfBuild', 'hybrid'];

/** The cheapest strategy among those with a cost (null = ineligible). */
export function pickWinner(monthly: Record<StrategyId, number | null>): StrategyId | null {
  let best: StrategyId | null = null;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const id of TIE_PREFERENCE) {
    const cost = monthly[id];
    if (cost !== null && cost < bestCost) {
      best = id;
      bestCost = cost;
    }
  }
  return best;
}
