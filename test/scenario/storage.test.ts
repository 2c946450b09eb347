import { describe, expect, it } from 'vitest';
import { defaultScenario, presets } from '../../src/engine';
import {
  loadQuarantine,
  loadSaved,
  QUARANTINE_KEY,
  SAVED_KEY,
  type SavedScenario,
  writeSaved,
} from '../../src/scenario';

class MemoryStorage {
  data = new Map<string, string>();
  quotaBytes = Number.POSITIVE_INFINITY;
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (value.length > this.quotaBytes) throw new DOMException('full', 'QuotaExceededError');
    this.data.set(key, value);
  }
}

const entry = (id: string, name: string): SavedScenario => ({
  id,
  name,
  savedAt: '2026-11-29T00:00:00Z',
  scenario: defaultScenario,
});

describe('saved scenarios', () => {
  it('saves and loads named scenarios', () => {
    const storage = new MemoryStorage();
    expect(
      writeSaved(storage, [entry('a', 'Plan A'), { ...entry('b', 'Plan B'), scenario: presets.steadyLab! }]),
    ).toEqual({ ok: true });
    const loaded = loadSaved(storage);
    expect(loaded.entries.map((e) => e.name)).toEqual(['Plan A', 'Plan B']);
    expect(loaded.entries[1]?.scenario).toEqual(presets.steadyLab);
    expect(loaded.quarantined).toEqual([]);
  });

  it('keeps entries that no longer parse aside instead of deleting them', () => {
    const storage = new MemoryStorage();
    const broken = { ...entry('b', 'Broken'), scenario: { ...defaultScenario, horizonMonths: -1 } };
    storage.setItem(SAVED_KEY, JSON.stringify([entry('a', 'Good'), broken]));
    const loaded = loadSaved(storage);
    expect(loaded.entries.map((e) => e.name)).toEqual(['Good']);
    expect(loaded.quarantined).toHaveLength(1);
    expect(loaded.quarantined[0]?.reason).toMatch(/^horizonMonths/);
    expect(loaded.quarantined[0]).toMatchObject({
      code: 'invalid',
      issue: { path: 'horizonMonths', code: 'tooSmall', limit: 12 },
    });
    expect(JSON.parse(loaded.quarantined[0]!.raw).name).toBe('Broken');
    // The broken entry is stored under the quarantine key and survives the next load.
    expect(JSON.parse(storage.getItem(QUARANTINE_KEY)!)).toHaveLength(1);
    expect(loadSaved(storage).quarantined).toHaveLength(1);
  });

  it('keeps an unreadable saved list aside verbatim', () => {
    const storage = new MemoryStorage();
    storage.setItem(SAVED_KEY, '{not json');
    const loaded = loadSaved(storage);
    expect(loaded.entries).toEqual([]);
    expect(loaded.quarantined[0]).toMatchObject({ raw: '{not json', code: 'unreadableList' });
  });

  it('keeps a damaged kept-aside list as an entry of its own and stores it inside the next list', () => {
    const storage = new MemoryStorage();
    storage.setItem(QUARANTINE_KEY, '[{"raw": "cut off');
    expect(loadQuarantine(storage)).toEqual([
      {
        raw: '[{"raw": "cut off',
        reason: 'the kept-aside list is not readable JSON',
        code: 'unreadableKeptAside',
      },
    ]);
    // A newly broken entry makes loadSaved rewrite the kept-aside list: the damaged value stays in it.
    storage.setItem(SAVED_KEY, JSON.stringify([{ id: 'x' }]));
    const loaded = loadSaved(storage);
    expect(loaded.quarantined.map((q) => [q.code, q.raw])).toEqual([
      ['unreadableKeptAside', '[{"raw": "cut off'],
      ['notSaved', '{"id":"x"}'],
    ]);
    const stored = JSON.parse(storage.getItem(QUARANTINE_KEY)!);
    expect(stored.map((q: { raw: string }) => q.raw)).toEqual(['[{"raw": "cut off', '{"id":"x"}']);
  });

  it('keeps a kept-aside value that is JSON but not a list, and list items that are not entries', () => {
    const storage = new MemoryStorage();
    storage.setItem(QUARANTINE_KEY, '{"raw":"x","reason":"y"}');
    expect(loadQuarantine(storage)).toEqual([
      {
        raw: '{"raw":"x","reason":"y"}',
        reason: 'the kept-aside list is not readable JSON',
        code: 'unreadableKeptAside',
      },
    ]);
    storage.setItem(
      QUARANTINE_KEY,
      JSON.stringify([{ raw: 'a', reason: 'not a saved scenario' }, 42, { raw: 1 }]),
    );
    expect(loadQuarantine(storage)).toEqual([
      { raw: 'a', reason: 'not a saved scenario', code: 'notSaved' },
      { raw: '42', reason: 'an item of the kept-aside list is not readable', code: 'unreadableKeptAside' },
      {
        raw: '{"raw":1}',
        reason: 'an item of the kept-aside list is not readable',
        code: 'unreadableKeptAside',
      },
    ]);
  });

  it('gives entries kept aside before codes existed a code from their English reason', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      QUARANTINE_KEY,
      JSON.stringify([
        { raw: '{', reason: 'the saved list is not readable JSON' },
        { raw: '{"id":1}', reason: 'not a saved scenario' },
        { raw: '{"id":"b"}', reason: 'horizonMonths: must be at least 1' },
      ]),
    );
    expect(loadQuarantine(storage).map((q) => q.code)).toEqual(['unreadableList', 'notSaved', 'invalid']);
  });

  it('reports a full storage and leaves the stored list unchanged', () => {
    const storage = new MemoryStorage();
    writeSaved(storage, [entry('a', 'Plan A')]);
    storage.quotaBytes = 10;
    expect(writeSaved(storage, [entry('a', 'Plan A'), entry('b', 'Plan B')])).toEqual({
      ok: false,
      error: 'quota',
    });
    expect(loadSaved(storage).entries.map((e) => e.name)).toEqual(['Plan A']);
  });

  it('reports storage that cannot be read as empty, without throwing', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadSaved(throwing)).toEqual({ entries: [], quarantined: [] });
    expect(writeSaved(throwing, [])).toEqual({ ok: false, error: 'unavailable' });
  });
});
