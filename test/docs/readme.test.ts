import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brokenLinks, headingAnchors } from './links';
import { parameterTableRows } from './parameter-table';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const dataDir = join(root, 'docs/data');
const dataDocs = readdirSync(dataDir)
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => ({ name, text: readFileSync(join(dataDir, name), 'utf8') }));

describe('README', () => {
  it('is what a newcomer reads first: at most 300 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(300);
  });

  it('gives the two set-up commands and the system packages the browser tests need', () => {
    expect(readme).toContain('npm install && npm run dev');
    expect(readme).toContain('npm test');
    for (const pkg of [
      'chromium',
      'fonts-noto-cjk',
      'poppler-utils',
      'firefox-esr',
      'libreoffice-calc-nogui',
    ])
      expect(readme, pkg).toContain(pkg);
  });

  it('shows a screenshot and points to every part of the specification', () => {
    expect(readme).toMatch(/!\[[^\]]+\]\(docs\/first-screen-en-1280x800\.jpg\)/);
    for (const doc of ['model', 'data-sources', 'architecture', 'performance', 'testing'])
      expect(readme, doc).toContain(`](docs/${doc}.md)`);
  });

  it('has every relative link resolve to a file in the repository (and to a heading of it, when it names one)', () => {
    expect(brokenLinks(readme, root, root)).toEqual([]);
  });
});

describe('the link checker', () => {
  it('finds a missing file, a missing heading and a path outside the repository', () => {
    const md =
      '[a](docs/model.md) [b](docs/nope.md) [c](docs/model.md#no-such-heading) [d](../outside.md) [e](#top)';
    expect(brokenLinks(md, root, root)).toEqual([
      'docs/nope.md',
      'docs/model.md#no-such-heading',
      '../outside.md',
      '#top',
    ]);
  });

  it('names headings as GitHub does', () => {
    const anchors = headingAnchors('# A: b and `c`\n## §1 Demand\n## Demand\n## Demand\n```\n# not\n```');
    expect([...anchors]).toEqual(['a-b-and-c', '1-demand', 'demand', 'demand-1']);
  });
});

describe('docs/data/*.md', () => {
  for (const { name, text } of dataDocs) {
    it(`${name}: every relative link resolves to a file in the repository`, () => {
      expect(brokenLinks(text, dataDir, root)).toEqual([]);
    });
  }
});

describe('docs/data-sources.md parameter table', () => {
  it('lists every parameter with its default, unit, allowed range, source and confidence, as the engine has them', () => {
    const doc = readFileSync(join(root, 'docs/data-sources.md'), 'utf8');
    const start = doc.indexOf('<!-- parameters:start -->');
    const end = doc.indexOf('<!-- parameters:end -->');
    expect(start).toBeGreaterThan(0);
    const table = doc
      .slice(start, end)
      .split('\n')
      .slice(1)
      .filter((line) => line.startsWith('|'));
    expect(table).toEqual(parameterTableRows());
  });
});
