/**
 * The exports' words (issue 43): the PDF and the workbook, exported in English and in Chinese, state
 * the verdict as a saving — the winner's monthly cost subtracted from the runner-up's, worked out here
 * from the engine's monthly costs — and the Chinese PDF has no English prose: no common English word
 * or month name outside proper names, units and quoted titles (test/english-prose.ts), once the texts
 * the user typed into the export dialog (who prepared it, the notes) are taken out.
 *
 * English runs in en-desktop, Chinese in zh-desktop (browser language zh-CN).
 */
import ExcelJS from 'exceljs';
import { evaluate, STRATEGY_IDS, type StrategyId } from '../../src/engine/index.ts';
import { formatMoney, type MoneyFormat } from '../../src/lib/format.ts';
import { englishProse } from '../english-prose';
import {
  exportFile,
  type Locale,
  NOTES,
  namedScenario,
  openNamedScenario,
  PREPARED_BY,
  pdfText,
} from './export-helpers';
import { expect, test } from './fixtures';
import { normalise } from './helpers';

const money = (locale: Locale): MoneyFormat => ({ locale, currency: 'CNY', cnyPerUsd: 7.2 });

/**
 * The engine's winner and runner-up, and the monthly saving worked out here from their monthly costs
 * (the winner checked to be the cheapest eligible strategy). A hybrid with nothing owned costs exactly
 * the platform and is the platform: the engine names the next different strategy as runner-up.
 */
function expectedSaving(): { winner: StrategyId; runnerUp: StrategyId; monthly: number } {
  const ev = evaluate(namedScenario());
  const { strategy: winner, runnerUp } = ev.recommendation;
  if (runnerUp === null) throw new Error('the named scenario has fewer than two eligible strategies');
  const cheapest = Math.min(
    ...STRATEGY_IDS.filter((id) => ev.strategies[id].eligible).map((id) => ev.strategies[id].monthlyCny),
  );
  expect(ev.strategies[winner].monthlyCny).toBe(cheapest);
  return { winner, runnerUp, monthly: ev.strategies[runnerUp].monthlyCny - ev.strategies[winner].monthlyCny };
}

/** "每月节省 ¥19,500" / "saving CN¥19,500 a month", as the page's own formatter writes the amount. */
function savingPhrase(locale: Locale, monthly: number): string {
  const amount = normalise(formatMoney(monthly, money(locale)));
  return locale === 'zh-CN' ? `每月节省 ${amount}` : `saving ${amount} a month`;
}

async function workbookTexts(path: string): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const texts: string[] = [];
  for (const sheet of wb.worksheets)
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        const v = cell.value;
        if (typeof v === 'string') texts.push(v);
        else if (v && typeof v === 'object' && 'result' in v && typeof v.result === 'string')
          texts.push(v.result);
      }),
    );
  return texts.map(normalise);
}

async function checkExports(page: import('@playwright/test').Page, locale: Locale) {
  const saving = expectedSaving();
  // The verdict's saving is a real difference: a winner strictly cheaper than the runner-up.
  expect(saving.monthly).toBeGreaterThan(0);
  const phrase = savingPhrase(locale, saving.monthly);

  await openNamedScenario(page, locale);
  const pdf = await exportFile(page, 'pdf', locale);
  const { text } = await pdfText(pdf.path);
  expect(text, `the PDF states the verdict as a saving: ${phrase}`).toContain(phrase);

  const xlsx = await exportFile(page, 'xlsx', locale);
  const cells = await workbookTexts(xlsx.path);
  expect(
    cells.some((c) => c.includes(phrase)),
    `a workbook cell states the verdict as a saving: ${phrase}`,
  ).toBe(true);
  return text;
}

test('the PDF and the workbook in English state the verdict as a saving', async ({ page }) => {
  await checkExports(page, 'en');
});

test('导出的 PDF 与工作簿：结论写作每月节省，PDF 中没有英文句子', { tag: '@zh' }, async ({ page }) => {
  const text = await checkExports(page, 'zh-CN');
  // What the user typed stays as typed; the rest is the app's Chinese.
  const appText = [normalise(NOTES), normalise(PREPARED_BY)].reduce(
    (t, typed) => t.split(typed).join(' '),
    text,
  );
  expect(englishProse(appText)).toEqual([]);
  // The check can fail: the English verdict's words are caught.
  expect(englishProse('Platform is 34.2% cheaper than Rent, saving ¥19,500 a month')).not.toEqual([]);
});
