import { describe, expect, it } from 'vitest';
import {
  defaultScenario,
  newTrainingRun,
  PLAN_LIMITS,
  type Scenario,
  switchDemandMode,
} from '../../src/engine';
import { decodeScenarioHash, encodeScenarioHash, scenarioFromJson, scenarioToJson } from '../../src/scenario';

function withRuns(count: number): Scenario {
  const runs = Array.from({ length: count }, (_, i) => ({
    ...newTrainingRun(defaultScenario, i),
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
  it('in a short link, exactly, against the v6 base', () => {
    const s = withRuns(2);
    const hash = encodeScenarioHash(s);
    expect(hash.startsWith('s=2.6-')).toBe(true);
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
