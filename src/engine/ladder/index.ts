export { type LadderContext, type LadderUnit, ladderContext, termPriceFactor } from './bands';
export { type LadderBudget, type LadderBudgetQuarter, ladderBudget, ladderPlanWithBudget } from './budget';
export { type LadderDeadlines, ladderDeadlines, planLadderDeadlines } from './deadlines';
export { type LadderCommitment, type LadderPlan, type LadderRung, ladderPlan } from './plan';
export { type Commitments, type LadderPricing, priceLadder, solveLadder } from './solve';
export {
  COMMITTED_TIERS,
  type CommittedTierId,
  defaultLadder,
  enabledTiers,
  ladderTierEligibility,
  PREPAID_SHARE,
  TIER_FACTS,
  tierEligible,
  VARIABLE_TIERS,
} from './tiers';
