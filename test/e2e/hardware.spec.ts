/**
 * Issue 14 in a real browser: choosing GPU models fills the inputs from the sourced catalogue, the KPIs
 * follow the engine, compare hardware ranks the catalogue's server types, and every catalogue value
 * shown has its source and date one hover, focus or tap away.
 *
 * Expected figures are read from the catalogue markdown itself (docs/data/gpu-catalog.md, the repo's
 * copy of the team's shared file; test/engine/catalog.test.ts checks the two are equal), not from the
 * app's data. Hooks: selects named "Own cluster GPU"/"自建 GPU", "Rented GPU"/"租用 GPU",
 * "Platform GPU"/"平台 GPU"; data-testid="cost-per-pflop-<id>", "kpi-monthly-<id>",
 * "hw-value-<input path>", "source-tip", "hardware-compare-row"; assumption fields by data-path.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { chooseModel, defaultScenario, evaluate, STRATEGY_IDS } from '../../src/engine/index.ts';
import { expect, test } from './fixtures';
import { formatMoneyInPage, normalise, openDashboard, renderDeferred } from './helpers';

const CATALOGUE = readFileSync(resolve(process.cwd(), 'docs/data/gpu-catalog.md'), 'utf8');

/** Cells of the catalogue row whose section heading starts with `section` and first cell is `quantity`. */
function catalogueRow(section: string, quantity: string, asOf?: string): string[] {
  const start = CATALOGUE.indexOf(`\n## ${section}`);
  if (start < 0) throw new Error(`no section ${section}`);
  const end = CATALOGUE.indexOf('\n## ', start + 4);
  const lines = CATALOGUE.slice(start, end < 0 ? undefined : end).split('\n');
  for (const line of lines) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells[1] === quantity && (asOf === undefined || cells.includes(asOf))) return cells.slice(1, -1);
  }
  throw new Error(`no row ${quantity} in ${section}`);
}

/** Numbers printed in a cell: "≈6.5–7.8" → [6.5, 7.8]. */
function numbers(cell: string): number[] {
  return (cell.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => Number(n.replace(/,/g, '')));
}

const H20_PRICE = numbers(catalogueRow('H20', 'purchase, 8-GPU server', 'Jul 2024')[1]!)[0]!;
const H20_MAX_KW = numbers(catalogueRow('H20', 'server max power')[1]!);
const H20_BUSY_IDLE = catalogueRow('H20', 'busy / idle draw')[1]!.split('/').map(numbers);
const H20_TFLOPS = numbers(catalogueRow('H20', 'BF16/FP16 dense')[1]!)[0]!;
const H100_TFLOPS = numbers(catalogueRow('H100 SXM', 'BF16/FP16 dense')[1]!)[0]!;
const H800_TFLOPS = numbers(catalogueRow('H800', 'BF16/FP16 dense')[1]!)[0]!;
const H100_RENT_MONTH = numbers(catalogueRow('H100 SXM', 'rent, China, whole server', 'Mar 2025')[1]!)[0]!;
const mid = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const round2 = (x: number) => Math.round(x * 100) / 100;

async function inputNumber(page: Page, path: string): Promise<number> {
  const text = await page.locator(`.field[data-path="${path}"] input`).first().inputValue();
  return Number(text.replace(/[^\d.]/g, ''));
}

async function moneyInPage(page: Page, value: number, digits: number, locale = 'en'): Promise<string> {
  if (digits === 0) return normalise(await formatMoneyInPage(page, value, locale, 'CNY'));
  return normalise(
    await page.evaluate(
      ([v, l, d]) =>
        new Intl.NumberFormat(l, {
          style: 'currency',
          currency: 'CNY',
          minimumFractionDigits: d,
          maximumFractionDigits: d,
        }).format(v),
      [value, locale, digits] as const,
    ),
  );
}

test('choosing H20 to own and H100 to rent fills the catalogue values, and the KPIs follow the engine', async ({
  page,
}) => {
  await openDashboard(page);
  await page.getByRole('combobox', { name: 'Own cluster GPU', exact: true }).selectOption({ label: 'H20' });
  await page.getByRole('combobox', { name: 'Rented GPU', exact: true }).selectOption({ label: 'H100 SXM' });

  // Server price, power and throughput: the catalogue's figures (power ranges at their middle).
  await expect.poll(() => inputNumber(page, 'selfBuild.serverPriceCny')).toBe(H20_PRICE);
  expect(await inputNumber(page, 'selfBuild.powerMaxKwPerServer')).toBe(round2(mid(H20_MAX_KW)));
  expect(await inputNumber(page, 'selfBuild.powerBusyKwPerServer')).toBe(round2(mid(H20_BUSY_IDLE[0]!)));
  expect(await inputNumber(page, 'selfBuild.powerIdleKwPerServer')).toBe(round2(mid(H20_BUSY_IDLE[1]!)));
  // The rented GPU's choice is a second commit: wait for it as for the first (it failed once on a
  // loaded machine when read at once).
  await expect
    .poll(() => inputNumber(page, 'rent.priceCnyPerServerHour'))
    .toBe(round2(H100_RENT_MONTH / 730));
  const ownRatio = page.getByRole('textbox', { name: /^Own cluster GPU: relative throughput/ });
  expect(Number(await ownRatio.inputValue())).toBeCloseTo(H20_TFLOPS / H800_TFLOPS, 4);
  const rentRatio = page.getByRole('textbox', { name: /^Rented GPU: relative throughput/ });
  expect(Number(await rentRatio.inputValue())).toBeCloseTo(H100_TFLOPS / H800_TFLOPS, 4);
  await expect(page.getByTestId('hw-value-selfBuild.serverPriceCny')).toHaveText(
    await moneyInPage(page, H20_PRICE, 0),
  );

  // The KPIs are the engine's for the same choices.
  const expected = evaluate(chooseModel(chooseModel(defaultScenario, 'selfBuild', 'h20'), 'rent', 'h100'));
  for (const id of STRATEGY_IDS) {
    const r = expected.strategies[id];
    await expect(page.getByTestId(`kpi-monthly-${id}`)).toHaveText(await moneyInPage(page, r.monthlyCny, 0));
    await expect(page.getByTestId(`cost-per-pflop-${id}`)).toHaveText(
      await moneyInPage(page, r.costPerUsefulPflopHourCny, 2),
    );
  }

  // An edited value is marked as the user's, beside the field and on the GPU's card.
  const price = page.locator('.field[data-path="selfBuild.serverPriceCny"] input').first();
  await page
    .locator('.field[data-path="selfBuild.serverPriceCny"]')
    .first()
    .evaluate((el) => {
      el.closest('details')?.setAttribute('open', '');
    });
  await price.fill('1300000');
  await price.blur();
  await expect(page.getByTestId('hw-card-selfBuild').getByText('Your value', { exact: true })).toBeVisible();
  await expect(
    page.locator('.field[data-path="selfBuild.serverPriceCny"]').getByTestId('user-edited'),
  ).toBeVisible();
});

test('a catalogue value shows its source and date on hover, on focus and on tap', async ({ page }) => {
  await openDashboard(page);
  await page.getByRole('combobox', { name: 'Own cluster GPU', exact: true }).selectOption({ label: 'H20' });
  const row = page.locator('[data-hw-path="selfBuild.serverPriceCny"]');
  const tip = row.getByTestId('source-tip');
  const bubble = row.getByRole('tooltip');
  const source = catalogueRow('H20', 'purchase, 8-GPU server', 'Jul 2024')[3]!;
  await expect(bubble).toBeHidden();
  // Sections above the assumptions load when scrolled near and push the page down; render them all
  // first, and hover again if a late one still moved the button from under the pointer.
  await renderDeferred(page);
  await expect(page.getByTestId('hardware-compare-row').first()).toBeVisible();
  await expect(async () => {
    await tip.hover();
    await expect(bubble).toBeVisible({ timeout: 1_000 });
    // Read while it is open: a section that arrives after the hover can still move the button away.
    await expect(bubble).toContainText(source, { timeout: 1_000 });
    await expect(bubble).toContainText('Jul 2024', { timeout: 1_000 });
  }).toPass();
  await page.mouse.move(0, 0);
  await expect(bubble).toBeHidden();
  await tip.focus();
  await expect(bubble).toBeVisible();
  await tip.press('Escape');
  await expect(bubble).toBeHidden();
  // A tap (click) opens it.
  await tip.click();
  await expect(bubble).toBeVisible();
  // A low-confidence figure never shows without saying so.
  await expect(page.locator('[data-hw-path="selfBuild.powerMaxKwPerServer"]')).toContainText(
    'Estimate (low confidence)',
  );
});

test('compare hardware ranks at least the eight NVIDIA/Ascend server types, sortable', async ({ page }) => {
  await openDashboard(page);
  await renderDeferred(page);
  const rows = page.getByTestId('hardware-compare-row');
  await expect(rows.first()).toBeVisible();
  const names = (await rows.locator('th').allTextContents()).map((n) => n.trim());
  expect(names.length).toBeGreaterThanOrEqual(8);
  for (const name of ['H100 SXM', 'H800', 'H20', 'H200', 'B200', 'A100 80GB SXM', 'A800', 'Ascend 910B'])
    expect(names).toContain(name);
  const table = page.getByTestId('hardware-compare-table');
  await table.getByRole('button', { name: 'Model', exact: true }).click();
  const sorted = (await rows.locator('th').allTextContents()).map((n) => n.trim());
  expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
  await expect(page.locator('figure[data-chart="hardware-compare"]')).toBeVisible();
});

test("a tap on a phone opens a catalogue value's source @phone", async ({ page }) => {
  await openDashboard(page);
  await page.getByRole('combobox', { name: 'Own cluster GPU', exact: true }).selectOption({ label: 'H20' });
  const row = page.locator('[data-hw-path="selfBuild.serverPriceCny"]');
  await row.getByTestId('source-tip').tap();
  await expect(row.getByRole('tooltip')).toBeVisible();
  await expect(row.getByRole('tooltip')).toContainText('Jul 2024');
});

test('the GPU choices work in Chinese @zh', async ({ page }) => {
  await openDashboard(page);
  await page.getByRole('combobox', { name: '自建 GPU', exact: true }).selectOption({ label: 'H20' });
  await page.getByRole('combobox', { name: '租用 GPU', exact: true }).selectOption({ label: 'H100 SXM' });
  await expect.poll(() => inputNumber(page, 'selfBuild.serverPriceCny')).toBe(H20_PRICE);
  await expect(page.getByRole('combobox', { name: '平台 GPU', exact: true })).toBeVisible();
  const expected = evaluate(chooseModel(chooseModel(defaultScenario, 'selfBuild', 'h20'), 'rent', 'h100'));
  await expect(page.getByTestId('cost-per-pflop-selfBuild')).toHaveText(
    await moneyInPage(page, expected.strategies.selfBuild.costPerUsefulPflopHourCny, 2, 'zh-CN'),
  );
  const tip = page.locator('[data-hw-path="selfBuild.serverPriceCny"]').getByTestId('source-tip');
  const bubble = page.locator('[data-hw-path="selfBuild.serverPriceCny"]').getByRole('tooltip');
  // As in the English test: sections above load when scrolled near and push the button down; render
  // them first, and hover again if a late one still moved it from under the pointer (1 run in 8
  // failed on the single hover).
  await renderDeferred(page);
  await expect(async () => {
    await tip.hover();
    await expect(bubble).toContainText('2024 年 7 月', { timeout: 1_000 });
  }).toPass();
});
