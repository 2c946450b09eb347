import { defaultUncertainty, type Scenario } from '../engine';
import { type ParseResult, parseScenario } from './parse';

/**
 * Migrations of stored and shared scenarios from older schema versions to the current one. Each
 * migration takes a plain object of version n and returns version n + 1; `migrateScenario` applies
 * them in order and then validates. Every migration has a test, and a test fails when a migration is
 * never exercised (test/scenario/migrate.test.ts).
 */
export const CURRENT_SCHEMA_VERSION: Scenario['schemaVersion'] = 2;

export type Migration = (old: Record<string, unknown>) => Record<string, unknown>;

/**
 * v1 → v2 (Monte Carlo and tornado): adds the `uncertainty` block. A v1 scenario never chose ranges,
 * so it gets the defaults of the app that opens it (the researched typical ranges, 10,000 draws,
 * seed 1); every v1 field is kept as it was.
 */
function addUncertainty(old: Record<string, unknown>): Record<string, unknown> {
  return { ...old, schemaVersion: 2, uncertainty: defaultUncertainty() };
}

/** MIGRATIONS[n] turns version n into version n + 1. */
export const MIGRATIONS: Record<number, Migration> = { 1: addUncertainty };

/** Called whenever a migration runs; tests use it to prove every migration is exercised. */
export const migrationObserver: { onRun: ((fromVersion: number) => void) | null } = { onRun: null };

export function migrateScenario(input: unknown): ParseResult {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return parseScenario(input);
  let value = input as Record<string, unknown>;
  const declared = value.schemaVersion;
  if (typeof declared !== 'number' || !Number.isInteger(declared)) return parseScenario(input);
  let version: number = declared;
  if (version > CURRENT_SCHEMA_VERSION) {
    return {
      ok: false,
      issues: [
        {
          path: 'schemaVersion',
          message: `made by a newer version of the app (schema ${version}; this app reads up to ${CURRENT_SCHEMA_VERSION})`,
          code: 'newerVersion',
          limit: CURRENT_SCHEMA_VERSION,
        },
      ],
    };
  }
  while (version < CURRENT_SCHEMA_VERSION) {
    const step = MIGRATIONS[version];
    if (!step) return parseScenario(value);
    try {
      value = step(value);
    } catch {
      return {
        ok: false,
        issues: [
          {
            path: 'schemaVersion',
            message: `could not upgrade from schema ${version}`,
            code: 'upgradeFailed',
          },
        ],
      };
    }
    migrationObserver.onRun?.(version);
    const next = value.schemaVersion;
    if (typeof next !== 'number' || next <= version) return parseScenario(value);
    version = next;
  }
  return parseScenario(value);
}
