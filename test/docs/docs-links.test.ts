import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brokenLinks, linkTargets } from './links';

/*
 * The specification in docs/*.md must be readable from a clone alone: every relative link lands on a
 * file (or folder) of the repository, and no doc names a path outside it (the team's design notes and
 * research live outside the repository; the docs cite their content, never their files).
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const docsDir = join(root, 'docs');
const docs = readdirSync(docsDir)
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => ({ name, text: readFileSync(join(docsDir, name), 'utf8') }));

/** Names of files outside the repository that a doc must not point at (written as patterns, so that
 * this file names none of them either). */
const OUTSIDE: readonly RegExp[] = [/shared\//, /MODEL\.md/, /defaults\.md/, /seeds\//];

describe('docs/*.md', () => {
  it('exist: the five parts of the specification', () => {
    expect(docs.map((d) => d.name)).toEqual(
      expect.arrayContaining([
        'architecture.md',
        'data-sources.md',
        'model.md',
        'performance.md',
        'testing.md',
      ]),
    );
  });

  for (const { name, text } of docs) {
    it(`${name}: every relative link resolves to a file in the repository`, () => {
      expect(brokenLinks(text, docsDir, root)).toEqual([]);
    });

    it(`${name}: names no path outside the repository`, () => {
      expect(OUTSIDE.filter((re) => re.test(text)).map(String)).toEqual([]);
    });
  }

  it('the link reader finds links and skips code', () => {
    expect(linkTargets('see [a](model.md) and ![b](../x.png "t") but not `[c](d.md)`')).toEqual([
      'model.md',
      '../x.png',
    ]);
  });
});
