/**
 * Excel export in a real browser for a named, modified scenario: click "Export Excel" / "导出 Excel",
 * fill the dialog, take the .xlsx and open it with ExcelJS in the test. Cells are checked against the
 * engine run here (evaluate, monteCarlo with the scenario's seed): numbers stored as numbers with a
 * number format, totals as formulas whose cached results are the engine's values.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { COST_CATEGORIES, evaluate, monteCarlo, STRATEGY_IDS } from '../../src/engine/index.ts';
import {
  expectedFileName,
  expectedReturns,
  exportFile,
  INTERNAL_WORDS,
  type Locale,
  namedScenario,
  openNamedScenario,
  PREPARED_BY,
  SCENARIO_NAME,
} from './export-helpers';
import { expect, test } from './fixtures';

const SHEETS: Record<Locale, string[]> = {
  en: ['Summary', 'Cash by year', 'Breakdown', 'Assumptions', 'Uncertainty'],
  'zh-CN': ['摘要', '逐年现金流', '成本构成', '假设', '不确定性'],
};

function numberOf(cell: ExcelJS.Cell): number {
  const v = cell.value;
  if (typeof v === 'number') return v;
  if (v && typeof v === 'object' && 'result' in v && typeof v.result === 'number') return v.result;
  throw new Error(`${cell.address} holds no number: ${JSON.stringify(v)}`);
}

function formulaOf(cell: ExcelJS.Cell): string | null {
  const v = cell.value;
  return v && typeof v === 'object' && 'formula' in v ? String(v.formula) : null;
}

/** The first row whose column A reads `label`. */
function rowOf(sheet: ExcelJS.Worksheet, label: string): ExcelJS.Row {
  for (let r = 1; r <= sheet.rowCount; r++)
    if (sheet.getRow(r).getCell(1).text === label) return sheet.getRow(r);
  throw new Error(`no row "${label}" in ${sheet.name}`);
}

async function exportAndCheck(locale: Locale, page: import('@playwright/test').Page) {
  await openNamedScenario(page, locale);
  const { path, fileName } = await exportFile(page, 'xlsx', locale);
  expect(fileName).toBe(expectedFileName('xlsx'));
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  expect(wb.worksheets.map((s) => s.name)).toEqual(SHEETS[locale]);
  const [summary, cash, breakdown, assumptions, uncertainty] = wb.worksheets as ExcelJS.Worksheet[] & {
    length: 5;
  };
  const scenario = namedScenario();
  const ev = evaluate(scenario);
  const close = (a: number, b: number) =>
    expect(Math.abs(a - b)).toBeLessThan(1e-6 * Math.max(1, Math.abs(b)));

  // Summary: the name, who prepared it, and per strategy monthly (→ Breakdown total), annual = × 12.
  expect(summary?.getCell('A1').text).toContain(SCENARIO_NAME);
  expect(summary?.getCell('B3').text).toBe(PREPARED_BY);
  const common = JSON.parse(
    readFileSync(new URL(`../../src/i18n/${locale}/common.json`, import.meta.url), 'utf8'),
  ) as { strategy: Record<string, string> };
  const strategyName = (id: string): string => common.strategy[id] ?? id;
  for (const id of STRATEGY_IDS) {
    const r = ev.strategies[id];
    const row = summary ? rowOf(summary, strategyName(id)) : null;
    if (!row) throw new Error('no summary');
    close(numberOf(row.getCell(2)), r.monthlyCny);
    expect(formulaOf(row.getCell(2))).toMatch(/!/);
    close(numberOf(row.getCell(3)), r.annualCny);
    expect(formulaOf(row.getCell(3))).toBe(`B${row.number}*12`);
    close(numberOf(row.getCell(4)), r.horizonCny);
    close(numberOf(row.getCell(6)), r.costPerUsefulPflopHourCny);
    expect(row.getCell(6).numFmt).toMatch(/#,##0\.00/);
    close(numberOf(row.getCell(8)), r.npvCny);
    expect(row.getCell(2).numFmt).toMatch(/#,##0/);
    expect(typeof row.getCell(7).value).toBe('number');
  }
  // Breakdown: six categories × four strategies as numbers, totals as SUM formulas.
  STRATEGY_IDS.forEach((id, i) => {
    COST_CATEGORIES.forEach((category, k) => {
      const cell = breakdown?.getRow(3 + k).getCell(2 + i);
      if (!cell) throw new Error('no breakdown');
      expect(typeof cell.value).toBe('number');
      close(numberOf(cell), ev.strategies[id].breakdownMonthlyCny[category]);
    });
    const total = breakdown?.getRow(9).getCell(2 + i);
    if (!total) throw new Error('no total');
    expect(formulaOf(total)).toMatch(/^SUM\(/);
    close(numberOf(total), ev.strategies[id].monthlyCny);
  });
  // Cash by year: the NPV row equals the engine's per strategy.
  const npvLabel = locale === 'en' ? 'NPV' : '净现值';
  const npv = cash ? rowOf(cash, npvLabel) : null;
  STRATEGY_IDS.forEach((id, i) => {
    if (ev.strategies[id].eligible && npv) close(numberOf(npv.getCell(3 + i)), ev.strategies[id].npvCny);
  });
  // Self-build against each rental: the IRR as a number in a percent format (or the plain "none"),
  // the discounted payback month as a number and in words, from cashReport.
  for (const r of expectedReturns(locale)) {
    if (!cash) throw new Error('no cash sheet');
    const row = rowOf(cash, r.name);
    if (r.irrFraction === null) expect(row.getCell(4).text).toBe(r.irrText);
    else {
      close(numberOf(row.getCell(4)), r.irrFraction);
      expect(row.getCell(4).numFmt).toBe('0.0%');
    }
    if (r.paybackMonth !== null) expect(row.getCell(5).value).toBe(r.paybackMonth);
    expect(row.getCell(6).text).toBe(r.paybackText);
  }
  // Assumptions: the changed inputs are marked.
  const changedColumn = assumptions?.getColumn(7).values.map(String) ?? [];
  expect(changedColumn.filter((v) => v === (locale === 'en' ? 'yes' : '是')).length).toBeGreaterThanOrEqual(
    2,
  );
  // Uncertainty: P10 / P90 per strategy from the seeded Monte Carlo.
  const mc = monteCarlo(scenario);
  for (const id of STRATEGY_IDS) {
    const p = mc.strategies[id].monthlyCny;
    if (!p || !uncertainty) continue;
    const row = rowOf(uncertainty, strategyName(id));
    close(numberOf(row.getCell(3)), p.p10);
    close(numberOf(row.getCell(5)), p.p90);
  }
  // No internal words in any cell.
  for (const sheet of wb.worksheets) {
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        for (const word of INTERNAL_WORDS)
          expect(cell.text, `${sheet.name}!${cell.address}`).not.toMatch(word);
      }),
    );
  }
}

test('Export Excel in English: sheets, numbers and formulas against the engine, file named after the scenario', async ({
  page,
}) => {
  await exportAndCheck('en', page);
});

test('the export dialog is an accessible modal with the named fields, and Cancel closes it', async ({
  page,
  axe,
}) => {
  await openNamedScenario(page, 'en');
  await page.getByRole('button', { name: 'Export Excel', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Excel workbook' });
  await expect(dialog.getByRole('textbox', { name: 'Prepared by', exact: true })).toBeFocused();
  await expect(dialog.getByRole('textbox', { name: 'Notes', exact: true })).toBeVisible();
  await axe(page, { include: 'dialog' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('导出 Excel in Chinese: Chinese sheet names and headers, cells against the engine', {
  tag: '@zh',
}, async ({ page }) => {
  await exportAndCheck('zh-CN', page);
});
