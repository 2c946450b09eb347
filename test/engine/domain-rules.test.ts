import {
  changedInputs,
  evaluate,
  HOURS_PER_MONTH,
  migrationPlan,
  parameter,
  presets,
  readInput,
  type Scenario,
  scaleToLoadRateWithinLimits,
  WEEKLY_GPUS_MAX,
  withInput,
  withWeeklyCurve,
} from '../../src/engine';
import { cashByYear, yearMonths } from '../../src/engine/cash-by-year';
import { achievableUtilization, sizeClusterToCurve } from '../../src/engine/cluster-sizing';
import { jobsPerMonth, loadRateOf } from '../../src/engine/demand';
import { switchDemandMode } from '../../src/engine/demand-mode';
import { maxLoadRate } from '../../src/engine/load-rate-limits';
import { parseScenario } from '../../src/scenario';
import { makeScenario, makeWeeklyScenario } from '../factories';

const seed = presets.seedTeam as Scenario;
const lab = presets.steadyLab as Scenario;
const weeks = Array.from({ length: 30 }, (_, i) => 10 + i);

describe('sizeClusterToCurve: one rule for the self-assessment and the Scenarios import', () => {
  it('covers the peak week ÷ the achievable utilization in whole servers', () => {
    // A siloed cluster at team level 3 is 45 % efficient (efficiency.ts): 39 ÷ 0.45 = 86.7 GPUs → 11
    // servers of 8 = 88 GPUs.
    const s = makeScenario({ teamCapability: 3, selfBuild: { gpusPerServer: 8, privatePool: false } });
    expect(achievableUtilization(s)).toBe(0.45);
    expect(sizeClusterToCurve(s, weeks)).toBe(88);
  });

  it('a less capable team needs a larger cluster for the same curve', () => {
    const weak = makeScenario({ teamCapability: 1 });
    const strong = makeScenario({ teamCapability: 5 });
    expect(sizeClusterToCurve(weak, weeks)).toBeGreaterThan(sizeClusterToCurve(strong, weeks));
  });

  it('stays within the capacity input’s allowed maximum, in whole servers', () => {
    const s = makeScenario({ selfBuild: { gpusPerServer: 7 } });
    const size = sizeClusterToCurve(s, [WEEKLY_GPUS_MAX, 1]);
    expect(size).toBeLessThanOrEqual(parameter('selfBuild.capacityGpus').max);
    expect(size % 7).toBe(0);
  });

  it('withWeeklyCurve switches to weekly demand and keeps capacity unless asked to resize', () => {
    const kept = withWeeklyCurve(seed, weeks, false);
    expect(kept.demand.mode).toBe('weekly');
    expect(kept.demand.weeklyGpus).toEqual(weeks);
    expect(kept.selfBuild.capacityGpus).toBe(seed.selfBuild.capacityGpus);
    expect(withWeeklyCurve(seed, weeks, true).selfBuild.capacityGpus).toBe(sizeClusterToCurve(seed, weeks));
  });
});

describe('switchDemandMode: jobs ↔ weekly keeps the demand', () => {
  it('jobs → a flat 52-week curve at the same mean useful GPUs', () => {
    const s = makeScenario();
    const weekly = switchDemandMode(s, 'weekly');
    expect(weekly.demand.mode).toBe('weekly');
    expect(weekly.demand.weeklyGpus).toHaveLength(52);
    const mean =
      (s.demand.jobsPerMonth * s.demand.hoursPerJob * s.demand.gpusPerJob * s.rent.utilization) /
      HOURS_PER_MONTH;
    expect(weekly.demand.weeklyGpus[0]).toBeCloseTo(mean, 12);
    expect(loadRateOf(weekly)).toBeCloseTo(loadRateOf(s), 12);
  });

  it('weekly → the job count the curve implies, and the same mode is no change', () => {
    const s = makeWeeklyScenario(weeks, 48);
    const jobs = switchDemandMode(s, 'jobs');
    expect(jobs.demand.jobsPerMonth).toBeCloseTo(jobsPerMonth(s), 9);
    expect(switchDemandMode(s, 'weekly')).toBe(s);
  });
});

describe('scaleToLoadRateWithinLimits: the slider never writes a scenario the schema refuses', () => {
  it('20,000 GPUs at 100 % load stops at 100,000 jobs a month and says so', () => {
    const s = makeScenario({ selfBuild: { capacityGpus: 20_000 } });
    const scaled = scaleToLoadRateWithinLimits(s, 1);
    expect(scaled.limit).toBe('jobsPerMonth');
    expect(scaled.scenario.demand.jobsPerMonth).toBeCloseTo(100_000, 6);
    expect(scaled.scenario.demand.jobsPerMonth).toBeLessThanOrEqual(100_000);
    expect(scaled.appliedRate).toBeCloseTo(maxLoadRate(s), 12);
    expect(scaled.appliedRate).toBeLessThan(1);
    expect(parseScenario(scaled.scenario).ok).toBe(true);
  });

  it('a weekly curve stops when its peak week reaches the weekly maximum', () => {
    const s = makeWeeklyScenario(weeks, 1_000_000);
    const scaled = scaleToLoadRateWithinLimits(s, 1);
    expect(scaled.limit).toBe('weeklyGpus');
    expect(Math.max(...scaled.scenario.demand.weeklyGpus)).toBeLessThanOrEqual(WEEKLY_GPUS_MAX);
    expect(parseScenario(scaled.scenario).ok).toBe(true);
  });

  it('a reachable rate is applied exactly, with no limit', () => {
    const scaled = scaleToLoadRateWithinLimits(seed, 0.5);
    expect(scaled.limit).toBeNull();
    expect(scaled.appliedRate).toBe(0.5);
    expect(loadRateOf(scaled.scenario)).toBeCloseTo(0.5, 12);
  });
});

describe('cashByYear', () => {
  it('year 1 carries the purchase; years add up; cumulative runs to the total', () => {
    const result = { capexCny: 100, cashflowCny: [100, ...new Array<number>(30).fill(10)] };
    const cash = cashByYear(result, 30);
    expect(cash.years.map((y) => y.months)).toEqual([12, 12, 6]);
    expect(cash.years.map((y) => y.capexCny)).toEqual([100, 0, 0]);
    expect(cash.years.map((y) => y.cashOutCny)).toEqual([220, 120, 60]);
    expect(cash.years.map((y) => y.cumulativeCny)).toEqual([220, 340, 400]);
    expect(cash.totalCny).toBe(400);
  });

  it('for every strategy, the last year’s cumulative cash is all of the engine’s cash flow', () => {
    const e = evaluate(lab);
    for (const r of Object.values(e.strategies)) {
      const cash = cashByYear(r, lab.horizonMonths);
      const all = r.cashflowCny.reduce((a, b) => a + b, 0);
      expect(cash.years.at(-1)?.cumulativeCny).toBeCloseTo(all, 3);
      expect(cash.totalCny).toBeCloseTo(all, 3);
    }
  });

  it('yearMonths splits a horizon into years with a partial last one', () => {
    expect(yearMonths(36)).toEqual([12, 12, 12]);
    expect(yearMonths(13)).toEqual([12, 1]);
    expect(yearMonths(0)).toEqual([]);
  });
});

describe('migrationPlan', () => {
  it('for a hybrid recommendation: rent first, measure, then own or reserve the engine baseline', () => {
    const engine = evaluate(lab);
    // The plan follows whatever the engine recommends; here a hybrid with a 48-GPU baseline.
    const e = {
      ...engine,
      recommendation: { ...engine.recommendation, strategy: 'hybrid' as const, hybridBaselineGpus: 48 },
    };
    const plan = migrationPlan(lab, e);
    expect(plan.steps).toEqual(['rentFirst', 'measure', 'buildBaseline', 'overflow']);
    expect(plan.targetGpus).toBe(48);
  });

  it('for a renting recommendation: rent first, measure, stay elastic', () => {
    const e = evaluate(seed);
    expect(e.recommendation.strategy).toBe('platform');
    expect(migrationPlan(seed, e).steps).toEqual(['rentFirst', 'measure', 'stayElastic']);
  });
});

describe('the input path accessor and changedInputs', () => {
  it('reads and replaces a numeric input by its dotted path, copying only the touched group', () => {
    const s = makeScenario();
    const next = withInput(s, 'selfBuild.powerBusyKwPerServer', 9);
    expect(readInput(next, 'selfBuild.powerBusyKwPerServer')).toBe(9);
    expect(readInput(s, 'selfBuild.powerBusyKwPerServer')).not.toBe(9);
    expect(next.rent).toBe(s.rent);
    expect(readInput(withInput(s, 'horizonMonths', 24), 'horizonMonths')).toBe(24);
  });

  it('names exactly the inputs that differ, numeric and choices', () => {
    const s = makeScenario();
    const next = {
      ...withInput(s, 'finance.resaleValueDeclineFractionPerYear', 0),
      teamCapability: 2 as const,
      hybrid: { ...s.hybrid, baselineGpus: 16 },
    };
    expect(changedInputs(s, next)).toEqual([
      'finance.resaleValueDeclineFractionPerYear',
      'teamCapability',
      'hybrid.baselineGpus',
    ]);
    expect(changedInputs(s, s)).toEqual([]);
  });
});
