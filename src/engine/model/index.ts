/**
 * The cost model in code (docs/model.md §2–§3, §8): one file per strategy, one formula per cost category,
 * the six categories named once (categories.ts). Plain and allocating, with no caches and no state:
 * this is the code to read, and what `evaluate` prices with. The kernel (../kernel) prices the same
 * numbers fast for the loops, held equal to this to the last bit by a property test.
 *
 * Reading order: inputs.ts (what a pricing reads) → rent.ts, platform.ts, self-build.ts (one
 * function per category) → burst.ts, lead-time.ts → hybrid.ts → strategies.ts → cash-model.ts,
 * result.ts.
 */
export { burstCnyPerUsefulGpuHour } from './burst';
export { cashModelOf } from './cash-model';
export { totalOf } from './categories';
export { baselinePart, baselineSteps, cheapestBaseline, hybridMonthlyCnyAt } from './hybrid';
export { inputsFor, type PricingInputs, pricingInputs } from './inputs';
export { onDemandMarketOf } from './market-use';
export type { BaselinePart, PartCost } from './part';
export { addParts, weightedServedGpuHours, zeroBaseline, zeroPart } from './part';
export { costPerUsefulGpuHour, costPerUsefulPflopHour, toResult } from './result';
export { ownedPart } from './self-build';
export {
  priceHybrid,
  pricePlatform,
  priceRent,
  priceSelfBuild,
  priceStrategies,
  type StrategyCost,
} from './strategies';
