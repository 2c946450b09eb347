import type { Scenario } from '../engine';
import { truncateGraphemes } from '../lib/graphemes';
import { type BudgetStamp, readStamp, scenarioFingerprint, stampMatches } from './budget-stamp';
import { jsonShape } from './json-shape';
import { CURRENT_SCHEMA_VERSION, migrateScenario } from './migrate';
import type { ScenarioIssue } from './parse';
import { readActuals, type StoredActuals } from './stored-actuals';
import { cleanTags } from './tags';

/**
 * One stored saved entry, read: a scenario this release opens, an entry made by a newer release
 * (listed, never opened, moved or rewritten: docs/architecture.md, "The forward rule"), or
 * something kept aside with the reason.
 */

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
  /**
   * A team's labels ("FY27", "infra"), from a team library file (team-library.ts). Optional: entries
   * saved before tags existed load as they are; a release before them drops them only if it rewrites
   * the entry (a rename), never the entry.
   */
  tags?: string[];
  /**
   * Set when the entry is a frozen budget version (budget-stamp.ts): the entry is never renamed,
   * reset or rewritten. Optional: entries saved before budgets existed load as they are.
   */
  budget?: BudgetStamp;
  /** A frozen version's actual bills (stored-actuals.ts); only with `budget`. */
  actuals?: StoredActuals;
}

/** An entry whose scenario has a schema version above this release's: shown by name, greyed, not opened. */
export interface NewerEntry {
  id: string;
  name: string;
  savedAt: string;
  schemaVersion: number;
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
  | 'invalid'
  /** A frozen budget version whose scenario no longer matches the fingerprint it was frozen with. */
  | 'budgetAltered';

export interface QuarantinedEntry {
  /** The raw stored value that no longer parses, kept verbatim. */
  raw: string;
  /** English reason, for the exported file. */
  reason: string;
  code: QuarantineCode;
  /** For 'invalid': the first issue (its path names the field). */
  issue?: ScenarioIssue;
}

/**
 * How deeply one stored entry may nest: an entry nests 5 levels (entry → scenario → uncertainty →
 * ranges → [low, high]). Deeper text is treated as damaged without being parsed: a list nested 5,000
 * deep threw `RangeError` from the recursive steps after parsing (and from `JSON.parse` itself on
 * engines with a smaller stack). Measured per entry (issue 42): one tampered item no longer hides
 * its siblings.
 */
export const MAX_ENTRY_DEPTH = 31;

/** The parsed text, or undefined when it is not JSON or nests deeper than `maxDepth`. */
export function parseStored(raw: string, maxDepth: number): unknown {
  if (jsonShape(raw).depth > maxDepth) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export type ReadItem =
  | { kind: 'entry'; entry: SavedScenario; order: number | undefined }
  | { kind: 'newer'; entry: NewerEntry; order: number | undefined }
  | { kind: 'broken'; broken: QuarantinedEntry };

const savedAtOf = (item: Record<string, unknown>) => (typeof item.savedAt === 'string' ? item.savedAt : '');
const orderOf = (item: Record<string, unknown>) =>
  typeof item.order === 'number' && Number.isFinite(item.order) ? item.order : undefined;
// Cut between graphemes: a name cut inside an emoji showed a broken character.
const nameOf = (name: string) => truncateGraphemes(name, 200);

/** The schema version an entry's scenario declares, when it is a whole number. */
function declaredVersion(scenario: unknown): number | undefined {
  if (!isRecord(scenario)) return undefined;
  const v = scenario.schemaVersion;
  return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
}

/** One stored item (already parsed; `raw` is its text, kept verbatim when it is set aside). */
export function readItem(item: unknown, raw: string): ReadItem {
  if (!isRecord(item) || typeof item.id !== 'string' || typeof item.name !== 'string') {
    return { kind: 'broken', broken: { raw, reason: 'not a saved scenario', code: 'notSaved' } };
  }
  const order = orderOf(item);
  const version = declaredVersion(item.scenario);
  if (version !== undefined && version > CURRENT_SCHEMA_VERSION) {
    const entry: NewerEntry = {
      id: item.id,
      name: nameOf(item.name),
      savedAt: savedAtOf(item),
      schemaVersion: version,
    };
    return { kind: 'newer', entry, order };
  }
  const parsed = migrateScenario(item.scenario);
  if (!parsed.ok) {
    const first = parsed.issues[0];
    const broken: QuarantinedEntry = {
      raw,
      reason: first ? `${first.path}: ${first.message}` : 'invalid',
      code: 'invalid',
    };
    if (first) broken.issue = first;
    return { kind: 'broken', broken };
  }
  const entry: SavedScenario = {
    id: item.id,
    name: nameOf(item.name),
    savedAt: savedAtOf(item),
    scenario: parsed.scenario,
  };
  if (typeof item.presetId === 'string' && item.presetId.length <= 64) entry.presetId = item.presetId;
  if (item.budget !== undefined) {
    const stamp = readStamp(item.budget);
    // The figures as stored (a version frozen by an earlier release, before migration) or as this
    // release reads them must be the ones frozen: anything else is not that budget version any more.
    const intact =
      stamp !== null &&
      stampMatches(stamp, [scenarioFingerprint(item.scenario), scenarioFingerprint(parsed.scenario)]);
    if (!intact) {
      const reason = 'a frozen budget version whose figures no longer match its fingerprint';
      return { kind: 'broken', broken: { raw, reason, code: 'budgetAltered' } };
    }
    entry.budget = stamp;
    // Actuals that no longer validate are left out: the version itself is intact.
    const actuals = item.actuals === undefined ? null : readActuals(item.actuals);
    if (actuals) entry.actuals = actuals;
  }
  if (Array.isArray(item.tags)) {
    const tags = cleanTags(item.tags.filter((t): t is string => typeof t === 'string'));
    if (tags.length > 0) entry.tags = tags;
  }
  return { kind: 'entry', entry, order };
}

/** Reads one stored item from its text (too deep or not JSON: kept aside as not a saved scenario). */
export function readItemText(raw: string): ReadItem {
  const value = parseStored(raw, MAX_ENTRY_DEPTH);
  if (value === undefined)
    return { kind: 'broken', broken: { raw, reason: 'not a saved scenario', code: 'notSaved' } };
  return readItem(value, raw);
}
