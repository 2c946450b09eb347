import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The engine is deterministic: randomness comes from its seeded generator (src/engine/rng.ts) and
 * it reads no clock. Biome's noRestrictedGlobals keeps `Date` out (biome.json); a member like
 * `Math.random` is not a global, so this test keeps it out.
 */
const ENGINE = join(import.meta.dirname, '../../src/engine');

function engineFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return engineFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The source without comments, so a comment may say what the code must not do. */
function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
}

const FORBIDDEN = /Math\s*\.\s*random|performance\s*\.\s*now|\bcrypto\b/;

describe('engine purity', () => {
  it('no engine file calls Math.random, performance.now or crypto', () => {
    const offenders = engineFiles(ENGINE)
      .filter((file) => FORBIDDEN.test(stripComments(readFileSync(file, 'utf8'))))
      .map((file) => relative(ENGINE, file));
    expect(offenders).toEqual([]);
  });

  it('the check finds a call in code and ignores one named in a comment', () => {
    expect(FORBIDDEN.test(stripComments('const x = Math.random();'))).toBe(true);
    expect(FORBIDDEN.test(stripComments('/** never Math.random */\n// nor Math.random\nconst x = 1;'))).toBe(
      false,
    );
    expect(engineFiles(ENGINE).length).toBeGreaterThan(10);
  });
});
