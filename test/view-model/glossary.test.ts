import { describe, expect, it } from 'vitest';
import { createI18n, resources } from '../../src/i18n';
import { GLOSSARY_TERMS, glossaryEntries, glossaryLine } from '../../src/view-model/glossary';

describe('the glossary: one term list for the page, the PDF and the workbook', () => {
  it('has every listed term, and only those, in both languages', () => {
    for (const locale of ['en', 'zh-CN'] as const)
      expect(Object.keys(resources[locale].glossary.terms).sort()).toEqual([...GLOSSARY_TERMS].sort());
  });

  it('explains each term in one sentence, in both languages', () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      const entries = glossaryEntries(createI18n(locale).t);
      expect(entries.map((e) => e.id)).toEqual([...GLOSSARY_TERMS]);
      for (const e of entries) {
        expect(e.term.length, e.id).toBeGreaterThan(1);
        expect(e.explanation.length, e.id).toBeGreaterThan(20);
        // One sentence: a single full stop, at the end.
        const stops = e.explanation.match(locale === 'en' ? /\.(\s|$)/g : /。/g) ?? [];
        expect(stops.length, `${locale} ${e.id}: ${e.explanation}`).toBe(1);
      }
    }
  });

  it('prints a line with the technical name where it differs from the plain word', () => {
    const t = createI18n('en').t;
    const [share] = glossaryEntries(t);
    expect(glossaryLine(share!, t)).toBe(
      `Useful share of paid GPU time (allocation efficiency): ${share!.explanation}`,
    );
    const load = glossaryEntries(t).find((e) => e.id === 'loadRate')!;
    expect(glossaryLine(load, t)).toBe(`Load rate: ${load.explanation}`);
  });

  it('joins the term, its technical name and the explanation with full-width marks in Chinese', () => {
    const t = createI18n('zh-CN').t;
    for (const e of glossaryEntries(t)) {
      const line = glossaryLine(e, t);
      expect(line.startsWith(e.term), line).toBe(true);
      expect(line.slice(0, line.length - e.explanation.length), line).not.toMatch(/[:()]/);
      expect(line.endsWith(`：${e.explanation}`), line).toBe(true);
    }
  });
});
