// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { type ImportEdge, importCycles, importEdges, wallViolations } from './architecture/import-walls';

/**
 * The layer walls of src, read from the imports themselves (test/architecture/import-walls.ts holds
 * the rules, each a pattern on the path). This replaces the per-feature lists biome.json used to
 * carry: a new feature or layer is walled without anyone adding it to a list.
 */
const ROOT = join(import.meta.dirname, '..');

function readTree(dir: string): [string, string][] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry): [string, string][] => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return readTree(path);
    return [[relative(ROOT, path).split(sep).join('/'), readFileSync(path, 'utf8')]];
  });
}

const edges = importEdges(new Map(readTree(join(ROOT, 'src'))));
const show = (cycle: readonly string[]): string => cycle.join(' → ');

/** Edges between in-memory files, for planting a break and watching the checker catch it. */
function planted(files: Record<string, string>): ImportEdge[] {
  return importEdges(new Map(Object.entries(files)));
}

describe('architecture: the walls of src, by pattern', () => {
  it('reads the imports of every source file in src (static, re-export and dynamic)', () => {
    const importers = new Set(edges.map((edge) => edge.from));
    expect(importers.has('src/main.tsx')).toBe(true);
    expect(importers.size).toBeGreaterThan(150);
    // csv-usage-lazy.ts loads the parser with import('./csv-usage'): dynamic imports are edges too.
    expect(edges).toContainEqual(
      expect.objectContaining({
        from: 'src/scenario/csv-usage-lazy.ts',
        specifier: './csv-usage',
        to: 'src/scenario/csv-usage.ts',
      }),
    );
  });

  it('no import in src breaks a wall or lands on no file', () => {
    expect(wallViolations(edges)).toEqual([]);
  });

  it('no circle of files in src (type-only imports count too)', () => {
    expect(importCycles(edges).map(show)).toEqual([]);
  });
});

describe('architecture: the checker catches a planted break', () => {
  it('a feature importing another feature is a violation', () => {
    const violations = wallViolations(
      planted({
        'src/features/a/x.ts': "import { y } from '../b/y';\nexport const x = y;",
        'src/features/b/y.ts': 'export const y = 1;',
      }),
    );
    expect(violations).toEqual([
      {
        from: 'src/features/a/x.ts',
        specifier: '../b/y',
        rule: expect.stringContaining('features never import each other (features/a → features/b)'),
      },
    ]);
  });

  it('a file importing within its own feature is no violation', () => {
    const violations = wallViolations(
      planted({
        'src/features/a/x.ts': "import { z } from './deep/z';\nexport const x = z;",
        'src/features/a/deep/z.ts': "import type { X } from '../x';\nexport const z = 1;",
      }),
    );
    expect(violations).toEqual([]);
  });

  it('a leaf helper importing the engine is a violation', () => {
    const violations = wallViolations(
      planted({
        'src/lib/format.ts': "import { evaluate } from '../engine';\nexport const f = evaluate;",
        'src/engine/index.ts': 'export const evaluate = 1;',
      }),
    );
    expect(violations.map(({ from, rule }) => [from, rule])).toEqual([
      ['src/lib/format.ts', 'a leaf helper in src/lib imports nothing of the project outside src/lib'],
    ]);
  });

  it('a circle of files is reported in order, the first file repeated at the end', () => {
    const cycles = importCycles(
      planted({
        'src/state/a.ts': "import { b } from './b';\nexport const a = b;",
        'src/state/b.ts': "export { c as b } from './c';",
        'src/state/c.ts': "export const c = () => import('./a');",
        'src/state/d.ts': "import { a } from './a';\nexport const d = a;",
      }),
    );
    expect(cycles.map(show)).toEqual(['src/state/a.ts → src/state/b.ts → src/state/c.ts → src/state/a.ts']);
  });

  it('a wall is a pattern: a feature or engine folder added tomorrow is walled today', () => {
    const violations = wallViolations(
      planted({
        'src/features/new-thing/view.tsx': "import { y } from '../../features/other-new/y';",
        'src/features/other-new/y.ts': "import { k } from '../../engine/kernel/fast';\nexport const y = k;",
        'src/engine/kernel/fast.ts': "import React from 'react';\nexport const k = React;",
      }),
    );
    expect(violations.map(({ from, rule }) => [from, rule])).toEqual([
      ['src/features/new-thing/view.tsx', expect.stringContaining('features/new-thing → features/other-new')],
      ['src/features/other-new/y.ts', 'only the engine imports src/engine/kernel'],
      ['src/engine/kernel/fast.ts', 'the engine is pure: it imports no package (react)'],
    ]);
  });

  it('a view-model importing React or the store is a violation; i18next types are not', () => {
    const violations = wallViolations(
      planted({
        'src/view-model/rows.ts': [
          "import type { TFunction } from 'i18next';",
          "import { useMemo } from 'react';",
          "import { useAppStore } from '../state/store-context';",
          'export const rows = [useMemo, useAppStore];',
        ].join('\n'),
        'src/state/store-context.tsx': 'export const useAppStore = 1;',
      }),
    );
    expect(violations.map(({ specifier }) => specifier)).toEqual(['react', '../state/store-context']);
  });
});
