import type { Scenario } from '../engine';
import { migrateScenario } from './migrate';

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

export interface QuarantinedEntry {
  /** The raw stored value that no longer parses, kept verbatim. */
  raw: string;
  reason: string;
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

export function loadQuarantine(storage: StorageLike): QuarantinedEntry[] {
  const { value } = readJson(storage, QUARANTINE_KEY);
  if (!Array.isArray(value)) return [];
  return value.filter(
    (q): q is QuarantinedEntry => isRecord(q) && typeof q.raw === 'string' && typeof q.reason === 'string',
  );
}

/** Loads saved scenarios; anything that does not parse moves to quarantine (not deleted). */
export function loadSaved(storage: StorageLike): LoadedSaves {
  const { value, raw } = readJson(storage, SAVED_KEY);
  const quarantined = loadQuarantine(storage);
  if (raw === null) return { entries: [], quarantined };
  const newlyBroken: QuarantinedEntry[] = [];
  const entries: SavedScenario[] = [];
  if (!Array.isArray(value)) {
    newlyBroken.push({ raw, reason: 'the saved list is not readable JSON' });
  } else {
    for (const item of value) {
      if (!isRecord(item) || typeof item.id !== 'string' || typeof item.name !== 'string') {
        newlyBroken.push({ raw: JSON.stringify(item) ?? String(item), reason: 'not a saved scenario' });
        continue;
      }
      const parsed = migrateScenario(item.scenario);
      if (!parsed.ok) {
        const first = parsed.issues[0];
        newlyBroken.push({
          raw: JSON.stringify(item),
          reason: first ? `${first.path}: ${first.message}` : 'invalid',
        });
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
