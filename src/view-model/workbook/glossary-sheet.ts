import type { TFunction } from 'i18next';
import { glossaryEntries } from '../glossary';
import { SheetBuilder, type SheetModel } from './sheet-model';

/**
 * The workbook's Glossary sheet: the app's one term list (view-model/glossary.ts), a row per word
 * with its technical name and its one-sentence explanation, so a reader of the file meets the
 * same words as on the page and in the PDF. Text only, no formulas.
 */
export function glossarySheet(t: TFunction): SheetModel {
  const name = t('glossary:title')
    .replace(/[[\]:*?/\\]/g, ' ')
    .slice(0, 31);
  const s = new SheetBuilder(name, [34, 30, 100]);
  s.title(t('glossary:title'));
  s.note(t('glossary:intro'));
  s.gap();
  s.header(
    [t('glossary:columns.term'), t('glossary:columns.technical'), t('glossary:columns.explanation')],
    true,
  );
  for (const e of glossaryEntries(t))
    s.add([{ value: e.term, bold: true }, { value: e.technical }, { value: e.explanation }]);
  return s.model;
}
