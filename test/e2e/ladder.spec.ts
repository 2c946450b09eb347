/**
 * Issue 37 in the browser: every way to commit. A 52-week usage CSV imported on the Scenarios tab
 * gives the ladder its curve; the plan's sentence, each rung and the schedule say what the engine
 * solves for the scenario the address holds; a tier switched off changes the plan as the engine
 * says, and the link keeps it. Hooks: `data-testid="ladder-plan"`, `"ladder-rung-<tier>"`,
 * `"ladder-schedule"`, a checkbox per tier named by the tier ("Spot" / "竞价实例", …).
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { type LadderPlan, ladderBudget, ladderPlan, type Scenario } from '../../src/engine/index.ts';
import { tierName } from '../../src/view-model/ladder-text.ts';
import { sheetName } from '../../src/view-model/workbook/live-workbook.ts';
import { exportFile, pdfText } from './export-helpers';
import { expect, test } from './fixtures';
import { formatMoneyInPage, normalise, openDashboard } from './helpers';
import { addressScenario, addressScenarioOrDefault, expectedSentence } from './ladder-words';
import { nodeT } from './node-i18n';
import { cellValue, recalculateToCsv, sheetRows } from './recalc';

/** 52 Mondays from 2026-01-05: 400 GPUs every week, 700 in 20 of them, 1,000 in 6 (a busy spell each quarter). */
function yearCsv(path: string): void {
  const rows = Array.from({ length: 52 }, (_, i) => {
    const d = new Date(Date.UTC(2026, 0, 5 + 7 * i));
    const gpus = i % 13 < 2 ? 1_000 : i % 13 < 7 ? 700 : 400;
    return `${d.toISOString().slice(0, 10)},${gpus}`;
  });
  writeFileSync(path, ['date,gpus', ...rows].join('\n'));
}

/** Opens the dashboard with the year's usage imported on the Scenarios tab and applied. */
async function openWithYear(page: Page, file: string): Promise<void> {
  yearCsv(file);
  await openDashboard(page);
  await page.getByRole('tab', { name: 'Scenarios' }).click();
  await page.getByLabel('Import CSV').setInputFiles(file);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  await expect.poll(() => addressScenario(page).demand.weeklyGpus.length).toBe(52);
}

async function showLadder(page: Page, title: string, details: string) {
  await page.getByRole('heading', { name: title, exact: true }).scrollIntoViewIfNeeded();
  await expect(page.getByTestId('ladder-plan')).toBeVisible();
  const open = page.locator('details.ladder__details[open]');
  if ((await open.count()) === 0)
    await page.getByTestId('ladder').locator('summary').filter({ hasText: details }).click();
  await expect(open).toHaveCount(1);
}

test('a year of usage imported: the ladder’s plan, rungs and schedule are the engine’s, and a tier switched off changes the plan', async ({
  page,
  saveScreenshot,
}, testInfo) => {
  await openWithYear(page, testInfo.outputPath('year-usage.csv'));
  const scenario = addressScenario(page);
  const plan = ladderPlan(scenario);
  // A plan that commits: at least one band. The best single way (the platform) would need more GPUs
  // at once than the 256 one can get on demand, so the plan, kept within them, costs more than that
  // way is priced at — and its sentence says why (one market, docs/model.md §10).
  expect(plan.pricing.bands.length).toBeGreaterThan(0);
  expect(plan.bestWay?.fitsMarket).toBe(false);
  expect(plan.savingVsBestWayCnyPerMonth).toBeLessThan(0);
  expect(plan.market.peakGpus).toBeLessThanOrEqual(plan.market.onDemandGpus);

  await showLadder(page, 'Every way to commit', 'Details');
  await expect
    .poll(async () => normalise(await page.getByTestId('ladder-plan').textContent()))
    .toBe(normalise(await expectedSentence(page, plan, 'en')));
  await expect(page.getByTestId('ladder-plan')).toContainText('the plan commits the rest so that it fits');
  // On the first screen, with the heading of a plan the market allows where the best way does not fit.
  const verdict = page.getByTestId('ladder-verdict');
  await expect(verdict).toHaveAttribute('data-standing', 'fitsMarket');
  await expect(verdict).toContainText('Within the GPUs one can get on demand: commit in rungs.');
  const t = nodeT('en');
  for (const band of plan.pricing.bands) {
    const rung = page.getByTestId(`ladder-rung-${band.id}`);
    await expect(rung).toContainText(new Intl.NumberFormat('en').format(band.gpus));
    const r = plan.rungs.find((x) => x.id === band.id);
    await expect(rung).toContainText(
      await formatMoneyInPage(page, r?.savingCnyPerMonth ?? Number.NaN, 'en', 'CNY'),
    );
  }
  await expect(page.getByTestId('ladder-schedule').locator('tbody tr')).toHaveCount(plan.schedule.length);
  await page.getByTestId('ladder').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await saveScreenshot(page, 'ladder.png', { fullPage: false });

  // Switch the lowest committed tier off: the plan is re-solved without it, as the engine says.
  const first = plan.pricing.bands[0]?.id;
  if (!first) throw new Error('no committed tier');
  await page.getByRole('checkbox', { name: tierName(first, t), exact: true }).uncheck();
  await expect.poll(() => addressScenario(page).ladder.tiers[first]).toBe(false);
  const without = ladderPlan(addressScenario(page));
  expect(without.pricing.bands.some((b) => b.id === first)).toBe(false);
  expect(without.monthlyCny).toBeGreaterThan(plan.monthlyCny);
  await expect
    .poll(async () => normalise(await page.getByTestId('ladder-plan').textContent()))
    .toBe(normalise(await expectedSentence(page, without, 'en')));
  // The saving the rung showed is the difference the engine now prices.
  const r = plan.rungs.find((x) => x.id === first);
  expect(without.monthlyCny - plan.monthlyCny).toBeCloseTo(r?.savingCnyPerMonth ?? Number.NaN, 6);

  // The PDF carries the plan of the scenario exported: its page, its sentence and its rungs.
  const { path } = await exportFile(page, 'pdf', 'en');
  const { text } = await pdfText(path);
  expect(text).toContain('Every way to commit');
  const sentence = normalise(await expectedSentence(page, without, 'en'));
  expect(normalise(text).replace(/ /g, '')).toContain(sentence.replace(/ /g, '').slice(0, 60));
  expect(text).toContain('The commitments by quarter');
});

test('全部承诺方式：开启竞价实例后，组合按引擎重新求解 @zh', async ({ page }) => {
  await openDashboard(page);
  const before = addressScenarioOrDefault(page);
  await showLadder(page, '全部承诺方式', '详情');
  await expect
    .poll(async () => normalise(await page.getByTestId('ladder-plan').textContent()))
    .toBe(normalise(await expectedSentence(page, ladderPlan(before), 'zh-CN')));
  await page.getByRole('checkbox', { name: '竞价实例', exact: true }).check();
  await expect.poll(() => addressScenario(page).ladder.tiers.spot).toBe(true);
  const withSpot = ladderPlan(addressScenario(page));
  expect(withSpot.pricing.variable.tiers.map((v) => v.id)).toContain('spot');
  await expect
    .poll(async () => normalise(await page.getByTestId('ladder-plan').textContent()))
    .toBe(normalise(await expectedSentence(page, withSpot, 'zh-CN')));
  await expect(page.getByTestId('ladder-plan')).toContainText('竞价实例');
});

test('the workbook’s Ladder sheet, recalculated by LibreOffice: each committed rung’s compute, the plan’s total and its plan by quarter are the engine’s for the scenario in the address, with and without the platform’s reservation', async ({
  page,
}, testInfo) => {
  await openWithYear(page, testInfo.outputPath('year-usage.csv'));
  const t = nodeT('en');
  const isTerm = (id: string) => ['reserved3y', 'reserved1y', 'monthly'].includes(id);
  // The plan as solved, then with the platform's reservation switched off, so that a term holds the
  // floor: a term's compute and the platform's reserved compute are the sheet's formulas of Inputs.
  const books: { file: string; plan: LadderPlan; scenario: Scenario }[] = [];
  const exported = async (name: string) => {
    const scenario = addressScenario(page);
    const plan = ladderPlan(scenario);
    const { path } = await exportFile(page, 'xlsx', 'en');
    const copy = testInfo.outputPath(name);
    copyFileSync(path, copy);
    books.push({ file: copy, plan, scenario });
    return plan;
  };
  expect((await exported('ladder-as-solved.xlsx')).pricing.bands.length).toBeGreaterThan(0);
  await showLadder(page, 'Every way to commit', 'Details');
  await page.getByRole('checkbox', { name: tierName('platformReserved', t), exact: true }).uncheck();
  await expect.poll(() => addressScenario(page).ladder.tiers.platformReserved).toBe(false);
  const withTerm = await exported('ladder-without-platform-reserved.xlsx');
  expect(withTerm.pricing.bands.filter((b) => isTerm(b.id)).length).toBeGreaterThan(0);

  const dir = testInfo.outputPath('recalc');
  await recalculateToCsv(
    books.map((b) => b.file),
    join(dir, 'csv'),
    join(dir, 'profile'),
  );
  const close = (actual: number | string, expected: number, what: string) =>
    expect(Math.abs(Number(actual) - expected), `${what}: ${actual} against ${expected}`).toBeLessThan(
      1e-9 * Math.max(1, Math.abs(expected)),
    );
  for (const { file, plan, scenario } of books) {
    const rows = sheetRows(join(dir, 'csv'), file, sheetName(t, 'ladder'));
    const row = (label: string) => {
      const found = rows.find((r) => r[0] === label);
      if (!found) throw new Error(`no row "${label}" on the Ladder sheet of ${file}`);
      return found;
    };
    // Columns: tier, GPUs, useful GPU-hours, compute, other costs, total, saving.
    for (const band of plan.pricing.bands) {
      const r = row(tierName(band.id, t));
      expect(cellValue(r[1]), band.id).toBe(band.gpus);
      close(cellValue(r[3]), band.part.breakdown.compute, `${file}: ${band.id} compute`);
    }
    close(
      cellValue(row(t('export:excel.ladder.planTotal'))[5]),
      plan.monthlyCny,
      `${file}: the plan a month`,
    );
    // The plan by quarter: the horizon's total, a SUM of the quarters' SUMs, is the engine's budget.
    const budget = ladderBudget(scenario, plan);
    const horizon = row(t('sizing:plan.sum'));
    // Columns: quarter, months, (own capex, resale, run-rate when it owns), commitments, as used, total.
    close(
      cellValue(horizon[budget.ownedGpus > 0 ? 7 : 4]),
      budget.total.totalCny,
      `${file}: the plan by quarter`,
    );
    // The Reconciliation's line of the plan, recalculated too: no difference.
    const recon = sheetRows(join(dir, 'csv'), file, sheetName(t, 'reconciliation'));
    const line = recon.find((r) => r[0] === t('export:excel.ladder.reconFigure'));
    close(cellValue(line?.[3]), plan.monthlyCny, `${file}: the Reconciliation’s plan`);
    expect(Math.abs(Number(cellValue(line?.[4])))).toBeLessThan(0.5);
  }
});
