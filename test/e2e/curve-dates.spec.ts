/**
 * Issue 25 on the dashboard: a weekly usage CSV imported on the Scenarios tab labels the dashboard's
 * demand chart with the file's dates (not week numbers), and the demand field says the curve came
 * from that file. Hooks: the file input "Import CSV" / "导入 CSV", the chart `figure[data-chart="demand"]`,
 * `data-testid="demand-curve-summary"` (the demand field's line about the curve).
 */
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openDashboard, renderDeferred } from './helpers';

/** 30 Mondays from 2026-01-05, the GPUs alternating 100 and 110. */
function datedCsv(path: string): void {
  const rows = Array.from({ length: 30 }, (_, i) => {
    const d = new Date(Date.UTC(2026, 0, 5 + 7 * i));
    return `${d.toISOString().slice(0, 10)},${100 + (i % 2) * 10}`;
  });
  writeFileSync(path, ['date,gpus', ...rows].join('\n'));
}

async function importAndShowChart(
  page: Page,
  labels: { scenarios: string; importCsv: string; apply: string; dashboard: string },
  file: string,
) {
  await openDashboard(page);
  await page.getByRole('tab', { name: labels.scenarios }).click();
  await page.getByLabel(labels.importCsv).setInputFiles(file);
  await page.getByRole('button', { name: labels.apply, exact: true }).click();
  await page.getByRole('tab', { name: labels.dashboard }).click();
  await renderDeferred(page);
  const chart = page.locator('figure[data-chart="demand"]');
  await chart.scrollIntoViewIfNeeded();
  return chart;
}

/** The x axis' tick texts (recharts draws every axis' ticks in one layer; the x axis' are at the bottom). */
const X_TICK = '.recharts-cartesian-axis-tick-value[orientation="bottom"]';
async function xTicks(page: Page): Promise<string[]> {
  return page.locator(`figure[data-chart="demand"] ${X_TICK}`).allTextContents();
}

test('after a CSV import on the Scenarios tab the dashboard demand chart shows the file’s dates', async ({
  page,
}, testInfo) => {
  const file = testInfo.outputPath('dated-usage.csv');
  datedCsv(file);
  const chart = await importAndShowChart(
    page,
    { scenarios: 'Scenarios', importCsv: 'Import CSV', apply: 'Apply', dashboard: 'Dashboard' },
    file,
  );
  await expect(chart.locator(X_TICK).first()).toHaveText('2026-01-05');
  const ticks = await xTicks(page);
  // Weeks 1, 13 and the last (30; week 26 gives way to it): 2026-01-05, 2026-03-30, 2026-07-27.
  expect(ticks).toEqual(['2026-01-05', '2026-03-30', '2026-07-27']);
  await expect(chart.getByText('Week starting (dates from the file)')).toBeVisible();
  await expect(chart.getByText('The axis shows the dates “dated-usage.csv” gave its weeks.')).toBeVisible();
  await expect(page.getByTestId('demand-curve-summary')).toHaveText(
    'From the file “dated-usage.csv”: 30 weeks from 2026-01-05 to 2026-07-27, mean 105 GPUs, peak 110 GPUs',
  );

  // Undo takes the curve back: the dates go with it and stay gone on redo.
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect.poll(() => xTicks(page)).toEqual(['1', '13', '26', '30']);
});

test('CSV 导入后看板的需求图横轴显示文件中的日期 @zh', { tag: '@zh' }, async ({ page }, testInfo) => {
  const file = testInfo.outputPath('dated-usage.csv');
  datedCsv(file);
  const chart = await importAndShowChart(
    page,
    { scenarios: '场景', importCsv: '导入 CSV', apply: '应用', dashboard: '看板' },
    file,
  );
  await expect(chart.locator(X_TICK).first()).toHaveText('2026-01-05');
  expect(await xTicks(page)).toEqual(['2026-01-05', '2026-03-30', '2026-07-27']);
  await expect(chart.getByText('每周起始日期（来自文件）')).toBeVisible();
  await expect(page.getByTestId('demand-curve-summary')).toContainText('来自文件“dated-usage.csv”');
});
