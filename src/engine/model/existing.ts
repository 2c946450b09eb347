import type { PricingInputs } from './inputs';
import type { PartCost } from './part';

/**
 * A way that sells the cluster the team already owns (rent, the platform, the hybrid's reserved
 * baseline) carries what selling means under the lens (existing-cluster.ts `sell`): under the full lens
 * the write-off in iteration risk and, in the economic view, its capital charge in compute; under the
 * marginal lens nothing. Both are costs, not cash (the sale is cash, cash.ts).
 */
export function withExistingSold(x: PricingInputs, part: PartCost): PartCost {
  const existing = x.existing;
  if (existing === null) return part;
  const lines = existing.sell;
  return {
    ...part,
    breakdown: {
      ...part.breakdown,
      compute: part.breakdown.compute + lines.capitalChargeCny,
      iteration: part.breakdown.iteration + lines.iterationCny,
    },
    nonCashCny: part.nonCashCny + lines.capitalChargeCny + lines.iterationCny,
  };
}
