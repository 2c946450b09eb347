import { evaluate, type Scenario } from '../../../src/engine';
import { createI18n } from '../../../src/i18n';
import { type LiveWorkbook, liveWorkbook, sheetName } from '../../../src/view-model/workbook/live-workbook';
import type { SheetModel } from '../../../src/view-model/workbook/sheet-model';

/** What the workbook sheet tests build: the live workbook of a scenario, and one of its sheets by id. */
export type Locale = 'en' | 'zh-CN';

export function workbookOf(s: Scenario, locale: Locale = 'en'): LiveWorkbook {
  return liveWorkbook({
    scenario: s,
    evaluation: evaluate(s),
    money: { locale, currency: 'CNY', cnyPerUsd: 7.2 },
    scale: 'unit',
    t: createI18n(locale).t,
    scenarioName: s.name,
    generatedText: '2026-12-01',
  });
}

/** The sheet `id` (its name in the reader's language) of a workbook. */
export function sheetOf(wb: LiveWorkbook, id: string, locale: Locale = 'en'): SheetModel {
  const name = sheetName(createI18n(locale).t, id);
  const sheet = wb.sheets.find((x) => x.name === name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  return sheet;
}
