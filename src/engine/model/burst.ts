import { burstMarketFactor } from '../horizon-demand';
import { totalOf } from './categories';
import { atMarketFactor, type PricingInputs } from './inputs';
import { type PartCost, zeroPart } from './part';
import { platformPart } from './platform';

/**
 * Demand above what an owned or reserved baseline serves goes to the pooled platform as burst
 * (seed 003 §6). When data must stay on premises there is no public burst: the work waits, and the
 * wait is valued at what the platform would have charged, in the time category.
 */
export function burstPart(x: PricingInputs, usefulGpuHours: number): PartCost {
  if (usefulGpuHours > 0 && x.platformEligible) return platformPart(x, usefulGpuHours);
  return waitingPart(x, usefulGpuHours);
}

/** Work that waits (no capacity may take it): valued at what the platform would have charged, in time. */
export function waitingPart(x: PricingInputs, usefulGpuHours: number): PartCost {
  const part = zeroPart();
  part.breakdown.time =
    usefulGpuHours <= 0 ? 0 : (usefulGpuHours / x.platformUtilization) * x.platformCnyPerGpuHour;
  return part;
}

/**
 * Cost of one useful GPU-hour of burst at the inputs' market price. Burst pricing is linear in the
 * hours, so one hour's cost is the marginal cost.
 */
export function burstCnyPerUsefulGpuHour(x: PricingInputs): number {
  if (!x.platformEligible) return x.platformCnyPerGpuHour / x.platformUtilization;
  return totalOf(platformPart(x, 1).breakdown);
}

/**
 * The bar an own cluster must beat at the margin to take work: a useful GPU-hour of burst at the
 * horizon's average market price, so the choice is one for the whole horizon.
 */
export function gateBurstCnyPerUsefulGpuHour(x: PricingInputs): number {
  return burstCnyPerUsefulGpuHour(atMarketFactor(x, x.averageMarketFactor));
}

/**
 * The inputs burst above a baseline holding `usableGpus` is billed at: for a dated plan priced month
 * by month, its own market factor — the burst falls in the months the baseline cannot cover, each
 * month at its price (horizon-demand.ts burstMarketFactor); otherwise the inputs as they are.
 */
export function atBurstFactor(x: PricingInputs, usableGpus: number): PricingInputs {
  if (!x.followsTimeline || x.dated === null) return x;
  return atMarketFactor(x, burstMarketFactor(x.dated, x.curveScale, usableGpus));
}
