import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultScenario, presets } from '../../src/engine';
import { CURRENT_SCHEMA_VERSION, scenarioFromJson, scenarioToJson } from '../../src/scenario';

describe('scenario JSON files', () => {
  it('round-trips every preset', () => {
    for (const s of Object.values(presets))
      expect(scenarioFromJson(scenarioToJson(s))).toEqual({ ok: true, scenario: s });
  });

  it('accepts a bare scenario object and a byte-order mark', () => {
    expect(scenarioFromJson(`\uFEFF${JSON.stringify(defaultScenario)}`)).toEqual({
      ok: true,
      scenario: defaultScenario,
    });
  });

  it('tells a wrong file from a damaged scenario', () => {
    expect(scenarioFromJson('not json')).toMatchObject({ ok: false, error: 'notJson' });
    expect(scenarioFromJson('[1,2]')).toMatchObject({ ok: false, error: 'notScenario' });
    expect(scenarioFromJson('{"hello":1}')).toMatchObject({ ok: false, error: 'notScenario' });
    const damaged = scenarioFromJson(JSON.stringify({ ...defaultScenario, compliance: 'secret' }));
    expect(damaged).toMatchObject({ ok: false, error: 'invalid' });
    if (!damaged.ok) expect(damaged.issues[0]?.path).toBe('compliance');
  });

  it('refuses a scenario from a newer app version with a message', () => {
    const r = scenarioFromJson(JSON.stringify({ ...defaultScenario, schemaVersion: 99 }));
    expect(r).toMatchObject({ ok: false, error: 'invalid' });
    if (!r.ok) expect(r.issues[0]?.message).toMatch(/newer version/);
  });

  it('never throws on 10,000 random and mutated JSON texts', () => {
    const valid = scenarioToJson(defaultScenario);
    const mutated = fc
      .tuple(fc.nat({ max: valid.length - 1 }), fc.string({ maxLength: 5 }), fc.nat({ max: 6 }))
      .map(([at, insert, cut]) => valid.slice(0, at) + insert + valid.slice(at + cut));
    fc.assert(
      fc.property(fc.oneof(fc.json(), mutated, fc.string()), (text) => {
        const r = scenarioFromJson(text);
        expect(r.ok ? r.scenario.schemaVersion === CURRENT_SCHEMA_VERSION : typeof r.error === 'string').toBe(
          true,
        );
      }),
      { numRuns: 10_000 },
    );
  });
});
