import type { IneligibleReason, StrategyId } from '../types';
import { withExistingSold } from './existing';
import { baselinePart, cheapestBaseline, withBurst } from './hybrid';
import { inputsFor, type PricingInputs } from './inputs';
import type { BaselinePart, PartCost } from './part';
import { platformPart } from './platform';
import { rentPart } from './rent';
import { ownedPart } from './self-build';

/** One strategy's monthly cost, with what its pricing chose (baseline, burst). */
export interface StrategyCost {
  id: StrategyId;
  eligible: boolean;
  ineligibleReason: IneligibleReason | null;
  part: PartCost;
  baselineGpus: number;
  burstUsefulGpuHours: number;
  /** The owned or reserved baseline (self-build, hybrid), priced on its own; null for rent/platform. */
  base: { kind: 'owned' | 'reserved'; gpus: number; part: BaselinePart } | null;
}

/**
 * Self-build (docs/model.md §2): the own cluster at its configured size, every hour paid; demand above what
 * it holds bursts to the platform (or waits, on premises).
 */
export function priceSelfBuild(reference: PricingInputs): StrategyCost {
  const x = inputsFor(reference, 'selfBuild');
  const base = ownedPart(x, x.selfBuildCapacityGpus);
  const { part, burstUsefulGpuHours } = withBurst(x, base);
  return {
    id: 'selfBuild',
    eligible: true,
    ineligibleReason: null,
    part,
    baselineGpus: base.capacityGpus,
    burstUsefulGpuHours,
    base: { kind: 'owned', gpus: base.capacityGpus, part: base },
  };
}

/** Rent: whole servers by the hour for all the demand; not when data must stay on premises. */
export function priceRent(reference: PricingInputs): StrategyCost {
  const x = inputsFor(reference, 'rent');
  return {
    id: 'rent',
    eligible: x.rentEligible,
    ineligibleReason: x.rentEligible ? null : 'onPremPublicRent',
    part: withExistingSold(x, rentPart(x, x.usefulGpuHoursPerMonth)),
    baselineGpus: 0,
    burstUsefulGpuHours: 0,
    base: null,
  };
}

/** Platform: the pooled platform for all the demand; not when data must stay on premises. */
export function pricePlatform(reference: PricingInputs): StrategyCost {
  const x = inputsFor(reference, 'platform');
  return {
    id: 'platform',
    eligible: x.platformEligible,
    ineligibleReason: x.platformEligible ? null : 'onPremPublicPlatform',
    part: withExistingSold(x, platformPart(x, x.usefulGpuHoursPerMonth)),
    baselineGpus: 0,
    burstUsefulGpuHours: x.usefulGpuHoursPerMonth,
    base: null,
  };
}

/** Hybrid at a given baseline: owned or reserved GPUs (`hybrid.baselineMode`) plus platform burst. */
export function priceHybridAt(reference: PricingInputs, baselineGpus: number): StrategyCost {
  const x = inputsFor(reference, 'hybrid');
  const kind = x.scenario.hybrid.baselineMode;
  const base = baselinePart(x, baselineGpus, kind);
  const burst = withBurst(x, base);
  const { burstUsefulGpuHours } = burst;
  // A reserved baseline sells the cluster already owned; an owned one keeps it (self-build.ts).
  const part = kind === 'reserved' ? withExistingSold(x, burst.part) : burst.part;
  return {
    id: 'hybrid',
    eligible: x.platformEligible,
    ineligibleReason: x.platformEligible ? null : 'onPremPublicBurst',
    part,
    baselineGpus: base.capacityGpus,
    burstUsefulGpuHours,
    base: { kind, gpus: base.capacityGpus, part: base },
  };
}

/** Hybrid at the baseline the user pinned, or else at the cheapest one (hybrid.ts cheapestBaseline). */
export function priceHybrid(reference: PricingInputs): StrategyCost {
  const pinned = reference.scenario.hybrid.baselineGpus;
  if (pinned !== null) return priceHybridAt(reference, pinned);
  const x = inputsFor(reference, 'hybrid');
  return priceHybridAt(reference, cheapestBaseline(x, x.scenario.hybrid.baselineMode).baselineGpus);
}

/** The four strategies priced on the same demand. */
export function priceStrategies(x: PricingInputs): Record<StrategyId, StrategyCost> {
  return {
    selfBuild: priceSelfBuild(x),
    rent: priceRent(x),
    platform: pricePlatform(x),
    hybrid: priceHybrid(x),
  };
}
