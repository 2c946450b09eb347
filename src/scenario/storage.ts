import { stampBeside } from './budget-stamp';
import { jsonArrayItems } from './json-array-items';
import { dropFromKeptAside, loadQuarantine, QUARANTINE_KEY } from './kept-aside';
import {
  type NewerEntry,
  type QuarantinedEntry,
  type ReadItem,
  readItemText,
  type SavedScenario,
} from './saved-item';
import { writeVerified } from './verified-write';

export type { NewerEntry, QuarantinedEntry, SavedScenario } from './saved-item';

/**
 * Named scenarios saved in the browser (localStorage): docs/architecture.md "Saved scenarios in the
 * browser" has the layout and the rules. In short:
 * - One key per entry (ENTRY_KEY_PREFIX + id), so a save writes only its own entry and two tabs saving
 *   at the same moment can never drop each other's (issue 42; a read-modify-write of one list key lost
 *   one entry in every round of synchronised saves).
 * - The list written by releases before this one (LEGACY_LIST_KEY) is still read, item by item, and
 *   never rewritten except to cut out an entry the user deleted (the other items' text left byte for
 *   byte). An entry edited here gets its own key, which then stands for it.
 * - The forward rule: an entry made by a newer release (a higher schema version) is listed by name,
 *   never opened, moved aside, rewritten or deleted.
 * - Entries that do not load stay where they are and are reported as kept aside, together with the
 *   kept-aside list older releases wrote (QUARANTINE_KEY); every item there that now reads as an
 *   entry is taken back at load.
 * Reading and writing never throw; a full storage comes back as an error value. Functions take a
 * Storage so tests can pass their own.
 */
export const LEGACY_LIST_KEY = 'gpu-tco:saved:v1';
export const ENTRY_KEY_PREFIX = 'gpu-tco:saved:v2:';

export const entryKey = (id: string) => `${ENTRY_KEY_PREFIX}${id}`;

export interface LoadedSaves {
  /** What this release opens, in list order. */
  entries: SavedScenario[];
  /** Entries made by a newer release: listed, not opened (the forward rule). */
  newer: NewerEntry[];
  quarantined: QuarantinedEntry[];
  /** How many kept-aside items this load took back into the list. */
  restored: number;
}

export type SaveError =
  | 'quota'
  | 'unavailable'
  /** The edit would have dropped entries the user did not delete; nothing was written. */
  | 'wouldLoseEntries'
  /** The browser gave back something other than what was written; the previous value was put back. */
  | 'readBack';
export type SaveResult = { ok: true } | { ok: false; error: SaveError };

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key'> & {
  readonly length: number;
};

/** An item of the legacy list, with its text as written and the id it is known by here. */
interface LegacyItem {
  index: number;
  raw: string;
  read: ReadItem;
  /** After duplicate ids are repaired (entries and newer entries only). */
  id?: string;
}

interface OwnItem {
  id: string;
  raw: string;
  read: ReadItem;
}

interface Stored {
  own: Map<string, OwnItem>;
  legacyRaw: string | null;
  /** null when the legacy list is not one readable array. */
  legacy: LegacyItem[] | null;
  keptAside: QuarantinedEntry[];
}

type Listed<T> = { value: T; order: number; from: 'own' | 'legacy' };

interface Listing {
  entries: Listed<SavedScenario>[];
  newer: Listed<NewerEntry>[];
  /** Kept-aside items: the kept-aside list's, then broken legacy items, then broken own keys. */
  keptAside: QuarantinedEntry[];
}

/**
 * Duplicate ids are repaired, never merged: the first keeps its id and each later one gets
 * "<id>-2", "<id>-3", … (the first free one). Deterministic, so every read and every tab agrees on
 * the ids, and a delete removes exactly one entry.
 */
export function repairDuplicateIds<T extends { id: string }>(entries: readonly T[]): T[] {
  const taken = new Set(entries.map((e) => e.id));
  const seen = new Set<string>();
  return entries.map((entry) => {
    if (!seen.has(entry.id)) {
      seen.add(entry.id);
      return entry;
    }
    const id = freeId(entry.id, taken);
    taken.add(id);
    seen.add(id);
    return { ...entry, id };
  });
}

function freeId(id: string, taken: ReadonlySet<string>): string {
  let n = 2;
  while (taken.has(`${id}-${n}`)) n++;
  return `${id}-${n}`;
}

function readLegacy(raw: string | null): LegacyItem[] | null {
  if (raw === null) return [];
  const texts = jsonArrayItems(raw);
  if (texts === null) return null;
  const items: LegacyItem[] = texts.map((text, index) => ({ index, raw: text, read: readItemText(text) }));
  const named = items.filter((i) => i.read.kind !== 'broken');
  const ids = repairDuplicateIds(
    named.map((i) => ({ id: i.read.kind === 'broken' ? '' : i.read.entry.id, item: i })),
  );
  for (const { id, item } of ids) item.id = id;
  return items;
}

/** Reads every key of the saved list without writing. `null` when the storage cannot be read at all. */
function readStored(storage: StorageLike): Stored | null {
  try {
    const own = new Map<string, OwnItem>();
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key === null || !key.startsWith(ENTRY_KEY_PREFIX)) continue;
      const raw = storage.getItem(key);
      if (raw === null) continue;
      own.set(key.slice(ENTRY_KEY_PREFIX.length), {
        id: key.slice(ENTRY_KEY_PREFIX.length),
        raw,
        read: readItemText(raw),
      });
    }
    const legacyRaw = storage.getItem(LEGACY_LIST_KEY);
    return { own, legacyRaw, legacy: readLegacy(legacyRaw), keptAside: loadQuarantine(storage) };
  } catch {
    return null;
  }
}

/** The list as shown: own keys stand for the legacy item of the same id. Sorted by order, then id. */
function listing(stored: Stored): Listing {
  const entries: Listed<SavedScenario>[] = [];
  const newer: Listed<NewerEntry>[] = [];
  const keptAside = [...stored.keptAside];
  const known = new Set(keptAside.map((q) => q.raw));
  const keepAside = (q: QuarantinedEntry) => {
    // Identical copies are shown once.
    if (known.has(q.raw)) return;
    known.add(q.raw);
    keptAside.push(q);
  };
  if (stored.legacy === null && stored.legacyRaw !== null) {
    keepAside({
      raw: stored.legacyRaw,
      reason: 'the saved list is not readable JSON',
      code: 'unreadableList',
    });
  }
  for (const item of stored.legacy ?? []) {
    const { read } = item;
    if (read.kind === 'broken') keepAside(read.broken);
    else if (item.id !== undefined && !stored.own.has(item.id)) {
      const order = read.order ?? item.index;
      if (read.kind === 'entry')
        entries.push({ value: { ...read.entry, id: item.id }, order, from: 'legacy' });
      else newer.push({ value: { ...read.entry, id: item.id }, order, from: 'legacy' });
    }
  }
  for (const item of stored.own.values()) {
    const { read } = item;
    // The key names the entry: an id inside that differs from it is not trusted.
    if (read.kind === 'broken') keepAside(read.broken);
    else if (read.kind === 'entry')
      entries.push({
        value: { ...read.entry, id: item.id },
        order: read.order ?? Number.MAX_SAFE_INTEGER,
        from: 'own',
      });
    else
      newer.push({
        value: { ...read.entry, id: item.id },
        order: read.order ?? Number.MAX_SAFE_INTEGER,
        from: 'own',
      });
  }
  const byOrder = (a: Listed<{ id: string }>, b: Listed<{ id: string }>) =>
    a.order - b.order || (a.value.id < b.value.id ? -1 : a.value.id > b.value.id ? 1 : 0);
  entries.sort(byOrder);
  newer.sort(byOrder);
  return { entries, newer, keptAside };
}

/** Every write is read back and compared (verified-write.ts): a differing read-back keeps the previous value. */
function writeItem(storage: StorageLike, key: string, value: string): SaveResult {
  try {
    return writeVerified(storage, key, value) === 'written' ? { ok: true } : { ok: false, error: 'readBack' };
  } catch (e) {
    const name = e instanceof DOMException || e instanceof Error ? e.name : '';
    return { ok: false, error: /quota/i.test(name) || /quota/i.test(String(e)) ? 'quota' : 'unavailable' };
  }
}

/**
 * How an entry is stored under its own key: the entry as it has always been written, plus its place.
 * A frozen version this release upgraded on reading (its stamp checked then against the figures as
 * they were stored) is written with the fingerprint of the figures written beside its own
 * (`upgradedHash`), so it still reads as that version after the next upgrade.
 */
function storedText(entry: SavedScenario, order: number): string {
  const stamp = entry.budget;
  const written = stamp === undefined ? entry : { ...entry, budget: stampBeside(stamp, entry.scenario) };
  return JSON.stringify({ ...written, order });
}

/**
 * Takes back every kept-aside item that now reads as an entry (issue 42: releases before it set aside
 * entries a newer release had saved, and never gave them back). Each is written under its own key
 * first, and only then removed from the kept-aside list; an id already used by another entry gets the
 * next free "<id>-n". Returns how many came back.
 */
function restoreKeptAside(storage: StorageLike, stored: Stored): number {
  const taken = new Set<string>([...stored.own.keys()]);
  const legacyRawById = new Map<string, string>();
  for (const item of stored.legacy ?? []) if (item.id !== undefined) legacyRawById.set(item.id, item.raw);
  for (const id of legacyRawById.keys()) taken.add(id);
  const ownContent = new Set<string>();
  for (const item of stored.own.values()) ownContent.add(contentWithoutId(item.raw));
  const restored = new Set<string>();
  let count = 0;
  for (const q of stored.keptAside) {
    const read = readItemText(q.raw);
    if (read.kind === 'broken' || restored.has(q.raw)) continue;
    const id = read.entry.id;
    // Already back (a previous load wrote it, then could not shorten the kept-aside list): drop only.
    if (
      stored.own.get(id)?.raw === q.raw ||
      legacyRawById.get(id) === q.raw ||
      ownContent.has(contentWithoutId(q.raw))
    ) {
      restored.add(q.raw);
      continue;
    }
    const target = taken.has(id) ? freeId(id, taken) : id;
    const text = target === id ? q.raw : JSON.stringify({ ...(JSON.parse(q.raw) as object), id: target });
    if (!writeItem(storage, entryKey(target), text).ok) continue;
    taken.add(target);
    restored.add(q.raw);
    count++;
  }
  if (restored.size > 0) dropFromKeptAside(storage, restored);
  return count;
}

/** The entry's text without its id: two copies of one entry under different ids compare equal. */
function contentWithoutId(raw: string): string {
  const read = readItemText(raw);
  if (read.kind === 'broken') return `broken:${raw}`;
  const { id: _id, ...rest } = read.entry;
  return JSON.stringify(rest);
}

/**
 * Loads saved scenarios. The only write is taking back kept-aside items that read as entries again;
 * nothing is moved aside or rewritten.
 */
export function loadSaved(storage: StorageLike): LoadedSaves {
  let stored = readStored(storage);
  if (!stored) return { entries: [], newer: [], quarantined: [], restored: 0 };
  const restored = restoreKeptAside(storage, stored);
  if (restored > 0) stored = readStored(storage) ?? stored;
  const listed = listing(stored);
  return {
    entries: listed.entries.map((e) => e.value),
    newer: listed.newer.map((e) => e.value),
    quarantined: listed.keptAside,
    restored,
  };
}

export interface SavedUpdate {
  /** Ids the user chose to delete (after a confirmation): the only entries a write may drop. */
  removing?: readonly string[];
}

/** Places for the entries of `next`: known ones keep theirs, new ones go between their neighbours. */
function ordersFor(
  next: readonly SavedScenario[],
  known: ReadonlyMap<string, number>,
  top: number,
): number[] {
  const orders: number[] = [];
  let last = top;
  for (let i = 0; i < next.length; i++) {
    const id = next[i]?.id ?? '';
    const own = known.get(id);
    if (own !== undefined) {
      orders.push(own);
      continue;
    }
    const previous = orders[i - 1];
    let after: number | undefined;
    for (let j = i + 1; j < next.length && after === undefined; j++) after = known.get(next[j]?.id ?? '');
    let order: number;
    if (after === undefined) order = Math.max(last, previous ?? last) + 1;
    else if (previous === undefined) order = after - 1;
    else order = (previous + after) / 2;
    orders.push(order);
    last = Math.max(last, order);
  }
  return orders;
}

/**
 * The one door for changing the saved list (save, rename, duplicate, delete, reset). Re-reads what is
 * stored, applies `edit` to the entries this release opens, refuses an edit that drops an entry not
 * named in `removing`, and writes only what changed: a new or edited entry under its own key, a
 * deleted one removed (its own key, and its item cut out of the legacy list). Entries of newer
 * releases and entries that do not load are never written. On failure the stored data is unchanged
 * (an edit touching several entries may have written the ones before the failing write).
 */
export function updateSaved(
  storage: StorageLike,
  edit: (entries: readonly SavedScenario[]) => SavedScenario[],
  options: SavedUpdate = {},
): SaveResult {
  const stored = readStored(storage);
  if (!stored) return { ok: false, error: 'unavailable' };
  const listed = listing(stored);
  const current = listed.entries.map((e) => e.value);
  const removing = new Set(options.removing ?? []);
  let next = repairDuplicateIds(edit(current));
  const nextIds = new Set(next.map((e) => e.id));
  if (current.some((e) => !removing.has(e.id) && !nextIds.has(e.id))) {
    return { ok: false, error: 'wouldLoseEntries' };
  }
  // A new entry never takes the key of an entry this release does not open.
  const currentIds = new Set(current.map((e) => e.id));
  const untouchable = new Set<string>([...listed.newer.map((e) => e.value.id), ...stored.own.keys()]);
  for (const id of currentIds) untouchable.delete(id);
  const taken = new Set([...untouchable, ...nextIds]);
  next = next.map((e) => {
    if (currentIds.has(e.id) || !untouchable.has(e.id)) return e;
    const id = freeId(e.id, taken);
    taken.add(id);
    return { ...e, id };
  });

  const known = new Map(listed.entries.map((e) => [e.value.id, e.order]));
  const top = Math.max(
    -1,
    ...listed.entries.map((e) => e.order),
    ...listed.newer.map((e) => e.order).filter((o) => o < Number.MAX_SAFE_INTEGER),
  );
  const orders = ordersFor(next, known, top);
  const before = new Map(listed.entries.map((e) => [e.value.id, e]));
  for (let i = 0; i < next.length; i++) {
    const entry = next[i];
    const order = orders[i];
    if (entry === undefined || order === undefined) continue;
    const was = before.get(entry.id);
    if (was && storedText(was.value, was.order) === storedText(entry, order)) continue;
    const written = writeItem(storage, entryKey(entry.id), storedText(entry, order));
    if (!written.ok) return written;
  }
  const gone = current.filter((e) => !nextIds.has(e.id)).map((e) => e.id);
  return gone.length > 0 ? removeEntries(storage, stored, new Set(gone)) : { ok: true };
}

/** Deletes entries the user chose to delete: their own keys, and their items in the legacy list. */
function removeEntries(storage: StorageLike, stored: Stored, ids: ReadonlySet<string>): SaveResult {
  try {
    for (const id of ids) if (stored.own.has(id)) storage.removeItem(entryKey(id));
  } catch {
    return { ok: false, error: 'unavailable' };
  }
  const legacy = stored.legacy ?? [];
  if (!legacy.some((item) => item.id !== undefined && ids.has(item.id))) return { ok: true };
  // Cut out by position, every other item's text as it was (never re-serialised)...
  const kept = legacy.filter((item) => item.id === undefined || !ids.has(item.id)).map(keepingItsId);
  return writeItem(storage, LEGACY_LIST_KEY, `[${kept.join(',')}]`);
}

/**
 * ...except an entry of this release whose id was repaired (a duplicate): it is written with the id
 * it is known by, so cutting out the entry it duplicated does not hand it that entry's id.
 */
function keepingItsId(item: LegacyItem): string {
  if (item.read.kind !== 'entry' || item.id === undefined || item.id === item.read.entry.id) return item.raw;
  return JSON.stringify({ ...(JSON.parse(item.raw) as object), id: item.id });
}

/**
 * What a backup keeps of the saved list (backups.ts): every listed entry as an object in list order —
 * this release's entries as they would be written now (with their place), a newer release's entries
 * as stored (with the id they are listed by). Read without writing. Damaged texts are left out: they
 * stay where they are, kept aside, and a backup of them could only bring the damage back.
 */
export function listedEntryObjects(storage: StorageLike): unknown[] | null {
  const stored = readStored(storage);
  if (!stored) return null;
  const listed = listing(stored);
  const rawOf = (id: string, from: 'own' | 'legacy') =>
    from === 'own' ? stored.own.get(id)?.raw : stored.legacy?.find((i) => i.id === id)?.raw;
  const newer = listed.newer.map((e) => {
    const raw = rawOf(e.value.id, e.from);
    const value: unknown = raw === undefined ? undefined : JSON.parse(raw);
    return { ...(typeof value === 'object' && value !== null ? value : {}), id: e.value.id, order: e.order };
  });
  const own = listed.entries.map((e) => JSON.parse(storedText(e.value, e.order)) as unknown);
  return [...own, ...newer];
}

export const EXPORT_FORMAT = 'gpu-tco-saved-scenarios';

/**
 * Every saved scenario, every entry of a newer release (as stored) and every kept-aside entry (raw
 * text verbatim) as one JSON document, read without writing anything: the way out when storage is full.
 */
export function exportAllSaved(storage: StorageLike): string {
  const stored = readStored(storage);
  const listed = stored ? listing(stored) : null;
  const newerRaw = (id: string) => {
    const own = stored?.own.get(id);
    const text = own?.raw ?? stored?.legacy?.find((i) => i.id === id)?.raw;
    try {
      return text === undefined ? null : (JSON.parse(text) as unknown);
    } catch {
      return text;
    }
  };
  const document = {
    format: EXPORT_FORMAT,
    version: 1,
    saved: listed?.entries.map((e) => e.value) ?? [],
    newer: listed?.newer.map((e) => newerRaw(e.value.id)) ?? [],
    keptAside: listed?.keptAside ?? [],
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * Every stored text the saved list is read from, joined: equal fingerprints mean an equal list (the
 * UI caches its snapshot on it).
 */
export function savedStorageFingerprint(storage: StorageLike): string {
  try {
    const parts: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (
        key !== null &&
        (key.startsWith(ENTRY_KEY_PREFIX) || key === LEGACY_LIST_KEY || key === QUARANTINE_KEY)
      )
        parts.push(`${key}\u0000${storage.getItem(key)}`);
    }
    return parts.sort().join('\u0001');
  } catch {
    return '';
  }
}
