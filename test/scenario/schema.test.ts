import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultScenario, PARAMETERS, presets } from '../../src/engine';
import { parseScenario } from '../../src/scenario';

describe('parseScenario', () => {
  it('accepts every preset unchanged', () => {
    for (const s of Object.values(presets)) {
      const r = parseScenario(JSON.parse(JSON.stringify(s)));
      expect(r).toEqual({ ok: true, scenario: s });
    }
  });

  it('names the field and the rule when a value is out of range', () => {
    const bad = structuredClone(defaultScenario) as unknown as { selfBuild: { serverPriceCny: number } };
    bad.selfBuild.serverPriceCny = -5;
    const r = parseScenario(bad);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.issues).toContainEqual({
        path: 'selfBuild.serverPriceCny',
        message: 'must be at least 100000',
        code: 'tooSmall',
        limit: 100_000,
      });
  });

  it('rejects a weekly curve shorter than 26 weeks, naming demand.weeklyGpus', () => {
    const bad = structuredClone(defaultScenario);
    bad.demand = { ...bad.demand, mode: 'weekly', weeklyGpus: [1, 2, 3] };
    const r = parseScenario(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.path)).toContain('demand.weeklyGpus');
  });

  it('rejects idle power above busy power', () => {
    const bad = structuredClone(defaultScenario);
    bad.selfBuild.powerIdleKwPerServer = 9;
    const r = parseScenario(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.path)).toContain('selfBuild.powerIdleKwPerServer');
  });

  it('rejects NaN, Infinity, strings and missing fields', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, '12', undefined]) {
      const bad = structuredClone(defaultScenario) as unknown as { rent: Record<string, unknown> };
      bad.rent.priceCnyPerServerHour = value;
      expect(parseScenario(bad).ok).toBe(false);
    }
  });

  it('never throws, whatever it is given, and always returns a scenario or issues', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const r = parseScenario(input);
        expect(r.ok ? r.scenario !== undefined : r.issues.length > 0).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });

  it('survives hostile objects whose getters throw', () => {
    const hostile = {};
    Object.defineProperty(hostile, 'schemaVersion', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const r = parseScenario(hostile);
    expect(r.ok).toBe(false);
  });

  it('covers every parameter of the engine table with a range check', () => {
    for (const meta of PARAMETERS) {
      const bad = structuredClone(defaultScenario) as unknown as Record<string, unknown>;
      const keys = meta.path.split('.');
      let target = bad;
      for (const k of keys.slice(0, -1)) target = target[k] as Record<string, unknown>;
      target[keys.at(-1)!] = meta.max + Math.max(1, Math.abs(meta.max));
      const r = parseScenario(bad);
      expect(r.ok, meta.path).toBe(false);
    }
  });
});
