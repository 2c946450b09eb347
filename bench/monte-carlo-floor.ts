/**
 * The Monte Carlo's floor (issue 36): a bare loop of the same arithmetic — the same draws (the same
 * sampler, seed and count) priced by the same kernel calls (a context per draw, the four strategies'
 * monthly totals), with nothing else: no percentiles, no winner count, no crossover subsample. The
 * Monte Carlo must stay within 2 × this loop; a per-draw re-sort of the demand (a training plan laid
 * over the horizon again on every draw) put it at ≈ 4 × and more.
 */
import { createDrawSampler } from '../src/engine/draw-sampler';
import { createPricer, emptyMonthlyCosts } from '../src/engine/kernel';
import type { Scenario } from '../src/engine/types';

/** Prices `draws` draws of the scenario's uncertainty; returns a sum so the work cannot be skipped. */
export function bareDrawLoop(scenario: Scenario, draws: number, seed: number): number {
  const sampler = createDrawSampler(scenario, seed);
  const pricer = createPricer();
  const priced = emptyMonthlyCosts();
  let sum = 0;
  for (let i = 0; i < draws; i++) {
    sampler.next();
    pricer.priceAllMonthly(pricer.context(sampler.scenario), priced);
    sum +=
      priced.selfBuild.monthlyCny +
      priced.rent.monthlyCny +
      priced.platform.monthlyCny +
      priced.hybrid.monthlyCny;
  }
  return sum;
}

/** The Monte Carlo ÷ its floor may be at most this. */
export const MONTE_CARLO_FLOOR_RATIO_MAX = 2;
