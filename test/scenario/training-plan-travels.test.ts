import { describe, expect, it } from 'vitest';
import {
  defaultScenario,
  newTrainingRun,
  PLAN_LIMITS,
  type Scenario,
  type TrainingRun,
  withPlanCurve,
} from '../../src/engine';
import { switchDemandMode } from '../../src/engine/demand-mode';
import { decodeScenarioHash, encodeScenarioHash, scenarioToJson } from '../../src/scenario';
import { scenarioFromJson } from '../../src/scenario/json-file';

function withRuns(count: number): Scenario {
  const runs = Array.from({ length: count }, (_, i) => ({
    ...newTrainingRun(defaultScenario),
    name: i % 2 ? `微调 ${i}` : `Run ${i}`,
    startWeek: 1 + (i % 40),
    gpus: i % 3 === 0 ? null : 512,
    deadlineWeek: 21 + (i % 40),
    mfuFraction: i % 4 === 0 ? 0.38 : null,
  }));
  return switchDemandMode(
    { ...defaultScenario, trainingPlan: { runs, recurringGpuHoursPerMonth: 1234.5, onDemandGpus: 96 } },
    'plan',
  );
}

describe('a training plan travels', () => {
  it('in a short link, exactly, against the v12 base', () => {
    const s = withRuns(2);
    const hash = encodeScenarioHash(s);
    expect(hash.startsWith('s=2.17-')).toBe(true);
    expect(decodeScenarioHash(hash)).toEqual({ ok: true, scenario: s });
  });

  it(`in a JSON file, exactly, up to the plan's ${PLAN_LIMITS.maxRuns} runs`, () => {
    const s = withRuns(PLAN_LIMITS.maxRuns);
    const back = scenarioFromJson(scenarioToJson(s));
    expect(back.ok && back.scenario).toEqual(s);
  });

  it('refuses a plan of more runs than its limit, naming the list', () => {
    const s = withRuns(PLAN_LIMITS.maxRuns + 1);
    const back = scenarioFromJson(scenarioToJson(s));
    expect(back.ok).toBe(false);
    if (!back.ok) expect(back.issues.map((i) => i.path)).toContain('trainingPlan.runs');
  });
});

describe('the mixture-of-experts choice of a run (optional within schema v6)', () => {
  it('travels in a short link and a JSON file, and a run without it (a v6 link made before it) opens as dense', () => {
    const plain = withRuns(2);
    const runs = plain.trainingPlan.runs.map((r, i) => (i === 0 ? { ...r, mixtureOfExperts: true } : r));
    const moe = switchDemandMode({ ...plain, trainingPlan: { ...plain.trainingPlan, runs } }, 'plan');
    const hash = encodeScenarioHash(moe);
    expect(decodeScenarioHash(hash)).toEqual({ ok: true, scenario: moe });
    const back = scenarioFromJson(scenarioToJson(moe));
    expect(back.ok && back.scenario.trainingPlan.runs[0]?.mixtureOfExperts).toBe(true);
    // The run without the field keeps no field: its serialisation is what it was before the choice.
    const opened = decodeScenarioHash(encodeScenarioHash(plain));
    expect(opened.ok && 'mixtureOfExperts' in (opened.scenario.trainingPlan.runs[0] ?? {})).toBe(false);
  });

  it('refuses a value that is not true or false, naming the run and field', () => {
    const s = withRuns(1);
    const json = JSON.parse(scenarioToJson(s));
    json.scenario.trainingPlan.runs[0].mixtureOfExperts = 'yes';
    const back = scenarioFromJson(JSON.stringify(json));
    expect(back.ok).toBe(false);
    if (!back.ok) expect(back.issues.map((i) => i.path)).toContain('trainingPlan.runs.0.mixtureOfExperts');
  });

  it('prices a mixture-of-experts run at 30 % MFU: 4/3 the GPU-hours of the same 405B run dense on H800 (40 %)', () => {
    const s = withRuns(1);
    const run: TrainingRun = {
      ...newTrainingRun(s),
      paramsBillions: 405,
      modelId: 'h800',
      gpus: 512,
      deadlineWeek: null,
      mfuFraction: null,
    };
    const planWith = (r: TrainingRun) =>
      withPlanCurve({ ...s, trainingPlan: { ...s.trainingPlan, recurringGpuHoursPerMonth: 0, runs: [r] } });
    const sum = (x: Scenario) => x.demand.weeklyGpus.reduce((a, b) => a + b, 0);
    const dense = planWith(run);
    const moe = planWith({ ...run, mixtureOfExperts: true });
    expect(sum(dense)).toBeGreaterThan(0);
    expect(sum(moe) / sum(dense)).toBeCloseTo(4 / 3, 9);
  });
});
