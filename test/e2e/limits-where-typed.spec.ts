/**
 * Issue 36 item 4 in a real browser, in English and in Chinese: limits are named where the person
 * typed them.
 * - A training plan whose week would hold more than 1,000,000 GPUs is refused beside the field typed
 *   (the recurring work, a run's "GPUs to use"), with the week and the limit, and the plan stays as
 *   it was.
 * - A Slurm log with a 309-digit GPU count is refused at its line and column (it was "The file could
 *   not be read"), and a log with more GPUs in use at once than a cluster may have is refused with the
 *   limit before any preview asks for a cluster size.
 */
import { writeFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { formatNumber, type Locale } from '../../src/lib/format.ts';
import { decodeScenarioHash } from '../../src/scenario/url-codec.ts';
import { expect, test } from './fixtures';
import { openDashboard } from './helpers';

/** The count as the message quotes it: the entry cut to 40 characters. */
const NINES = '9'.repeat(40 - 'gres/gpu='.length);

interface Words {
  locale: Locale;
  demandInput: string;
  plan: string;
  addRun: string;
  recurring: RegExp;
  sizeBy: string;
  gpuHoursOption: string;
  gpuHours: string;
  gpus: string;
  scenariosTab: string;
  importLogs: string;
  planWeek: (week: number, limit: string) => string;
  tooManyGpus: (line: number, limit: string) => string;
  peak: (gpus: string, limit: string) => string;
}

const EN: Words = {
  locale: 'en',
  demandInput: 'Demand input',
  plan: 'Training plan',
  addRun: 'Add run',
  recurring: /^Recurring work/,
  sizeBy: 'Size given as',
  gpuHoursOption: 'GPU-hours',
  gpuHours: 'GPU-hours',
  gpus: 'GPUs to use',
  scenariosTab: 'Scenarios',
  importLogs: 'Import cluster logs',
  planWeek: (week, limit) =>
    `Week ${week} of the plan would need more than ${limit} GPUs, the most one week can hold`,
  tooManyGpus: (line, limit) =>
    `Line ${line}, column “AllocTRES”: “gres/gpu=${NINES}” is more GPUs than a cluster can have here (at most ${limit}).`,
  peak: (gpus, limit) =>
    `The log shows ${gpus} GPUs in use at once, more than the ${limit} a cluster can have here.`,
};

const ZH: Words = {
  locale: 'zh-CN',
  demandInput: '需求输入方式',
  plan: '训练计划',
  addRun: '添加训练任务',
  recurring: /^常规任务/,
  sizeBy: '规模填写方式',
  gpuHoursOption: '卡时',
  gpuHours: '卡时',
  gpus: '使用 GPU 数',
  scenariosTab: '场景',
  importLogs: '导入集群日志',
  planWeek: (week, limit) => `计划第 ${week} 周将需要超过 ${limit} 张 GPU（每周的上限）`,
  tooManyGpus: (line, limit) =>
    `第 ${line} 行，“AllocTRES”列：“gres/gpu=${NINES}”超过了一个集群可有的 GPU 数（最多 ${limit} 张）。`,
  peak: (gpus, limit) => `日志显示同时使用 ${gpus} 张 GPU，超过了一个集群可有的 ${limit} 张。`,
};

const LIMIT = 1_000_000;

async function planForm(page: Page, w: Words) {
  await openDashboard(page);
  await page.getByRole('combobox', { name: w.demandInput }).selectOption({ label: w.plan });
}

/** A new run sized in GPU-hours: its "GPU-hours" and "GPUs to use" fields. */
async function runInGpuHours(page: Page, w: Words, run: number) {
  await page.getByRole('button', { name: w.addRun }).click();
  const box = page.getByTestId(`plan-run-${run}`);
  await box.getByRole('combobox', { name: w.sizeBy }).selectOption({ label: w.gpuHoursOption });
  return {
    hours: box.getByRole('textbox', { name: w.gpuHours, exact: true }),
    gpus: box.getByRole('textbox', { name: w.gpus, exact: true }),
  };
}

/** The plan the address holds (the store's, once the address has followed it). */
async function planInAddress(page: Page) {
  const decoded = decodeScenarioHash(new URL(page.url()).hash.slice(1));
  return decoded.ok ? decoded.scenario.trainingPlan : null;
}

/**
 * Types over a refused value key by key. (Playwright's `fill` over a value the door refused is not
 * taken by the plan's fields, while keys are — seen before this change too, with any refused value;
 * a person types.)
 */
async function retype(field: Locator, text: string) {
  await field.fill('');
  await field.pressSequentially(text);
}

async function planLimitsAtTheField(page: Page, w: Words) {
  const limit = formatNumber(LIMIT, w.locale);
  await planForm(page, w);
  const errorOf = async (field: Locator) => page.locator(`#${await field.getAttribute('aria-describedby')}`);

  // Recurring work of 1e9 GPU-hours a month is 1,369,863 GPUs in every week.
  const recurring = page.getByRole('textbox', { name: w.recurring });
  await recurring.fill('1000000000');
  await expect(recurring).toHaveAttribute('aria-invalid', 'true');
  await expect(await errorOf(recurring)).toContainText(w.planWeek(1, limit));
  await retype(recurring, '5000');
  await expect(recurring).toHaveAttribute('aria-invalid', 'false');
  await expect.poll(async () => (await planInAddress(page))?.recurringGpuHoursPerMonth).toBe(5000);

  // Run 1: 600,000 GPUs for two weeks.
  const first = await runInGpuHours(page, w, 0);
  await first.gpus.fill('600000');
  await first.hours.fill(String(600_000 * 168 * 2));
  await expect(first.hours).toHaveAttribute('aria-invalid', 'false');
  // Run 2: 151,200,000 GPU-hours on 10,000 GPUs (90 weeks), then on 600,000: week 1 would hold
  // 1,200,000 GPUs, refused at run 2's GPUs.
  const second = await runInGpuHours(page, w, 1);
  await second.gpus.fill('10000');
  await second.hours.fill(String(600_000 * 168 * 1.5));
  await expect(second.hours).toHaveAttribute('aria-invalid', 'false');
  await second.gpus.fill('600000');
  await expect(second.gpus).toHaveAttribute('aria-invalid', 'true');
  await expect(await errorOf(second.gpus)).toContainText(w.planWeek(1, limit));
  // The plan kept is the last accepted one.
  await expect.poll(async () => (await planInAddress(page))?.runs[1]?.gpuHours).toBe(600_000 * 168 * 1.5);
  expect((await planInAddress(page))?.runs[1]?.gpus).toBe(10_000);
  await retype(second.gpus, '300000');
  await expect(second.gpus).toHaveAttribute('aria-invalid', 'false');
  await expect.poll(async () => (await planInAddress(page))?.runs[1]?.gpus).toBe(300_000);
}

test('a plan whose week would hold more than 1,000,000 GPUs is refused at the field typed, with the week and the limit', async ({
  page,
}) => {
  await planLimitsAtTheField(page, EN);
});

test('训练计划：某周超过 1,000,000 张 GPU 时，在所填字段旁说明周次与上限 @zh', async ({ page }) => {
  await planLimitsAtTheField(page, ZH);
});

const SLURM_HEADER = 'JobID|JobName|Start|End|Elapsed|State|AllocTRES';

async function logLimits(page: Page, w: Words) {
  const limit = formatNumber(LIMIT, w.locale);
  const overflow = test.info().outputPath('sacct-overflow.txt');
  writeFileSync(
    overflow,
    [
      SLURM_HEADER,
      '1|a|2026-01-05T00:00:00|2026-01-06T00:00:00|24:00:00|COMPLETED|gres/gpu=8',
      `2|b|2026-01-05T00:00:00|2026-01-06T00:00:00|24:00:00|COMPLETED|cpu=4,gres/gpu=${'9'.repeat(309)}`,
    ].join('\n'),
  );
  // 28 weeks of two jobs of 600,000 GPUs each at once: 1,200,000 in use.
  const peak = test.info().outputPath('sacct-peak.txt');
  writeFileSync(
    peak,
    [
      SLURM_HEADER,
      '1|a|2026-01-05T00:00:00|2026-07-20T00:00:00|4704:00:00|COMPLETED|gres/gpu=600000',
      '2|b|2026-01-05T00:00:00|2026-07-20T00:00:00|4704:00:00|COMPLETED|gres/gpu=600000',
    ].join('\n'),
  );
  await openDashboard(page);
  await page.getByRole('tab', { name: w.scenariosTab }).click();
  const input = page.getByLabel(w.importLogs);

  await input.setInputFiles(overflow);
  const overflowAlert = page.getByRole('alert').filter({ hasText: 'sacct-overflow.txt' });
  await expect(overflowAlert).toContainText(w.tooManyGpus(3, limit));

  await input.setInputFiles(peak);
  const peakAlert = page.getByRole('alert').filter({ hasText: 'sacct-peak.txt' });
  await expect(peakAlert).toContainText(w.peak(formatNumber(1_200_000, w.locale), limit));
  // Refused up front: no preview, no cluster size to enter.
  await expect(page.locator('.cluster-log-preview')).toHaveCount(0);
}

test('cluster logs: a 309-digit GPU count is refused at its line and column; a log above the cluster maximum is refused with the limit', async ({
  page,
}) => {
  await logLimits(page, EN);
});

test('集群日志：309 位的 GPU 数按行列拒绝；超过集群上限的日志直接说明上限 @zh', async ({ page }) => {
  await logLimits(page, ZH);
});
