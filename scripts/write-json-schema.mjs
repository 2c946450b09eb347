// Run with `node --import tsx scripts/write-json-schema.mjs` after the scenario schema changes: writes
// schema/scenario-v<N>.schema.json (N = the current schema version) from the zod schema
// (src/package/json-schema.ts). test/package/json-schema.test.ts fails while the committed file and
// the generated one differ. Files of earlier versions stay as they shipped.
import { writeFileSync } from 'node:fs';
import { scenarioJsonSchemaText } from '../src/package/json-schema.ts';
import { CURRENT_SCHEMA_VERSION } from '../src/scenario/migrate.ts';

const target = new URL(`../schema/scenario-v${CURRENT_SCHEMA_VERSION}.schema.json`, import.meta.url);
writeFileSync(target, scenarioJsonSchemaText());
console.log(`wrote ${target.pathname}`);
