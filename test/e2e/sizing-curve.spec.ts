/**
 * The sizing curve in a real browser: its optimum (data-testid="sizing-optimum-gpus", number in
 * data-gpus) is the engine's right size shown on the dashboard ("right-size-gpus") and computed in
 * Node; the worker's band reaches 100 % and fills the budget plan's burst P90 column.
 */
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  budgetPlan,
  defaultScenario,
  evaluate,
  ladderPlan,
  type Scenario,
  sizingCurve,
  startSizingBand,
} from '../../src/engine/index.ts';
import { encodeScenarioHash } from '../../src/scenario/url-codec.ts';
import { ladderWins } from '../../src/view-model/ladder-text.ts';
import { exportFile, pdfText } from './export-helpers';
import { expect, test } from './fixtures';
import { openDashboard, preset, renderDeferred } from './helpers';

/**
 * The large lab in the accounting view, where owning most of its demand is cheapest: these tests read
 * a plan that buys hardware (at 8 % a year the economic view owns nothing).
 */
function largeLabOwning(): Scenario {
  const s = preset('largeLab');
  return { ...s, finance: { ...s.finance, costView: 'accounting' } };
}

async function openSizing(page: Page, scenario: Scenario | null) {
  await openDashboard(page, scenario ? `./#${encodeScenarioHash(scenario)}` : './');
  await renderDeferred(page);
  const panel = page.getByTestId('sizing-panel');
  await panel.scrollIntoViewIfNeeded();
  const bar = page.getByRole('progressbar', { name: /sizing band|规模区间/i });
  await expect(async () => expect(await bar.getAttribute('aria-valuenow')).toBe('100')).toPass();
  return panel;
}

async function shownGpus(page: Page, testId: string): Promise<number> {
  const raw = await page.getByTestId(testId).first().getAttribute('data-gpus');
  return Number(raw);
}

for (const [name, scenario] of [
  ['the default scenario', null],
  ['the large lab (a cluster worth owning)', largeLabOwning()],
] as const) {
  test(`sizing curve: the optimum is the engine's right size, on ${name}`, async ({
    page,
    saveScreenshot,
  }) => {
    const s = scenario ?? defaultScenario;
    const panel = await openSizing(page, scenario);
    const expected = evaluate(s).rightSize.gpus;
    expect(sizingCurve(s).optimumGpus).toBe(expected);
    expect(await shownGpus(page, 'sizing-optimum-gpus')).toBe(expected);
    expect(await shownGpus(page, 'right-size-gpus')).toBe(expected);
    // The cheapest row of the table alternative is the one tagged as such.
    const rows = page.getByTestId('sizing-table').locator('tbody tr');
    expect(await rows.count()).toBe(sizingCurve(s).points.length);
    await expect(page.getByTestId('sizing-table').locator(`tr[data-gpus="${expected}"] th`)).toContainText(
      'cheapest',
    );
    // When the ladder's plan wins it is the budget, and buy-N the alternative behind it: opened here.
    const alternative = page.getByTestId('budget-plan-alternative');
    if ((await alternative.count()) > 0) await alternative.locator('summary').click();
    // The band has come: the burst P90 column carries amounts, not the pending mark.
    const p90 = page.getByTestId('budget-burst-p90').first();
    await expect(p90).toBeVisible();
    await expect(p90).not.toHaveText('…');
    await saveScreenshot(page, `sizing-${scenario ? 'large-lab' : 'default'}`);
    await panel.screenshot({
      path: test.info().outputPath(`sizing-panel-${scenario ? 'large-lab' : 'default'}.png`),
    });
  });
}

test('sizing curve: the budget plan buys the optimum and pays its capex at delivery @zh', async ({
  page,
}) => {
  const s = largeLabOwning();
  const panel = await openSizing(page, s);
  const e = evaluate(s);
  await expect(page.getByTestId('sizing-optimum-gpus')).toHaveAttribute(
    'data-gpus',
    String(e.rightSize.gpus),
  );
  await expect(page.getByTestId('budget-plan-capex')).toHaveAttribute(
    'data-month',
    String(Math.round(e.buildLeadTimeMonths)),
  );
  await expect(panel).toContainText('预算计划');
  await panel.screenshot({ path: test.info().outputPath('sizing-panel-zh.png') });
});

test('sizing curve: fits a phone screen @phone', async ({ page }) => {
  const panel = await openSizing(page, largeLabOwning());
  const width = await panel.evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBeLessThanOrEqual(390);
  // Wide tables scroll inside their box, not the page.
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(390);
  await panel.screenshot({ path: test.info().outputPath('sizing-panel-phone.png') });
});

test('sizing curve: the PDF has the sizing page and the workbook the Sizing sheet, both with the engine’s plan', async ({
  page,
}) => {
  const s = largeLabOwning();
  await openSizing(page, s);
  const curve = sizingCurve(s);
  const run = startSizingBand(s, curve);
  while (!run.done()) run.advance(run.total);
  const band = run.result();
  const plan = budgetPlan(s, curve.optimumGpus, band.burstP90ByQuarterCny);
  const money = (v: number) => `CN¥${Math.round(v).toLocaleString('en')}`;

  const pdf = await exportFile(page, 'pdf', 'en');
  const { text } = await pdfText(pdf.path);
  expect(text).toContain('Sizing and budget plan');
  // The large lab commits in rungs more cheaply: that plan is the budget, buy-N the alternative after it.
  expect(ladderWins(ladderPlan(s))).toBe(true);
  expect(text).toContain('Budget plan: the plan with every way to commit');
  expect(text).toContain('Instead: buy 1,312 GPUs, burst the rest');
  expect(text).toContain(money(plan.quarters[0]!.totalCny));
  expect(text).toContain(money(plan.quarters[0]!.burstP90Cny!));

  const xlsx = await exportFile(page, 'xlsx', 'en');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(xlsx.path);
  const sheet = wb.getWorksheet('Sizing');
  expect(sheet, 'the workbook has a Sizing sheet').toBeDefined();
  const q1 = sheet!.getRows(1, sheet!.rowCount)!.find((r) => r.getCell(1).value === 'Q1');
  expect(q1, 'the plan has a Q1 row').toBeDefined();
  const total = q1!.getCell(8).value as { formula: string; result: number };
  expect(total.formula).toMatch(/^C\d+\+D\d+\+E\d+\+F\d+$/);
  expect(total.result).toBeCloseTo(plan.quarters[0]!.totalCny, 2);
  expect(q1!.getCell(7).value).toBeCloseTo(plan.quarters[0]!.burstP90Cny!, 2);
});
