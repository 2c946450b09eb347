import type { Scenario } from '../engine';
import { type BudgetStamp, readStamp, scenarioFingerprint } from './budget-stamp';
import { couldBeScenario } from './json-shape';
import { type MigrationNote, migrateScenario } from './migrate';
import type { ScenarioIssue } from './parse';
import { readActuals, type StoredActuals } from './stored-actuals';

/** Scenario files: a small envelope so a wrong JSON file is recognised as such. */
export const FILE_FORMAT = 'gpu-tco-scenario';
/** Files above this size are not scenarios (a scenario with 104 weeks is a few kB). */
export const MAX_FILE_BYTES = 1_000_000;

export type JsonFileError =
  | 'tooLarge'
  | 'unreadable'
  | 'notJson'
  | 'notScenario'
  /** Far more values, or far deeper nesting, than any scenario: refused before it is parsed. */
  | 'tooComplex'
  | 'invalid';
/**
 * A frozen budget version a file carries beside its scenario, as a link does (`&b=`, `&a=`): its stamp
 * when the file's figures (as written, before this release's migrations) have its fingerprint, with
 * its actuals ('damaged' when they do not validate); or `mismatch` when they do not (the scenario then
 * opens as an ordinary one, and the page says so).
 */
export type FileBudget =
  | { kind: 'frozen'; stamp: BudgetStamp; actuals: StoredActuals | null | 'damaged' }
  | { kind: 'mismatch'; label: string | null };

export type JsonFileResult =
  /** `notes`: what an upgrade from an older file assumed (absent when nothing was). */
  | { ok: true; scenario: Scenario; notes?: MigrationNote[]; budget?: FileBudget }
  | { ok: false; error: JsonFileError; issues: ScenarioIssue[] };

/** The file; with the budget stamp and actuals when the scenario is a frozen version as frozen. */
export function scenarioToJson(
  scenario: Scenario,
  budget: { stamp: BudgetStamp; actuals: StoredActuals | null } | null = null,
): string {
  const extras = budget
    ? { budget: budget.stamp, ...(budget.actuals ? { actuals: budget.actuals } : {}) }
    : {};
  return `${JSON.stringify({ format: FILE_FORMAT, scenario, ...extras }, null, 2)}\n`;
}

function fileBudget(record: Record<string, unknown>, candidate: unknown): FileBudget | undefined {
  if (record.budget === undefined) return undefined;
  const stamp = readStamp(record.budget);
  if (stamp === null) return { kind: 'mismatch', label: null };
  if (scenarioFingerprint(candidate) !== stamp.hash) return { kind: 'mismatch', label: stamp.label };
  const actuals = record.actuals === undefined ? null : (readActuals(record.actuals) ?? 'damaged');
  return { kind: 'frozen', stamp, actuals };
}

/** Reads a scenario file's text; accepts the envelope or a bare scenario object. Never throws. */
export function scenarioFromJson(text: string): JsonFileResult {
  if (text.length > MAX_FILE_BYTES) return { ok: false, error: 'tooLarge', issues: [] };
  if (!couldBeScenario(text)) return { ok: false, error: 'tooComplex', issues: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, error: 'notJson', issues: [] };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, error: 'notScenario', issues: [] };
  }
  const record = parsed as Record<string, unknown>;
  const candidate = record.format === FILE_FORMAT ? record.scenario : record;
  if (typeof candidate !== 'object' || candidate === null || !('schemaVersion' in candidate)) {
    return { ok: false, error: 'notScenario', issues: [] };
  }
  const result = migrateScenario(candidate);
  if (!result.ok) return { ok: false, error: 'invalid', issues: result.issues };
  // Only the envelope carries a budget version (a bare scenario has nowhere to put one).
  const budget = record.format === FILE_FORMAT ? fileBudget(record, candidate) : undefined;
  return {
    ok: true,
    scenario: result.scenario,
    ...(result.notes ? { notes: result.notes } : {}),
    ...(budget ? { budget } : {}),
  };
}

/**
 * Reads a chosen file as a scenario. The size is checked before reading, so a huge file is refused
 * without loading it into memory; a file the browser cannot read (moved, no permission) comes back as
 * 'unreadable'. Never throws.
 */
export async function readScenarioFile(file: Pick<Blob, 'size' | 'text'>): Promise<JsonFileResult> {
  if (file.size > MAX_FILE_BYTES) return { ok: false, error: 'tooLarge', issues: [] };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, error: 'unreadable', issues: [] };
  }
  return scenarioFromJson(text);
}
