import { readdirSync, readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { presets } from '../../src/engine';
import { scenarioJsonSchemaText } from '../../src/package/json-schema';
import { CURRENT_SCHEMA_VERSION } from '../../src/scenario/migrate';

/**
 * The scenario's JSON Schema (issue 38 item 3): the committed file is what the zod schema generates
 * today (rerun `node --import tsx scripts/write-json-schema.mjs` when the schema changes), it names its
 * schema version, and a standard validator (Ajv, draft 2020-12) accepts every preset and every frozen
 * link base of the current version and refuses what the app refuses field by field.
 */
const file = new URL(`../../schema/scenario-v${CURRENT_SCHEMA_VERSION}.schema.json`, import.meta.url);
const committed = readFileSync(file, 'utf8');
const validate = new Ajv2020({ strict: false, allErrors: true }).compile(JSON.parse(committed));

describe('the scenario JSON Schema', () => {
  it('the committed file is what the zod schema generates, for the current schema version', () => {
    expect(committed).toBe(scenarioJsonSchemaText());
    expect(JSON.parse(committed).$id).toBe(`urn:gpu-tco-dashboard:scenario:v${CURRENT_SCHEMA_VERSION}`);
  });

  it('the newest committed schema file is the current schema version’s', () => {
    const versions = readdirSync(new URL('../../schema/', import.meta.url))
      .map((name) => /^scenario-v(\d+)\.schema\.json$/.exec(name)?.[1])
      .filter((v): v is string => v !== undefined)
      .map(Number);
    expect(Math.max(...versions)).toBe(CURRENT_SCHEMA_VERSION);
  });

  for (const [id, scenario] of Object.entries(presets)) {
    it(`accepts the preset ${id}`, () => {
      expect(validate(scenario), JSON.stringify(validate.errors)).toBe(true);
    });
  }

  it('accepts every frozen link base of the current version', () => {
    const bases = JSON.parse(
      readFileSync(
        new URL(`../../src/scenario/link-bases/v${CURRENT_SCHEMA_VERSION}.json`, import.meta.url),
        'utf8',
      ),
    ).bases as Record<string, unknown>;
    expect(Object.keys(bases).length).toBeGreaterThan(0);
    for (const base of Object.values(bases))
      expect(validate(base), JSON.stringify(validate.errors)).toBe(true);
  });

  it('refuses a wrong type, a value out of range, a missing field and an unknown choice', () => {
    const seed = presets.seedTeam!;
    expect(validate({ ...seed, horizonMonths: 'thirty-six' })).toBe(false);
    expect(validate({ ...seed, horizonMonths: 999 })).toBe(false);
    const { selfBuild: _dropped, ...withoutSelfBuild } = seed;
    expect(validate(withoutSelfBuild)).toBe(false);
    expect(validate({ ...seed, compliance: 'offshore' })).toBe(false);
    expect(validate({ ...seed, schemaVersion: CURRENT_SCHEMA_VERSION + 1 })).toBe(false);
  });
});
