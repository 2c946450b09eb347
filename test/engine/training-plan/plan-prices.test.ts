import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultScenario,
  GPU_MODELS,
  HOURS_PER_MONTH,
  newTrainingRun,
  planWeeklyCurve,
  RUN_SIZE_KINDS,
  runGpuHours,
  type Scenario,
  type TrainingPlanInput,
  type TrainingRun,
} from '../../../src/engine';
import { HOURS_PER_WEEK } from '../../../src/engine/constants';
import { switchDemandMode } from '../../../src/engine/demand-mode';
import { parseScenario } from '../../../src/scenario';

const trainingModels = GPU_MODELS.filter((m) => m.kind === 'trainingServer').map((m) => m.id);

const arbRun: fc.Arbitrary<TrainingRun> = fc.record({
  name: fc.string({ maxLength: 20 }),
  sizeBy: fc.constantFrom(...RUN_SIZE_KINDS),
  paramsBillions: fc.double({ min: 0.1, max: 70, noNaN: true }),
  tokensTrillions: fc.double({ min: 0.01, max: 2, noNaN: true }),
  flops: fc.double({ min: 1e20, max: 1e24, noNaN: true }),
  gpuHours: fc.double({ min: 10, max: 500_000, noNaN: true }),
  modelId: fc.constantFrom(...trainingModels),
  mfuFraction: fc.option(fc.double({ min: 0.1, max: 0.6, noNaN: true }), { nil: null }),
  reportedHoursOverhead: fc.option(fc.double({ min: 1, max: 1.5, noNaN: true }), { nil: null }),
  recompute: fc.boolean(),
  startWeek: fc.integer({ min: 1, max: 40 }),
  gpus: fc.integer({ min: 256, max: 4096 }),
  deadlineWeek: fc.option(fc.integer({ min: 41, max: 200 }), { nil: null }),
});

const arbPlan: fc.Arbitrary<TrainingPlanInput> = fc.record({
  runs: fc.array(arbRun, { maxLength: 6 }),
  recurringGpuHoursPerMonth: fc.double({ min: 0, max: 50_000, noNaN: true }),
  onDemandGpus: fc.integer({ min: 0, max: 4096 }),
});

function asPlan(plan: TrainingPlanInput, capacityGpus: number): Scenario {
  const s: Scenario = {
    ...defaultScenario,
    trainingPlan: plan,
    selfBuild: { ...defaultScenario.selfBuild, capacityGpus },
  };
  return switchDemandMode(s, 'plan');
}

const fits = (s: Scenario) => parseScenario(s).ok;

describe('a training plan as a demand form', () => {
  it('lays every run’s work and the recurring work on the curve, no GPU-hour lost or added (property)', () => {
    fc.assert(
      fc.property(arbPlan, (plan) => {
        const s = asPlan(plan, 64);
        fc.pre(fits(s));
        const ref = s.hardware.referenceDenseTflopsPerGpu;
        const curve = planWeeklyCurve(plan, ref);
        const onCurve = curve.reduce((a, g) => a + g, 0) * HOURS_PER_WEEK;
        let expected = (plan.recurringGpuHoursPerMonth / HOURS_PER_MONTH) * HOURS_PER_WEEK * curve.length;
        for (const run of plan.runs) {
          const tflops = GPU_MODELS.find((m) => m.id === run.modelId)?.denseTflopsPerGpu.value ?? 0;
          expected += runGpuHours(run) * (tflops / ref);
        }
        expect(Math.abs(onCurve - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, expected));
      }),
      { numRuns: 100, seed: 7 },
    );
  });

  it('the door makes the curve from the plan: a plan-form scenario with a stale curve opens with the plan’s', () => {
    const run = {
      ...newTrainingRun(defaultScenario),
      sizeBy: 'gpuHours' as const,
      gpuHours: 64 * 168 * 4,
    };
    const s = asPlan({ runs: [run], recurringGpuHoursPerMonth: 730, onDemandGpus: 256 }, 64);
    const r = parseScenario({ ...s, demand: { ...s.demand, weeklyGpus: new Array(30).fill(5) } });
    expect(r.ok).toBe(true);
    // 64 GPUs for four weeks, then the recurring 1 GPU, over the weekly form's minimum 26 weeks.
    if (r.ok) expect(r.scenario.demand.weeklyGpus).toEqual([65, 65, 65, 65, ...new Array(22).fill(1)]);
  });

  it('names the run and the field of a bad value, and a run that runs past the plan’s 104 weeks', () => {
    const run = { ...newTrainingRun(defaultScenario), name: 'Fine-tune' };
    const s = asPlan(
      {
        runs: [run, { ...run, tokensTrillions: 0 }, { ...run, gpus: null }],
        recurringGpuHoursPerMonth: 0,
        onDemandGpus: 8,
      },
      64,
    );
    const r = parseScenario(s);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues).toContainEqual(
        expect.objectContaining({ path: 'trainingPlan.runs.1.tokensTrillions', code: 'mustExceed' }),
      );
      expect(r.issues).toContainEqual(
        expect.objectContaining({ path: 'trainingPlan.runs.2.gpus', code: 'gpusOrDeadline' }),
      );
    }
    const long = asPlan({ runs: [{ ...run, gpus: 1 }], recurringGpuHoursPerMonth: 0, onDemandGpus: 8 }, 64);
    const r2 = parseScenario(long);
    expect(r2.ok === false && r2.issues.map((i) => [i.path, i.code])).toEqual([
      ['trainingPlan.runs.0.gpus', 'pastPlanWeeks'],
    ]);
  });
});
