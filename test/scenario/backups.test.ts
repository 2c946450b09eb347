import { describe, expect, it } from 'vitest';
import { defaultScenario, presets, type Scenario } from '../../src/engine';
import { loadResume, loadSaved, type SavedScenario, saveResume, updateSaved } from '../../src/scenario';
import {
  BACKUP_BUDGET_CHARS,
  BACKUP_DAILY_DAYS,
  BACKUP_KEY_PREFIX,
  BACKUP_RECENT_COUNT,
  backupsToKeep,
  listBackups,
  restoreBackup,
  takeBackup,
  UNDO_RESTORE_KEY,
  undoRestore,
  undoRestoreTime,
} from '../../src/scenario/backups';
import { CURRENT_SCHEMA_VERSION } from '../../src/scenario/migrate';
import { ENTRY_KEY_PREFIX, entryKey } from '../../src/scenario/storage';
import { MemoryStorage } from './memory-storage';

const entry = (id: string, name: string, scenario: Scenario = defaultScenario): SavedScenario => ({
  id,
  name,
  savedAt: '2026-12-01T10:00:00Z',
  scenario,
});
const names = (storage: MemoryStorage) => loadSaved(storage).entries.map((e) => e.name);
/** Noon, local time, `days` days before 3 December 2026, plus `minutes`. */
const at = (days: number, minutes = 0) => new Date(2026, 11, 3 - days, 12, minutes);
const now = at(0, 30);

describe('backup rotation', () => {
  it(`keeps the newest ${BACKUP_RECENT_COUNT} of one day and drops the older ones of that day`, () => {
    const backups = Array.from({ length: 15 }, (_, i) => ({ key: `b${i}`, at: at(0, i), chars: 10 }));
    const keep = backupsToKeep(backups, now);
    expect([...keep].sort()).toEqual(
      Array.from({ length: BACKUP_RECENT_COUNT }, (_, i) => `b${i + 15 - BACKUP_RECENT_COUNT}`).sort(),
    );
  });

  it(`keeps the last one of each day for ${BACKUP_DAILY_DAYS} days beyond the recent ones, none older`, () => {
    // 12 today (fill the recent ones), then three a day for the 9 days before.
    const today = Array.from({ length: 12 }, (_, i) => ({ key: `today-${i}`, at: at(0, i), chars: 10 }));
    const earlier = Array.from({ length: 9 }, (_, d) =>
      [0, 1, 2].map((m) => ({ key: `day${d + 1}-${m}`, at: at(d + 1, m), chars: 10 })),
    ).flat();
    const keep = backupsToKeep([...today, ...earlier], now);
    const daily = [...keep].filter((k) => k.startsWith('day')).sort();
    // Days 1–6 are within the week (day 7 is 7 days and a bit ago); each keeps its last backup.
    expect(daily).toEqual(['day1-2', 'day2-2', 'day3-2', 'day4-2', 'day5-2', 'day6-2']);
    expect(keep.size).toBe(BACKUP_RECENT_COUNT + 6);
  });

  it('drops the oldest kept backups once the total is over the size budget', () => {
    const third = Math.floor(BACKUP_BUDGET_CHARS / 3);
    const backups = [0, 1, 2, 3, 4].map((i) => ({ key: `b${i}`, at: at(0, i), chars: third }));
    expect([...backupsToKeep(backups, now)].sort()).toEqual(['b2', 'b3', 'b4']);
  });
});

describe('taking a backup', () => {
  it('takes one of the list and the resume slot, and none when nothing changed', () => {
    const storage = new MemoryStorage();
    updateSaved(storage, () => [entry('a', 'Plan A')]);
    saveResume(storage, { scenario: defaultScenario, currency: 'CNY', cnyPerUsd: 7.2, presetId: null });
    expect(takeBackup(storage, at(0, 1))).toBe('written');
    expect(takeBackup(storage, at(0, 2))).toBe('unchanged');
    // A new resume record alone is not a new version of the list.
    saveResume(storage, {
      scenario: presets.steadyLab as Scenario,
      currency: 'CNY',
      cnyPerUsd: 7.2,
      presetId: null,
    });
    expect(takeBackup(storage, at(0, 3))).toBe('unchanged');
    const [only] = listBackups(storage);
    expect(only).toMatchObject({ readable: true, entries: 1, hasResume: true, at: at(0, 1).toISOString() });
    expect(only?.chars).toBeGreaterThan(100);
  });

  it('takes none of an empty or wholly damaged list, so good backups are never pushed out by it', () => {
    const storage = new MemoryStorage();
    expect(takeBackup(storage, at(0, 1))).toBe('empty');
    storage.setItem(entryKey('x'), 'garbage');
    saveResume(storage, { scenario: defaultScenario, currency: 'CNY', cnyPerUsd: 7.2, presetId: null });
    expect(takeBackup(storage, at(0, 2))).toBe('empty');
    expect(listBackups(storage)).toEqual([]);
  });

  it(`keeps at most ${BACKUP_RECENT_COUNT} on one day as the list changes`, () => {
    const storage = new MemoryStorage();
    for (let i = 0; i < BACKUP_RECENT_COUNT + 4; i++) {
      updateSaved(storage, (list) => [...list, entry(`e${i}`, `Plan ${i}`)]);
      expect(takeBackup(storage, at(0, i))).toBe('written');
    }
    const backups = listBackups(storage);
    expect(backups).toHaveLength(BACKUP_RECENT_COUNT);
    // Newest first.
    expect(backups[0]?.entries).toBe(BACKUP_RECENT_COUNT + 4);
  });
});

describe('restore and undo restore', () => {
  it('brings back a list whose keys were overwritten with garbage, the garbage left where it is', () => {
    const storage = new MemoryStorage();
    updateSaved(storage, () => [entry('a', 'Plan A'), entry('b', 'Plan B', presets.steadyLab as Scenario)]);
    takeBackup(storage, at(0, 1));
    storage.setItem(entryKey('a'), '{garbage');
    storage.setItem(entryKey('b'), 'null');
    expect(names(storage)).toEqual([]);
    const result = restoreBackup(storage, listBackups(storage)[0]?.key ?? '', at(0, 2));
    expect(result).toEqual({ ok: true, restored: 2, skipped: 0, resume: false });
    expect(names(storage)).toEqual(['Plan A', 'Plan B']);
    expect(loadSaved(storage).entries[1]?.scenario).toEqual(presets.steadyLab);
    // Damaged data is never rewritten: it stays, kept aside, and the entries came back beside it.
    expect(storage.getItem(entryKey('a'))).toBe('{garbage');
    expect(loadSaved(storage).quarantined).toHaveLength(2);
  });

  it('brings back a deleted list and its resume record', () => {
    const storage = new MemoryStorage();
    updateSaved(storage, () => [entry('a', 'Plan A')]);
    const steady = presets.steadyLab as Scenario;
    saveResume(storage, { scenario: steady, currency: 'USD', cnyPerUsd: 7, presetId: 'steadyLab' });
    takeBackup(storage, at(0, 1));
    for (const key of [...storage.data.keys()])
      if (!key.startsWith(BACKUP_KEY_PREFIX)) storage.removeItem(key);
    expect(restoreBackup(storage, listBackups(storage)[0]?.key ?? '', at(0, 2))).toMatchObject({
      ok: true,
      restored: 1,
      resume: true,
    });
    expect(names(storage)).toEqual(['Plan A']);
    expect(loadResume(storage)).toMatchObject({ kind: 'ok', scenario: steady, presetId: 'steadyLab' });
  });

  it('keeps the current list before a restore, and undo restore returns to it', () => {
    const storage = new MemoryStorage();
    updateSaved(storage, () => [entry('a', 'Plan A')]);
    takeBackup(storage, at(0, 1));
    updateSaved(storage, (list) => [
      ...list.map((e) => ({ ...e, name: 'Plan A renamed' })),
      entry('c', 'Plan C'),
    ]);
    takeBackup(storage, at(0, 2));
    const older = listBackups(storage)[1];
    expect(older?.entries).toBe(1);
    expect(restoreBackup(storage, older?.key ?? '', at(0, 3))).toMatchObject({ ok: true, restored: 1 });
    expect(names(storage)).toEqual(['Plan A']);
    expect(undoRestoreTime(storage)).toBe(at(0, 3).toISOString());
    expect(undoRestore(storage, at(0, 4))).toMatchObject({ ok: true, restored: 2 });
    expect(names(storage)).toEqual(['Plan A renamed', 'Plan C']);
    expect(storage.getItem(UNDO_RESTORE_KEY)).toBeNull();
    expect(undoRestore(storage, at(0, 5))).toEqual({ ok: false, error: 'noUndo' });
  });

  it('restores nothing when the current list cannot be kept first', () => {
    const storage = new MemoryStorage();
    updateSaved(storage, () => [entry('a', 'Plan A')]);
    takeBackup(storage, at(0, 1));
    updateSaved(storage, () => [entry('a', 'Plan A'), entry('b', 'Plan B')]);
    storage.full = 'all';
    expect(restoreBackup(storage, listBackups(storage)[0]?.key ?? '', at(0, 2))).toEqual({
      ok: false,
      error: 'quota',
    });
    expect(names(storage)).toEqual(['Plan A', 'Plan B']);
  });

  it('says a damaged backup cannot be read, and changes nothing', () => {
    const storage = new MemoryStorage();
    updateSaved(storage, () => [entry('a', 'Plan A')]);
    const key = `${BACKUP_KEY_PREFIX}${at(0, 1).toISOString()}`;
    const damaged = '{"format":"gpu-tco-backup","entries":';
    storage.setItem(key, damaged);
    expect(listBackups(storage)).toEqual([
      {
        key,
        at: at(0, 1).toISOString(),
        chars: damaged.length,
        readable: false,
        entries: 0,
        hasResume: false,
      },
    ]);
    expect(restoreBackup(storage, key, at(0, 2))).toEqual({ ok: false, error: 'unreadableBackup' });
    expect(names(storage)).toEqual(['Plan A']);
  });

  it('leaves out backup entries the scenario schema refuses, counts them, and restores the rest', () => {
    const storage = new MemoryStorage();
    const key = `${BACKUP_KEY_PREFIX}${at(0, 1).toISOString()}`;
    const bad = { ...entry('b', 'Bad'), scenario: { ...defaultScenario, horizonMonths: -3 } };
    const notAnEntry = { hello: 'world' };
    storage.setItem(
      key,
      JSON.stringify({
        format: 'gpu-tco-backup',
        version: 1,
        entries: [entry('a', 'Good'), bad, notAnEntry],
      }),
    );
    expect(restoreBackup(storage, key, at(0, 2))).toEqual({
      ok: true,
      restored: 1,
      skipped: 2,
      resume: false,
    });
    expect(names(storage)).toEqual(['Good']);
    expect(loadSaved(storage).quarantined).toEqual([]);
  });

  it('never writes over an entry of a newer release when restoring', () => {
    const storage = new MemoryStorage();
    updateSaved(storage, () => [entry('a', 'Plan A')]);
    takeBackup(storage, at(0, 1));
    const newer = JSON.stringify({
      id: 'n',
      name: 'From the future',
      savedAt: '',
      scenario: { schemaVersion: CURRENT_SCHEMA_VERSION + 1 },
    });
    storage.setItem(`${ENTRY_KEY_PREFIX}n`, newer);
    restoreBackup(storage, listBackups(storage)[0]?.key ?? '', at(0, 2));
    expect(storage.getItem(`${ENTRY_KEY_PREFIX}n`)).toBe(newer);
    expect(loadSaved(storage).newer.map((e) => e.name)).toEqual(['From the future']);
  });
});
