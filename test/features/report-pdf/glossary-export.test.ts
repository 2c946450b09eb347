import { describe, expect, it } from 'vitest';
import { glossaryBlocks } from '../../../src/features/report-pdf/glossary-blocks';
import { createI18n } from '../../../src/i18n';
import { GLOSSARY_TERMS, glossaryEntries } from '../../../src/view-model/glossary';
import { glossarySheet } from '../../../src/view-model/workbook/glossary-sheet';

// One term list: the PDF's methodology and the workbook carry every glossary word the page explains.
describe('the glossary in the PDF and the workbook', () => {
  for (const locale of ['en', 'zh-CN'] as const) {
    const t = createI18n(locale).t;
    const entries = glossaryEntries(t);

    it(`the PDF's methodology lists every term with its explanation (${locale})`, () => {
      const blocks = glossaryBlocks(t);
      expect(blocks[0]).toEqual({ kind: 'subheading', text: t('glossary:title') });
      const facts = blocks.find((b) => b.kind === 'facts');
      expect(facts?.kind === 'facts' ? facts.rows.length : 0).toBe(GLOSSARY_TERMS.length);
      if (facts?.kind !== 'facts') return;
      entries.forEach((e, i) => {
        expect(facts.rows[i]!.label.startsWith(e.term)).toBe(true);
        expect(facts.rows[i]!.value).toBe(e.explanation);
      });
    });

    it(`the workbook's Glossary sheet has a row per term (${locale})`, () => {
      const sheet = glossarySheet(t);
      expect(sheet.name).toBe(t('glossary:title'));
      const rows = sheet.rows.filter((r) => r.length === 3).slice(1);
      expect(rows.map((r) => r[0]?.value)).toEqual(entries.map((e) => e.term));
      expect(rows.map((r) => r[2]?.value)).toEqual(entries.map((e) => e.explanation));
      expect(sheet.frozenRows).toBeGreaterThan(0);
    });
  }
});
