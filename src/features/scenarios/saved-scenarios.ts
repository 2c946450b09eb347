import { useSyncExternalStore } from 'react';
import type { Scenario } from '../../engine';
import { truncateGraphemes } from '../../lib/graphemes';
import { tabChannel } from '../../lib/tab-channel';
import {
  type BudgetStamp,
  CURRENT_SCHEMA_VERSION,
  exportAllSaved,
  type LoadedSaves,
  loadSaved,
  type SavedScenario,
  type SavedUpdate,
  type SaveResult,
  savedStorageFingerprint,
  updateSaved,
} from '../../scenario';
import type { StoredActuals } from '../../scenario/stored-actuals';
import { downloadText } from './download';

/**
 * Saved scenarios live in localStorage (src/scenario/storage.ts), not in the app store: the store
 * holds the scenario being looked at. This module turns the stored list into something React can
 * subscribe to, and holds the pure list edits (stamped with a time and an id by the caller).
 */

export const NAME_MAX_CHARS = 120;

/** Trims a typed name (cut between graphemes, never inside an emoji); an empty name is not a name. */
export function cleanName(name: string): string | null {
  const trimmed = truncateGraphemes(name.trim(), NAME_MAX_CHARS).trim();
  return trimmed === '' ? null : trimmed;
}

export function addSaved(
  list: readonly SavedScenario[],
  entry: {
    id: string;
    name: string;
    savedAt: string;
    scenario: Scenario;
    presetId?: string;
    budget?: BudgetStamp;
  },
): SavedScenario[] {
  return [...list, { ...entry, scenario: { ...entry.scenario, name: entry.name } }];
}

export function renameSaved(
  list: readonly SavedScenario[],
  id: string,
  name: string,
  savedAt: string,
): SavedScenario[] {
  // A frozen budget version is never renamed (its name is part of the figures it was frozen with).
  return list.map((e) =>
    e.id === id && e.budget === undefined ? { ...e, name, savedAt, scenario: { ...e.scenario, name } } : e,
  );
}

/** A copy right after the original, named "<name> (copy)" by the caller's translation. */
export function duplicateSaved(
  list: readonly SavedScenario[],
  id: string,
  copy: { id: string; name: string; savedAt: string },
): SavedScenario[] {
  const index = list.findIndex((e) => e.id === id);
  const original = list[index];
  if (!original) return [...list];
  const duplicate: SavedScenario = { ...copy, scenario: { ...original.scenario, name: copy.name } };
  return [...list.slice(0, index + 1), duplicate, ...list.slice(index + 1)];
}

export function deleteSaved(list: readonly SavedScenario[], id: string): SavedScenario[] {
  return list.filter((e) => e.id !== id);
}

/** Replaces a saved scenario's values with a preset's, keeping its name and id; it now comes from that preset. */
export function resetSavedToPreset(
  list: readonly SavedScenario[],
  id: string,
  preset: { id: string; scenario: Scenario },
  savedAt: string,
): SavedScenario[] {
  return list.map((e) =>
    e.id === id && e.budget === undefined
      ? { ...e, savedAt, presetId: preset.id, scenario: { ...preset.scenario, name: e.name } }
      : e,
  );
}

// ---------------------------------------------------------------------------------------------------
// The browser's list, as an external store.

const EMPTY: LoadedSaves = { entries: [], newer: [], quarantined: [], restored: 0 };
const listeners = new Set<() => void>();
let cache: { key: string; value: LoadedSaves } | null = null;

export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage disabled (privacy settings): the app works without saved scenarios.
    return null;
  }
}

const rawKey = savedStorageFingerprint;

/**
 * The saved list and the quarantined entries. Cached on the raw stored text taken *after* loading,
 * because loading moves broken entries aside (a write): keyed on the text before, the next read would
 * produce a second, different snapshot.
 */
export function readSaves(): LoadedSaves {
  const storage = browserStorage();
  if (!storage) return EMPTY;
  const before = rawKey(storage);
  if (cache && cache.key === before) return cache.value;
  const value = loadSaved(storage);
  cache = { key: rawKey(storage), value };
  return value;
}

function emit() {
  for (const l of listeners) l();
}

/** The list was changed outside `changeSaved` (a restore), or a backup was taken: read them again. */
export function announceSavedChange(): void {
  emit();
}

/** Listens to this tab's changes of the saved list (the Stored data view's backups follow them). */
export function onSavedChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * After a successful write: the list as written becomes the newest backup (src/scenario/backups.ts),
 * and at the first save of the page the browser is asked to keep the storage (storage-keeping.ts).
 * Both are loaded when first needed, not with the first screen, and follow the write by a moment.
 */
function afterSavedWrite(storage: Storage): void {
  void import('../../scenario/backups').then(({ takeBackup }) => {
    if (takeBackup(storage, new Date()) === 'written') emit();
  });
  void import('./storage-keeping').then(({ askToKeepStorage }) => askToKeepStorage());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab saving changes this tab's list too: it says so on the tab channel at once, and the
  // browser's `storage` event follows (the only word from tabs of releases before the channel).
  const onStorage = () => listener();
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  const stopChannel = tabChannel()?.subscribe((message) => {
    if (message.type === 'wroteSaved') listener();
  });
  return () => {
    listeners.delete(listener);
    stopChannel?.();
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

export function useSavedScenarios(): LoadedSaves {
  return useSyncExternalStore(subscribe, readSaves, () => EMPTY);
}

/**
 * Every change to the saved list (save, rename, duplicate, delete, reset) goes through here: the
 * edit is applied to the list as stored now, and src/scenario/storage.ts's `updateSaved` keeps every
 * entry the user did not delete (broken ones included). On failure nothing saved is lost.
 */
export function changeSaved(
  edit: (entries: readonly SavedScenario[]) => SavedScenario[],
  options: SavedUpdate = {},
): SaveResult {
  const storage = browserStorage();
  if (!storage) return { ok: false, error: 'unavailable' };
  const result = updateSaved(storage, edit, options);
  if (result.ok) {
    afterSavedWrite(storage);
  }
  emit();
  if (result.ok) tabChannel()?.post({ type: 'wroteSaved', schemaVersion: CURRENT_SCHEMA_VERSION });
  return result;
}

export const EXPORT_ALL_FILE_NAME = 'gpu-tco-saved-scenarios.json';

/** Downloads every saved scenario and kept-aside entry as one JSON file (read only: works when full). */
export function downloadAllSaved(): void {
  const storage = browserStorage();
  if (!storage) return;
  downloadText(EXPORT_ALL_FILE_NAME, exportAllSaved(storage));
}

/** A fresh id for a saved entry (UI layer: the engine and src/scenario keep no randomness). */
export function newSavedId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The versions of budget `budgetId` already saved (their numbers), for the next version's. */
export function budgetVersions(list: readonly SavedScenario[], budgetId: string): number[] {
  return list.flatMap((e) => (e.budget?.budgetId === budgetId ? [e.budget.version] : []));
}

/**
 * The saved list as shown: each budget's versions together (by version), where its first version
 * stands in the list; every other entry where it is.
 */
export type SavedRow =
  | { kind: 'entry'; entry: SavedScenario }
  | { kind: 'budget'; budgetId: string; label: string; versions: SavedScenario[] };

export function groupSaved(list: readonly SavedScenario[]): SavedRow[] {
  const rows: SavedRow[] = [];
  const groups = new Map<string, Extract<SavedRow, { kind: 'budget' }>>();
  for (const entry of list) {
    const stamp = entry.budget;
    if (stamp === undefined) {
      rows.push({ kind: 'entry', entry });
      continue;
    }
    const group = groups.get(stamp.budgetId);
    if (group) group.versions.push(entry);
    else {
      const row = {
        kind: 'budget' as const,
        budgetId: stamp.budgetId,
        label: stamp.label,
        versions: [entry],
      };
      groups.set(stamp.budgetId, row);
      rows.push(row);
    }
  }
  for (const group of groups.values()) {
    group.versions.sort((a, b) => (a.budget?.version ?? 0) - (b.budget?.version ?? 0));
    // The group is named by its latest version's label (a budget renamed at a later freeze).
    group.label = group.versions[group.versions.length - 1]?.budget?.label ?? group.label;
  }
  return rows;
}

/**
 * A frozen version's actual bills kept beside it (its figures untouched); other entries unchanged.
 * `onFound` is told whether the entry was there (another tab may have deleted it).
 */
export function withActuals(
  list: readonly SavedScenario[],
  id: string,
  actuals: StoredActuals | null,
  onFound: (found: boolean) => void = () => {},
): SavedScenario[] {
  onFound(list.some((e) => e.id === id && e.budget !== undefined));
  return list.map((e) => {
    if (e.id !== id || e.budget === undefined) return e;
    if (actuals !== null) return { ...e, actuals };
    // Removed: the entry without them.
    const { actuals: _removed, ...rest } = e;
    return rest;
  });
}
