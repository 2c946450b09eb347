import {
  comparedInputValue,
  defaultScenario,
  inputsDifferingFromFirst,
  inputUsedBy,
  newTrainingRun,
  presets,
  runGpuHours,
  type Scenario,
  withInput,
} from '../../src/engine';
import { switchDemandMode } from '../../src/engine/demand-mode';

const seed = presets.seedTeam as Scenario;

describe('inputsDifferingFromFirst', () => {
  it('is empty for no scenario, one scenario, or scenarios that are alike', () => {
    expect(inputsDifferingFromFirst([])).toEqual([]);
    expect(inputsDifferingFromFirst([seed])).toEqual([]);
    expect(inputsDifferingFromFirst([seed, { ...seed, name: 'Another name' }, seed])).toEqual([]);
  });

  it('collects what any scenario changes against the first, once each, parameters first then choices', () => {
    const a = { ...withInput(seed, 'horizonMonths', 24), compliance: 'domestic' as const };
    const b = { ...withInput(seed, 'selfBuild.serverPriceCny', 1_500_000), compliance: 'domestic' as const };
    expect(inputsDifferingFromFirst([seed, a, b])).toEqual([
      'horizonMonths',
      'selfBuild.serverPriceCny',
      'compliance',
    ]);
    // With a as the reference, b differs in the horizon and the server price (both are domestic).
    expect(inputsDifferingFromFirst([a, b])).toEqual(['horizonMonths', 'selfBuild.serverPriceCny']);
  });

  it('lists a different GPU model and the VAT view after the other inputs, and reads their values', () => {
    const h20: Scenario = {
      ...seed,
      teamCapability: 4,
      hardware: { ...seed.hardware, rent: { ...seed.hardware.rent, modelId: 'h20' } },
      vat: { ...seed.vat, enabled: true },
    };
    expect(inputsDifferingFromFirst([seed, h20])).toEqual([
      'teamCapability',
      'hardware.rent.modelId',
      'vat.enabled',
    ]);
    expect(comparedInputValue(h20, 'hardware.rent.modelId')).toBe('h20');
    expect(comparedInputValue(h20, 'vat.enabled')).toBe(true);
    expect(comparedInputValue(h20, 'teamCapability')).toBe(4);
    expect(comparedInputValue(h20, 'selfBuild.serverPriceCny')).toBe(seed.selfBuild.serverPriceCny);
  });
});

describe('the demand forms in a comparison of inputs', () => {
  /** The seed with a training plan as its demand: `runs` 7B runs of 64 GPUs, one after another. */
  function withPlan(runs: number, onDemandGpus = 256, recurring = 0): Scenario {
    const list = Array.from({ length: runs }, (_, i) => ({
      ...newTrainingRun(seed),
      startWeek: 1 + 4 * i,
    }));
    return switchDemandMode(
      { ...seed, trainingPlan: { runs: list, recurringGpuHoursPerMonth: recurring, onDemandGpus } },
      'plan',
    );
  }

  it('lists the plan’s inputs that differ — runs, total GPU-hours, GPUs on demand, recurring work — but not the curve it makes', () => {
    const one = withPlan(1);
    const three = withPlan(3, 512, 2_000);
    expect(inputsDifferingFromFirst([one, three])).toEqual([
      'trainingPlan.runs',
      'trainingPlan.totalGpuHours',
      'trainingPlan.onDemandGpus',
      'trainingPlan.recurringGpuHoursPerMonth',
    ]);
    expect(comparedInputValue(three, 'trainingPlan.runs')).toBe(3);
    const perRun = runGpuHours(newTrainingRun(seed));
    expect(comparedInputValue(three, 'trainingPlan.totalGpuHours')).toBeCloseTo(3 * perRun, 6);
    expect(comparedInputValue(three, 'trainingPlan.onDemandGpus')).toBe(512);
    expect(comparedInputValue(three, 'trainingPlan.recurringGpuHoursPerMonth')).toBe(2_000);
  });

  it('lists the demand form itself and each form’s own inputs when the forms differ; the unused ones read as not used', () => {
    const jobs = seed;
    expect(jobs.demand.mode).toBe('jobs');
    const plan = withPlan(2);
    expect(inputsDifferingFromFirst([jobs, plan])).toEqual([
      'demand.jobsPerMonth',
      'demand.mode',
      'trainingPlan.runs',
      'trainingPlan.totalGpuHours',
      'trainingPlan.onDemandGpus',
      'trainingPlan.recurringGpuHoursPerMonth',
    ]);
    // The job count belongs to the job form, the plan to the plan form: each column reads only its own.
    expect(inputUsedBy(jobs, 'demand.jobsPerMonth')).toBe(true);
    expect(inputUsedBy(plan, 'demand.jobsPerMonth')).toBe(false);
    expect(inputUsedBy(jobs, 'trainingPlan.runs')).toBe(false);
    expect(inputUsedBy(plan, 'trainingPlan.runs')).toBe(true);
    expect(inputUsedBy(plan, 'demand.weeklyGpus')).toBe(false);
    expect(inputUsedBy(plan, 'demand.gpusPerJob')).toBe(true);
  });

  it('does not list an input neither scenario uses: two weekly curves holding different stale job counts', () => {
    const weekly = switchDemandMode(seed, 'weekly');
    const stale = { ...weekly, demand: { ...weekly.demand, jobsPerMonth: 0 } };
    expect(weekly.demand.jobsPerMonth).not.toBe(0);
    expect(inputsDifferingFromFirst([weekly, stale])).toEqual([]);
    // Two job forms with different plans kept from before: the plans are not read, so no difference.
    const keptPlan = { ...seed, trainingPlan: withPlan(2).trainingPlan };
    expect(inputsDifferingFromFirst([seed, keptPlan])).toEqual([]);
  });
});

describe('energy inputs in a comparison', () => {
  it('names a carbon price or a grid factor that differs (they move the own cluster’s energy cost)', () => {
    const priced = {
      ...defaultScenario,
      energy: { ...defaultScenario.energy, carbonPriceCnyPerTonne: 1000 },
    };
    const west = { ...defaultScenario, energy: { ...defaultScenario.energy, gridKgCo2ePerKwh: 0.5543 } };
    expect(inputsDifferingFromFirst([defaultScenario, priced])).toEqual(['energy.carbonPriceCnyPerTonne']);
    expect(inputsDifferingFromFirst([defaultScenario, west])).toEqual(['energy.gridKgCo2ePerKwh']);
    expect(comparedInputValue(priced, 'energy.carbonPriceCnyPerTonne')).toBe(1000);
  });
});
