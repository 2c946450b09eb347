import { describe, expect, it } from 'vitest';
import {
  defaultScenario,
  newTrainingRun,
  planWeekAboveLimit,
  planWeeklyCurve,
  type Scenario,
  type TrainingRun,
  WEEKLY_GPUS_MAX,
  withPlanCurve,
} from '../../src/engine';
import { switchDemandMode } from '../../src/engine/demand-mode';
import { decodeScenarioHash, encodeScenarioHash, parseScenario, scenarioToJson } from '../../src/scenario';
import { scenarioFromJson } from '../../src/scenario/json-file';

/**
 * Issue 36 item 4: a training plan whose weekly curve would hold more than the weekly maximum
 * (WEEKLY_GPUS_MAX GPUs) is refused at the plan field that fills that week, with the week and the
 * limit — never at a "week of the usage curve" the person did not type.
 */

const planMode = switchDemandMode(defaultScenario, 'plan');

function withPlan(plan: Partial<Scenario['trainingPlan']>): Scenario {
  // As the plan form builds a candidate: the plan, then its curve.
  return withPlanCurve({ ...planMode, trainingPlan: { ...planMode.trainingPlan, ...plan } });
}

/** A run on the reference GPU (throughput 1), so its GPUs are the curve's GPUs. */
function run(patch: Partial<TrainingRun>): TrainingRun {
  return {
    ...newTrainingRun(defaultScenario),
    modelId: defaultScenario.hardware.referenceModelId ?? 'h800',
    sizeBy: 'gpuHours',
    gpuHours: 600_000 * 168 * 4,
    gpus: 600_000,
    ...patch,
  };
}

function refused(s: Scenario) {
  const r = parseScenario(s);
  if (r.ok) throw new Error('expected the plan to be refused');
  return r.issues;
}

describe('a plan whose week would hold more than the weekly maximum', () => {
  it('is refused at the recurring work alone when it alone fills every week past the limit', () => {
    // 1e9 GPU-hours a month ÷ 730 h = 1,369,863 GPUs in every week.
    const issues = refused(withPlan({ recurringGpuHoursPerMonth: 1e9 }));
    expect(issues).toEqual([
      expect.objectContaining({
        path: 'trainingPlan.recurringGpuHoursPerMonth',
        code: 'planWeekTooBig',
        limit: WEEKLY_GPUS_MAX,
        week: 1,
      }),
    ]);
  });

  it('names no week of the usage curve, even when the candidate carries the over-full curve', () => {
    const candidate = withPlan({ recurringGpuHoursPerMonth: 1e9 });
    expect(Math.max(...candidate.demand.weeklyGpus)).toBeGreaterThan(WEEKLY_GPUS_MAX);
    expect(refused(candidate).map((i) => i.path)).not.toContain('demand.weeklyGpus.0');
  });

  it('two overlapping runs: each run in the first week above the limit, at its GPUs', () => {
    // 600,000 + 600,000 GPUs in weeks 3–4; the first alone in weeks 1–2.
    const first = run({ startWeek: 1 });
    const second = run({ startWeek: 3 });
    const issues = refused(withPlan({ runs: [first, second], recurringGpuHoursPerMonth: 0 }));
    expect(issues).toEqual([
      expect.objectContaining({ path: 'trainingPlan.runs.0.gpus', code: 'planWeekTooBig', week: 3 }),
      expect.objectContaining({ path: 'trainingPlan.runs.1.gpus', code: 'planWeekTooBig', week: 3 }),
    ]);
  });

  it('recurring work and a run together: both are named, and a run outside that week is not', () => {
    const big = run({ startWeek: 2, gpus: 400_000, gpuHours: 400_000 * 168 * 2 });
    const later = run({ startWeek: 20, gpus: 10, gpuHours: 10 * 168 });
    // 700,000 GPUs of recurring work: week 2 holds 1,100,000.
    const issues = refused(withPlan({ runs: [big, later], recurringGpuHoursPerMonth: 700_000 * 730 }));
    expect(issues.map((i) => [i.path, i.code, i.week])).toEqual([
      ['trainingPlan.recurringGpuHoursPerMonth', 'planWeekTooBig', 2],
      ['trainingPlan.runs.0.gpus', 'planWeekTooBig', 2],
    ]);
  });

  it('a run sized by its deadline is named at its deadline (what sets its GPUs)', () => {
    const byDeadline = run({ gpus: null, deadlineWeek: 2, gpuHours: 1_200_000 * 168 * 2 });
    const issues = refused(withPlan({ runs: [byDeadline], recurringGpuHoursPerMonth: 0 }));
    expect(issues).toEqual([
      expect.objectContaining({ path: 'trainingPlan.runs.0.deadlineWeek', code: 'planWeekTooBig', week: 1 }),
    ]);
  });

  it('a plan exactly at the limit passes, and its link and file open to the same scenario', () => {
    const s = withPlan({ runs: [], recurringGpuHoursPerMonth: WEEKLY_GPUS_MAX * 730 });
    expect(Math.max(...s.demand.weeklyGpus)).toBe(WEEKLY_GPUS_MAX);
    const parsed = parseScenario(s);
    expect(parsed).toEqual({ ok: true, scenario: s });
    expect(decodeScenarioHash(encodeScenarioHash(s))).toEqual({ ok: true, scenario: s });
    expect(scenarioFromJson(scenarioToJson(s))).toEqual({ ok: true, scenario: s });
  });

  it("the plan form refuses it at the field; a file of it names the run's field, not the curve", () => {
    const s = withPlan({
      runs: [run({ startWeek: 1 }), run({ startWeek: 1 })],
      recurringGpuHoursPerMonth: 0,
    });
    const json = JSON.parse(scenarioToJson(planMode));
    json.scenario.trainingPlan = s.trainingPlan;
    const back = scenarioFromJson(JSON.stringify(json));
    expect(back.ok).toBe(false);
    if (!back.ok) {
      expect(back.issues.map((i) => i.path)).toEqual([
        'trainingPlan.runs.0.gpus',
        'trainingPlan.runs.1.gpus',
      ]);
    }
  });

  it('outside the plan form the plan is not the demand, so it is not held to the weekly maximum', () => {
    const weekly = switchDemandMode(planMode, 'weekly');
    const s = { ...weekly, trainingPlan: { ...weekly.trainingPlan, recurringGpuHoursPerMonth: 1e9 } };
    expect(parseScenario(s).ok).toBe(true);
  });

  it('a weekly curve above the maximum is still refused week by week in the weekly form', () => {
    const weekly = switchDemandMode(planMode, 'weekly');
    const weeklyGpus = weekly.demand.weeklyGpus.map((g, i) => (i === 4 ? WEEKLY_GPUS_MAX + 1 : g));
    expect(refused({ ...weekly, demand: { ...weekly.demand, weeklyGpus } })).toEqual([
      expect.objectContaining({ path: 'demand.weeklyGpus.4', code: 'tooBig', limit: WEEKLY_GPUS_MAX }),
    ]);
  });

  it('in the plan form, a curve above the maximum that the plan does not explain is refused at its week', () => {
    const weeklyGpus = planMode.demand.weeklyGpus.map((g, i) => (i === 0 ? WEEKLY_GPUS_MAX * 2 : g));
    expect(refused({ ...planMode, demand: { ...planMode.demand, weeklyGpus } })).toEqual([
      expect.objectContaining({ path: 'demand.weeklyGpus.0', code: 'tooBig' }),
    ]);
  });
});

describe('planWeekAboveLimit (the engine rule the schema reads)', () => {
  it("finds the first week of the plan's curve above the limit, with its GPUs", () => {
    const plan = {
      runs: [run({ startWeek: 1 }), run({ startWeek: 3 })],
      recurringGpuHoursPerMonth: 0,
      onDemandGpus: 0,
    };
    const ref = defaultScenario.hardware.referenceDenseTflopsPerGpu;
    const curve = planWeeklyCurve(plan, ref);
    expect(planWeekAboveLimit(plan, ref, WEEKLY_GPUS_MAX)).toEqual({
      week: 3,
      gpus: curve[2],
      recurring: false,
      runs: [0, 1],
    });
    expect(planWeekAboveLimit(plan, ref, 2_000_000)).toBeNull();
  });
});
