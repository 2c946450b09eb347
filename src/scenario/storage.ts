import type { Scenario } from '../engine';
import { truncateGraphemes } from '../lib/graphemes';
import { jsonShape } from './json-shape';
import { migrateScenario } from './migrate';
import { isIssueCode, type ScenarioIssue } from './parse';

/**
 * Named scenarios saved in the browser (localStorage). Reading never throws and never deletes:
 * entries that no longer parse are kept aside under QUARANTINE_KEY (exportable), and a full storage
 * comes back as an error value. Functions take a Storage so tests can pass their own.
 *
 * The one rule every write follows (issue 12): a write never leaves fewer saved or kept-aside entries
 * than were stored, unless the caller names the ids the user chose to delete. Every change therefore
 * goes through `updateSaved`, which re-reads what is stored, applies the edit to the valid entries and
 * writes them back together with every broken item that could not be moved aside (storage full).
 */
export const SAVED_KEY = 'gpu-tco:saved:v1';
export const QUARANTINE_KEY = 'gpu-tco:quarantine:v1';

export interface SavedScenario {
  id: string;
  name: string;
  /** ISO time of the last save (stamped by the caller; the engine and this module keep no clock). */
  savedAt: string;
  scenario: Scenario;
  /**
   * The preset the entry was made from ("Reset to preset" offers it). Optional: lists saved before it
   * existed load as they are, and the UI ignores an id that names no preset.
   */
  presetId?: string;
}

/** Why an entry was kept aside, as a code the UI translates. */
export type QuarantineCode =
  /** The saved list itself is not a JSON array. */
  | 'unreadableList'
  /** The kept-aside list itself (or one of its items) is not readable; kept rather than replaced. */
  | 'unreadableKeptAside'
  /** An item of the saved list without an id or a name. */
  | 'notSaved'
  /** A saved scenario that no longer validates; `issue` says which field and why. */
  | 'invalid';

const QUARANTINE_CODES: readonly QuarantineCode[] = [
  'unreadableList',
  'unreadableKeptAside',
  'notSaved',
  'invalid',
];

function isQuarantineCode(v: unknown): v is QuarantineCode {
  return typeof v === 'string' && (QUARANTINE_CODES as readonly string[]).includes(v);
}

export interface QuarantinedEntry {
  /** The raw stored value that no longer parses, kept verbatim. */
  raw: string;
  /** English reason, for the exported file. */
  reason: string;
  code: QuarantineCode;
  /** For 'invalid': the first issue (its path names the field). */
  issue?: ScenarioIssue;
}

export interface LoadedSaves {
  entries: SavedScenario[];
  quarantined: QuarantinedEntry[];
}

export type SaveError =
  | 'quota'
  | 'unavailable'
  /** The edit would have dropped entries the user did not delete; nothing was written. */
  | 'wouldLoseEntries';
export type SaveResult = { ok: true } | { ok: false; error: SaveError };

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * How deeply stored JSON may nest: a saved list nests 6 levels (list → entry → scenario → uncertainty
 * → ranges → [low, high]). Deeper text is treated as damaged without being parsed: a list nested
 * 5,000 deep threw `RangeError` from the recursive steps after parsing (and from `JSON.parse` itself
 * on engines with a smaller stack), taking the saved list down with it.
 */
const MAX_STORED_DEPTH = 32;

/** The parsed text, or undefined when it is not JSON or nests too deeply to be ours. */
function parseStored(raw: string): unknown {
  if (jsonShape(raw).depth > MAX_STORED_DEPTH) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function readJson(storage: StorageLike, key: string): { value: unknown; raw: string | null } {
  let raw: string | null = null;
  try {
    raw = storage.getItem(key);
  } catch {
    return { value: null, raw: null };
  }
  if (raw === null) return { value: null, raw };
  return { value: parseStored(raw), raw };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** English reasons written before entries had a code, mapped to their code. */
const LEGACY_REASONS: Record<string, QuarantineCode> = {
  'the saved list is not readable JSON': 'unreadableList',
  'not a saved scenario': 'notSaved',
};

function storedIssue(v: unknown): ScenarioIssue | undefined {
  if (!isRecord(v) || typeof v.path !== 'string' || typeof v.message !== 'string') return undefined;
  const issue: ScenarioIssue = { path: v.path, message: v.message };
  if (isIssueCode(v.code)) issue.code = v.code;
  for (const key of ['limit', 'min', 'max'] as const) {
    const n = v[key];
    if (typeof n === 'number') issue[key] = n;
  }
  if (typeof v.other === 'string') issue.other = v.other;
  return issue;
}

/** One stored kept-aside item; anything that is not one is itself kept aside, verbatim. */
function storedEntry(item: unknown): QuarantinedEntry {
  if (!isRecord(item) || typeof item.raw !== 'string' || typeof item.reason !== 'string') {
    return {
      raw: JSON.stringify(item) ?? String(item),
      reason: 'an item of the kept-aside list is not readable',
      code: 'unreadableKeptAside',
    };
  }
  const code = isQuarantineCode(item.code) ? item.code : (LEGACY_REASONS[item.reason] ?? 'invalid');
  const entry: QuarantinedEntry = { raw: item.raw, reason: item.reason, code };
  const issue = storedIssue(item.issue);
  if (issue) entry.issue = issue;
  return entry;
}

/**
 * The kept-aside list. If the stored value is itself damaged it becomes an entry of its own (never
 * read as empty), so the next write keeps it inside the rewritten list instead of replacing it.
 */
export function loadQuarantine(storage: StorageLike): QuarantinedEntry[] {
  const { value, raw } = readJson(storage, QUARANTINE_KEY);
  if (raw === null) return [];
  if (!Array.isArray(value))
    return [{ raw, reason: 'the kept-aside list is not readable JSON', code: 'unreadableKeptAside' }];
  return value.map(storedEntry);
}

/** A broken item still inside the stored saved list, waiting to be moved to the kept-aside list. */
interface PendingItem {
  entry: QuarantinedEntry;
  /** The item as parsed, to write back into the list if moving it aside fails; absent for a list that is not an array. */
  item?: unknown;
}

interface StoredSaves {
  entries: SavedScenario[];
  /** What QUARANTINE_KEY holds. */
  keptAside: QuarantinedEntry[];
  /** Broken items of SAVED_KEY (or the whole unreadable list) not yet under QUARANTINE_KEY. */
  pending: PendingItem[];
  /** SAVED_KEY holds something that is not a list: it cannot be rewritten until it is kept aside. */
  listUnreadable: boolean;
}

/**
 * Duplicate ids are repaired, never merged: the first keeps its id and each later one gets
 * "<id>-2", "<id>-3", … (the first free one). Deterministic, so every read and every tab agrees on
 * the ids, and a delete removes exactly one entry.
 */
export function repairDuplicateIds(entries: readonly SavedScenario[]): SavedScenario[] {
  const taken = new Set(entries.map((e) => e.id));
  const seen = new Set<string>();
  return entries.map((entry) => {
    if (!seen.has(entry.id)) {
      seen.add(entry.id);
      return entry;
    }
    let n = 2;
    while (taken.has(`${entry.id}-${n}`)) n++;
    const id = `${entry.id}-${n}`;
    taken.add(id);
    seen.add(id);
    return { ...entry, id };
  });
}

/** One item of the stored list: a saved scenario, or the reason it is kept aside. */
function classifyItem(item: unknown): { entry: SavedScenario } | { broken: QuarantinedEntry } {
  if (!isRecord(item) || typeof item.id !== 'string' || typeof item.name !== 'string') {
    const raw = JSON.stringify(item) ?? String(item);
    return { broken: { raw, reason: 'not a saved scenario', code: 'notSaved' } };
  }
  const parsed = migrateScenario(item.scenario);
  if (!parsed.ok) {
    const first = parsed.issues[0];
    const broken: QuarantinedEntry = {
      raw: JSON.stringify(item),
      reason: first ? `${first.path}: ${first.message}` : 'invalid',
      code: 'invalid',
    };
    if (first) broken.issue = first;
    return { broken };
  }
  const entry: SavedScenario = {
    id: item.id,
    // Cut between graphemes: a name cut inside an emoji showed a broken character.
    name: truncateGraphemes(item.name, 200),
    savedAt: typeof item.savedAt === 'string' ? item.savedAt : '',
    scenario: parsed.scenario,
  };
  if (typeof item.presetId === 'string' && item.presetId.length <= 64) entry.presetId = item.presetId;
  return { entry };
}

/** Reads both keys without writing. `null` when the storage cannot be read at all. */
function readStored(storage: StorageLike): StoredSaves | null {
  let rawList: string | null;
  try {
    rawList = storage.getItem(SAVED_KEY);
    storage.getItem(QUARANTINE_KEY);
  } catch {
    return null;
  }
  const keptAside = loadQuarantine(storage);
  const stored: StoredSaves = { entries: [], keptAside, pending: [], listUnreadable: false };
  if (rawList === null) return stored;
  const value = parseStored(rawList);
  if (!Array.isArray(value)) {
    // Truncated or damaged: the whole text is one entry, kept verbatim.
    stored.listUnreadable = true;
    stored.pending.push({
      entry: { raw: rawList, reason: 'the saved list is not readable JSON', code: 'unreadableList' },
    });
    return stored;
  }
  const entries: SavedScenario[] = [];
  for (const item of value) {
    const result = classifyItem(item);
    if ('entry' in result) entries.push(result.entry);
    else stored.pending.push({ entry: result.broken, item });
  }
  stored.entries = repairDuplicateIds(entries);
  return stored;
}

/** Pending entries whose raw text is not kept aside yet (identical copies are kept once). */
function newlyBroken(stored: StoredSaves): PendingItem[] {
  const known = new Set(stored.keptAside.map((q) => q.raw));
  const fresh: PendingItem[] = [];
  for (const p of stored.pending) {
    if (known.has(p.entry.raw)) continue;
    known.add(p.entry.raw);
    fresh.push(p);
  }
  return fresh;
}

/** Everything kept aside, stored or still pending, as the UI shows and exports it. */
function allKeptAside(stored: StoredSaves): QuarantinedEntry[] {
  return [...stored.keptAside, ...newlyBroken(stored).map((p) => p.entry)];
}

/** Writes the kept-aside list grown by the pending entries (first, so nothing is ever only in memory). */
function movePendingAside(storage: StorageLike, stored: StoredSaves): SaveResult {
  const fresh = newlyBroken(stored);
  if (fresh.length === 0) return { ok: true };
  return writeJson(storage, QUARANTINE_KEY, [...stored.keptAside, ...fresh.map((p) => p.entry)]);
}

/**
 * Loads saved scenarios. Broken entries are moved aside (kept-aside list written first, then the
 * saved list without them); when storage is full they simply stay where they are, and are still
 * reported as kept aside.
 */
export function loadSaved(storage: StorageLike): LoadedSaves {
  const stored = readStored(storage);
  if (!stored) return { entries: [], quarantined: [] };
  const quarantined = allKeptAside(stored);
  if (stored.pending.length > 0 && movePendingAside(storage, stored).ok) {
    writeJson(storage, SAVED_KEY, stored.entries);
  }
  return { entries: stored.entries, quarantined };
}

function writeJson(storage: StorageLike, key: string, value: unknown): SaveResult {
  try {
    storage.setItem(key, JSON.stringify(value));
    return { ok: true };
  } catch (e) {
    const name = e instanceof DOMException || e instanceof Error ? e.name : '';
    return { ok: false, error: /quota/i.test(name) || /quota/i.test(String(e)) ? 'quota' : 'unavailable' };
  }
}

export interface SavedUpdate {
  /** Ids the user chose to delete (after a confirmation): the only entries a write may drop. */
  removing?: readonly string[];
}

/**
 * The one door for changing the saved list (save, rename, duplicate, delete, reset). Re-reads what is
 * stored, so another tab's save is kept; applies `edit` to the valid entries; refuses an edit that
 * drops an entry not named in `removing`; moves broken items aside, or, when storage is full, writes
 * them back into the list as they were; and refuses to replace a list it cannot read (a truncated
 * list) until that list is safely kept aside. On any failure the stored data is unchanged, apart from
 * the kept-aside list having grown.
 */
export function updateSaved(
  storage: StorageLike,
  edit: (entries: readonly SavedScenario[]) => SavedScenario[],
  options: SavedUpdate = {},
): SaveResult {
  const stored = readStored(storage);
  if (!stored) return { ok: false, error: 'unavailable' };
  const next = repairDuplicateIds(edit(stored.entries));
  const removing = new Set(options.removing ?? []);
  const nextIds = new Set(next.map((e) => e.id));
  if (stored.entries.some((e) => !removing.has(e.id) && !nextIds.has(e.id))) {
    return { ok: false, error: 'wouldLoseEntries' };
  }
  const moved = movePendingAside(storage, stored);
  if (!moved.ok && stored.listUnreadable) return moved;
  const stillInList = moved.ok ? [] : stored.pending.map((p) => p.item);
  return writeJson(storage, SAVED_KEY, [...next, ...stillInList]);
}

export const EXPORT_FORMAT = 'gpu-tco-saved-scenarios';

/**
 * Every saved scenario and every kept-aside entry (raw text verbatim) as one JSON document, read
 * without writing anything: the way out when storage is full.
 */
export function exportAllSaved(storage: StorageLike): string {
  const stored = readStored(storage);
  const document = {
    format: EXPORT_FORMAT,
    version: 1,
    saved: stored?.entries ?? [],
    keptAside: stored ? allKeptAside(stored) : [],
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
