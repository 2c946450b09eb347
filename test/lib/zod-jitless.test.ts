import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { ScenarioSchema } from '../../src/scenario/schema';

const SRC = join(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('zod never compiles code at run time (no CSP report)', () => {
  it('is configured jitless once the scenario schema is loaded', () => {
    expect(ScenarioSchema).toBeDefined();
    expect(z.config().jitless).toBe(true);
  });

  it('is imported only through src/lib/zod.ts, which configures it before any schema exists', () => {
    const direct = sourceFiles(SRC)
      .filter((file) => /from 'zod'/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(direct).toEqual(['lib/zod.ts']);
  });
});
