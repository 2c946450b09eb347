import { cashModelOf, priceHybrid, pricingInputs, toResult } from './model';
import type { Evaluation, HybridBaselineMode, Scenario, StrategyResult } from './types';
import { TIE_FRACTION } from './winner';

/**
 * The hybrid a view offers, told honestly (docs/model.md §9 "the hybrid offered by the self-assessment is
 * never dearer than the engine's own best hybrid unless the user pinned its baseline, and then it
 * says so"). The scenario's hybrid is priced at the baseline the user pinned (`hybrid.baselineGpus`,
 * e.g. the self-assessment's "peak capacity is slow to get" answer holds the p95 week in house) or,
 * when that is null, at the engine's cheapest baseline. A pinned baseline can cost far more than the
 * cheapest one (even more than the platform it bursts to), so the offer carries both.
 */

export interface HybridAt {
  /** Owned or reserved baseline GPUs (whole servers). */
  baselineGpus: number;
  monthlyCny: number;
  /** Share of useful demand that bursts to the platform. */
  burstShare: number;
}

export interface HybridOffer {
  mode: HybridBaselineMode;
  eligible: boolean;
  /** Whether the baseline is the user's (pinned) rather than the engine's optimum. */
  pinned: boolean;
  /** The scenario's hybrid as priced (the user's baseline when pinned). */
  offered: HybridAt;
  /** The engine's best hybrid: the same scenario with the baseline left to the optimiser. */
  best: HybridAt;
  /** offered − best, a month: what the user's baseline costs above the best (0 unless pinned). */
  extraMonthlyCny: number;
  /**
   * A pinned baseline that costs the same as the best to within the recommendation's tie rule
   * (winner.ts TIE_FRACTION): the user's choice is also the cheapest. False when not pinned.
   */
  pinnedIsBest: boolean;
}

function at(r: Pick<StrategyResult, 'baselineGpus' | 'monthlyCny' | 'burstShare'>): HybridAt {
  return { baselineGpus: r.baselineGpus, monthlyCny: r.monthlyCny, burstShare: r.burstShare };
}

/**
 * The engine's best hybrid for a scenario: priced exactly as `evaluate` prices the hybrid (same
 * inputs, cash model and result), with the baseline left to the optimiser — without the rest of an
 * evaluation (comparisons, flips), which the offer does not need.
 */
export function bestHybrid(s: Scenario): StrategyResult {
  const ctx = pricingInputs({ ...s, hybrid: { ...s.hybrid, baselineGpus: null } });
  const cost = priceHybrid(ctx);
  return toResult(ctx, cost, cashModelOf(ctx, cost));
}

export function hybridOffer(s: Scenario, e: Pick<Evaluation, 'strategies'>): HybridOffer {
  const offered = at(e.strategies.hybrid);
  const pinned = s.hybrid.baselineGpus !== null;
  const best = pinned ? at(bestHybrid(s)) : offered;
  return {
    mode: s.hybrid.baselineMode,
    eligible: e.strategies.hybrid.eligible,
    pinned,
    offered,
    best,
    extraMonthlyCny: pinned ? offered.monthlyCny - best.monthlyCny : 0,
    pinnedIsBest: pinned && offered.monthlyCny - best.monthlyCny <= TIE_FRACTION * offered.monthlyCny,
  };
}
