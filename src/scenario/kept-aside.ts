import { isIssueCode, type ScenarioIssue } from './parse';
import {
  isRecord,
  MAX_ENTRY_DEPTH,
  parseStored,
  type QuarantineCode,
  type QuarantinedEntry,
} from './saved-item';

/**
 * The kept-aside list (QUARANTINE_KEY): entries that did not load when they were read, kept verbatim
 * and exportable. Releases before issue 42 moved entries here that a newer release had written; this
 * release takes back every item that now reads as an entry (storage.ts, `loadSaved`).
 */
export const QUARANTINE_KEY = 'gpu-tco:quarantine:v1';

/**
 * The whole kept-aside list may nest one level more than an entry's text (list → item), and an item's
 * `raw` is a string, so a deep entry kept aside adds no depth here.
 */
const MAX_KEPT_ASIDE_DEPTH = MAX_ENTRY_DEPTH + 1;

const QUARANTINE_CODES: readonly QuarantineCode[] = [
  'unreadableList',
  'unreadableKeptAside',
  'notSaved',
  'invalid',
  'budgetAltered',
];

function isQuarantineCode(v: unknown): v is QuarantineCode {
  return typeof v === 'string' && (QUARANTINE_CODES as readonly string[]).includes(v);
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

type Readable = Pick<Storage, 'getItem'>;

/**
 * The kept-aside list. If the stored value is itself damaged it becomes an entry of its own (never
 * read as empty), so nothing is ever written over it.
 */
export function loadQuarantine(storage: Readable): QuarantinedEntry[] {
  let raw: string | null;
  try {
    raw = storage.getItem(QUARANTINE_KEY);
  } catch {
    return [];
  }
  if (raw === null) return [];
  const value = parseStored(raw, MAX_KEPT_ASIDE_DEPTH);
  if (!Array.isArray(value))
    return [{ raw, reason: 'the kept-aside list is not readable JSON', code: 'unreadableKeptAside' }];
  return value.map(storedEntry);
}

/**
 * Removes the items whose raw text is in `taken` from the kept-aside list as stored now (re-read just
 * before the write, so an item another tab set aside meanwhile stays). Writes nothing when the stored
 * list is not a readable list or holds none of them. Never throws: on failure the items stay, and the
 * next load finds them already restored and tries again.
 */
export function dropFromKeptAside(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  taken: ReadonlySet<string>,
): void {
  try {
    const raw = storage.getItem(QUARANTINE_KEY);
    if (raw === null) return;
    const value = parseStored(raw, MAX_KEPT_ASIDE_DEPTH);
    if (!Array.isArray(value)) return;
    const kept = value.filter(
      (item) => !(isRecord(item) && typeof item.raw === 'string' && taken.has(item.raw)),
    );
    if (kept.length === value.length) return;
    if (kept.length === 0) storage.setItem(QUARANTINE_KEY, '[]');
    else storage.setItem(QUARANTINE_KEY, JSON.stringify(kept));
  } catch {
    // Full or refused: see above.
  }
}
