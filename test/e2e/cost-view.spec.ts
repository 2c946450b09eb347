/**
 * The cost view in a real browser (model v4, docs/model.md "Capital has a cost"), every expected figure
 * from the engine: the large lab opens in the economic view (data-testid "cost-view"); switching to the
 * accounting view moves the verdict and every way's monthly figure on the first screen as the engine
 * says, and one undo brings the economic view back; the PDF's page 1 and the workbook's Summary say
 * which view their figures are in; in Chinese too.
 */
import ExcelJS from 'exceljs';
import { evaluate, type Scenario, type StrategyId } from '../../src/engine/index.ts';
import { formatMoney } from '../../src/lib/format.ts';
import { encodeScenarioHash } from '../../src/scenario/index.ts';
import { exportFile, pageText } from './export-helpers';
import { expect, test } from './fixtures';
import { normalise, openDashboard, preset } from './helpers';
import { monthlyTexts, shownMonthly } from './monthly-figures';

const NAMES: Record<'en' | 'zh-CN', Record<StrategyId, string>> = {
  en: { selfBuild: 'Self-build', rent: 'Rent', platform: 'Platform', hybrid: 'Hybrid' },
  'zh-CN': { selfBuild: '自建', rent: '租用', platform: '智算平台', hybrid: '混合' },
};

function inView(s: Scenario, costView: Scenario['finance']['costView']): Scenario {
  return { ...s, finance: { ...s.finance, costView } };
}

/** Every way's monthly figure as the first screen prints it (KPI cards), from the engine. */
test('switching economic ↔ accounting moves the verdict and every monthly figure as the engine says', async ({
  page,
}) => {
  const lab = preset('largeLab');
  expect(lab.finance.costView).toBe('economic');
  await openDashboard(page, `./#${encodeScenarioHash(lab)}`);
  const view = page.getByTestId('cost-view');
  await expect(view).toHaveAttribute('data-view', 'economic');
  const economic = evaluate(lab);
  const charge = normalise(
    formatMoney(economic.strategies.selfBuild.capitalChargeMonthlyCny, {
      locale: 'en',
      currency: 'CNY',
      cnyPerUsd: 7.2,
    }),
  );
  await expect(view).toContainText(charge);
  await expect(page.getByTestId('winner')).toHaveText(NAMES.en[economic.recommendation.strategy]);
  expect(await shownMonthly(page)).toEqual(monthlyTexts(lab, 'en'));

  await view.getByRole('radio', { name: /Accounting/ }).check();
  const accounting = inView(lab, 'accounting');
  await expect(view).toHaveAttribute('data-view', 'accounting');
  await expect(page.getByTestId('winner')).toHaveText(NAMES.en[evaluate(accounting).recommendation.strategy]);
  // The large lab owns its base in the accounting view and not once capital costs 8 % a year.
  expect(evaluate(accounting).recommendation.strategy).not.toBe(economic.recommendation.strategy);
  await expect.poll(() => shownMonthly(page)).toEqual(monthlyTexts(accounting, 'en'));
  // The accounting view says what the economic one would add.
  await expect(view).toContainText(charge);

  await page.keyboard.press('Control+z');
  await expect(view).toHaveAttribute('data-view', 'economic');
  await expect(page.getByTestId('winner')).toHaveText(NAMES.en[economic.recommendation.strategy]);
});

test('the PDF’s page 1 and the workbook’s Summary say which view their figures are in', async ({ page }) => {
  test.setTimeout(180_000);
  const lab = preset('largeLab');
  await openDashboard(page, `./#${encodeScenarioHash(inView(lab, 'accounting'))}`);
  const pdf = await exportFile(page, 'pdf', 'en');
  expect(await pageText(pdf.path, 1)).toContain('Accounting view: straight-line depreciation, for the P&L.');

  await page
    .getByTestId('cost-view')
    .getByRole('radio', { name: /Economic/ })
    .check();
  await expect(page.getByTestId('winner')).toHaveText(NAMES.en[evaluate(lab).recommendation.strategy]);
  const economicPdf = await exportFile(page, 'pdf', 'en');
  expect(await pageText(economicPdf.path, 1)).toContain('Economic view: capital at 8.0% a year.');

  const xlsx = await exportFile(page, 'xlsx', 'en');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(xlsx.path);
  const summary = wb.getWorksheet('Summary');
  expect(summary).toBeDefined();
  const cells: string[] = [];
  summary!.eachRow((row) => {
    row.eachCell((cell) => {
      if (typeof cell.value === 'string') cells.push(cell.value);
    });
  });
  expect(cells.some((c) => c.includes('Economic view: capital at 8.0% a year.'))).toBe(true);
});

test('@zh the cost view in Chinese: the switch, the verdict and the charge', async ({ page }) => {
  const lab = preset('largeLab');
  await openDashboard(page, `./#${encodeScenarioHash(lab)}`);
  const view = page.getByTestId('cost-view');
  await expect(view).toContainText('成本口径');
  await expect(view).toContainText('经济口径');
  await expect(page.getByTestId('winner')).toHaveText(NAMES['zh-CN'][evaluate(lab).recommendation.strategy]);
  await view.getByRole('radio', { name: /会计口径/ }).check();
  await expect(view).toHaveAttribute('data-view', 'accounting');
  const accounting = inView(lab, 'accounting');
  await expect(page.getByTestId('winner')).toHaveText(
    NAMES['zh-CN'][evaluate(accounting).recommendation.strategy],
  );
  await expect.poll(() => shownMonthly(page)).toEqual(monthlyTexts(accounting, 'zh-CN'));
  const text = normalise(await view.textContent());
  expect(text.replace(/GPU|P&L/g, '')).not.toMatch(/[A-Za-z]{2,}/);
});
