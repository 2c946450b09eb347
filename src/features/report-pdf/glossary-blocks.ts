import type { TFunction } from 'i18next';
import { glossaryEntries } from '../../view-model/glossary';
import type { ReportBlock } from './report-document';

/**
 * The PDF methodology's glossary: the app's one term list (view-model/glossary.ts), each word with
 * its technical name and one sentence, as the page's "?" buttons and the workbook's sheet give it.
 */
export function glossaryBlocks(t: TFunction): ReportBlock[] {
  return [
    { kind: 'subheading', text: t('glossary:title') },
    { kind: 'paragraph', style: 'note', text: t('glossary:intro') },
    {
      kind: 'facts',
      rows: glossaryEntries(t).map((e) => ({
        label:
          e.technical.toLowerCase() !== e.term.toLowerCase()
            ? t('common:join.nameNote', { name: e.term, note: e.technical })
            : e.term,
        value: e.explanation,
      })),
    },
  ];
}
