import { BUDGET_HASH_KEY, scenarioFingerprint, stampBeside, stampToParam } from './budget-stamp';
import { jsonShape } from './json-shape';
import { CURRENT_SCHEMA_VERSION } from './migrate';
import type { ScenarioIssue } from './parse';
import { isRecord, MAX_ENTRY_DEPTH, readItem, type SavedScenario } from './saved-item';
import { cleanTags } from './tags';
import { textHash } from './text-hash';
import { encodeScenarioHash } from './url-codec';

/**
 * A team library file (issue 39 item 5): saved scenarios as one versioned JSON document a team keeps
 * on a shared drive or an intranet page, with no server. Each entry carries its scenario, its share
 * link (so a reader without the app's file import can still open it) and the hash of everything else
 * it carries — id, name, time saved, tags, preset, link and scenario — so a damaged or hand-edited
 * entry is told apart from a good one (a check against accidents, not an attacker). Opening a library
 * never writes anything by itself: it gives the entries and a merge plan against the saved list
 * (`planMerge`), and the page writes what the user confirms through the saved list's one door.
 */

export const LIBRARY_FORMAT = 'gpu-tco-team-library';
export const LIBRARY_VERSION = 1;
/** Larger than any real library (a saved entry is 2–20 KB): a bigger file is not one of ours. */
export const MAX_LIBRARY_BYTES = 10 * 1024 * 1024;
export const MAX_LIBRARY_ENTRIES = 2_000;
/** The document nests its entries one level below the saved list's items (library → entries → item). */
const MAX_LIBRARY_DEPTH = MAX_ENTRY_DEPTH + 2;

export interface LibraryEntry {
  entry: SavedScenario;
  /** FNV-1a of the scenario's JSON as written in the file. */
  hash: string;
  /** The share link written beside it (not read back: the scenario is). */
  link: string;
}

export interface TeamLibrary {
  exportedAt: string;
  entries: LibraryEntry[];
}

export type LibraryError =
  | { code: 'tooLarge'; limit: number }
  | { code: 'notJson' }
  | { code: 'tooDeep' }
  | { code: 'notLibrary' }
  | { code: 'newerLibrary'; version: number }
  | { code: 'tooManyEntries'; limit: number }
  /** Entry `index` (1-based) is not a saved scenario (no id, name or scenario). */
  | { code: 'entryNotSaved'; index: number }
  /** Entry `index` has the id of an earlier entry: the app never writes that, so the file was edited. */
  | { code: 'entryDuplicate'; index: number; name: string }
  /** Entry `index` does not match the hash beside it: damaged or edited by hand. */
  | { code: 'entryDamaged'; index: number; name: string }
  /** Entry `index` was made by a newer release of the app (`version` is its schema version). */
  | { code: 'entryNewer'; index: number; name: string; version: number }
  /** Entry `index` is a frozen budget version whose figures do not match its fingerprint. */
  | { code: 'entryBudgetAltered'; index: number; name: string }
  /** Entry `index`'s scenario does not validate; `issue` names the field. */
  | { code: 'entryInvalid'; index: number; name: string; issue: ScenarioIssue | null };

export type LibraryResult = { ok: true; library: TeamLibrary } | { ok: false; error: LibraryError };

/**
 * The hash of an entry as the file holds it: its fields in a fixed order (absent ones as empty), so
 * any edit to a name, time, tag, preset, link or scenario shows. Written and read from the same
 * values, which JSON gives back exactly.
 */
function entryHash(e: {
  id: unknown;
  name: unknown;
  savedAt: unknown;
  tags?: unknown;
  presetId?: unknown;
  link?: unknown;
  scenario: unknown;
  budget?: unknown;
  actuals?: unknown;
}): string {
  const fields = [e.id, e.name, e.savedAt ?? '', e.tags ?? [], e.presetId ?? '', e.link ?? '', e.scenario];
  // A budget stamp and its actuals are covered when the entry has them (files written before them
  // hash as they did).
  const budget = e.budget === undefined ? [] : [e.budget];
  const actuals = e.actuals === undefined ? [] : [e.actuals];
  return textHash(JSON.stringify([...fields, ...budget, ...actuals]));
}

/**
 * The library document for `entries` (in their order), each with `extraTags` added to its own. The
 * link is `pageUrl` + the entry's share fragment.
 */
export function libraryToJson(
  entries: readonly SavedScenario[],
  options: { exportedAt: string; pageUrl: string; extraTags?: readonly string[] | undefined },
): string {
  const document = {
    format: LIBRARY_FORMAT,
    version: LIBRARY_VERSION,
    exportedAt: options.exportedAt,
    schemaVersion: CURRENT_SCHEMA_VERSION,
    entries: entries.map((e) => {
      const tags = cleanTags([...(e.tags ?? []), ...(options.extraTags ?? [])]);
      const fields = {
        id: e.id,
        name: e.name,
        savedAt: e.savedAt,
        ...(tags.length > 0 ? { tags } : {}),
        ...(e.presetId !== undefined ? { presetId: e.presetId } : {}),
        link: `${options.pageUrl}#${encodeScenarioHash(e.scenario)}${budgetParam(e)}`,
        scenario: e.scenario,
        ...(e.budget !== undefined ? { budget: stampBeside(e.budget, e.scenario) } : {}),
        ...(e.budget !== undefined && e.actuals !== undefined ? { actuals: e.actuals } : {}),
      };
      return { ...fields, hash: entryHash(fields) };
    }),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The link's budget stamp of a frozen entry. */
function budgetParam(e: SavedScenario): string {
  if (e.budget === undefined) return '';
  // Only the figures frozen claim the stamp in a link (never re-signed).
  if (scenarioFingerprint(e.scenario) !== e.budget.hash) return '';
  return `&${BUDGET_HASH_KEY}=${encodeURIComponent(stampToParam(e.budget))}`;
}

/**
 * Reads a library file's text. Refused whole — never half-read — when it is too large, not JSON, too
 * deep, not a library, of a newer library version, or when any entry is damaged (its hash), made by a
 * newer release, or no longer valid: a team's file with one bad entry is a file to fix at its source.
 * Older entries are migrated as saved entries are. Never throws.
 */
export function parseLibrary(text: string): LibraryResult {
  const fail = (error: LibraryError): LibraryResult => ({ ok: false, error });
  if (text.length > MAX_LIBRARY_BYTES) return fail({ code: 'tooLarge', limit: MAX_LIBRARY_BYTES });
  const body = text.replace(/^\uFEFF/, '');
  if (jsonShape(body).depth > MAX_LIBRARY_DEPTH) return fail({ code: 'tooDeep' });
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    return fail({ code: 'notJson' });
  }
  if (!isRecord(doc) || doc.format !== LIBRARY_FORMAT || !Array.isArray(doc.entries))
    return fail({ code: 'notLibrary' });
  const version = doc.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    return fail({ code: 'notLibrary' });
  if (version > LIBRARY_VERSION) return fail({ code: 'newerLibrary', version });
  if (doc.entries.length > MAX_LIBRARY_ENTRIES)
    return fail({ code: 'tooManyEntries', limit: MAX_LIBRARY_ENTRIES });

  const entries: LibraryEntry[] = [];
  const ids = new Set<string>();
  for (let i = 0; i < doc.entries.length; i++) {
    const index = i + 1;
    const item: unknown = doc.entries[i];
    if (
      !isRecord(item) ||
      typeof item.id !== 'string' ||
      typeof item.name !== 'string' ||
      !('scenario' in item)
    )
      return fail({ code: 'entryNotSaved', index });
    const name = item.name.slice(0, 200);
    if (ids.has(item.id)) return fail({ code: 'entryDuplicate', index, name });
    ids.add(item.id);
    if (typeof item.hash !== 'string' || entryHash(item as Parameters<typeof entryHash>[0]) !== item.hash)
      return fail({ code: 'entryDamaged', index, name });
    const read = readItem(item, '');
    if (read.kind === 'newer')
      return fail({ code: 'entryNewer', index, name, version: read.entry.schemaVersion });
    if (read.kind === 'broken' && read.broken.code === 'budgetAltered')
      return fail({ code: 'entryBudgetAltered', index, name });
    if (read.kind === 'broken')
      return fail({ code: 'entryInvalid', index, name, issue: read.broken.issue ?? null });
    entries.push({
      entry: read.entry,
      hash: item.hash,
      link: typeof item.link === 'string' ? item.link : '',
    });
  }
  return {
    ok: true,
    library: { exportedAt: typeof doc.exportedAt === 'string' ? doc.exportedAt : '', entries },
  };
}

/** Rows that change the saved list: an entry added or replaced, or tags added. */
export function changesOf(rows: readonly MergeRow[], choices: ReadonlyMap<string, ConflictChoice>): number {
  return rows.filter(
    (r) =>
      r.kind === 'new' ||
      r.kind === 'tags' ||
      (r.kind === 'conflict' && (choices.get(r.library.id) ?? 'both') !== 'saved'),
  ).length;
}

/** What opening a library would do with one of its entries. */
export type MergeRow =
  /** Not in the saved list: added. */
  | { kind: 'new'; library: SavedScenario }
  /** Already saved: the same id with the same name, scenario and tags. Nothing to do. */
  | { kind: 'same'; library: SavedScenario }
  /**
   * Already saved — the same entry, or the same scenario under another entry (`saved`); the library
   * adds `tags` to it (never removes one).
   */
  | { kind: 'tags'; library: SavedScenario; saved: SavedScenario; tags: string[] }
  /**
   * The same scenario is saved under another entry (`saved`): a copy kept at an earlier merge, or the
   * same scenario saved twice. Nothing to do.
   */
  | { kind: 'duplicate'; library: SavedScenario; saved: SavedScenario }
  /**
   * The same entry (id) with a different name, scenario or tags: never overwritten silently. `newer`
   * says which was saved later by their timestamps ('unknown' when either has none).
   */
  | {
      kind: 'conflict';
      library: SavedScenario;
      saved: SavedScenario;
      newer: 'library' | 'saved' | 'same' | 'unknown';
    };

/** What the user chose for a conflict: keep both (the default), keep the saved one, or take the library's. */
export type ConflictChoice = 'both' | 'saved' | 'library';

/**
 * A scenario's values without its name: the copy kept at a merge carries its own name (as a saved
 * entry's scenario always does), and is still the same scenario.
 */
const scenarioText = (e: SavedScenario) => JSON.stringify({ ...e.scenario, name: '' });

/**
 * A budget version's stamp and actuals: an entry is already saved only with the same ones (a frozen
 * version whose figures equal a saved draft's is still a version to add; new actuals are news).
 */
const extrasText = (e: SavedScenario) => JSON.stringify([e.budget ?? null, e.actuals ?? null]);

/** The library's tags the saved entry lacks. */
const newTags = (library: SavedScenario, saved: SavedScenario) =>
  (library.tags ?? []).filter((tag) => !(saved.tags ?? []).includes(tag));

function newerOf(library: SavedScenario, saved: SavedScenario): 'library' | 'saved' | 'same' | 'unknown' {
  const a = Date.parse(library.savedAt);
  const b = Date.parse(saved.savedAt);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return 'unknown';
  return a > b ? 'library' : a < b ? 'saved' : 'same';
}

/** Each library entry against the saved list, in the library's order. */
export function planMerge(saved: readonly SavedScenario[], library: readonly LibraryEntry[]): MergeRow[] {
  const byId = new Map(saved.map((e) => [e.id, e]));
  // Each saved scenario's text once (a library of 2,000 entries against a long list would otherwise
  // serialise every saved scenario once per library entry); every entry saved with that text.
  const savedByText = new Map<string, SavedScenario[]>();
  for (const e of saved) {
    const text = scenarioText(e);
    savedByText.set(text, [...(savedByText.get(text) ?? []), e]);
  }
  return library.map(({ entry }) => {
    const mine = byId.get(entry.id);
    const text = scenarioText(entry);
    if (mine) {
      if (
        mine.name === entry.name &&
        extrasText(mine) === extrasText(entry) &&
        (savedByText.get(text) ?? []).includes(mine)
      ) {
        const tags = newTags(entry, mine);
        return tags.length > 0
          ? { kind: 'tags', library: entry, saved: mine, tags }
          : { kind: 'same', library: entry };
      }
    }
    // The same scenario saved under another entry — a copy kept at an earlier merge, or saved twice —
    // is already here: nothing to add (nor a conflict to answer again) but the library's new tags.
    const twin = (savedByText.get(text) ?? []).find(
      (e) => e.id !== entry.id && extrasText(e) === extrasText(entry),
    );
    if (twin) {
      const tags = newTags(entry, twin);
      return tags.length > 0
        ? { kind: 'tags', library: entry, saved: twin, tags }
        : { kind: 'duplicate', library: entry, saved: twin };
    }
    if (mine) return { kind: 'conflict', library: entry, saved: mine, newer: newerOf(entry, mine) };
    return { kind: 'new', library: entry };
  });
}

/**
 * The saved list after the merge: new entries appended in the library's order; a conflict kept both
 * adds the library's copy under a fresh id and `conflictName(entry)` (the saved one untouched), kept
 * saved changes nothing, taken from the library replaces the saved entry's name, scenario and tags in
 * its place (a choice the user made, never the default); new tags are added to the saved entry. Same
 * and duplicate rows change nothing.
 */
export function applyMerge(
  saved: readonly SavedScenario[],
  rows: readonly MergeRow[],
  choices: ReadonlyMap<string, ConflictChoice>,
  fresh: { id: () => string; conflictName: (entry: SavedScenario) => string },
): SavedScenario[] {
  const next = [...saved];
  for (const row of rows) {
    if (row.kind === 'new') next.push(row.library);
    if (row.kind === 'tags') {
      const at = next.findIndex((e) => e.id === row.saved.id);
      const saved = next[at];
      if (saved) next[at] = { ...saved, tags: cleanTags([...(saved.tags ?? []), ...row.tags]) };
    }
    if (row.kind !== 'conflict') continue;
    const chosen = choices.get(row.library.id) ?? 'both';
    // A frozen budget version is never replaced: the library's copy is kept beside it instead.
    const choice = chosen === 'library' && row.saved.budget !== undefined ? 'both' : chosen;
    if (choice === 'saved') continue;
    if (choice === 'library') {
      const at = next.findIndex((e) => e.id === row.saved.id);
      if (at >= 0) next[at] = { ...row.library, id: row.saved.id };
      continue;
    }
    // The copy's scenario carries its name too, as every saved entry's does (opened, it is titled so)
    // — except a frozen version's, whose name is part of the figures its stamp fingerprints.
    const name = fresh.conflictName(row.library);
    const scenario = row.library.budget ? row.library.scenario : { ...row.library.scenario, name };
    next.push({ ...row.library, id: fresh.id(), name, scenario });
  }
  return next;
}
