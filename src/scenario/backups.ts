import { restoreResumeRecord, resumeRecordForBackup } from './resume-storage';
import { isRecord, MAX_ENTRY_DEPTH, parseStored, readItem, type SavedScenario } from './saved-item';
import { entryKey, listedEntryObjects, loadSaved, type StorageLike, updateSaved } from './storage';
import { textHash } from './text-hash';
import { writeVerified } from './verified-write';

/**
 * Rolling backups of the saved list and the resume slot (issue 36), in the same localStorage as what
 * they back up: a browser that clears the origin clears both (the quota line and the export are the
 * answer to that), but a damaged or deleted list, a failed write or a bad migration can be undone.
 * Each backup is one key, BACKUP_KEY_PREFIX + the ISO time it was taken, holding the listed entries
 * (this release's as they would be written now, a newer release's as stored) and the resume record.
 * docs/architecture.md "Backups" has the rules; the Stored data view lists and restores them.
 */
export const BACKUP_KEY_PREFIX = 'gpu-tco:backup:v1:';
/** The list as it was just before the last restore: what "Undo restore" returns to. Never rotated. */
export const UNDO_RESTORE_KEY = 'gpu-tco:backup-undo:v1';

/**
 * The last 10 versions: a backup is taken after every change to the saved list and at each load, so
 * 10 covers an afternoon of saving and renaming — far enough back to undo a wrong restore or a run of
 * edits — without each save's backup pushing the day's earlier work out at once.
 */
export const BACKUP_RECENT_COUNT = 10;
/** One per calendar day (the day's last) for a week: damage noticed days later still has a way back. */
export const BACKUP_DAILY_DAYS = 7;
/**
 * All backups together hold at most 1,000,000 characters: browsers give an origin about 5 million
 * characters of localStorage, so the backups take at most a fifth and the list itself keeps the rest.
 * A saved entry is 1–10 thousand characters, so even a list of 20 long entries keeps 5 backups.
 */
export const BACKUP_BUDGET_CHARS = 1_000_000;

const BACKUP_FORMAT = 'gpu-tco-backup';
/** A backup nests two levels above an entry (document → entries → entry). */
const MAX_BACKUP_DEPTH = MAX_ENTRY_DEPTH + 2;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface BackupInfo {
  key: string;
  /** When it was taken (ISO), from its key: known even when its text is damaged. */
  at: string;
  /** The size of its stored text, in characters. */
  chars: number;
  /** False when the stored text is not a backup (damaged): listed, exportable, not restorable. */
  readable: boolean;
  entries: number;
  hasResume: boolean;
}

interface BackupDocument {
  entries: unknown[];
  resume: unknown;
  hash: string;
}

/** The backup's text read, or null when it is not one. */
function readBackup(text: string | null): BackupDocument | null {
  if (text === null) return null;
  const value = parseStored(text, MAX_BACKUP_DEPTH);
  if (!isRecord(value) || value.format !== BACKUP_FORMAT || !Array.isArray(value.entries)) return null;
  return {
    entries: value.entries,
    resume: value.resume ?? null,
    hash: typeof value.hash === 'string' ? value.hash : '',
  };
}

/** The keys of every backup, newest first (ISO times in the key sort as the times do). */
function backupKeys(storage: StorageLike): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(BACKUP_KEY_PREFIX)) keys.push(key);
  }
  return keys.sort().reverse();
}

const timeOfKey = (key: string) => key.slice(BACKUP_KEY_PREFIX.length, BACKUP_KEY_PREFIX.length + 24);

/** Every backup, newest first (index 0 is the newest, as the Stored data view numbers them). */
export function listBackups(storage: StorageLike): BackupInfo[] {
  try {
    return backupKeys(storage).map((key) => {
      const text = storage.getItem(key);
      const doc = readBackup(text);
      return {
        key,
        at: timeOfKey(key),
        chars: text?.length ?? 0,
        readable: doc !== null,
        entries: doc?.entries.length ?? 0,
        hasResume: doc !== null && doc.resume !== null,
      };
    });
  } catch {
    return [];
  }
}

/** The stored text of one backup (for its export), or null. */
export function backupText(storage: Pick<Storage, 'getItem'>, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

interface Kept {
  key: string;
  at: Date;
  chars: number;
}

/** The local calendar day of a time, as a key. */
const dayOf = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

/**
 * Which backups rotation keeps: the newest BACKUP_RECENT_COUNT, and the newest of each calendar day
 * of the last BACKUP_DAILY_DAYS; then, newest first, as many as fit in BACKUP_BUDGET_CHARS. A key
 * without a readable time goes first. Pure, for the tests.
 */
export function backupsToKeep(backups: readonly Kept[], now: Date): Set<string> {
  const newestFirst = [...backups].sort((a, b) => b.at.getTime() - a.at.getTime());
  const wanted = new Set<string>();
  const daysSeen = new Set<string>();
  newestFirst.forEach((b, index) => {
    if (Number.isNaN(b.at.getTime())) return;
    if (index < BACKUP_RECENT_COUNT) wanted.add(b.key);
    const age = now.getTime() - b.at.getTime();
    const day = dayOf(b.at);
    if (age < BACKUP_DAILY_DAYS * DAY_MS && !daysSeen.has(day)) wanted.add(b.key);
    daysSeen.add(day);
  });
  const keep = new Set<string>();
  let total = 0;
  for (const b of newestFirst) {
    if (!wanted.has(b.key)) continue;
    total += b.chars;
    if (total > BACKUP_BUDGET_CHARS) break;
    keep.add(b.key);
  }
  return keep;
}

export type BackupTaken = 'written' | 'unchanged' | 'empty' | 'tooLarge' | 'failed';

/** What a backup holds now: the listed entries and the resume record (null when nothing opens). */
function snapshot(storage: StorageLike): { entries: unknown[]; resume: unknown } | null {
  const entries = listedEntryObjects(storage);
  if (entries === null) return null;
  return { entries, resume: resumeRecordForBackup(storage) };
}

/**
 * The list's hash: two backups of the same list are the same version. The resume record rides along
 * with each version of the list and is not part of it — it changes with every slider step, and
 * versions that differ only there would push the list's earlier versions out.
 */
const listHash = (entries: unknown[]) => textHash(JSON.stringify(entries));

function documentText(content: { entries: unknown[]; resume: unknown }, at: Date): string {
  const hash = listHash(content.entries);
  return JSON.stringify({ format: BACKUP_FORMAT, version: 1, at: at.toISOString(), hash, ...content });
}

/**
 * Takes a backup of the saved list and the resume slot as they are now, then rotates. Nothing is
 * written when the list is empty (an emptied or wholly damaged list never becomes the newest backup,
 * so "restore the newest" brings back the last good list), or when the list equals the newest
 * backup's. Never throws.
 */
export function takeBackup(storage: StorageLike, now: Date): BackupTaken {
  try {
    const content = snapshot(storage);
    if (content === null) return 'failed';
    if (content.entries.length === 0) return 'empty';
    const text = documentText(content, now);
    const newestKey = backupKeys(storage)[0];
    const newest = newestKey === undefined ? null : readBackup(storage.getItem(newestKey));
    if (newest !== null && newest.hash === listHash(content.entries)) return 'unchanged';
    if (text.length > BACKUP_BUDGET_CHARS) return 'tooLarge';
    let key = `${BACKUP_KEY_PREFIX}${now.toISOString()}`;
    for (let n = 2; storage.getItem(key) !== null; n++) key = `${BACKUP_KEY_PREFIX}${now.toISOString()}-${n}`;
    if (writeVerified(storage, key, text) !== 'written') return 'failed';
    rotate(storage, now);
    return 'written';
  } catch {
    // Full or refused: the backups already kept stay as they are.
    return 'failed';
  }
}

function rotate(storage: StorageLike, now: Date): void {
  const all = backupKeys(storage).map((key) => ({
    key,
    at: new Date(timeOfKey(key)),
    chars: storage.getItem(key)?.length ?? 0,
  }));
  const keep = backupsToKeep(all, now);
  for (const b of all) if (!keep.has(b.key)) storage.removeItem(b.key);
}

export type RestoreResult =
  | {
      ok: true;
      /** Entries now in the list from the backup. */
      restored: number;
      /** Entries in the backup that did not pass the checks every saved entry passes: left out. */
      skipped: number;
      resume: boolean;
    }
  | { ok: false; error: 'unreadableBackup' | 'noUndo' | 'unavailable' | 'quota' | 'readBack' };

/**
 * Puts the backup's list in place of the current one: entries this release opens take the backup's
 * (through `updateSaved`, the one door, with every current entry named as removable), a newer
 * release's entry missing here is written back as stored, the resume record is put back. Damaged
 * stored texts and newer entries present now are never touched (the forward rule). Every backup
 * entry is read like a stored one (`readItem`: the scenario schema and its migrations); one that does
 * not pass is left out and counted.
 */
function applyBackup(storage: StorageLike, doc: BackupDocument): RestoreResult {
  const entries: SavedScenario[] = [];
  const newer: { id: string; text: string }[] = [];
  let skipped = 0;
  for (const item of doc.entries) {
    const text = JSON.stringify(item) ?? '';
    const read = readItem(item, text);
    if (read.kind === 'entry') entries.push(read.entry);
    else if (read.kind === 'newer') newer.push({ id: read.entry.id, text });
    else skipped++;
  }
  const current = loadSaved(storage);
  const written = updateSaved(storage, () => entries, { removing: current.entries.map((e) => e.id) });
  if (!written.ok)
    return { ok: false, error: written.error === 'wouldLoseEntries' ? 'unavailable' : written.error };
  const listedIds = new Set([
    ...current.newer.map((e) => e.id),
    ...loadSaved(storage).entries.map((e) => e.id),
  ]);
  for (const n of newer) {
    if (listedIds.has(n.id) || storage.getItem(entryKey(n.id)) !== null) continue;
    try {
      writeVerified(storage, entryKey(n.id), n.text);
    } catch {
      // Full: the rest of the list is restored; this entry is still in the backup.
    }
  }
  const resume = doc.resume === null ? 'unreadable' : restoreResumeRecord(storage, doc.resume);
  return { ok: true, restored: entries.length, skipped, resume: resume === 'written' };
}

/**
 * Restores a backup. The list as it is now is kept first (under UNDO_RESTORE_KEY, and as a backup):
 * when that cannot be written, nothing is restored — a restore never drops current entries without a
 * way back.
 */
export function restoreBackup(storage: StorageLike, key: string, now: Date): RestoreResult {
  const doc = readBackup(backupText(storage, key));
  if (doc === null) return { ok: false, error: 'unreadableBackup' };
  try {
    const content = snapshot(storage);
    if (content === null) return { ok: false, error: 'unavailable' };
    if (writeVerified(storage, UNDO_RESTORE_KEY, documentText(content, now)) !== 'written')
      return { ok: false, error: 'readBack' };
  } catch (e) {
    const name = e instanceof DOMException || e instanceof Error ? e.name : '';
    return { ok: false, error: /quota/i.test(name) || /quota/i.test(String(e)) ? 'quota' : 'unavailable' };
  }
  takeBackup(storage, now);
  const result = applyBackup(storage, doc);
  if (result.ok) takeBackup(storage, now);
  return result;
}

/** When the list was kept before the last restore (ISO), or null when there is nothing to undo. */
export function undoRestoreTime(storage: Pick<Storage, 'getItem'>): string | null {
  const text = backupText(storage, UNDO_RESTORE_KEY);
  if (readBackup(text) === null || text === null) return null;
  const at = (JSON.parse(text) as { at?: unknown }).at;
  return typeof at === 'string' ? at : '';
}

/** Returns the list (and resume slot) to what it was just before the last restore. */
export function undoRestore(storage: StorageLike, now: Date): RestoreResult {
  const doc = readBackup(backupText(storage, UNDO_RESTORE_KEY));
  if (doc === null) return { ok: false, error: 'noUndo' };
  // What the restore brought is kept as a backup before it is replaced.
  takeBackup(storage, now);
  const result = applyBackup(storage, doc);
  if (!result.ok) return result;
  try {
    storage.removeItem(UNDO_RESTORE_KEY);
  } catch {
    // Left in place: a second undo returns to the same list.
  }
  takeBackup(storage, now);
  return result;
}

/** The keys backups use, so the Stored data view can tell when they changed. */
export function backupFingerprint(storage: StorageLike): string {
  try {
    const keys = backupKeys(storage);
    return [
      ...keys.map((k) => `${k}:${storage.getItem(k)?.length ?? 0}`),
      `${storage.getItem(UNDO_RESTORE_KEY)?.length ?? -1}`,
    ].join('|');
  } catch {
    return '';
  }
}
