import type { Scenario } from '../engine';
import { CURRENT_SCHEMA_VERSION, type MigrationNote, migrateScenario } from './migrate';
import type { ScenarioIssue } from './parse';
import { writeVerified } from './verified-write';

/**
 * The scenario last worked on, kept in the browser so that opening the app without a link resumes it
 * (issue 21). One record under RESUME_KEY, beside (never inside) the saved list. Reading validates the
 * scenario through the one door (`migrateScenario`: older versions are upgraded, anything the schema
 * refuses is reported, never opened); the display settings and the preset id are checked field by
 * field and dropped when they are not valid. Reading and writing never throw.
 *
 * Two copies are kept (issue 36): one per tab (sessionStorage: a reload of that tab resumes what it
 * showed) and one for the next new tab (localStorage: the most recent write of any tab wins). The
 * forward rule (issue 42): a record whose scenario has a newer schema version than this release reads
 * was written by a newer release, and this release never writes over it.
 */
export const RESUME_KEY = 'gpu-tco:resume:v1';
const RESUME_FORMAT = 'gpu-tco-resume';

export interface ResumeRecord {
  scenario: Scenario;
  currency: 'CNY' | 'USD';
  /** CNY per 1 USD, as the dollar-typed inputs of the scenario were converted at. */
  cnyPerUsd: number;
  /** The preset the scenario was made from, when known. */
  presetId: string | null;
}

export type ResumeRead =
  /** Nothing kept (first visit, or storage not available). */
  | { kind: 'none' }
  | {
      kind: 'ok';
      scenario: Scenario;
      currency?: 'CNY' | 'USD';
      cnyPerUsd?: number;
      presetId?: string;
      notes?: MigrationNote[];
    }
  /** Something is kept but it does not open: `issues` name what (empty when it is not even JSON). */
  | { kind: 'broken'; issues: ScenarioIssue[] };

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function loadResume(storage: Pick<Storage, 'getItem'>): ResumeRead {
  let raw: string | null;
  try {
    raw = storage.getItem(RESUME_KEY);
  } catch {
    return { kind: 'none' };
  }
  if (raw === null) return { kind: 'none' };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { kind: 'broken', issues: [] };
  }
  if (!isRecord(value) || value.format !== RESUME_FORMAT) return { kind: 'broken', issues: [] };
  const migrated = migrateScenario(value.scenario);
  if (!migrated.ok) return { kind: 'broken', issues: migrated.issues };
  const read: Extract<ResumeRead, { kind: 'ok' }> = { kind: 'ok', scenario: migrated.scenario };
  if (migrated.notes) read.notes = migrated.notes;
  if (value.currency === 'CNY' || value.currency === 'USD') read.currency = value.currency;
  // The header's own limits of the exchange rate (state/url-sync CNY_PER_USD_RANGE).
  const rate = value.cnyPerUsd;
  if (typeof rate === 'number' && Number.isFinite(rate) && rate >= 0.1 && rate <= 100) read.cnyPerUsd = rate;
  if (typeof value.presetId === 'string' && value.presetId.length <= 64) read.presetId = value.presetId;
  return read;
}

/**
 * What became of a write: kept; not written because a newer release's record is there (the forward
 * rule: the caller says a newer version is open); refused by the browser (full or disabled); or
 * read back different from what was written, the previous record put back (the caller says so).
 */
export type ResumeWrite = 'written' | 'newerKept' | 'refused' | 'readBackDiffers';

/** The schema version of the scenario in a stored record, when it declares a whole number. */
function storedSchemaVersion(raw: string): number | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    if (!isRecord(value) || !isRecord(value.scenario)) return undefined;
    const version = value.scenario.schemaVersion;
    return typeof version === 'number' && Number.isInteger(version) ? version : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `record` as the scenario to resume, unless a newer release's record is kept there. */
export function saveResume(storage: StorageLike, record: ResumeRecord): ResumeWrite {
  return writeResumeText(storage, JSON.stringify({ format: RESUME_FORMAT, version: 1, ...record }));
}

/** Writes a record's text (read back and compared), unless a newer release's record is kept there. */
function writeResumeText(storage: StorageLike, text: string): ResumeWrite {
  try {
    const stored = storage.getItem(RESUME_KEY);
    const version = stored === null ? undefined : storedSchemaVersion(stored);
    if (version !== undefined && version > CURRENT_SCHEMA_VERSION) return 'newerKept';
    return writeVerified(storage, RESUME_KEY, text);
  } catch {
    return 'refused';
  }
}

/**
 * Puts back a record kept in a backup (backups.ts). It goes through the same reading as a stored
 * record (`loadResume`): one that does not open is not written, and the slot is left as it is.
 */
export function restoreResumeRecord(storage: StorageLike, record: unknown): ResumeWrite | 'unreadable' {
  const text = JSON.stringify(record);
  if (text === undefined) return 'unreadable';
  const read = loadResume({ getItem: (key) => (key === RESUME_KEY ? text : null) });
  if (read.kind !== 'ok') return 'unreadable';
  return writeResumeText(storage, text);
}

/** The stored record as an object when it opens here (what a backup keeps), else null. */
export function resumeRecordForBackup(storage: Pick<Storage, 'getItem'>): unknown {
  if (loadResume(storage).kind !== 'ok') return null;
  try {
    return JSON.parse(storage.getItem(RESUME_KEY) ?? 'null') as unknown;
  } catch {
    return null;
  }
}
