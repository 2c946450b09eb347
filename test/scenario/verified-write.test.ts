import { describe, expect, it } from 'vitest';
import { defaultScenario, presets, type Scenario } from '../../src/engine';
import { loadSaved, type SavedScenario, saveResume, updateSaved } from '../../src/scenario';
import { RESUME_KEY } from '../../src/scenario/resume-storage';
import { entryKey } from '../../src/scenario/storage';
import { textHash } from '../../src/scenario/text-hash';
import { writeVerified } from '../../src/scenario/verified-write';
import { MemoryStorage } from './memory-storage';

/**
 * A storage that, once armed, keeps something else than it is given (cut to 10 characters) for the
 * next write to a key matching `lies`, then behaves again (so putting the previous value back works).
 */
class LyingStorage extends MemoryStorage {
  lies: RegExp | null = null;
  override setItem(key: string, value: string): void {
    if (this.lies?.test(key)) {
      this.lies = null;
      super.setItem(key, value.slice(0, 10));
    } else super.setItem(key, value);
  }
}

const entry = (id: string, name: string): SavedScenario => ({
  id,
  name,
  savedAt: '2026-12-01T10:00:00Z',
  scenario: defaultScenario,
});

describe('the text hash', () => {
  it('is FNV-1a 32: the published values for "" and "a", as 8 hex digits', () => {
    expect(textHash('')).toBe('811c9dc5');
    expect(textHash('a')).toBe('e40c292c');
    expect(textHash('foobar')).toBe('bf9cf968');
  });

  it('differs for texts that differ in one character', () => {
    expect(textHash('{"name":"Plan A"}')).not.toBe(textHash('{"name":"Plan B"}'));
  });
});

describe('a write read back and compared', () => {
  it('is written when the browser gives back what was written', () => {
    const storage = new MemoryStorage();
    expect(writeVerified(storage, 'k', 'value')).toBe('written');
    expect(storage.getItem('k')).toBe('value');
  });

  it('puts the previous value back when the read-back differs', () => {
    const storage = new LyingStorage();
    storage.setItem('k', 'the previous value');
    storage.lies = /^k$/;
    expect(writeVerified(storage, 'k', 'a new and longer value')).toBe('readBackDiffers');
    expect(storage.getItem('k')).toBe('the previous value');
  });

  it('removes the key again when there was no previous value', () => {
    const storage = new LyingStorage();
    storage.lies = /^k$/;
    expect(writeVerified(storage, 'k', 'a value longer than ten')).toBe('readBackDiffers');
    expect(storage.getItem('k')).toBeNull();
  });

  it('a rename whose read-back differs keeps the saved entry as it was and returns the message code', () => {
    const storage = new LyingStorage();
    expect(updateSaved(storage, () => [entry('a', 'Plan A')])).toEqual({ ok: true });
    const before = storage.getItem(entryKey('a'));
    storage.lies = /^gpu-tco:saved:v2:/;
    const result = updateSaved(storage, (list) => list.map((e) => ({ ...e, name: 'Renamed' })));
    expect(result).toEqual({ ok: false, error: 'readBack' });
    expect(storage.getItem(entryKey('a'))).toBe(before);
    expect(loadSaved(storage).entries.map((e) => e.name)).toEqual(['Plan A']);
  });

  it('a resume write whose read-back differs keeps the previous record and says so', () => {
    const storage = new LyingStorage();
    const record = { scenario: defaultScenario, currency: 'CNY', cnyPerUsd: 7.2, presetId: null } as const;
    expect(saveResume(storage, record)).toBe('written');
    const before = storage.getItem(RESUME_KEY);
    storage.lies = /^gpu-tco:resume:v1$/;
    const steady = presets.steadyLab as Scenario;
    expect(saveResume(storage, { ...record, scenario: steady })).toBe('readBackDiffers');
    expect(storage.getItem(RESUME_KEY)).toBe(before);
  });
});
