/**
 * Excel export in a real browser for a named, modified scenario: click "Export Excel" / "导出 Excel",
 * fill the dialog, take the .xlsx and open it with ExcelJS in the test. Cells are checked against the
 * engine run here (evaluate, cashReport, monteCarlo with the scenario's seed): inputs as named cells,
 * amounts as formulas whose cached results are the engine's values, frozen headers. That LibreOffice
 * recalculates the same figures is test/e2e/workbook-recalc.spec.ts.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { COST_CATEGORIES, cashReport, evaluate, STRATEGY_IDS } from '../../src/engine/index.ts';
import { monteCarlo } from '../../src/engine/uncertainty.ts';
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
  en: [
    'Summary',
    'Inputs',
    'Costs',
    'Curve',
    'Cash by year',
    'Monthly cash',
    'Energy',
    'Ladder',
    'Reconciliation',
    'Uncertainty',
    'Sizing',
    'Glossary',
  ],
  'zh-CN': [
    '摘要',
    '输入',
    '成本计算',
    '曲线',
    '逐年现金流',
    '逐月现金流',
    '能耗与排放',
    '承诺组合',
    '核对',
    '不确定性',
    '规模',
    '术语表',
  ],
};

/** A cell's number: its value, or a formula's cached result (ExcelJS's reader drops a cached 0). */
function numberOf(cell: ExcelJS.Cell): number {
  const v = cell.value;
  if (typeof v === 'number') return v;
  if (v && typeof v === 'object' && 'formula' in v) return typeof v.result === 'number' ? v.result : 0;
  throw new Error(`${cell.address} holds no number: ${JSON.stringify(v)}`);
}

function formulaOf(cell: ExcelJS.Cell): string | null {
  const v = cell.value;
  return v && typeof v === 'object' && 'formula' in v ? String(v.formula) : null;
}

/** The first row whose column A reads `label`. */
function rowOf(sheet: ExcelJS.Worksheet, label: string, column = 1): ExcelJS.Row {
  for (let r = 1; r <= sheet.rowCount; r++)
    if (sheet.getRow(r).getCell(column).text === label) return sheet.getRow(r);
  throw new Error(`no row "${label}" in ${sheet.name}`);
}

async function exportAndCheck(locale: Locale, page: import('@playwright/test').Page) {
  await openNamedScenario(page, locale);
  const { path, fileName } = await exportFile(page, 'xlsx', locale);
  expect(fileName).toBe(expectedFileName('xlsx', locale));
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  expect(wb.worksheets.map((s) => s.name)).toEqual(SHEETS[locale]);
  const [summary, inputs, costs, , cash, , , , recon, uncertainty] = wb.worksheets as ExcelJS.Worksheet[];
  if (!summary || !inputs || !costs || !cash || !recon || !uncertainty) throw new Error('sheets missing');
  const scenario = namedScenario();
  const ev = evaluate(scenario);
  const report = cashReport(scenario);
  const close = (a: number, b: number) =>
    expect(Math.abs(a - b)).toBeLessThan(1e-6 * Math.max(1, Math.abs(b)));
  const common = JSON.parse(
    readFileSync(new URL(`../../src/i18n/${locale}/common.json`, import.meta.url), 'utf8'),
  ) as { strategy: Record<string, string> };
  const strategyName = (id: string): string => common.strategy[id] ?? id;

  // Summary: the name, who prepared it, and per strategy monthly (a formula over the calculation
  // sheet ÷ the unit: 万元 by default in Chinese, yuan in English), annual = × 12, the NPV.
  const unit = locale === 'zh-CN' ? 10_000 : 1;
  expect(summary.getCell('A1').text).toContain(SCENARIO_NAME);
  expect(summary.getCell('B3').text).toBe(PREPARED_BY);
  for (const id of STRATEGY_IDS) {
    const row = rowOf(summary, strategyName(id));
    close(numberOf(row.getCell(2)), ev.strategies[id].monthlyCny / unit);
    expect(formulaOf(row.getCell(2))).toMatch(/!\$[A-Z]\$\d+\/display_cnyPerUnit$/);
    expect(formulaOf(row.getCell(3))).toBe(`B${row.number}*12`);
    close(numberOf(row.getCell(3)), ev.strategies[id].annualCny / unit);
    close(numberOf(row.getCell(4)), ev.strategies[id].horizonCny / unit);
    close(numberOf(row.getCell(8)), report.strategies[id].npvCny / unit);
    expect(row.getCell(2).numFmt).toBe(locale === 'zh-CN' ? '#,##0.0' : '#,##0');
  }
  // Inputs: the server price is a named cell; the changed inputs are marked.
  const [priceAt] = wb.definedNames.getRanges('selfBuild_serverPriceCny').ranges;
  expect(priceAt).toMatch(new RegExp(`^'?${SHEETS[locale][1]}'?!\\$B\\$\\d+$`));
  const changed = inputs.getColumn(6).values.map(String);
  expect(changed.filter((v) => v === (locale === 'en' ? 'yes' : '是')).length).toBeGreaterThanOrEqual(2);
  // Costs: each category of each strategy is a formula whose cached result is the engine's.
  const categoryLabel = (c: string) =>
    JSON.parse(readFileSync(new URL(`../../src/i18n/${locale}/export.json`, import.meta.url), 'utf8'))
      .workbook.costs.category[c] as string;
  for (const c of COST_CATEGORIES) {
    const row = rowOf(costs, categoryLabel(c));
    STRATEGY_IDS.forEach((id, i) => {
      expect(formulaOf(row.getCell(2 + i)), `${c} ${id}`).not.toBeNull();
      close(numberOf(row.getCell(2 + i)), ev.strategies[id].breakdownMonthlyCny[c]);
    });
  }
  // Cash by year: self-build against each rental, the IRR in a percent format, the payback month.
  for (const r of expectedReturns(locale)) {
    const name = `${locale === 'en' ? 'Self-build vs ' : '自建对比'}${strategyName(r.comparator)}`;
    const row = rowOf(cash, name);
    expect(formulaOf(row.getCell(3))).toMatch(/^NPV\(/);
    expect(formulaOf(row.getCell(4))).toMatch(/IRR\(/);
    if (r.irrFraction !== null) close(numberOf(row.getCell(4)), r.irrFraction);
    expect(row.getCell(4).numFmt).toBe('0.0%');
    if (r.paybackMonth !== null) expect(numberOf(row.getCell(5))).toBe(r.paybackMonth);
  }
  // Reconciliation: the engine's value beside the workbook's (a formula), the difference 0 to the yuan.
  let lines = 0;
  recon.eachRow((row, n) => {
    const d = formulaOf(row.getCell(5));
    if (n < 3 || !d?.startsWith('IF(')) return;
    lines++;
    expect(formulaOf(row.getCell(4)), `row ${n}`).toMatch(/!/);
    expect(Math.abs(numberOf(row.getCell(5))), `row ${n}`).toBeLessThan(0.5);
  });
  expect(lines).toBeGreaterThan(50);
  // Every formula in the file carries a cached result.
  const zip = unzipSync(new Uint8Array(readFileSync(path)));
  for (const file of Object.keys(zip).filter((f) => /^xl\/worksheets\/sheet\d+\.xml$/.test(f)))
    for (const c of strFromU8(zip[file] as Uint8Array).match(/<c [^>]*>.*?<\/c>/g) ?? [])
      if (c.includes('<f>')) expect(c, file).toMatch(/<v>[^<]*<\/v>/);
  // Uncertainty: P10 / P90 per strategy from the seeded Monte Carlo.
  const mc = monteCarlo(scenario);
  for (const id of STRATEGY_IDS) {
    const p = mc.strategies[id].monthlyCny;
    if (!p) continue;
    const row = rowOf(uncertainty, strategyName(id));
    close(numberOf(row.getCell(3)), p.p10);
    close(numberOf(row.getCell(5)), p.p90);
  }
  // No internal words in any cell: every offending cell listed at once (one assertion, not one a cell).
  const internal: string[] = [];
  for (const sheet of wb.worksheets) {
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        for (const word of INTERNAL_WORDS)
          if (word.test(cell.text)) internal.push(`${sheet.name}!${cell.address}: ${cell.text}`);
      }),
    );
  }
  expect(internal).toEqual([]);
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
