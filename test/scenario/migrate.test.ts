import { afterAll, describe, expect, it } from 'vitest';
import { defaultScenario } from '../../src/engine';
import { CURRENT_SCHEMA_VERSION, MIGRATIONS, migrateScenario, migrationObserver } from '../../src/scenario';

// Every migration gets a fixture of the version it upgrades from; the last test fails when a
// registered migration is never exercised by a fixture.
const FIXTURES: Record<number, Record<string, unknown>> = {};
const exercised = new Set<number>();
migrationObserver.onRun = (from) => exercised.add(from);
afterAll(() => {
  migrationObserver.onRun = null;
});

describe('scenario migrations', () => {
  it('passes a current-version scenario through unchanged', () => {
    expect(migrateScenario(structuredClone(defaultScenario))).toEqual({
      ok: true,
      scenario: defaultScenario,
    });
  });

  it('upgrades each older version to a valid current scenario', () => {
    for (const [from, fixture] of Object.entries(FIXTURES)) {
      const r = migrateScenario(fixture);
      expect(r.ok, `from schema ${from}`).toBe(true);
      if (r.ok) expect(r.scenario.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    }
  });

  it('refuses a scenario from a newer version with a message naming schemaVersion', () => {
    const r = migrateScenario({ ...defaultScenario, schemaVersion: CURRENT_SCHEMA_VERSION + 1 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]?.path).toBe('schemaVersion');
  });

  it('exercises every registered migration and has a fixture for each', () => {
    const registered = Object.keys(MIGRATIONS).map(Number).sort();
    expect(Object.keys(FIXTURES).map(Number).sort()).toEqual(registered);
    expect([...exercised].sort()).toEqual(registered);
  });
});
