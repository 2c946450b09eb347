import { useSyncExternalStore } from 'react';
import { tabChannel } from '../../lib/tab-channel';
import {
  type BackupInfo,
  backupFingerprint,
  backupText,
  CURRENT_SCHEMA_VERSION,
  listBackups,
  loadResume,
  type RestoreResult,
  restoreBackup,
  takeBackup,
  undoRestore,
  undoRestoreTime,
} from '../../scenario';
import { downloadText } from './download';
import { announceSavedChange, browserStorage, onSavedChange } from './saved-scenarios';

/**
 * The browser's backups (src/scenario/backups.ts) as an external store for the Stored data view, and
 * the actions on them. Backups are taken by the saved list's own writes (`changeSaved`) and once
 * after each load (main.tsx, `backUpStoredData`, loaded at idle).
 */

export interface StoredBackups {
  backups: BackupInfo[];
  /** When the list was kept before the last restore (ISO, '' when unknown), or null: nothing to undo. */
  undoAt: string | null;
}

const EMPTY: StoredBackups = { backups: [], undoAt: null };
const listeners = new Set<() => void>();
let cache: { key: string; value: StoredBackups } | null = null;

function readBackups(): StoredBackups {
  const storage = browserStorage();
  if (!storage) return EMPTY;
  const key = backupFingerprint(storage);
  if (cache?.key === key) return cache.value;
  cache = { key, value: { backups: listBackups(storage), undoAt: undoRestoreTime(storage) } };
  return cache.value;
}

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  const stop = tabChannel()?.subscribe((message) => {
    if (message.type === 'wroteSaved') listener();
  });
  // A save from the header takes a backup while this view is open.
  const stopSaved = onSavedChange(listener);
  return () => {
    listeners.delete(listener);
    stop?.();
    stopSaved();
    window.removeEventListener('storage', onStorage);
  };
}

export function useBackups(): StoredBackups {
  return useSyncExternalStore(subscribe, readBackups, () => EMPTY);
}

/** Takes a backup of the list and the resume slot as they are now (nothing when unchanged or empty). */
export function backUpStoredData(): void {
  const storage = browserStorage();
  if (!storage) return;
  if (takeBackup(storage, new Date()) === 'written') emit();
}

function afterRestore(result: RestoreResult): RestoreResult {
  emit();
  // The list changed: this tab's saved list and the other tabs read it again.
  announceSavedChange();
  if (result.ok) tabChannel()?.post({ type: 'wroteSaved', schemaVersion: CURRENT_SCHEMA_VERSION });
  return result;
}

export function restoreFromBackup(key: string): RestoreResult {
  const storage = browserStorage();
  if (!storage) return { ok: false, error: 'unavailable' };
  return afterRestore(restoreBackup(storage, key, new Date()));
}

export function undoLastRestore(): RestoreResult {
  const storage = browserStorage();
  if (!storage) return { ok: false, error: 'unavailable' };
  return afterRestore(undoRestore(storage, new Date()));
}

/** Downloads one backup as stored (a damaged one too: it is the user's data). */
export function downloadBackup(backup: BackupInfo): void {
  const storage = browserStorage();
  const text = storage ? backupText(storage, backup.key) : null;
  if (text === null) return;
  const stamp = backup.at.replace(/[:.]/g, '-');
  downloadText(`gpu-tco-backup-${stamp}.json`, text);
}

/** The resume slot, read as a new tab would: the scenario's name, 'broken', or null when none is kept. */
export function resumeSlotName(): string | 'broken' | null {
  const storage = browserStorage();
  if (!storage) return null;
  const read = loadResume(storage);
  if (read.kind === 'none') return null;
  return read.kind === 'ok' ? read.scenario.name : 'broken';
}
