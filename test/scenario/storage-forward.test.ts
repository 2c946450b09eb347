import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../../src/engine';
import { exportAllSaved, loadSaved, type SavedScenario, updateSaved } from '../../src/scenario';
import { QUARANTINE_KEY } from '../../src/scenario/kept-aside';
import { CURRENT_SCHEMA_VERSION } from '../../src/scenario/migrate';
import { ENTRY_KEY_PREFIX, LEGACY_LIST_KEY } from '../../src/scenario/storage';
import { MemoryStorage } from './memory-storage';

/**
 * Issue 42: the forward rule (an entry made by a newer release is listed, never moved aside,
 * rewritten or deleted), taking back what older releases set aside, and a layout in which a save
 * writes only its own entry.
 */

const entry = (id: string, name: string): SavedScenario => ({
  id,
  name,
  savedAt: '2026-11-29T00:00:00Z',
  scenario: defaultScenario,
});

/** An entry as the next release would write it: its scenario one schema version ahead. */
const newerItem = (id: string, name: string) => ({
  id,
  name,
  savedAt: '2026-12-24T00:00:00Z',
  scenario: { ...defaultScenario, schemaVersion: CURRENT_SCHEMA_VERSION + 1, fieldOfTheFuture: [1, 2] },
});
/** Written with spacing of its own, so "byte for byte" cannot pass by re-serialising. */
const newerText = (id: string, name: string) => JSON.stringify(newerItem(id, name), null, 1);

const legacyList = (...items: string[]) => `[${items.join(', ')}]`;
const ownKeys = (storage: MemoryStorage) =>
  [...storage.data.keys()].filter((k) => k.startsWith(ENTRY_KEY_PREFIX));

describe('the forward rule for the saved list', () => {
  it('lists an entry of a newer schema version by name, not as an entry to open, and keeps nothing aside', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      LEGACY_LIST_KEY,
      legacyList(JSON.stringify(entry('a', 'Mine')), newerText('n', 'From the future')),
    );
    const loaded = loadSaved(storage);
    expect(loaded.entries.map((e) => e.name)).toEqual(['Mine']);
    expect(loaded.newer).toEqual([
      {
        id: 'n',
        name: 'From the future',
        savedAt: '2026-12-24T00:00:00Z',
        schemaVersion: CURRENT_SCHEMA_VERSION + 1,
      },
    ]);
    expect(loaded.quarantined).toEqual([]);
  });

  it('leaves a newer entry in the legacy list byte for byte through loads, a save, a rename and a delete of its neighbours', () => {
    const storage = new MemoryStorage();
    const text = legacyList(
      JSON.stringify(entry('a', 'Mine')),
      newerText('n', 'Newer'),
      JSON.stringify(entry('b', 'Other')),
    );
    storage.setItem(LEGACY_LIST_KEY, text);
    loadSaved(storage);
    expect(updateSaved(storage, (list) => [...list, entry('c', 'Saved now')])).toEqual({ ok: true });
    expect(
      updateSaved(storage, (list) => list.map((e) => (e.id === 'b' ? { ...e, name: 'Renamed' } : e))),
    ).toEqual({
      ok: true,
    });
    expect(storage.getItem(LEGACY_LIST_KEY)).toBe(text);
    expect(updateSaved(storage, (list) => list.filter((e) => e.id !== 'a'), { removing: ['a'] })).toEqual({
      ok: true,
    });
    // The delete cut only the deleted entry's text out of the list; the newer entry's text is unchanged.
    const after = storage.getItem(LEGACY_LIST_KEY) ?? '';
    expect(after).toContain(newerText('n', 'Newer'));
    expect(after).not.toContain('"Mine"');
    const reloaded = loadSaved(storage);
    expect(reloaded.entries.map((e) => e.name)).toEqual(['Renamed', 'Saved now']);
    expect(reloaded.newer.map((e) => e.name)).toEqual(['Newer']);
  });

  it('never writes, moves or deletes a newer entry under its own key, and a new save never takes its id', () => {
    const storage = new MemoryStorage();
    const text = newerText('n', 'Newer');
    storage.setItem(`${ENTRY_KEY_PREFIX}n`, text);
    expect(updateSaved(storage, (list) => [...list, entry('n', 'Same id')])).toEqual({ ok: true });
    expect(storage.getItem(`${ENTRY_KEY_PREFIX}n`)).toBe(text);
    const loaded = loadSaved(storage);
    expect(loaded.newer.map((e) => [e.id, e.name])).toEqual([['n', 'Newer']]);
    expect(loaded.entries.map((e) => [e.id, e.name])).toEqual([['n-2', 'Same id']]);
    // An edit cannot reach it (it is not among the entries it is given), so it cannot drop it either.
    expect(updateSaved(storage, () => [], { removing: ['n', 'n-2'] })).toEqual({ ok: true });
    expect(storage.getItem(`${ENTRY_KEY_PREFIX}n`)).toBe(text);
  });

  it('exports a newer entry with everything else, as it is stored', () => {
    const storage = new MemoryStorage();
    storage.setItem(`${ENTRY_KEY_PREFIX}n`, newerText('n', 'Newer'));
    expect(JSON.parse(exportAllSaved(storage)).newer).toEqual([newerItem('n', 'Newer')]);
  });
});

describe('taking back what older releases set aside', () => {
  /** A kept-aside list as releases before issue 42 wrote it, moving a newer entry out of the list. */
  const keptAsideByOlderRelease = (items: object[]) =>
    JSON.stringify(
      items.map((item) => ({
        raw: JSON.stringify(item),
        reason: 'schemaVersion: made by a newer version of the app (schema 8; this app reads up to 7)',
        code: 'invalid',
        issue: { path: 'schemaVersion', message: 'made by a newer version', code: 'newerVersion', limit: 7 },
      })),
    );

  it('returns every kept-aside item that reads as an entry to the list, says how many, and leaves the rest aside', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      QUARANTINE_KEY,
      keptAsideByOlderRelease([
        entry('x', 'Set aside by an older tab'),
        { id: 'bad' },
        newerItem('n', 'Newer'),
      ]),
    );
    const loaded = loadSaved(storage);
    expect(loaded.restored).toBe(2);
    expect(loaded.entries.map((e) => e.name)).toEqual(['Set aside by an older tab']);
    expect(loaded.newer.map((e) => e.name)).toEqual(['Newer']);
    expect(loaded.quarantined.map((q) => q.raw)).toEqual(['{"id":"bad"}']);
    // Stored under their own keys, and gone from the kept-aside list: the next load restores nothing.
    expect(JSON.parse(storage.getItem(QUARANTINE_KEY) ?? '')).toHaveLength(1);
    expect(loadSaved(storage)).toMatchObject({
      restored: 0,
      entries: [{ name: 'Set aside by an older tab' }],
    });
  });

  it('restores once even when the kept-aside list cannot be shortened, and never twice', () => {
    const storage = new MemoryStorage();
    const keptAside = keptAsideByOlderRelease([entry('x', 'Back')]);
    storage.setItem(QUARANTINE_KEY, keptAside);
    const write = storage.setItem.bind(storage);
    storage.setItem = (key, value) => {
      if (key === QUARANTINE_KEY) throw new DOMException('full', 'QuotaExceededError');
      write(key, value);
    };
    expect(loadSaved(storage).restored).toBe(1);
    expect(storage.getItem(QUARANTINE_KEY)).toBe(keptAside);
    const again = loadSaved(storage);
    expect(again.restored).toBe(0);
    expect(again.entries.map((e) => e.name)).toEqual(['Back']);
  });

  it('gives a restored entry a free id when its own is taken by another entry', () => {
    const storage = new MemoryStorage();
    storage.setItem(LEGACY_LIST_KEY, JSON.stringify([entry('x', 'Still listed')]));
    storage.setItem(QUARANTINE_KEY, keptAsideByOlderRelease([entry('x', 'Set aside')]));
    expect(loadSaved(storage).entries.map((e) => [e.id, e.name])).toEqual([
      ['x', 'Still listed'],
      ['x-2', 'Set aside'],
    ]);
    expect(loadSaved(storage).entries).toHaveLength(2);
  });
});

describe('a save writes only its own entry', () => {
  it('two tabs whose reads both come before either write keep both entries', () => {
    const shared = new MemoryStorage();
    updateSaved(shared, () => [entry('a', 'Before')]);
    // Tab two reads the storage as it was before tab one's write reached it, and writes into the same
    // storage. Like any tab it sees its own writes (every write is read back and compared).
    const snapshot = new Map(shared.data);
    const tabTwo = {
      getItem: (key: string) => snapshot.get(key) ?? null,
      key: (index: number) => [...snapshot.keys()][index] ?? null,
      get length() {
        return snapshot.size;
      },
      setItem: (key: string, value: string) => {
        shared.setItem(key, value);
        snapshot.set(key, value);
      },
      removeItem: (key: string) => shared.removeItem(key),
    };
    expect(updateSaved(shared, (list) => [...list, entry('t1', 'Tab one')])).toEqual({ ok: true });
    expect(updateSaved(tabTwo, (list) => [...list, entry('t2', 'Tab two')])).toEqual({ ok: true });
    expect(loadSaved(shared).entries.map((e) => e.name)).toEqual(['Before', 'Tab one', 'Tab two']);
  });

  it('a save writes one key and leaves every other stored text as it was', () => {
    const storage = new MemoryStorage();
    storage.setItem(LEGACY_LIST_KEY, JSON.stringify([entry('a', 'Legacy')]));
    updateSaved(storage, (list) => [...list, entry('b', 'Own')]);
    const before = new Map(storage.data);
    const writes = storage.writes;
    updateSaved(storage, (list) => [...list, entry('c', 'New')]);
    expect(storage.writes - writes).toBe(1);
    for (const [key, value] of before) expect(storage.getItem(key)).toBe(value);
    expect(ownKeys(storage)).toEqual([`${ENTRY_KEY_PREFIX}b`, `${ENTRY_KEY_PREFIX}c`]);
  });

  it('a duplicate goes right after its original and stays there after a reload', () => {
    const storage = new MemoryStorage();
    updateSaved(storage, () => [entry('a', 'A'), entry('b', 'B')]);
    updateSaved(storage, (list) => [list[0]!, entry('a2', 'A copy'), ...list.slice(1)]);
    expect(loadSaved(storage).entries.map((e) => e.name)).toEqual(['A', 'A copy', 'B']);
  });
});
