import { type PricingContext, strategyContext } from './strategies/context';
import type { PricingCache } from './strategies/parts';
import { createPricingCache, ownedPart } from './strategies/parts';
import { hybridTotalAt, searchHybridBaseline } from './strategies/price';
import type { RightSize } from './types';

/**
 * The owned capacity that minimises cost for this demand (MODEL.md §5 "Right-sizing"): the cheapest
 * whole-server owned baseline with the rest bursting to the platform (or waiting, on premises) — the
 * same convex search as the hybrid's (price.ts searchHybridBaseline), always with an owned baseline.
 * When it needs no burst, it is simply a smaller (or larger) own cluster: "own N GPUs, not M".
 */
export function rightSize(
  reference: PricingContext,
  referenceCache: PricingCache,
  selfBuildMonthlyCny: number,
): RightSize {
  // Sized in the own cluster's GPU model (MODEL.md §8).
  const ctx = strategyContext(reference, 'selfBuild');
  const cache = ctx === reference ? referenceCache : createPricingCache(ctx);
  const found = searchHybridBaseline(ctx, cache, 'owned');
  const gpus = found.baselineGpus;
  const monthlyCny = hybridTotalAt(ctx, gpus, cache, 'owned');
  const useful = ctx.usefulGpuHoursPerMonth;
  const served = gpus > 0 ? ownedPart(ctx, gpus, cache).usefulGpuHours : 0;
  const burstShare = useful > 1e-9 ? Math.min(1, Math.max(0, useful - served) / useful) : 0;
  return {
    gpus,
    monthlyCny,
    burstShare: burstShare < 1e-12 ? 0 : burstShare,
    currentGpus: ctx.selfBuildCapacityGpus,
    savingMonthlyCny: Math.max(0, selfBuildMonthlyCny - monthlyCny),
  };
}
