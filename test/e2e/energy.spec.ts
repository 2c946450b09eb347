/**
 * Sites, energy and emissions in a real browser (issue 40): the default scenario's energy table read
 * against the engine's report (computed here in Node); the western hub picked as the own cluster's site
 * — its power price, PUE and grid factor move together, the self-build cost and the table change as
 * the engine says; a factor out of range refused at the field; a power cap below the cluster's draw
 * said. Chinese: the site chosen by its Chinese name.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  atSite,
  defaultScenario,
  energyReport,
  evaluate,
  presets,
  type Scenario,
} from '../../src/engine/index.ts';
import { energyRows } from '../../src/view-model/energy-rows.ts';
import { exportFile, pdfText } from './export-helpers';
import { expect, test } from './fixtures';
import { formatMoneyInPage, normalise, openDashboard } from './helpers';
import { cellValue, recalculateToCsv, sheetRows } from './recalc';

const fmt = (v: number, digits: number, locale = 'en-US') =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(v);

async function expectRows(page: Page, s: Scenario, locale = 'en-US') {
  for (const r of energyRows(energyReport(s))) {
    await expect(page.getByTestId(`energy-kwh-${r.way}`)).toHaveText(fmt(r.kwhPerYear, 0, locale));
    await expect(page.getByTestId(`emissions-t-${r.way}`)).toHaveText(fmt(r.tonnesPerYear, 1, locale));
  }
}

async function showEnergy(page: Page, title: string) {
  await page.getByRole('heading', { name: title }).scrollIntoViewIfNeeded();
  await expect(page.getByTestId('energy')).toBeVisible();
}

test('energy and emissions: the western hub moves the own cluster’s power price, PUE and grid factor, and the table and cost follow the engine', async ({
  page,
  saveScreenshot,
}) => {
  await openDashboard(page);
  await showEnergy(page, 'Energy and emissions');
  await expectRows(page, defaultScenario);
  const site = page.getByLabel('Site', { exact: true });
  await expect(site).toHaveValue('custom');
  await site.selectOption({ label: 'Western hub (Ningxia, Gansu)' });
  const west = atSite(defaultScenario, 'westernHub');
  await expectRows(page, west);
  await expect(page.getByTestId('energy-site')).toContainText('power 0.4 CNY/kWh, PUE 1.2');
  // The cost: self-build's monthly cost is the engine's at the western hub (cheaper power, lower PUE).
  const monthly = evaluate(west).strategies.selfBuild.monthlyCny;
  expect(monthly).toBeLessThan(evaluate(defaultScenario).strategies.selfBuild.monthlyCny);
  const shown = await formatMoneyInPage(page, monthly, 'en', 'CNY');
  await expect(page.getByTestId('kpi-monthly-selfBuild').first()).toHaveText(shown);
  await page.getByTestId('energy').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await saveScreenshot(page, 'energy.png', { fullPage: false });

  // Out of range: refused at the field, nothing changes.
  const grid = page.getByLabel('Grid emission factor at the site (kg CO2e per kWh)');
  await grid.fill('7');
  await expect(page.getByRole('alert').filter({ hasText: 'A number from 0 to 2.' })).toBeVisible();
  await expectRows(page, west);
  // A zero-carbon grid: scope 2 of the own cluster goes, its embodied emissions stay.
  await grid.fill('0');
  const clean = { ...west, energy: { ...west.energy, gridKgCo2ePerKwh: 0 } };
  await expectRows(page, clean);
  await expect(site).toHaveValue('custom');
  // A power cap below the cluster's draw is said.
  const draw = energyReport(clean).ownDrawMw;
  await page.getByLabel('Power the site can give (MW)').fill(String(Math.round((draw / 2) * 1000) / 1000));
  await expect(page.getByTestId('energy-power-cap')).toContainText(
    `The own cluster draws ${fmt(draw, 2)} MW at the meter`,
  );
  expect(normalise(await page.getByTestId('energy-power-cap').innerText())).toContain('power retrofit');
});

test('能耗与排放：选择西部枢纽站点 @zh', async ({ page }) => {
  await openDashboard(page);
  await showEnergy(page, '能耗与排放');
  await page.getByLabel('站点', { exact: true }).selectOption({ label: '西部枢纽（宁夏、甘肃）' });
  await expectRows(page, atSite(defaultScenario, 'westernHub'), 'zh-CN');
  await expect(page.getByTestId('energy-site')).toContainText('电价 0.4 元/千瓦时');
  await expect(page.getByTestId('energy')).toContainText('生态环境部');
});

test('the PDF’s “Energy and emissions” page: the western hub picked, its self-build kWh of year 1 as the engine says', async ({
  page,
}) => {
  await openDashboard(page);
  await showEnergy(page, 'Energy and emissions');
  await page.getByLabel('Site', { exact: true }).selectOption({ label: 'Western hub (Ningxia, Gansu)' });
  const west = energyReport(atSite(defaultScenario, 'westernHub'));
  await expectRows(page, atSite(defaultScenario, 'westernHub'));
  const { path } = await exportFile(page, 'pdf', 'en');
  const { text } = await pdfText(path);
  expect(text).toContain('Energy and emissions');
  expect(text).toContain("The own cluster's site: Western hub (Ningxia, Gansu)");
  // Year 1 of self-build, whole kWh as the page formats them (energy-section.ts), from the engine here.
  const year1 = west.ways.selfBuild.years[0]?.kwh ?? Number.NaN;
  expect(year1).toBeGreaterThan(0);
  expect(text).toContain(`Self-build Year 1 ${fmt(year1, 0)} `);
  // Every character of the page is one the PDF's font draws (no subscript digits): never a □.
  expect(text).not.toContain('□');
});

test('a carbon price on the own cluster’s energy: the carbon line, the cost as the engine says, and the flip named', async ({
  page,
}) => {
  await openDashboard(page);
  // The large lab in the accounting view: its hybrid wins without a carbon price, the platform at 1,000 CNY/t.
  await page.getByRole('combobox', { name: 'Preset' }).selectOption('largeLab');
  const lab = presets.largeLab as Scenario;
  const accounting: Scenario = { ...lab, finance: { ...lab.finance, costView: 'accounting' } };
  await page
    .getByRole('radio', { name: /accounting/i })
    .first()
    .check();
  await showEnergy(page, 'Energy and emissions');
  await page.getByLabel('Carbon price (CNY per t CO2e)').fill('1000');
  const priced = { ...accounting, energy: { ...accounting.energy, carbonPriceCnyPerTonne: 1000 } };
  // 1,000 CNY/t × 0.5306 kg/kWh ÷ 1,000 = 0.5306 CNY/kWh on top of the power price.
  await expect(page.getByTestId('carbon-line')).toContainText(
    'Carbon line of the own cluster’s energy: 0.5306 CNY/kWh',
  );
  await expect(page.getByTestId('carbon-line')).toContainText(
    'At this carbon price the recommendation is Platform; without it, it would be Hybrid.',
  );
  const monthly = evaluate(priced).strategies.selfBuild.monthlyCny;
  await expect(page.getByTestId('kpi-monthly-selfBuild').first()).toHaveText(
    await formatMoneyInPage(page, monthly, 'en', 'CNY'),
  );
});

test('the workbook’s Energy sheet: recalculated by LibreOffice, year 1’s kWh and t CO2e of each way are the engine’s at the western hub', async ({
  page,
}) => {
  await openDashboard(page);
  await showEnergy(page, 'Energy and emissions');
  await page.getByLabel('Site', { exact: true }).selectOption({ label: 'Western hub (Ningxia, Gansu)' });
  const report = energyReport(atSite(defaultScenario, 'westernHub'));
  await expect(page.getByTestId('energy-kwh-selfBuild')).toHaveText(
    fmt(energyRows(report)[0]!.kwhPerYear, 0),
  );
  const { path } = await exportFile(page, 'xlsx', 'en');
  const dir = test.info().outputPath('recalc');
  await recalculateToCsv([path], join(dir, 'csv'), join(dir, 'profile'));
  const rows = sheetRows(join(dir, 'csv'), path, 'Energy');
  // Row 38: year 1's kWh; row 41: its t CO2e; columns B–E: self-build, rent, platform, hybrid.
  const ways = ['selfBuild', 'rent', 'platform', 'hybrid'] as const;
  ways.forEach((way, i) => {
    const year = report.ways[way].years[0]!;
    const kwh = Number(cellValue(rows[37]?.[i + 1]));
    const tonnes = Number(cellValue(rows[40]?.[i + 1]));
    expect(Math.abs(kwh - year.kwh) / Math.max(1, year.kwh), `${way} kWh`).toBeLessThan(1e-9);
    const want = (year.scope2Kg + year.scope3Kg) / 1000;
    expect(Math.abs(tonnes - want) / Math.max(1e-9, want), `${way} t`).toBeLessThan(1e-9);
  });
});
