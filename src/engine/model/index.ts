/**
 * The cost model in code (MODEL.md §2–§3, §8): one file per strategy, one formula per cost category,
 * the six categories named once (categories.ts). Plain and allocating, with no caches and no state:
 * this is the code to read, and what `evaluate` prices with. The kernel (../kernel) prices the same
 * numbers fast for the loops, held equal to this to the last bit by a property test.
 *
 * Reading order: inputs.ts (what a pricing reads) → rent.ts, platform.ts, self-build.ts (one
 * function per category) → burst.ts, lead-time.ts → hybrid.ts → strategies.ts → cash-model.ts,
 * result.ts.
 */
export { burstCnyPerUsefulGpuHour, burstPart, gateBurstCnyPerUsefulGpuHour } from './burst';
export { cashModelOf, npv } from './cash-model';
export { addBreakdowns, totalOf } from './categories';
export { baselinePart, baselineSteps, cheapestBaseline, hybridMonthlyCnyAt, reservedPart } from './hybrid';
export { atMarketFactor, inputsFor, type PricingInputs, type PricingPoint, pricingInputs } from './inputs';
export { leadTimeCnyPerUsefulGpuHour, leadTimeCostsPerUsefulGpuHour } from './lead-time';
export type { BaselinePart, PartCost } from './part';
export { servedGpuHours } from './part';
export { platformPart } from './platform';
export { rentPart } from './rent';
export { toResult } from './result';
export { ownedPart } from './self-build';
export {
  priceHybrid,
  priceHybridAt,
  pricePlatform,
  priceRent,
  priceSelfBuild,
  priceStrategies,
  type StrategyCost,
} from './strategies';
