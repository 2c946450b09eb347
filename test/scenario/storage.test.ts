import { describe, expect, it } from 'vitest';
import { defaultScenario, presets } from '../../src/engine';
import { exportAllSaved, loadSaved, type SavedScenario, updateSaved } from '../../src/scenario';
import { loadQuarantine, QUARANTINE_KEY } from '../../src/scenario/kept-aside';
import { EXPORT_FORMAT, repairDuplicateIds, LEGACY_LIST_KEY as SAVED_KEY } from '../../src/scenario/storage';
import { MemoryStorage } from './memory-storage';

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
      updateSaved(storage, () => [
        entry('a', 'Plan A'),
        { ...entry('b', 'Plan B'), scenario: presets.steadyLab! },
      ]),
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
    // It stays where it was (nothing is moved or rewritten on load) and is reported on every load.
    expect(storage.getItem(SAVED_KEY)).toBe(JSON.stringify([entry('a', 'Good'), broken]));
    expect(storage.getItem(QUARANTINE_KEY)).toBeNull();
    expect(loadSaved(storage).quarantined).toHaveLength(1);
  });

  it('keeps an unreadable saved list aside verbatim', () => {
    const storage = new MemoryStorage();
    storage.setItem(SAVED_KEY, '{not json');
    const loaded = loadSaved(storage);
    expect(loaded.entries).toEqual([]);
    expect(loaded.quarantined[0]).toMatchObject({ raw: '{not json', code: 'unreadableList' });
  });

  it('keeps a damaged kept-aside list as an entry of its own and never writes over it', () => {
    const storage = new MemoryStorage();
    storage.setItem(QUARANTINE_KEY, '[{"raw": "cut off');
    expect(loadQuarantine(storage)).toEqual([
      {
        raw: '[{"raw": "cut off',
        reason: 'the kept-aside list is not readable JSON',
        code: 'unreadableKeptAside',
      },
    ]);
    storage.setItem(SAVED_KEY, JSON.stringify([{ id: 'x' }]));
    const loaded = loadSaved(storage);
    expect(loaded.quarantined.map((q) => [q.code, q.raw])).toEqual([
      ['unreadableKeptAside', '[{"raw": "cut off'],
      ['notSaved', '{"id":"x"}'],
    ]);
    updateSaved(storage, (list) => [...list, entry('b', 'New')]);
    expect(storage.getItem(QUARANTINE_KEY)).toBe('[{"raw": "cut off');
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
    updateSaved(storage, () => [entry('a', 'Plan A')]);
    storage.full = 'growing';
    expect(updateSaved(storage, (list) => [...list, entry('b', 'Plan B')])).toEqual({
      ok: false,
      error: 'quota',
    });
    expect(loadSaved(storage).entries.map((e) => e.name)).toEqual(['Plan A']);
  });

  it('reports storage that cannot be read as empty, without throwing', () => {
    const denied = () => {
      throw new Error('denied');
    };
    const throwing = {
      getItem: denied,
      setItem: denied,
      removeItem: denied,
      key: denied,
      get length(): number {
        return denied();
      },
    };
    expect(loadSaved(throwing)).toEqual({ entries: [], newer: [], quarantined: [], restored: 0 });
    expect(updateSaved(throwing, () => [])).toEqual({ ok: false, error: 'unavailable' });
  });
});

const broken = { id: 'x', name: 'Broken', savedAt: '', scenario: { ...defaultScenario, horizonMonths: -1 } };

describe('saving never loses a stored entry', () => {
  it('a save never rewrites the legacy list: a broken item in it stays where it was, byte for byte', () => {
    const storage = new MemoryStorage();
    const text = JSON.stringify([entry('a', 'Good'), broken]);
    storage.setItem(SAVED_KEY, text);
    expect(updateSaved(storage, (list) => [...list, entry('b', 'New')])).toEqual({ ok: true });
    expect(storage.getItem(SAVED_KEY)).toBe(text);
    const reloaded = loadSaved(storage);
    expect(reloaded.entries.map((e) => e.name)).toEqual(['Good', 'New']);
    expect(reloaded.quarantined.map((q) => JSON.parse(q.raw).name)).toEqual(['Broken']);
  });

  it('keeps the text of a truncated list when storage is full, and reports it kept aside', () => {
    const storage = new MemoryStorage();
    const truncated = JSON.stringify([entry('a', 'One'), entry('b', 'Two')]).slice(0, -40);
    storage.setItem(SAVED_KEY, truncated);
    storage.full = 'growing';
    expect(updateSaved(storage, (list) => [...list, entry('c', 'Three')])).toEqual({
      ok: false,
      error: 'quota',
    });
    expect(storage.getItem(SAVED_KEY)).toBe(truncated);
    expect(loadSaved(storage).quarantined).toEqual([
      { raw: truncated, reason: 'the saved list is not readable JSON', code: 'unreadableList' },
    ]);
  });

  it('saves beside a truncated list and never writes over its text', () => {
    const storage = new MemoryStorage();
    const truncated = '[{"id":"a","name":"One","scenario":{"schemaVer';
    storage.setItem(SAVED_KEY, truncated);
    expect(updateSaved(storage, (list) => [...list, entry('c', 'Three')])).toEqual({ ok: true });
    expect(storage.getItem(SAVED_KEY)).toBe(truncated);
    expect(loadSaved(storage)).toMatchObject({
      entries: [{ id: 'c', name: 'Three' }],
      quarantined: [{ raw: truncated, code: 'unreadableList' }],
    });
  });

  it('refuses an edit that drops an entry the user did not delete', () => {
    const storage = new MemoryStorage();
    updateSaved(storage, () => [entry('a', 'A'), entry('b', 'B')]);
    const before = [...storage.data];
    expect(updateSaved(storage, (list) => list.slice(0, 1))).toEqual({
      ok: false,
      error: 'wouldLoseEntries',
    });
    expect([...storage.data]).toEqual(before);
    expect(updateSaved(storage, (list) => list.slice(0, 1), { removing: ['b'] })).toEqual({ ok: true });
    expect(loadSaved(storage).entries.map((e) => e.id)).toEqual(['a']);
  });

  it('applies the edit to the list as stored now, so another tab’s save is kept', () => {
    const storage = new MemoryStorage();
    updateSaved(storage, () => [entry('a', 'Mine')]);
    // Another tab writes its own save directly.
    storage.setItem(SAVED_KEY, JSON.stringify([entry('a', 'Mine'), entry('t', 'Other tab')]));
    updateSaved(storage, (list) => [...list, entry('b', 'Mine too')]);
    expect(loadSaved(storage).entries.map((e) => e.name)).toEqual(['Mine', 'Other tab', 'Mine too']);
  });

  it('keeps an identical broken entry once when it is already kept aside', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      QUARANTINE_KEY,
      JSON.stringify([{ raw: JSON.stringify(broken), reason: 'x', code: 'invalid' }]),
    );
    storage.setItem(SAVED_KEY, JSON.stringify([broken]));
    expect(loadSaved(storage).quarantined).toHaveLength(1);
    expect(JSON.parse(storage.getItem(SAVED_KEY)!)).toEqual([broken]);
    expect(JSON.parse(storage.getItem(QUARANTINE_KEY)!)).toHaveLength(1);
  });
});

describe('duplicate ids', () => {
  it('gives the second of two entries with one id a new id and keeps both', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      SAVED_KEY,
      JSON.stringify([entry('a', 'First'), entry('a', 'Second'), entry('a-2', 'Third')]),
    );
    expect(loadSaved(storage).entries.map((e) => [e.id, e.name])).toEqual([
      ['a', 'First'],
      ['a-3', 'Second'],
      ['a-2', 'Third'],
    ]);
  });

  it('deleting one of two entries that shared an id deletes only that one', () => {
    const storage = new MemoryStorage();
    storage.setItem(SAVED_KEY, JSON.stringify([entry('a', 'First'), entry('a', 'Second')]));
    const secondId = loadSaved(storage).entries[1]!.id;
    expect(
      updateSaved(storage, (list) => list.filter((e) => e.id !== secondId), { removing: [secondId] }),
    ).toEqual({ ok: true });
    expect(loadSaved(storage).entries.map((e) => e.name)).toEqual(['First']);
  });

  it('repairs the same way every time (ids are stable across reads)', () => {
    const list = [entry('a', '1'), entry('a', '2'), entry('a', '3')];
    expect(repairDuplicateIds(list).map((e) => e.id)).toEqual(['a', 'a-2', 'a-3']);
    expect(repairDuplicateIds(repairDuplicateIds(list))).toEqual(repairDuplicateIds(list));
  });
});

describe('export of everything saved', () => {
  it('holds every saved scenario and every kept-aside raw entry, and writes nothing', () => {
    const storage = new MemoryStorage();
    storage.setItem(QUARANTINE_KEY, '[{"raw": "cut off');
    storage.setItem(SAVED_KEY, JSON.stringify([entry('a', 'Good'), broken]));
    const writes = storage.writes;
    const exported = JSON.parse(exportAllSaved(storage));
    expect(storage.writes).toBe(writes);
    expect(exported.format).toBe(EXPORT_FORMAT);
    expect(exported.saved.map((e: SavedScenario) => e.name)).toEqual(['Good']);
    expect(exported.keptAside.map((q: { raw: string }) => q.raw)).toEqual([
      '[{"raw": "cut off',
      JSON.stringify(broken),
    ]);
  });
});

describe('saved data nested far deeper than any saved list', () => {
  const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

  it('an item nested 5,000 deep in the saved list is kept aside alone, verbatim, never thrown', () => {
    const storage = new MemoryStorage();
    storage.data.set(SAVED_KEY, `[${deep(5_000)}]`);
    const loaded = loadSaved(storage);
    expect(loaded.entries).toEqual([]);
    expect(loaded.quarantined).toEqual([expect.objectContaining({ raw: deep(5_000), code: 'notSaved' })]);
  });

  it('a saved entry whose scenario is nested 5,000 deep is kept aside alone; the entries beside it stay listed', () => {
    const storage = new MemoryStorage();
    const deepItem = `{"id":"b","name":"B","scenario":${deep(5_000)}}`;
    const text = `[${JSON.stringify(entry('a', 'Plan A'))},${deepItem},${JSON.stringify(entry('c', 'Plan C'))}]`;
    storage.data.set(SAVED_KEY, text);
    const loaded = loadSaved(storage);
    expect(loaded.entries.map((e) => e.name)).toEqual(['Plan A', 'Plan C']);
    expect(loaded.quarantined.map((q) => q.raw)).toEqual([deepItem]);
    expect(storage.getItem(SAVED_KEY)).toBe(text);
  });

  it('an item nested 40 deep beside two valid entries: both entries listed, the item kept aside', () => {
    const storage = new MemoryStorage();
    const deepItem = `{"id":"d","name":"Deep","scenario":${deep(40)}}`;
    storage.data.set(
      SAVED_KEY,
      `[${JSON.stringify(entry('a', 'One'))},${deepItem},${JSON.stringify(entry('b', 'Two'))}]`,
    );
    const loaded = loadSaved(storage);
    expect(loaded.entries.map((e) => e.name)).toEqual(['One', 'Two']);
    expect(loaded.quarantined.map((q) => q.raw)).toEqual([deepItem]);
  });

  it('a kept-aside list nested 5,000 deep becomes an entry of its own', () => {
    const storage = new MemoryStorage();
    storage.data.set(QUARANTINE_KEY, deep(5_000));
    expect(loadQuarantine(storage)).toEqual([expect.objectContaining({ raw: deep(5_000) })]);
  });
});

describe('saved names read back', () => {
  it('a stored name over 200 units is cut between graphemes, never inside an emoji', () => {
    const storage = new MemoryStorage();
    const name = `${'a'.repeat(199)}👍🏽`;
    storage.data.set(SAVED_KEY, JSON.stringify([{ ...entry('a', 'x'), name }]));
    expect(loadSaved(storage).entries[0]?.name).toBe('a'.repeat(199));
  });
});
