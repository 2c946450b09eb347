import { capabilityEffects } from './capability';
import type { Scenario, TeamCapability } from './types';

/**
 * One utilization model for every way of getting GPUs (MODEL.md §2, v2): allocation efficiency =
 * useful ÷ held GPU-hours. Whole rented servers and the pooled platform have one efficiency each
 * (`rent.utilization`, `platform.utilization`); an own cluster has one by team level, siloed or with
 * a private pooling scheduler:
 *
 *   own = min(efficiency at an average team + offset of the level, platform efficiency)
 *
 * with offsets −10/−5/0/+5/+10 points for levels 1…5. At the defaults (45 % siloed, 70 % pooled, 75 %
 * platform) that gives 35/40/45/50/55 % siloed and 60/65/70/75/75 % pooled: siloed clusters run under
 * 40–50 % and pooling lifts them to 70 %+ (industry article on self-build vs rent, sections 2 and 3);
 * an expert operator reaches ≈80 % (Meta RSC, HPCA 2025). Never above the platform's: a specialist
 * pooling many tenants packs at least as well as one owner.
 */
export interface OwnEfficiencies {
  siloed: number;
  pooled: number;
  /** The one the scenario uses (`selfBuild.privatePool`). */
  own: number;
}

/** Lowest efficiency the table gives (keeps held = useful ÷ efficiency finite). */
export const MIN_EFFICIENCY = 0.05;

export function ownEfficiencies(s: Scenario, level: TeamCapability = s.teamCapability): OwnEfficiencies {
  const offset = capabilityEffects(level).efficiencyOffset;
  const platform = s.platform.utilization;
  const siloed = clampEfficiency(s.selfBuild.siloedEfficiency + offset, platform);
  // Pooling never does worse than silos, even when a user sets the two the wrong way round.
  const pooled = Math.max(siloed, clampEfficiency(s.selfBuild.pooledEfficiency + offset, platform));
  return { siloed, pooled, own: s.selfBuild.privatePool ? pooled : siloed };
}

/** An efficiency kept between MIN_EFFICIENCY and the platform's (and 1). */
function clampEfficiency(efficiency: number, platform: number): number {
  return Math.max(MIN_EFFICIENCY, Math.min(efficiency, platform, 1));
}

/** The own cluster's efficiency at the scenario's team level: its reachable load rate. */
export function ownEfficiency(s: Scenario): number {
  return ownEfficiencies(s).own;
}
