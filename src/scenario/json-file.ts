import type { Scenario } from '../engine';
import { couldBeScenario } from './json-shape';
import { type MigrationNote, migrateScenario } from './migrate';
import type { ScenarioIssue } from './parse';

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
export type JsonFileResult =
  /** `notes`: what an upgrade from an older file assumed (absent when nothing was). */
  | { ok: true; scenario: Scenario; notes?: MigrationNote[] }
  | { ok: false; error: JsonFileError; issues: ScenarioIssue[] };

export function scenarioToJson(scenario: Scenario): string {
  return `${JSON.stringify({ format: FILE_FORMAT, scenario }, null, 2)}\n`;
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
  return result.notes
    ? { ok: true, scenario: result.scenario, notes: result.notes }
    : { ok: true, scenario: result.scenario };
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
