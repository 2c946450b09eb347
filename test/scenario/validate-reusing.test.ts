import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultScenario, type Scenario } from '../../src/engine';
import { parseScenario, validateScenarioReusing } from '../../src/scenario';
import { ScenarioGroupsSchema } from '../../src/scenario/schema';
import { arbScenario } from '../engine/arbitraries';

/** The full parse's verdict, in the form validateScenarioReusing gives it. */
function fullVerdict(input: unknown) {
  const parsed = parseScenario(input);
  return parsed.ok ? { ok: true } : { ok: false, issues: parsed.issues };
}

const GROUP_KEYS = Object.keys(defaultScenario) as (keyof Scenario)[];

// One group replaced by something else: a valid group from another scenario, a copy with one value
// pushed out of range or of the wrong type, or junk.
const arbReplacement = (base: Scenario, other: Scenario) =>
  fc.oneof(
    fc.constantFrom(...GROUP_KEYS).map((key) => ({ key, value: other[key] as unknown })),
    fc
      .record({
        key: fc.constantFrom(...GROUP_KEYS),
        // Which of the group's fields is spoilt (any of them, by index modulo the group's size).
        fieldIndex: fc.nat(),
        bad: fc.constantFrom<unknown>(-1, 1e30, Number.NaN, 'x', null, [], {}),
      })
      .map(({ key, fieldIndex, bad }) => {
        const group = base[key];
        if (typeof group !== 'object' || group === null || Array.isArray(group)) return { key, value: bad };
        const fields = Object.keys(group);
        const field = fields[fieldIndex % fields.length] ?? 'x';
        return { key, value: { ...group, [field]: bad } };
      }),
  );

describe('validateScenarioReusing', () => {
  it('gives the full parse verdict and issues for a valid scenario with any one group replaced', () => {
    fc.assert(
      fc.property(
        arbScenario.chain((base) =>
          arbScenario.chain((other) => arbReplacement(base, other).map((change) => ({ base, change }))),
        ),
        ({ base, change }) => {
          fc.pre(parseScenario(base).ok);
          const candidate = { ...base, [change.key]: change.value };
          expect(validateScenarioReusing(candidate, base)).toEqual(fullVerdict(candidate));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('checks again a group that differs, even when the base it reuses is the same object', () => {
    const candidate = { ...defaultScenario, rent: { ...defaultScenario.rent, utilization: -3 } };
    const verdict = validateScenarioReusing(candidate, defaultScenario);
    expect(verdict.ok).toBe(false);
    expect(verdict).toEqual(fullVerdict(candidate));
  });

  it('applies the rules that span groups to a candidate whose groups are each valid', () => {
    // A plan of one long run on few GPUs ends after the plan's last week: each group alone is valid.
    const plan = {
      ...defaultScenario,
      demand: { ...defaultScenario.demand, mode: 'plan' as const, weeklyGpus: new Array(52).fill(8) },
      trainingPlan: {
        ...defaultScenario.trainingPlan,
        runs: [
          {
            name: 'long',
            sizeBy: 'gpuHours',
            paramsBillions: 0,
            tokensTrillions: 0,
            flops: 0,
            gpuHours: 5e7,
            modelId: 'h100',
            mfuFraction: null,
            reportedHoursOverhead: null,
            recompute: false,
            startWeek: 1,
            gpus: 8,
            deadlineWeek: null,
          },
        ],
      },
    } as unknown as Scenario;
    expect(ScenarioGroupsSchema.safeParse(plan).success).toBe(true);
    const full = fullVerdict(plan);
    expect(full.ok).toBe(false);
    expect(validateScenarioReusing(plan, defaultScenario)).toEqual(full);
  });

  it('leaves extra keys, non-objects and unreadable input to the full parse', () => {
    for (const input of [null, 5, [], { ...defaultScenario, extra: 1 }]) {
      expect(validateScenarioReusing(input, defaultScenario)).toEqual(fullVerdict(input));
    }
    const hostile = new Proxy(
      { ...defaultScenario },
      {
        get() {
          throw new Error('no');
        },
      },
    );
    expect(validateScenarioReusing(hostile, defaultScenario)).toEqual(fullVerdict(hostile));
    expect(validateScenarioReusing(hostile, defaultScenario).ok).toBe(false);
  });

  it('accepts the valid scenario itself and a step of one slider', () => {
    expect(validateScenarioReusing(defaultScenario, defaultScenario)).toEqual({ ok: true });
    const step = { ...defaultScenario, teamCapability: 4 as const };
    expect(validateScenarioReusing(step, defaultScenario)).toEqual({ ok: true });
  });
});
