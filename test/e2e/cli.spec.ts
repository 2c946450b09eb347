/**
 * Issue 38 in Chromium: the command line and the page are one engine.
 * - For the large lab and for a training plan, the KPI cards the page shows for a scenario equal the
 *   monthly costs `gpu-tco evaluate --format json` prints for the same scenario file, and the page
 *   opens the link `gpu-tco link` writes for it.
 * - "Export OpenCost pricing" in the Scenarios view downloads OpenCost's custom-pricing file whose
 *   GPU price reads back as the command line's for the same scenario (the steady lab), in both
 *   languages; a scenario that owns no GPUs says so and downloads nothing.
 *
 * The command line runs from source (`node --import tsx src/cli/main.ts`), the same code the package
 * bundles. Hooks: data-testid="kpi-monthly-<strategyId>", "export-opencost", "opencost-status"; the
 * Scenarios tab; the Preset select.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  newTrainingRun,
  type Scenario,
  STRATEGY_IDS,
  switchDemandForm,
  withInput,
} from '../../src/engine/index.ts';
import { expect, test } from './fixtures';
import { formatMoneyInPage, normalise, openDashboard, preset } from './helpers';

const root = fileURLToPath(new URL('../..', import.meta.url));

function cli(args: string[]): string {
  return execFileSync('node', ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
  });
}

function scenarioFile(name: string, scenario: Scenario): string {
  const path = test.info().outputPath(name);
  writeFileSync(path, JSON.stringify({ format: 'gpu-tco-scenario', scenario }));
  return path;
}

async function expectKpisAsCli(page: Page, file: string) {
  const report = JSON.parse(cli(['evaluate', file, '--format', 'json']));
  const link = cli(['link', file, '--url', 'http://localhost/']).trim();
  await openDashboard(page, `./${link.slice(link.indexOf('#'))}`);
  for (const id of STRATEGY_IDS) {
    const figures = report.strategies[id];
    if (!figures.eligible) continue;
    const amount = await formatMoneyInPage(page, figures.monthlyCny, 'en', 'CNY');
    await expect
      .poll(async () => normalise(await page.getByTestId(`kpi-monthly-${id}`).first().textContent()))
      .toContain(normalise(amount));
  }
}

test('the page’s KPIs for the large lab equal gpu-tco evaluate’s', async ({ page }) => {
  await expectKpisAsCli(page, scenarioFile('large-lab.json', preset('largeLab')));
});

test('the page’s KPIs for a training plan equal gpu-tco evaluate’s', async ({ page }) => {
  const seed = preset('seedTeam');
  const run = {
    ...newTrainingRun(seed, 'Pretrain'),
    sizeBy: 'gpuHours' as const,
    gpuHours: 60_000,
    startWeek: 2,
    gpus: 64,
    deadlineWeek: 16,
  };
  const plan = { runs: [run], recurringGpuHoursPerMonth: 2_000, onDemandGpus: 128 };
  const scenario = switchDemandForm({ ...seed, trainingPlan: plan }, 'plan');
  await expectKpisAsCli(page, scenarioFile('plan.json', scenario));
});

async function exportOpenCost(page: Page, names: { preset: string; tab: string; done: string }) {
  await openDashboard(page);
  await page.getByRole('combobox', { name: names.preset }).selectOption('steadyLab');
  await page.getByRole('tab', { name: names.tab }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-opencost').click(),
  ]);
  const path = test.info().outputPath('opencost.json');
  await download.saveAs(path);
  const file = JSON.parse(readFileSync(path, 'utf8'));
  const fromCli = JSON.parse(cli(['opencost', '--preset', 'steadyLab']));
  expect(file.provider).toBe('custom');
  expect(file.GPU).toBe(fromCli.GPU);
  expect(Number(file.GPU)).toBeGreaterThan(0);
  await expect(page.getByTestId('opencost-status')).toContainText(names.done);
}

test('Export OpenCost pricing: the file’s GPU price is the command line’s', async ({ page }) => {
  await exportOpenCost(page, { preset: 'Preset', tab: 'Scenarios', done: 'Exported' });
});

test('@zh 导出 OpenCost 价格：文件中的 GPU 价格与命令行一致', async ({ page }) => {
  await exportOpenCost(page, { preset: '预设场景', tab: '场景', done: '已导出' });
});

test('Export OpenCost pricing with no own GPUs says so and downloads nothing', async ({ page }) => {
  const none = withInput(preset('seedTeam'), 'selfBuild.capacityGpus', 0);
  const link = cli(['link', scenarioFile('none.json', none)]).trim();
  await openDashboard(page, `./${link}`);
  await page.getByRole('tab', { name: 'Scenarios' }).click();
  let downloads = 0;
  page.on('download', () => {
    downloads += 1;
  });
  await page.getByTestId('export-opencost').click();
  await expect(page.getByTestId('opencost-status')).toHaveText(
    'The scenario owns no GPUs, so there is no own cluster to price.',
  );
  expect(downloads).toBe(0);
});
