import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { defaultScenario, MONEY_PATHS, presets, UNCERTAIN_PATH_CHOICES } from '../../src/engine';
import {
  decodeScenarioHash,
  encodeScenarioHash,
  parseScenario,
  readScenarioFile,
  scenarioToJson,
} from '../../src/scenario';
import { MAX_FILE_BYTES, scenarioFromJson } from '../../src/scenario/json-file';
import { CURRENT_SCHEMA_VERSION } from '../../src/scenario/migrate';
import { MAX_ISSUES } from '../../src/scenario/parse';

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

  it('refuses a scenario from a newer app version with the newerVersion code and the newest version it reads', () => {
    const r = scenarioFromJson(JSON.stringify({ ...defaultScenario, schemaVersion: 99 }));
    expect(r).toMatchObject({ ok: false, error: 'invalid' });
    if (!r.ok) {
      expect(r.issues[0]).toMatchObject({
        path: 'schemaVersion',
        code: 'newerVersion',
        limit: CURRENT_SCHEMA_VERSION,
      });
      expect(r.issues[0]?.message).toMatch(/newer version/);
    }
  });

  it('refuses text longer than MAX_FILE_BYTES as tooLarge without parsing it', () => {
    const padded = `{"format":"gpu-tco-scenario","scenario":${JSON.stringify(defaultScenario)}}`.padEnd(
      MAX_FILE_BYTES + 1,
      ' ',
    );
    expect(scenarioFromJson(padded)).toEqual({ ok: false, error: 'tooLarge', issues: [] });
  });

  it('refuses a file larger than MAX_FILE_BYTES from its size, without reading it', async () => {
    const text = vi.fn(async () => scenarioToJson(defaultScenario));
    expect(await readScenarioFile({ size: MAX_FILE_BYTES + 1, text })).toEqual({
      ok: false,
      error: 'tooLarge',
      issues: [],
    });
    expect(text).not.toHaveBeenCalled();
  });

  it('reports a file the browser cannot read as unreadable instead of throwing', async () => {
    const text = async (): Promise<string> => {
      throw new DOMException('gone', 'NotReadableError');
    };
    expect(await readScenarioFile({ size: 10, text })).toEqual({
      ok: false,
      error: 'unreadable',
      issues: [],
    });
  });

  it('reads a file within the limit as a scenario', async () => {
    const json = scenarioToJson(defaultScenario);
    expect(await readScenarioFile({ size: json.length, text: async () => json })).toEqual({
      ok: true,
      scenario: defaultScenario,
    });
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

describe('hostile scenario files get a short list of issues', () => {
  const madeUp = (n: number) => Array.from({ length: n }, (_, i) => `k${i}`);

  it('a 652 KB file of 60,000 made-up keys is refused from its shape, before it is parsed', () => {
    const usdInputs = Object.fromEntries(madeUp(60_000).map((k) => [k, 0]));
    const text = JSON.stringify({ format: 'gpu-tco-scenario', scenario: { ...defaultScenario, usdInputs } });
    expect(text.length).toBeGreaterThan(652_000);
    const parse = vi.spyOn(JSON, 'parse');
    try {
      expect(scenarioFromJson(text)).toEqual({ ok: false, error: 'tooComplex', issues: [] });
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it('a file nested 5,000 deep is refused from its shape', () => {
    const text = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    expect(scenarioFromJson(text)).toEqual({ ok: false, error: 'tooComplex', issues: [] });
  });

  it('a link of 60,000 made-up keys is refused as far too large, before it is parsed', () => {
    const usdInputs = Object.fromEntries(madeUp(60_000).map((k) => [k, 0]));
    const hash = encodeScenarioHash({ ...defaultScenario, usdInputs });
    expect(decodeScenarioHash(hash)).toEqual({ ok: false, error: 'tooLarge', issues: [] });
  });

  it('a scenario with more made-up dollar inputs than there are money inputs gets one tooMany issue', () => {
    const usdInputs = Object.fromEntries(madeUp(4_000).map((k) => [k, 0]));
    const r = parseScenario({ ...defaultScenario, usdInputs });
    expect(r.ok ? [] : r.issues).toEqual([
      expect.objectContaining({ path: 'usdInputs', code: 'tooMany', limit: MONEY_PATHS.length }),
    ]);
  });

  it('a scenario with more made-up uncertainty ranges than there are uncertain inputs gets one tooMany issue', () => {
    const ranges = Object.fromEntries(madeUp(4_000).map((k) => [k, [0, 1]]));
    const r = parseScenario({ ...defaultScenario, uncertainty: { ...defaultScenario.uncertainty, ranges } });
    expect(r.ok ? [] : r.issues).toEqual([
      expect.objectContaining({
        path: 'uncertainty.ranges',
        code: 'tooMany',
        limit: UNCERTAIN_PATH_CHOICES.length,
      }),
    ]);
  });

  it('lists the first MAX_ISSUES issues and counts the rest in one last entry', () => {
    const weeklyGpus = Array.from({ length: 104 }, () => 'twelve');
    const r = scenarioFromJson(
      JSON.stringify({ ...defaultScenario, demand: { ...defaultScenario.demand, weeklyGpus } }),
    );
    const issues = r.ok ? [] : r.issues;
    expect(issues).toHaveLength(MAX_ISSUES + 1);
    expect(issues[0]).toMatchObject({ path: 'demand.weeklyGpus.0', code: 'wrongType' });
    expect(issues[MAX_ISSUES]).toMatchObject({ path: '', code: 'moreIssues', limit: 104 - MAX_ISSUES });
  });
});
