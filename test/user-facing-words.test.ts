import { describe, expect, it } from 'vitest';
import { PARAMETERS, presets } from '../src/engine';
import { resources } from '../src/i18n';

/**
 * Users never see internals: no user-facing string, in either language, names the source articles by
 * their internal file names ("seed", "种子"), the design documents, the README, a section sign, a
 * Markdown file or a repository path. The two industry articles are cited by what they are.
 *
 * Scanned: every i18n string of every namespace in both languages (the report's strings included),
 * every PARAMETERS source, every preset's name. Interpolation placeholders such as `{{seed}}` are
 * removed first: they are code the app replaces with a number, never shown. No exemptions.
 */
const FORBIDDEN: readonly RegExp[] = [
  /seed/i,
  // 随机种子 is the random-number seed of the Monte Carlo (the Chinese term for it), not an article
  /(?<!随机)种子/,
  /MODEL\.md/i,
  /README/i,
  /\.md\b/i,
  /§/,
  /\b(PRODUCT|ARCHITECTURE|TOOLCHAIN)\b/,
  /defaults\.md|gpu-catalog/i,
  /shared\/|src\/|seeds\//i,
];

function strings(value: unknown, path: string, out: { path: string; text: string }[]): void {
  if (typeof value === 'string') out.push({ path, text: value });
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) strings(v, path ? `${path}.${k}` : k, out);
}

function offences(texts: { path: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { path, text } of texts) {
    const shown = text.replace(/\{\{[^}]*\}\}/g, '');
    for (const re of FORBIDDEN) if (re.test(shown)) found.push(`${path}: ${re} in “${text}”`);
  }
  return found;
}

describe('no internal words in user-facing text', () => {
  it('finds none in any i18n string, either language', () => {
    const texts: { path: string; text: string }[] = [];
    for (const [lang, namespaces] of Object.entries(resources)) strings(namespaces, lang, texts);
    expect(texts.length).toBeGreaterThan(1000);
    expect(offences(texts)).toEqual([]);
  });

  it('finds none in the sources of the inputs', () => {
    expect(offences(PARAMETERS.map((m) => ({ path: m.path, text: m.source })))).toEqual([]);
  });

  it('finds none in the presets’ names', () => {
    expect(offences(Object.entries(presets).map(([k, s]) => ({ path: k, text: s.name })))).toEqual([]);
  });

  it('would catch each kind of internal word (the scan can fail)', () => {
    const samples = [
      'Seed 000',
      '种子文章 003',
      'see MODEL' + '.md §6',
      'README “Cash flow”',
      'shared' + '/data/defaults' + '.md',
      'docs/model.md §6',
    ];
    for (const text of samples) expect(offences([{ path: 'x', text }]), text).not.toEqual([]);
    expect(offences([{ path: 'x', text: 'draw set {{seed}}' }])).toEqual([]);
  });
});
