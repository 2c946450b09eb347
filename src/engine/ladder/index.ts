export { type LadderContext, type LadderUnit, ladderContext, termPriceFactor } from './bands';
export { type LadderCommitment, type LadderPlan, type LadderRung, ladderPlan } from './plan';
export { type Commitments, type LadderPricing, priceLadder, solveLadder } from './solve';
export {
  COMMITTED_TIERS,
  type CommittedTierId,
  defaultLadder,
  enabledTiers,
  ladderTierEligibility,
  TIER_FACTS,
  tierEligible,
  VARIABLE_TIERS,
} from './tiers';
