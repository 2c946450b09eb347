// Run with `node --import tsx scripts/freeze-link-bases.mjs` when a schema version is new: writes
// src/scenario/link-bases/v<N>.json (N = the current schema version) with today's presets, the bases
// short links of that version are written against (src/scenario/link-bases.ts), then add the file to
// FROZEN there and its digests to test/scenario/link-bases.test.ts. It refuses to overwrite a file:
// links in the wild depend on it. `--replace-unreleased` overwrites one that has never shipped.
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { defaultScenario, presets } from '../src/engine/index.ts';
import { CURRENT_SCHEMA_VERSION } from '../src/scenario/migrate.ts';

const target = new URL(`../src/scenario/link-bases/v${CURRENT_SCHEMA_VERSION}.json`, import.meta.url);
if (existsSync(target) && !process.argv.includes('--replace-unreleased')) {
  console.error(`${target.pathname} exists: a frozen base never changes once links use it.`);
  process.exit(1);
}
const bases = {};
// The defaults get a base of their own only when no preset is them (today the seed example is).
if (!Object.values(presets).some((p) => isDeepStrictEqual(p, defaultScenario))) bases.defaults = defaultScenario;
for (const [id, preset] of Object.entries(presets)) bases[id] = preset;
writeFileSync(target, `${JSON.stringify({ schemaVersion: CURRENT_SCHEMA_VERSION, bases })}\n`);
execFileSync('npx', ['biome', 'format', '--write', target.pathname], { stdio: 'inherit' });
console.log(`froze ${Object.keys(bases).length} bases of schema v${CURRENT_SCHEMA_VERSION}: ${Object.keys(bases).join(', ')}`);
