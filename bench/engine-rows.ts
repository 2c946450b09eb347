/**
 * The engine's benchmark rows, shared by `bench/run.ts` (the table and bench/results.json) and
 * `bench/engine.ts` (quick before/after checks that write nothing): same scenarios, runs and warm-up.
 */
import { performance } from 'node:perf_hooks';
import {
  defaultScenario,
  evaluate,
  ladderPlanWithBudget,
  newTrainingRun,
  planDeadlines,
  presets,
  type Scenario,
  sizingCurve,
  startSizingBand,
  sweepLoadRate,
} from '../src/engine';
import { switchDemandMode } from '../src/engine/demand-mode';
import { monteCarlo } from '../src/engine/uncertainty';
import { parseScenario } from '../src/scenario';
import { bareDrawLoop } from './monte-carlo-floor';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median wall time of `fn` in ms over `runs` runs after `warmup` unmeasured ones. */
function measure(fn: () => void, runs: number, warmup = 50): number {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

export interface EngineRow {
  key: string;
  what: string;
  budget: number | null;
  /** Runs the measurement; returns the median in ms. */
  run: () => number;
}

const seed = presets.seedTeam!;
const weekly = presets.growingCompany!;
const largeLab = presets.largeLab!;

/** The sizing curve and its band to the end, as the worker computes them (its default draws). */
function sizingWithBand(s: typeof seed): void {
  const run = startSizingBand(s, sizingCurve(s));
  while (!run.done()) run.advance(run.total);
  run.result();
}

/** Median wall time of the first `runs` calls of `fn` in this process (no warm-up): the JIT tiering up. */
function measureFirst(fn: () => void, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

/**
 * A plan of `runs` runs, a week apart (issue 23's 50; issue 37's 60): sizes from 1B parameters up on
 * 0.1–1T tokens, each on 256 GPUs with a deadline, on an own cluster of 512 GPUs.
 */
function weeklyRunsPlan(runs: number): Scenario {
  return switchDemandMode(
    {
      ...defaultScenario,
      selfBuild: { ...defaultScenario.selfBuild, capacityGpus: 512 },
      trainingPlan: {
        runs: Array.from({ length: runs }, (_, i) => ({
          ...newTrainingRun(defaultScenario),
          paramsBillions: 1 + i,
          tokensTrillions: 0.1 + (i % 10) / 10,
          startWeek: 1 + i,
          gpus: 256,
          deadlineWeek: 20 + i,
        })),
        recurringGpuHoursPerMonth: 5_000,
        onDemandGpus: 256,
      },
    },
    'plan',
  );
}

const plan50 = weeklyRunsPlan(50);

/** What one edit of a plan recomputes: the door (validation and the plan's curve), evaluate, deadlines. */
function recomputePlan(s: Scenario): void {
  const parsed = parseScenario(s);
  if (!parsed.ok) throw new Error('the 50-run plan does not validate');
  planDeadlines(parsed.scenario, evaluate(parsed.scenario));
}

/**
 * A 20-run plan (weeks 1–40, 256 GPUs each, deadlines) on a 512-GPU cluster: a dated demand, the kind
 * whose Monte Carlo laid the plan over the horizon again on every draw (issue 36).
 */
const plan20: Scenario = switchDemandMode(
  {
    ...defaultScenario,
    selfBuild: { ...defaultScenario.selfBuild, capacityGpus: 512 },
    trainingPlan: {
      runs: Array.from({ length: 20 }, (_, i) => ({
        ...newTrainingRun(defaultScenario),
        paramsBillions: 1 + i,
        tokensTrillions: 0.1 + (i % 10) / 10,
        startWeek: 1 + 2 * i,
        gpus: 256,
        deadlineWeek: 40 + i,
      })),
      recurringGpuHoursPerMonth: 5_000,
      onDemandGpus: 256,
    },
  },
  'plan',
);

const plan60 = weeklyRunsPlan(60);

/**
 * The Monte Carlo and its floor (bench/monte-carlo-floor.ts) measured in turns — a Monte Carlo, then
 * the bare loop, five times — so a change in the machine's load falls on both alike; each row reads
 * its median from the one measurement.
 */
const pairs = new Map<Scenario, { monteCarloMs: number; floorMs: number }>();
function monteCarloAndFloor(s: Scenario): { monteCarloMs: number; floorMs: number } {
  const known = pairs.get(s);
  if (known) return known;
  const mc: number[] = [];
  const floor: number[] = [];
  monteCarlo(s, { draws: 10_000, seed: 1 });
  bareDrawLoop(s, 10_000, 1);
  for (let i = 0; i < 5; i++) {
    let t0 = performance.now();
    monteCarlo(s, { draws: 10_000, seed: 1 });
    mc.push(performance.now() - t0);
    t0 = performance.now();
    bareDrawLoop(s, 10_000, 1);
    floor.push(performance.now() - t0);
  }
  const pair = { monteCarloMs: median(mc), floorMs: median(floor) };
  pairs.set(s, pair);
  return pair;
}

export const ENGINE_ROWS: readonly EngineRow[] = [
  {
    key: 'evaluateFirstMs',
    what: 'evaluate(seedTeam), median of its first 1,000 calls (no warm-up)',
    budget: null,
    run: () => measureFirst(() => evaluate(seed), 1_000),
  },
  {
    // Warmed up until the JIT has optimised the model's functions (≈ 1,000 calls; measured): the
    // figure of a session that evaluates on every input.
    key: 'evaluateMs',
    what: 'evaluate(seedTeam), median after 2,000 warm-up calls',
    budget: 0.2,
    run: () => measure(() => evaluate(seed), 2_000, 2_000),
  },
  {
    key: 'evaluateWeeklyMs',
    what: 'evaluate(growingCompany, 52 weeks), median',
    budget: null,
    run: () => measure(() => evaluate(weekly), 1_000),
  },
  {
    key: 'sweep201Ms',
    what: 'sweepLoadRate(growingCompany, 201), median',
    budget: null,
    run: () => measure(() => sweepLoadRate(weekly, 201), 100, 5),
  },
  {
    key: 'plan50RecomputeMs',
    what: 'a 50-run training plan: validate, make its curve, evaluate and its deadlines per strategy, median',
    budget: null,
    run: () => measure(() => recomputePlan(plan50), 200, 20),
  },
  {
    // Solved in the analysis worker (the section keeps its last plan until the next), so no
    // slider-step budget applies; the figure is what a step's answer waits for there.
    key: 'ladder52WeeksMs',
    what: 'ladderPlanWithBudget(growingCompany, 52 weeks): solve, each rung re-solved without it, schedule, the plan by quarter (in the worker), median',
    budget: null,
    run: () => measure(() => ladderPlanWithBudget(weekly), 50, 10),
  },
  {
    key: 'ladderLargeLabMs',
    what: 'ladderPlanWithBudget(largeLab, 52 weeks, 1,530-GPU peak), in the worker, median',
    budget: null,
    run: () => measure(() => ladderPlanWithBudget(largeLab), 30, 5),
  },
  {
    key: 'ladderPlan60Ms',
    what: 'ladderPlanWithBudget(a 60-run training plan over the horizon), in the worker, median',
    budget: null,
    run: () => measure(() => ladderPlanWithBudget(plan60), 30, 5),
  },
  {
    key: 'monteCarlo10kMs',
    what: 'monteCarlo(seedTeam, 10,000 draws), median',
    budget: 100,
    run: () => measure(() => monteCarlo(seed, { draws: 10_000, seed: 1 }), 7, 2),
  },
  {
    key: 'monteCarlo10kWeeklyMs',
    what: 'monteCarlo(growingCompany, 52 weeks, 10,000 draws), median',
    budget: 100,
    run: () => measure(() => monteCarlo(weekly, { draws: 10_000, seed: 1 }), 7, 2),
  },
  {
    key: 'monteCarlo10kPlanMs',
    what: 'monteCarlo(a 20-run training plan over the horizon, 10,000 draws), median of 5 taken in turns with its floor',
    budget: null,
    run: () => monteCarloAndFloor(plan20).monteCarloMs,
  },
  {
    key: 'monteCarloFloor10kPlanMs',
    what: 'the floor of that Monte Carlo: the same 10,000 draws priced by the same kernel calls in a bare loop, median of 5',
    budget: null,
    run: () => monteCarloAndFloor(plan20).floorMs,
  },
  {
    key: 'monteCarloFloor10kWeeklyMs',
    what: 'the floor of monteCarlo(growingCompany, 52 weeks): its 10,000 draws in a bare loop, median of 5',
    budget: null,
    run: () => monteCarloAndFloor(weekly).floorMs,
  },
  {
    key: 'monteCarlo10kWeeklyPairedMs',
    what: 'monteCarlo(growingCompany, 52 weeks, 10,000 draws), median of 5 taken in turns with its floor',
    budget: null,
    run: () => monteCarloAndFloor(weekly).monteCarloMs,
  },
  {
    // The largest curve of the presets (38 sizes × 2,000 draws); the worker adds only its slicing.
    key: 'sizingBandMs',
    what: 'sizingCurve + its 2,000-draw band (largeLab, 38 sizes), median',
    budget: 300,
    run: () => measure(() => sizingWithBand(largeLab), 7, 2),
  },
  {
    key: 'sizingBandWeeklyMs',
    what: 'sizingCurve + its 2,000-draw band (growingCompany, 52 weeks), median',
    budget: 300,
    run: () => measure(() => sizingWithBand(weekly), 7, 2),
  },
];
