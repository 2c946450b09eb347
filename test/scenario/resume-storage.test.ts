import { describe, expect, it } from 'vitest';
import { presets, type Scenario } from '../../src/engine';
import { loadResume, saveResume } from '../../src/scenario';
import { CURRENT_SCHEMA_VERSION } from '../../src/scenario/migrate';
import { RESUME_KEY } from '../../src/scenario/resume-storage';
import { MemoryStorage } from './memory-storage';

const steady = presets.steadyLab as Scenario;
const record = { scenario: steady, currency: 'USD', cnyPerUsd: 7.05, presetId: 'steadyLab' } as const;

describe('the scenario kept to resume', () => {
  it('reads back what was kept: scenario, display settings and preset', () => {
    const storage = new MemoryStorage();
    expect(saveResume(storage, record)).toBe('written');
    expect(loadResume(storage)).toEqual({
      kind: 'ok',
      scenario: steady,
      currency: 'USD',
      cnyPerUsd: 7.05,
      presetId: 'steadyLab',
    });
  });

  it('is nothing on a first visit, and nothing (not an error) when the browser refuses to read', () => {
    expect(loadResume(new MemoryStorage())).toEqual({ kind: 'none' });
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => undefined,
    };
    expect(loadResume(refusing)).toEqual({ kind: 'none' });
  });

  it('reports a kept scenario the schema refuses, naming the field, and never opens it', () => {
    const storage = new MemoryStorage();
    const bad = { ...steady, horizonMonths: -3 };
    storage.setItem(RESUME_KEY, JSON.stringify({ format: 'gpu-tco-resume', version: 1, scenario: bad }));
    const read = loadResume(storage);
    expect(read.kind).toBe('broken');
    if (read.kind === 'broken') expect(read.issues.map((i) => i.path)).toContain('horizonMonths');
  });

  it('reports text that is not a kept scenario as broken, with no issues to name', () => {
    const storage = new MemoryStorage();
    storage.setItem(RESUME_KEY, '{"format":"gpu-tco-resume","scen');
    expect(loadResume(storage)).toEqual({ kind: 'broken', issues: [] });
    storage.setItem(RESUME_KEY, JSON.stringify({ scenario: steady }));
    expect(loadResume(storage)).toEqual({ kind: 'broken', issues: [] });
  });

  it('drops display settings and a preset id that are not valid, keeping the scenario', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      RESUME_KEY,
      JSON.stringify({
        format: 'gpu-tco-resume',
        scenario: steady,
        currency: 'EUR',
        cnyPerUsd: 0,
        presetId: 7,
      }),
    );
    expect(loadResume(storage)).toEqual({ kind: 'ok', scenario: steady });
  });

  it('says so when the browser refuses the write (storage full)', () => {
    const storage = new MemoryStorage();
    storage.full = 'all';
    expect(saveResume(storage, record)).toBe('refused');
  });
});

describe('the forward rule for the resume slot', () => {
  const newerRecord = JSON.stringify(
    {
      format: 'gpu-tco-resume',
      version: 1,
      scenario: { ...steady, schemaVersion: CURRENT_SCHEMA_VERSION + 1 },
    },
    null,
    1,
  );

  it('never replaces a record written by a newer release, and says why', () => {
    const storage = new MemoryStorage();
    storage.setItem(RESUME_KEY, newerRecord);
    expect(saveResume(storage, record)).toBe('newerKept');
    expect(storage.getItem(RESUME_KEY)).toBe(newerRecord);
  });

  it('replaces a record of this release or an older one, and a damaged one', () => {
    for (const before of [
      JSON.stringify({ format: 'gpu-tco-resume', scenario: steady }),
      JSON.stringify({ format: 'gpu-tco-resume', scenario: { ...steady, schemaVersion: 2 } }),
      '{"format":"gpu-tco-resume","scen',
    ]) {
      const storage = new MemoryStorage();
      storage.setItem(RESUME_KEY, before);
      expect(saveResume(storage, record)).toBe('written');
      expect(loadResume(storage)).toMatchObject({ kind: 'ok', scenario: steady });
    }
  });
});
