import { crossoverLoadRates } from './crossover';
import { createDrawSampler } from './draw-sampler';
import { createPricer, emptyMonthlyCosts } from './kernel';
import { COMPARATOR_IDS, type ComparatorId, type Scenario, STRATEGY_IDS, type StrategyId } from './types';
import { pickWinner } from './winner';

/** 10th, 50th and 90th percentiles of a quantity across the draws. */
export interface Percentiles {
  p10: number;
  p50: number;
  p90: number;
}

export interface StrategyUncertainty {
  eligible: boolean;
  /** Share of draws in which the strategy is the cheapest eligible one; null when ineligible. */
  pCheapest: number | null;
  /** Monthly cost across the draws; null when ineligible. */
  monthlyCny: Percentiles | null;
  meanMonthlyCny: number | null;
}

export interface MonteCarloResult {
  draws: number;
  seed: number;
  /** Inputs that were sampled (sorted: the order in which each draw consumes random numbers). */
  sampledPaths: string[];
  strategies: Record<StrategyId, StrategyUncertainty>;
  /** The crossover load rate of self-build against each named comparator across the draws. */
  crossover: Record<ComparatorId, CrossoverUncertainty>;
}

export interface CrossoverUncertainty {
  /** Draws on which the crossover load rate was computed (an evenly spaced subsample). */
  sampledDraws: number;
  /** Share of those draws in which self-build and this comparator cross within 0–100 % load. */
  crossingShare: number;
  /** Percentiles of the crossover load rate over the draws that cross; null when none does. */
  loadRate: Percentiles | null;
}

function crossoverSummary(values: number[], sampledDraws: number): CrossoverUncertainty {
  return {
    sampledDraws,
    crossingShare: sampledDraws > 0 ? values.length / sampledDraws : 0,
    loadRate: values.length > 0 ? percentiles(Float64Array.from(values)) : null,
  };
}

export interface MonteCarloOptions {
  /** Number of draws (default: the scenario's `uncertainty.draws`). */
  draws?: number;
  /** Seed (default: the scenario's `uncertainty.seed`). */
  seed?: number;
  /**
   * How many draws also compute the crossover load rate (default 100, evenly spaced over the run).
   * One crossover is a 100-step scan plus a bisection, ≈150 pricings, so computing it on all 10,000
   * draws would cost ≈20× the rest of the run on weekly curves. Its P10–P90 therefore rests on 100
   * draws and carries more sampling error than the cost percentiles (not quantified yet).
   */
  crossoverDraws?: number;
  /** Called with the fraction done (0–1) about every 5 % of the draws and at the end. */
  onProgress?: (fraction: number) => void;
}

/** A Monte Carlo run that can be advanced in slices, so a worker can report progress and cancel. */
export interface MonteCarloRun {
  readonly total: number;
  /** Draws done so far. */
  completed(): number;
  done(): boolean;
  /** Runs up to `maxDraws` further draws. */
  advance(maxDraws: number): void;
  /** The result of the draws done so far (all of them once `done()`). */
  result(): MonteCarloResult;
}

export const DEFAULT_CROSSOVER_DRAWS = 300;

/** Linear-interpolated percentile of a sorted typed array (same rule as demand.ts percentileSorted). */
function percentileOf(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return 0;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] ?? 0;
  const b = sorted[hi] ?? a;
  return a + (b - a) * (pos - lo);
}

function percentiles(values: Float64Array): Percentiles {
  const sorted = values.slice().sort();
  return { p10: percentileOf(sorted, 0.1), p50: percentileOf(sorted, 0.5), p90: percentileOf(sorted, 0.9) };
}

/**
 * Starts a Monte Carlo run over the scenario's uncertainty ranges. Each draw samples every ranged
 * input (triangular, mode at the scenario's value; triangular.ts, drawn by draw-sampler.ts), prices the four strategies with
 * the same pricers `evaluate` uses (createContext + priceAllMonthly, priceAll's totals, without cash flows or the
 * recommendation's text), and records each strategy's monthly cost and the cheapest competing one
 * (eligible, and a hybrid only when it is a real mix: recommend.ts competingMonthly; ties by
 * TIE_PREFERENCE). The crossover load rate is computed on an evenly spaced subsample of draws
 * (`crossoverDraws`). Pure and deterministic: the same scenario, draws and seed give the same result.
 */
export function startMonteCarlo(
  scenario: Scenario,
  options: Omit<MonteCarloOptions, 'onProgress'> = {},
): MonteCarloRun {
  const total = Math.max(1, Math.floor(options.draws ?? scenario.uncertainty.draws));
  const seed = options.seed ?? scenario.uncertainty.seed;
  const sampler = createDrawSampler(scenario, seed);
  const paths = sampler.paths;
  const crossoverEvery = Math.max(
    1,
    Math.round(total / Math.max(1, options.crossoverDraws ?? DEFAULT_CROSSOVER_DRAWS)),
  );

  const costs: Record<StrategyId, Float64Array> = {
    selfBuild: new Float64Array(total),
    rent: new Float64Array(total),
    platform: new Float64Array(total),
    hybrid: new Float64Array(total),
  };
  const wins: Record<StrategyId, number> = { selfBuild: 0, rent: 0, platform: 0, hybrid: 0 };
  const eligible: Record<StrategyId, boolean> = { selfBuild: true, rent: true, platform: true, hybrid: true };
  const crossovers: Record<ComparatorId, number[]> = { rent: [], platform: [] };
  let crossoverSampled = 0;
  let completed = 0;
  const competing: Record<StrategyId, number | null> = {
    selfBuild: null,
    rent: null,
    platform: null,
    hybrid: null,
  };

  // Written by each draw (priceAllMonthly: the same numbers as priceAll, without its allocations).
  const priced = emptyMonthlyCosts();
  const pricer = createPricer();
  const drawOnce = (i: number): void => {
    sampler.next();
    const ctx = pricer.context(sampler.scenario);
    pricer.priceAllMonthly(ctx, priced);
    const useful = ctx.usefulGpuHoursPerMonth;
    for (const id of STRATEGY_IDS) {
      const c = priced[id];
      const monthly = c.monthlyCny;
      costs[id][i] = monthly;
      eligible[id] = c.eligible;
      const degenerateHybrid =
        id === 'hybrid' && (c.baselineGpus <= 0 || !(useful > 0 && c.burstUsefulGpuHours / useful > 0));
      competing[id] = c.eligible && !degenerateHybrid ? monthly : null;
    }
    const winner = pickWinner(competing);
    if (winner) wins[winner]++;
    if (i % crossoverEvery === 0) {
      crossoverSampled++;
      const x = crossoverLoadRates(sampler.scenario);
      for (const id of COMPARATOR_IDS) {
        const v = x[id];
        if (v !== null) crossovers[id].push(v);
      }
    }
  };

  return {
    total,
    completed: () => completed,
    done: () => completed >= total,
    advance(maxDraws) {
      const end = Math.min(total, completed + Math.max(0, Math.floor(maxDraws)));
      for (; completed < end; completed++) drawOnce(completed);
    },
    result() {
      const n = completed;
      const strategies = {} as Record<StrategyId, StrategyUncertainty>;
      for (const id of STRATEGY_IDS) {
        const values = costs[id].subarray(0, n);
        let sum = 0;
        for (const v of values) sum += v;
        strategies[id] =
          eligible[id] && n > 0
            ? {
                eligible: true,
                pCheapest: wins[id] / n,
                monthlyCny: percentiles(values),
                meanMonthlyCny: sum / n,
              }
            : { eligible: false, pCheapest: null, monthlyCny: null, meanMonthlyCny: null };
      }
      return {
        draws: n,
        seed,
        sampledPaths: paths,
        strategies,
        crossover: {
          rent: crossoverSummary(crossovers.rent, crossoverSampled),
          platform: crossoverSummary(crossovers.platform, crossoverSampled),
        },
      };
    },
  };
}

/**
 * Monte Carlo over the scenario's uncertainty ranges (docs/model.md §5, the "uncertainty"): the
 * probability that each strategy is cheapest, P10/P50/P90 of each strategy's monthly cost and of the
 * crossover load rate. Runs `startMonteCarlo` to the end in slices of 5 %, reporting progress (the app
 * runs `startMonteCarlo` in the analysis worker).
 * @internal exported for tests
 */
export function monteCarlo(scenario: Scenario, options: MonteCarloOptions = {}): MonteCarloResult {
  const run = startMonteCarlo(scenario, options);
  const slice = Math.max(1, Math.ceil(run.total / 20));
  while (!run.done()) {
    run.advance(slice);
    options.onProgress?.(run.completed() / run.total);
  }
  return run.result();
}
