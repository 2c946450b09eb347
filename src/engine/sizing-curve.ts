import { ownClusterGpus } from './demand';
import { createDrawSampler } from './draw-sampler';
import { createPricer, type OwnedWithBurst, type Pricer } from './kernel';
import { baselineSteps, inputsFor, pricingInputs } from './model';
import { gpuTimePath } from './price-path';
import { rightSize } from './right-size';
import {
  burstCashPerUsefulGpuHour,
  burstShareOfOwned,
  type QuarterRange,
  quarterBurstCashCny,
  quarterRanges,
} from './sizing-budget';
import type { Scenario } from './types';

/**
 * The sizing curve (issue 23): what owning N GPUs and bursting the rest costs over the horizon, for N
 * from 0 to the peak in whole servers — the curve behind the engine's one right size.
 *
 *   total(N) = hybridMonthlyCnyAt(selfBuild inputs, N, owned) × horizon months
 *   per useful GPU-hour(N) = monthly(N) ÷ useful GPU-hours a month (of the reference GPU)
 *
 * Each point is priced exactly as the right-size search ranks that baseline (model/hybrid.ts, through
 * the kernel, held equal to the model by test), and the optimum is `rightSize`'s own answer, not a
 * second rule: the curve marks it, the test checks no point is cheaper.
 */
export interface SizingPoint {
  ownedGpus: number;
  monthlyCny: number;
  totalCostCny: number;
  costPerUsefulGpuHourCny: number;
  /** Share of useful demand that bursts at this size. */
  burstShare: number;
}

export interface SizingCurve {
  /** GPUs per server: the curve steps in whole servers (or a whole multiple of them, see `strideGpus`). */
  stepGpus: number;
  /** GPUs between neighbouring points (a whole number of servers; larger than a server on big clusters). */
  strideGpus: number;
  horizonMonths: number;
  /** The smallest whole-server size whose usable part serves the peak week. */
  peakGpus: number;
  points: SizingPoint[];
  /** The engine's right size (right-size.ts): the cost-minimising owned GPUs. */
  optimumGpus: number;
  /** The scenario's own cluster (whole servers). */
  currentGpus: number;
}

/** At most this many points: a 10,000-GPU peak is drawn in strides of whole servers. */
export const SIZING_MAX_POINTS = 41;

/** The owned sizes the curve prices: 0 to the peak (and the current size), with optimum and current. */
function gridOf(
  stepGpus: number,
  peakServers: number,
  extra: readonly number[],
): { gpus: number[]; stride: number } {
  const lastServers = Math.max(peakServers, ...extra.map((g) => g / stepGpus));
  const strideServers = Math.max(1, Math.ceil(lastServers / (SIZING_MAX_POINTS - 1)));
  const set = new Set<number>(extra);
  for (let s = 0; s <= lastServers; s += strideServers) set.add(s * stepGpus);
  set.add(lastServers * stepGpus);
  return { gpus: [...set].sort((a, b) => a - b), stride: strideServers * stepGpus };
}

/** One kernel set-up for pricing owned sizes of a scenario (the band re-creates it per draw). */
function ownedPricing(pricer: Pricer, s: Scenario) {
  const reference = pricer.context(s);
  const ctx = pricer.strategyContext(reference, 'selfBuild');
  const cache = pricer.cache(ctx);
  return { reference, ctx, cache };
}

/** The deterministic sizing curve of the scenario. */
export function sizingCurve(s: Scenario): SizingCurve {
  const reference = pricingInputs(s);
  const x = inputsFor(reference, 'selfBuild');
  const { step, maxSteps } = baselineSteps(x, 'owned');
  const optimumGpus = rightSize(reference, 0).gpus;
  const currentGpus = ownClusterGpus(s);
  const grid = gridOf(step, maxSteps, [optimumGpus, currentGpus]);
  // Below the servers already owned there is no size to choose: they are kept (self-build.ts).
  const ownedGpusFloor = s.existing === null ? 0 : s.existing.servers * s.selfBuild.gpusPerServer;
  const sizes = ownedGpusFloor > 0 ? grid.gpus.filter((g) => g >= ownedGpusFloor) : grid.gpus;
  const pricer = createPricer();
  const { ctx, cache } = ownedPricing(pricer, s);
  const out: OwnedWithBurst = { monthlyCny: 0, burstUsefulGpuHours: 0 };
  const usefulReference = reference.usefulGpuHoursPerMonth;
  const usefulOwn = x.usefulGpuHoursPerMonth;
  const points = sizes.map((ownedGpus) => {
    pricer.ownedWithBurst(ctx, ownedGpus, cache, out);
    return {
      ownedGpus,
      monthlyCny: out.monthlyCny,
      totalCostCny: out.monthlyCny * s.horizonMonths,
      // Per useful hour of the reference GPU, as every unit cost (model/result.ts).
      costPerUsefulGpuHourCny: usefulReference > 1e-9 ? out.monthlyCny / usefulReference : 0,
      burstShare: usefulOwn > 1e-9 ? Math.min(1, out.burstUsefulGpuHours / usefulOwn) : 0,
    };
  });
  return {
    stepGpus: step,
    strideGpus: grid.stride,
    horizonMonths: s.horizonMonths,
    peakGpus: maxSteps * step,
    points,
    optimumGpus,
    currentGpus,
  };
}

/** The Monte Carlo band of the sizing curve: P10 and P90 of the total at each size of `gpus`. */
export interface SizingBand {
  draws: number;
  seed: number;
  gpus: number[];
  p10TotalCny: number[];
  p90TotalCny: number[];
  /** The size the budget plan buys (the optimum). */
  planGpus: number;
  /** P90 of the burst cash in each quarter of the budget plan at `planGpus` (sizing-budget.ts). */
  burstP90ByQuarterCny: number[];
}

/** Draws of the band: fewer than the Monte Carlo's 10,000, since each draw prices every size. */
export const SIZING_BAND_DRAWS = 2000;

export interface SizingBandRun {
  readonly total: number;
  completed(): number;
  done(): boolean;
  advance(maxDraws: number): void;
  result(): SizingBand;
}

/**
 * Starts the band's Monte Carlo: the scenario's uncertain inputs drawn as the Monte Carlo draws them
 * (draw-sampler.ts, same seed: draw i is the Monte Carlo's draw i), each draw pricing every size of
 * the deterministic curve's grid with the kernel; and the budget plan's burst at the optimum, each
 * quarter's cash in that draw's inputs (sizing-budget.ts `quarterBurstCashCny`), for its P90.
 */
export function startSizingBand(
  s: Scenario,
  curve: SizingCurve,
  options: { draws?: number; seed?: number } = {},
): SizingBandRun {
  const total = Math.max(1, Math.floor(options.draws ?? Math.min(s.uncertainty.draws, SIZING_BAND_DRAWS)));
  const seed = options.seed ?? s.uncertainty.seed;
  const sampler = createDrawSampler(s, seed);
  const gpus = curve.points.map((p) => p.ownedGpus);
  const planGpus = curve.optimumGpus;
  const totals = gpus.map(() => new Float64Array(total));
  const quarters = quarterRanges(s.horizonMonths);
  const burstByQuarter = quarters.map(() => new Float64Array(total));
  const pricer = createPricer();
  const out: OwnedWithBurst = { monthlyCny: 0, burstUsefulGpuHours: 0 };
  // A plan's burst falls in its runs' months: timed as the scenario's own plan times it.
  const shareByMonth = burstShareOfOwned(s, planGpus);
  let completed = 0;
  const drawOnce = (i: number) => {
    sampler.next();
    const drawn = sampler.scenario;
    const { ctx, cache } = ownedPricing(pricer, drawn);
    for (let k = 0; k < gpus.length; k++) {
      pricer.ownedWithBurst(ctx, gpus[k] as number, cache, out);
      (totals[k] as Float64Array)[i] = out.monthlyCny * drawn.horizonMonths;
    }
    pricer.ownedWithBurst(ctx, planGpus, cache, out);
    const hours = out.burstUsefulGpuHours;
    const perHour = hours > 0 ? burstCashPerUsefulGpuHour(drawn) : null;
    const path = gpuTimePath(drawn.finance);
    for (let q = 0; q < quarters.length; q++)
      (burstByQuarter[q] as Float64Array)[i] =
        perHour === null
          ? 0
          : quarterBurstCashCny(hours, perHour, path, quarters[q] as QuarterRange, shareByMonth);
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
      const p10: number[] = [];
      const p90: number[] = [];
      for (const t of totals) {
        const sorted = t.slice(0, n).sort();
        p10.push(percentileOfSorted(sorted, 0.1));
        p90.push(percentileOfSorted(sorted, 0.9));
      }
      const burstP90 = burstByQuarter.map((b) => percentileOfSorted(b.slice(0, n).sort(), 0.9));
      return {
        draws: n,
        seed,
        gpus,
        p10TotalCny: p10,
        p90TotalCny: p90,
        planGpus,
        burstP90ByQuarterCny: burstP90,
      };
    },
  };
}

/** Linear-interpolated percentile of sorted values (the rule of uncertainty.ts and demand.ts). */
function percentileOfSorted(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return 0;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] ?? 0;
  const b = sorted[hi] ?? a;
  return a + (b - a) * (pos - lo);
}
