/**
 * Sites, energy and emissions in a real browser (issue 40): the default scenario's energy table read
 * against the engine's report (computed here in Node); the western hub picked as the own cluster's site
 * — its power price, PUE and grid factor move together, the self-build cost and the table change as
 * the engine says; a factor out of range refused at the field; a power cap below the cluster's draw
 * said. Chinese: the site chosen by its Chinese name.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  atSite,
  buildLeadTimeMonthsOf,
  defaultScenario,
  energyReport,
  evaluate,
  presets,
  type Scenario,
} from '../../src/engine/index.ts';
import { parseClusterLog } from '../../src/scenario/cluster-log.ts';
import {
  defaultClusterGpus,
  measuredUsage,
  withMeasuredUsage,
} from '../../src/scenario/cluster-log-usage.ts';
import { decodeScenarioHash } from '../../src/scenario/url-codec.ts';
import { energyRows } from '../../src/view-model/energy-rows.ts';
import { type SyntheticJob, sacctText } from '../scenario/cluster-log-generator.ts';
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
  // The site's build lead time (the seed team's, by its level) and its data residency.
  await expect(page.getByTestId('energy-site-facts')).toContainText(
    `Build lead time at the site: ${buildLeadTimeMonthsOf(west)} month`,
  );
  await expect(page.getByTestId('energy-site-facts')).toContainText('stays in China');
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

/**
 * A Slurm log whose jobs carry ConsumedEnergyRaw: every job drew 0.9 kW per GPU it held (its joules =
 * GPUs × hours × 0.9 kW × 3.6e6 J/kWh), its batch step the same joules again (a step runs inside its
 * job: counting it would count the energy twice).
 */
function sacctWithEnergy(): { text: string; kwh: number; gpuHours: number } {
  const jobs: SyntheticJob[] = [];
  for (let week = 0; week < 30; week++) {
    jobs.push({ startHour: week * 168 + 2, hours: 100 + (week % 7) * 8, gpus: 8 * (1 + (week % 4)) });
    jobs.push({ startHour: week * 168 + 120, hours: 60, gpus: 8 });
  }
  const lines = sacctText(jobs).trimEnd().split('\n');
  let kwh = 0;
  let gpuHours = 0;
  const out = [`${lines[0]}|ConsumedEnergyRaw`];
  jobs.forEach((job, i) => {
    const joules = job.gpus * job.hours * 0.9 * 3.6e6;
    kwh += job.gpus * job.hours * 0.9;
    gpuHours += job.gpus * job.hours;
    out.push(`${lines[1 + 2 * i]}|${joules}`, `${lines[2 + 2 * i]}|${joules}`);
  });
  return { text: `${out.join('\n')}\n`, kwh, gpuHours };
}

async function importLog(page: Page, file: string, tab: string, title: string) {
  await page.getByRole('tab', { name: tab }).click();
  await page.getByLabel(tab === 'Scenarios' ? 'Import cluster logs' : '导入集群日志').setInputFiles(file);
  await page.getByRole('heading', { name: title }).waitFor();
}

test('measured energy: a Slurm log with ConsumedEnergyRaw sets the own cluster’s draw under load, and the card, the PDF and the address say it is measured', async ({
  page,
  saveScreenshot,
}) => {
  const log = sacctWithEnergy();
  const file = test.info().outputPath('sacct-energy.txt');
  writeFileSync(file, log.text);
  // The browser's reader is the engine's: read here too, it gives 0.9 kW a GPU and the usage to apply.
  const parsed = parseClusterLog(log.text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const cluster = defaultClusterGpus(parsed.summary, defaultScenario.selfBuild.gpusPerServer);
  const usage = measuredUsage(parsed.summary, cluster);
  expect(usage.energy?.kwh).toBeCloseTo(log.kwh, 6);
  expect(usage.energy?.coveredGpuHours).toBe(log.gpuHours);
  const applied = withMeasuredUsage(defaultScenario, usage, 'label');
  // 0.9 kW a GPU × 8 GPUs a server = 7.2 kW, below the 10.2 kW maximum and above the 3 kW idle draw.
  expect(applied.selfBuild.powerBusyKwPerServer).toBe(7.2);

  await openDashboard(page);
  await showEnergy(page, 'Energy and emissions');
  await expect(page.getByTestId('energy-origin')).toContainText(
    '8.2 kW a server under load and 3 kW idle, estimates',
  );
  await importLog(page, file, 'Scenarios', 'Measured usage from sacct-energy.txt');
  await expect(page.getByTestId('logs-energy')).toContainText(
    `Energy: ${fmt(log.kwh, 1)} kWh over ${fmt(log.gpuHours, 1)} GPU-hours of jobs (ConsumedEnergyRaw, 60 jobs), 0.9 kW a GPU before PUE.`,
  );
  await expect(page.getByTestId('logs-energy')).toContainText('becomes 7.2 kW a server (now 8.2 kW)');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect
    .poll(async () => {
      const d = decodeScenarioHash(new URL(page.url()).hash.slice(1));
      return d.ok ? d.scenario.selfBuild.powerBusyKwPerServer : null;
    })
    .toBe(7.2);
  const inAddress = decodeScenarioHash(new URL(page.url()).hash.slice(1));
  if (!inAddress.ok) throw new Error('the address holds no scenario');
  expect(inAddress.scenario.energy.measured).toMatchObject({ origin: 'schedulerLog', scope: 'nodes' });
  expect(inAddress.scenario.energy.measured?.kwPerGpu).toBeCloseTo(0.9, 12);

  await page.getByRole('tab', { name: 'Dashboard' }).click();
  await showEnergy(page, 'Energy and emissions');
  const origin = page.getByTestId('energy-origin');
  await expect(origin).toContainText(
    'Power draw under load: 7.2 kW a server, measured — Slurm’s ConsumedEnergyRaw in sacct-energy.txt',
  );
  await expect(origin).toContainText('0.9 kW a GPU before PUE. Idle: 3 kW a server, an estimate.');
  // The table follows the measured draw as the engine says.
  await expectRows(page, applied);
  expect(energyReport(applied).ways.selfBuild.total.ownedKwh).toBeLessThan(
    energyReport({ ...applied, selfBuild: { ...applied.selfBuild, powerBusyKwPerServer: 8.2 } }).ways
      .selfBuild.total.ownedKwh,
  );
  await page.getByTestId('energy').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await saveScreenshot(page, 'energy-measured.png', { fullPage: false });

  const { path } = await exportFile(page, 'pdf', 'en');
  const { text } = await pdfText(path);
  expect(text).toContain('Power draw under load: 7.2 kW a server, measured');
});

test('实测能耗：导入含 ConsumedEnergyRaw 的 Slurm 日志，满载功率改用实测值 @zh', async ({ page }) => {
  const log = sacctWithEnergy();
  const file = test.info().outputPath('sacct-energy.txt');
  writeFileSync(file, log.text);
  await openDashboard(page);
  await importLog(page, file, '场景', 'sacct-energy.txt 中的实测用量');
  await expect(page.getByTestId('logs-energy')).toContainText('每张 GPU 0.9 千瓦（未计 PUE）');
  await expect(page.getByTestId('logs-energy')).toContainText(
    '自建集群的满载功率改为每台服务器 7.2 千瓦（现为 8.2 千瓦）',
  );
  await page.getByRole('button', { name: '应用' }).click();
  await page.getByRole('tab', { name: '看板' }).click();
  await showEnergy(page, '能耗与排放');
  await expect(page.getByTestId('energy-origin')).toContainText(
    '满载功率：每台服务器 7.2 千瓦，实测——sacct-energy.txt',
  );
  await expect(page.getByTestId('energy-origin')).toContainText('Slurm 的 ConsumedEnergyRaw');
});
