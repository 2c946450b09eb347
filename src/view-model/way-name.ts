import type { TFunction } from 'i18next';
import type { Scenario, StrategyId } from '../engine';

/**
 * A way's name as the verdict says it. With a cluster already owned the ways are what they do with it
 * (docs/model.md §10 "The marginal lens"): self-build keeps it and adds servers, rent and the platform
 * sell it first, the hybrid keeps it under an owned baseline and sells it under a reserved one.
 * Without one, the four ways' own names.
 */
export function wayName(
  t: TFunction,
  id: StrategyId,
  scenario: Pick<Scenario, 'existing' | 'hybrid'>,
): string {
  if (scenario.existing === null) return t(`common:strategy.${id}`);
  if (id !== 'hybrid') return t(`common:wayWithExisting.${id}`);
  return t(
    `common:wayWithExisting.${scenario.hybrid.baselineMode === 'owned' ? 'hybridOwned' : 'hybridReserved'}`,
  );
}
