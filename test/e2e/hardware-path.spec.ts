/**
 * Hardware purchase and resale on price paths of their own in a real browser (model v4, docs/model.md
 * §2 "Hardware purchase and resale paths"), every expected figure from the engine: choosing a hardware path among the finance
 * assumptions moves the own cluster's figures as the engine says (a 72-month horizon refreshes the
 * 5-year cluster once), and a resale path apart from it; a file with a bad line is named with nothing
 * changed and a good one taken; one undo step returns; the PDF's page 1 and the workbook say the paths.
 */
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { presetHardwareShape, type Scenario, steadyShape } from '../../src/engine/index.ts';
import { encodeScenarioHash } from '../../src/scenario/index.ts';
import { parsePricePathCsv } from '../../src/scenario/price-path-csv.ts';
import { exportFile, pageText } from './export-helpers';
import { expect, test } from './fixtures';
import { normalise, openDashboard, preset } from './helpers';
import { monthlyTexts, shownMonthly } from './monthly-figures';

/** The steady lab over six years: its 5-year cluster is bought again in month 60. */
function refreshLab(): Scenario {
  return { ...preset('steadyLab'), horizonMonths: 72 };
}

function withPaths(
  s: Scenario,
  hardwarePriceShape: Scenario['finance']['hardwarePriceShape'],
  resalePriceShape: Scenario['finance']['resalePriceShape'] = null,
): Scenario {
  return { ...s, finance: { ...s.finance, hardwarePriceShape, resalePriceShape } };
}

/** The finance assumptions, found as a reader would: the section, then its search. */
async function findField(page: Page, label: string): Promise<void> {
  await page.getByRole('link', { name: /^(Assumptions|假设)$/ }).click();
  await page.getByTestId('assumption-search').fill(label);
  await expect(page.getByLabel(label, { exact: true })).toBeVisible();
}

test('a hardware price path and a resale path of its own move the own cluster as the engine says; undo returns', async ({
  page,
}) => {
  const s = refreshLab();
  await openDashboard(page, `./#${encodeScenarioHash(s)}`);
  const before = monthlyTexts(s, 'en');
  await expect.poll(() => shownMonthly(page)).toEqual(before);

  await findField(page, 'Hardware price path');
  await expect(page.getByTestId('hardware-price-path')).toHaveText("Today's price");
  await expect(page.getByTestId('resale-price-path')).toHaveText('Same as the hardware path');
  await page.getByLabel('Hardware price path', { exact: true }).selectOption('shortage');
  const shortage = withPaths(s, presetHardwareShape('shortage'));
  await expect(page.getByTestId('hardware-price-path')).toHaveText(
    'Shortage: +40 % in seven months (H800 servers, 2023, replayed)',
  );
  const after = monthlyTexts(shortage, 'en');
  // The refresh costs 40 % more and the cluster sells for more: only the ways that own hardware move.
  expect(after.selfBuild).not.toBe(before.selfBuild);
  expect(after.rent).toBe(before.rent);
  expect(after.platform).toBe(before.platform);
  await expect.poll(() => shownMonthly(page)).toEqual(after);
  // The field says its sources, as a reader cites them.
  await expect(page.getByText(/Reuters, report on H20 pre-orders, Feb 2024/)).toBeVisible();

  await findField(page, 'Resale price path');
  await page.getByLabel('Resale price path', { exact: true }).selectOption('observed');
  const both = withPaths(s, presetHardwareShape('shortage'), presetHardwareShape('observed'));
  await expect(page.getByTestId('resale-price-path')).toHaveText(
    'Falling: −46 % in two years (H100 servers in China, 2024–2026, replayed)',
  );
  await expect.poll(() => shownMonthly(page)).toEqual(monthlyTexts(both, 'en'));

  // Each choice is one undo step (from the select: in the search box the keys undo its text).
  await page.getByLabel('Resale price path', { exact: true }).focus();
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('resale-price-path')).toHaveText('Same as the hardware path');
  await expect.poll(() => shownMonthly(page)).toEqual(after);
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('hardware-price-path')).toHaveText("Today's price");
  await expect.poll(() => shownMonthly(page)).toEqual(before);
});

test('a hardware price file: a bad line is named with nothing changed; a good one is the path, priced as the engine says', async ({
  page,
}) => {
  const s = refreshLab();
  await openDashboard(page, `./#${encodeScenarioHash(s)}`);
  const before = monthlyTexts(s, 'en');
  await expect.poll(() => shownMonthly(page)).toEqual(before);
  await findField(page, 'Hardware price path');
  const input = page.locator('input[type="file"][aria-label="Import hardware price path"]');
  await input.setInputFiles({
    name: 'bad-servers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('month,price\n1,2000000\n13,zero\n'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Line 3, column 2' })).toContainText(
    'Nothing was changed.',
  );
  await expect(page.getByTestId('hardware-price-path')).toHaveText("Today's price");
  expect(await shownMonthly(page)).toEqual(before);

  const good = '# source: our vendor quotes\nmonth,price\n1,2000000\n24,1600000\n60,1200000\n';
  await input.setInputFiles({ name: 'servers.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  const parsed = parsePricePathCsv(good, 'servers.csv');
  expect(parsed.ok).toBe(true);
  if (!parsed.ok) return;
  await expect(page.getByTestId('hardware-price-path')).toHaveText('Imported: servers.csv');
  await expect(page.getByRole('status').filter({ hasText: 'Hardware price path imported' })).toContainText(
    '3 points from servers.csv',
  );
  await expect(page.getByText('our vendor quotes')).toBeVisible();
  await expect.poll(() => shownMonthly(page)).toEqual(monthlyTexts(withPaths(s, parsed.shape), 'en'));
});

test('a steady hardware path at a typed yearly rate prices the refresh as the engine says; a rate beyond ±40 % is refused', async ({
  page,
}) => {
  const s = refreshLab();
  await openDashboard(page, `./#${encodeScenarioHash(s)}`);
  await findField(page, 'Hardware price path');
  await page.getByLabel('Hardware price path', { exact: true }).selectOption('steady');
  await expect(page.getByTestId('hardware-price-path')).toHaveText('Steady, −25%/yr');
  const rate = page.getByLabel('Hardware prices: yearly decline (%; negative: a rise)');
  await rate.fill('-10');
  await rate.press('Enter');
  await expect(page.getByTestId('hardware-price-path')).toHaveText('Steady, +10%/yr');
  const rising = withPaths(s, steadyShape(-0.1));
  await expect.poll(() => shownMonthly(page)).toEqual(monthlyTexts(rising, 'en'));
  await rate.fill('55');
  await rate.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'between −40% and 40%' })).toBeVisible();
  await expect(page.getByTestId('hardware-price-path')).toHaveText('Steady, +10%/yr');
  expect(await shownMonthly(page)).toEqual(monthlyTexts(rising, 'en'));
});

test('the PDF’s page 1 and the workbook say the hardware paths; the workbook prices the refresh on their sheets', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const s = withPaths(refreshLab(), presetHardwareShape('shortage'), presetHardwareShape('observed'));
  await openDashboard(page, `./#${encodeScenarioHash(s)}`);
  await expect.poll(() => shownMonthly(page)).toEqual(monthlyTexts(s, 'en'));
  const pdf = await exportFile(page, 'pdf', 'en');
  const page1 = normalise(await pageText(pdf.path, 1));
  expect(page1).toContain(
    'Hardware bought later follows Shortage: +40 % in seven months (H800 servers, 2023, replayed).',
  );
  expect(page1).toContain('Resale follows Falling: −46 % in two years');

  const xlsx = await exportFile(page, 'xlsx', 'en');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(xlsx.path);
  expect(wb.getWorksheet('Hardware price path')).toBeDefined();
  expect(wb.getWorksheet('Resale price path')).toBeDefined();
  const summary: string[] = [];
  wb.getWorksheet('Summary')?.eachRow((row) => {
    row.eachCell((cell) => {
      if (typeof cell.value === 'string') summary.push(cell.value);
    });
  });
  expect(summary.join(' ')).toContain('Hardware bought later follows Shortage');
});

test('@zh the hardware and resale paths in Chinese: their selects, names and sources', async ({ page }) => {
  const s = refreshLab();
  await openDashboard(page, `./#${encodeScenarioHash(s)}`);
  await findField(page, '硬件价格路径');
  await page.getByLabel('硬件价格路径', { exact: true }).selectOption('observed');
  await expect(page.getByTestId('hardware-price-path')).toHaveText(
    '下跌：两年下降 46%（2024–2026 年国内 H100 服务器，回放）',
  );
  await expect(page.getByTestId('resale-price-path')).toHaveText('与硬件价格路径相同');
  const hint = normalise(await page.locator('[id$="-hardware-hint"]').textContent());
  expect(hint).toContain('虎嗅');
  // Names stay as their owners write them: CNBC, BOM 数据中心, H100.
  expect(hint.replace(/CNBC|BOM|H100|H20|GPU/g, '')).not.toMatch(/[A-Za-z]{2,}/);
  await expect
    .poll(() => shownMonthly(page))
    .toEqual(monthlyTexts(withPaths(s, presetHardwareShape('observed')), 'zh-CN'));
});
