import type { Scenario } from '../engine';
import { migrateScenario } from './migrate';
import { isIssueCode, type ScenarioIssue } from './parse';

/**
 * Named scenarios saved in the browser (localStorage). Reading never throws and never deletes:
 * entries that no longer parse are kept aside under QUARANTINE_KEY (exportable), and a full storage
 * comes back as an error value. Functions take a Storage so tests can pass their own.
 */
export const SAVED_KEY = 'gpu-tco:saved:v1';
export const QUARANTINE_KEY = 'gpu-tco:quarantine:v1';

export interface SavedScenario {
  id: string;
  name: string;
  /** ISO time of the last save (stamped by the caller; the engine and this module keep no clock). */
  savedAt: string;
  scenario: Scenario;
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

export type SaveError = 'quota' | 'unavailable';
export type SaveResult = { ok: true } | { ok: false; error: SaveError };

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

function readJson(storage: StorageLike, key: string): { value: unknown; raw: string | null } {
  let raw: string | null = null;
  try {
    raw = storage.getItem(key);
  } catch {
    return { value: null, raw: null };
  }
  if (raw === null) return { value: null, raw };
  try {
    return { value: JSON.parse(raw), raw };
  } catch {
    return { value: undefined, raw };
  }
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

/** Loads saved scenarios; anything that does not parse moves to quarantine (not deleted). */
export function loadSaved(storage: StorageLike): LoadedSaves {
  const { value, raw } = readJson(storage, SAVED_KEY);
  const quarantined = loadQuarantine(storage);
  if (raw === null) return { entries: [], quarantined };
  const newlyBroken: QuarantinedEntry[] = [];
  const entries: SavedScenario[] = [];
  if (!Array.isArray(value)) {
    newlyBroken.push({ raw, reason: 'the saved list is not readable JSON', code: 'unreadableList' });
  } else {
    for (const item of value) {
      if (!isRecord(item) || typeof item.id !== 'string' || typeof item.name !== 'string') {
        newlyBroken.push({
          raw: JSON.stringify(item) ?? String(item),
          reason: 'not a saved scenario',
          code: 'notSaved',
        });
        continue;
      }
      const parsed = migrateScenario(item.scenario);
      if (!parsed.ok) {
        const first = parsed.issues[0];
        const entry: QuarantinedEntry = {
          raw: JSON.stringify(item),
          reason: first ? `${first.path}: ${first.message}` : 'invalid',
          code: 'invalid',
        };
        if (first) entry.issue = first;
        newlyBroken.push(entry);
        continue;
      }
      entries.push({
        id: item.id,
        name: item.name.slice(0, 200),
        savedAt: typeof item.savedAt === 'string' ? item.savedAt : '',
        scenario: parsed.scenario,
      });
    }
  }
  if (newlyBroken.length > 0) {
    // Keep the broken entries aside first, then rewrite the list without them.
    const all = [...quarantined, ...newlyBroken];
    const kept = writeJson(storage, QUARANTINE_KEY, all);
    if (kept.ok) writeJson(storage, SAVED_KEY, entries);
    return { entries, quarantined: kept.ok ? all : quarantined.concat(newlyBroken) };
  }
  return { entries, quarantined };
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

/** Replaces the saved list; on failure (quota) the stored list is unchanged. */
export function writeSaved(storage: StorageLike, entries: readonly SavedScenario[]): SaveResult {
  return writeJson(storage, SAVED_KEY, entries);
}
