/**
 * Issue 23 in a real browser: a two-run training plan typed into the demand form "Training plan" /
 * "训练计划" (buttons "Add run" / "添加训练"), its GPU-hours (`plan-gpu-hours`), the finish week per
 * strategy (`finish-week-<strategyId>`) and the cheapest way that meets every deadline
 * (`on-time-cheapest`), each checked against the engine fed the same plan; the run's default MFU for
 * its size and the reported-hours overhead beside it, each with its sources; then the GPU model of a
 * run changes and the GPU-hours follow.
 */
import type { Page } from '@playwright/test';
import {
  defaultScenario,
  evaluate,
  newTrainingRun,
  planDeadlines,
  runGpuHours,
  runGpus,
  type Scenario,
  STRATEGY_IDS,
  switchDemandForm,
  type TrainingRun,
} from '../../src/engine/index.ts';
import { expect, test } from './fixtures';
import { openDashboard } from './helpers';

interface Words {
  demandInput: string;
  plan: string;
  addRun: string;
  params: RegExp;
  tokens: RegExp;
  gpus: string;
  deadline: RegExp;
  start: string;
  sizeBy: string;
  gpuHoursOption: string;
  gpuHours: string;
  gpu: string;
}

const EN: Words = {
  demandInput: 'Demand input',
  plan: 'Training plan',
  addRun: 'Add run',
  params: /^Parameters/,
  tokens: /^Tokens/,
  gpus: 'GPUs to use',
  deadline: /^Deadline/,
  start: 'Start week',
  sizeBy: 'Size given as',
  gpuHoursOption: 'GPU-hours',
  gpuHours: 'GPU-hours',
  gpu: 'GPU',
};

const ZH: Words = {
  demandInput: '需求输入方式',
  plan: '训练计划',
  addRun: '添加训练任务',
  params: /^参数量/,
  tokens: /^token 数/,
  gpus: '使用 GPU 数',
  deadline: /^截止/,
  start: '开始周',
  sizeBy: '规模填写方式',
  gpuHoursOption: '卡时',
  gpuHours: '卡时',
  gpu: 'GPU 型号',
};

/** The plan the test types: a 70B model on 2T tokens on 512 GPUs by week 20, then a 20,000 GPU-hour fine-tune from week 14 by week 18. */
function expectedScenario(modelOfFirst: string): Scenario {
  const base = newTrainingRun(defaultScenario);
  const pretrain: TrainingRun = {
    ...base,
    paramsBillions: 70,
    tokensTrillions: 2,
    gpus: 512,
    deadlineWeek: 20,
    modelId: modelOfFirst,
  };
  const finetune: TrainingRun = {
    ...newTrainingRun(defaultScenario),
    sizeBy: 'gpuHours',
    gpuHours: 20_000,
    gpus: 64,
    startWeek: 14,
    deadlineWeek: 18,
  };
  const s = {
    ...defaultScenario,
    trainingPlan: { ...defaultScenario.trainingPlan, runs: [pretrain, finetune] },
  };
  // Entering a plan sizes the example's cluster to the plan's peak (issue 44), as the page does.
  return switchDemandForm(s, 'plan');
}

async function typeInto(page: Page, run: number, name: string | RegExp, value: string) {
  const box = page
    .getByTestId(`plan-run-${run}`)
    .getByRole('textbox', { name, exact: typeof name === 'string' });
  await box.fill(value);
}

async function enterPlan(page: Page, w: Words) {
  await openDashboard(page);
  await page.getByRole('combobox', { name: w.demandInput }).selectOption({ label: w.plan });
  await page.getByRole('button', { name: w.addRun }).click();
  await page.getByRole('button', { name: w.addRun }).click();
  await typeInto(page, 0, w.params, '70');
  await typeInto(page, 0, w.tokens, '2');
  await typeInto(page, 0, w.gpus, '512');
  await typeInto(page, 0, w.deadline, '20');
  await page
    .getByTestId('plan-run-1')
    .getByRole('combobox', { name: w.sizeBy })
    .selectOption({ label: w.gpuHoursOption });
  await typeInto(page, 1, w.gpuHours, '20000');
  await typeInto(page, 1, w.start, '14');
  await typeInto(page, 1, w.deadline, '18');
}

async function checkAgainstEngine(page: Page, s: Scenario) {
  const e = evaluate(s);
  const d = planDeadlines(s, e);
  const total = s.trainingPlan.runs.reduce((sum, r) => sum + runGpuHours(r), 0);
  await expect(page.getByTestId('plan-gpu-hours')).toHaveAttribute('data-gpu-hours', String(total));
  for (const id of STRATEGY_IDS) {
    const cell = page.getByTestId(`finish-week-${id}`);
    await expect(cell).toHaveAttribute('data-week', String(d.strategies[id].lastFinishWeek ?? ''));
    await expect(cell).toHaveAttribute('data-on-time', String(d.strategies[id].allOnTime));
  }
  await expect(page.getByTestId('on-time-cheapest')).toHaveAttribute(
    'data-strategy',
    d.cheapest.strategyId ?? '',
  );
  return d;
}

test('a two-run plan with deadlines shows finish weeks per strategy and the cheapest on-time way; the GPU-hours follow the GPU model', async ({
  page,
}) => {
  await enterPlan(page, EN);
  const d = await checkAgainstEngine(page, expectedScenario('h800'));
  // The own cluster is ordered in week 1 and serves after its lead time: it cannot meet week 20.
  expect(d.strategies.selfBuild.allOnTime).toBe(false);
  await expect(page.getByTestId('finish-week-selfBuild')).toContainText('weeks late');
  await expect(page.getByTestId('on-time-cheapest')).toContainText('Cheapest way that meets every deadline');
  await expect(page.getByTestId('plan-run-gpu-hours-0')).toContainText('on H800');
  // A 70B dense run on H800: the mid-size 35 % and the ×1.1 reported-hours overhead, each sourced;
  // 6 × 70e9 × 2e12 ÷ (989e12 × 0.35 × 3,600) × 1.1 = 741,490 GPU-hours.
  await expect(page.getByTestId('plan-mfu-source-0')).toContainText(
    'the default 35 % for a dense model of 20–150 B parameters on this GPU — Ai2, "Olmo 3", Nov 2025',
  );
  await expect(page.getByTestId('plan-overhead-factor-0')).toHaveText('×1.1');
  await expect(page.getByTestId('plan-overhead-source-0')).toContainText('interruptions are not in it');
  await expect(page.getByTestId('plan-overhead-source-0')).toContainText(
    '"The Llama 3 Herd of Models", Jul 2024',
  );
  expect(Math.round(((6 * 70e9 * 2e12) / (989e12 * 0.35 * 3600)) * 1.1)).toBe(741_490);
  await expect(page.getByTestId('plan-run-gpu-hours-0')).toContainText('741,490 GPU-hours');

  await page
    .getByTestId('plan-run-0')
    .getByRole('combobox', { name: EN.gpu, exact: true })
    .selectOption({ label: 'B200' });
  await checkAgainstEngine(page, expectedScenario('b200'));
  await expect(page.getByTestId('plan-run-gpu-hours-0')).toContainText('on B200');
  await expect(page.getByTestId('plan-mfu-source-0')).toContainText('35');
});

for (const order of ['blank first', 'deadline first'] as const) {
  test(`“GPUs to use” cleared and a deadline typed, ${order}: the run uses as few GPUs as meet the deadline, with no message left`, async ({
    page,
  }) => {
    await openDashboard(page);
    await page.getByRole('combobox', { name: EN.demandInput }).selectOption({ label: EN.plan });
    await page.getByRole('button', { name: EN.addRun }).click();
    const run = page.getByTestId('plan-run-0');
    const gpus = run.getByRole('textbox', { name: EN.gpus, exact: true });
    if (order === 'blank first') {
      await gpus.fill('');
      await expect(gpus, 'blank without a deadline is refused, not kept').toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await typeInto(page, 0, EN.deadline, '20');
    } else {
      await typeInto(page, 0, EN.deadline, '20');
      await gpus.fill('');
    }

    const planned: TrainingRun = { ...newTrainingRun(defaultScenario), gpus: null, deadlineWeek: 20 };
    const s = switchDemandForm(
      { ...defaultScenario, trainingPlan: { ...defaultScenario.trainingPlan, runs: [planned] } },
      'plan',
    );
    await checkAgainstEngine(page, s);
    await expect(gpus).toHaveValue('');
    await expect(gpus).toHaveAttribute('aria-invalid', 'false');
    await expect(run.getByRole('alert')).toHaveCount(0);
    await expect(page.getByTestId('plan-run-gpu-hours-0')).toContainText(
      `${runGpus(planned).toLocaleString('en')} GPUs`,
    );
  });
}

test('the same plan in Chinese @zh', async ({ page }) => {
  await enterPlan(page, ZH);
  await checkAgainstEngine(page, expectedScenario('h800'));
  await expect(page.getByTestId('plan-mfu-source-0')).toContainText(
    '留空即该 GPU 上参数量 20–150B 的稠密模型的默认值 35%（Ai2，“Olmo 3”，2025 年 11 月',
  );
  await expect(page.getByTestId('plan-overhead-factor-0')).toHaveText('×1.1');
  await expect(page.getByTestId('plan-overhead-source-0')).toContainText('不含故障中断');
  await expect(page.getByTestId('plan-overhead-source-0')).toContainText('2024 年 7 月');
  await expect(page.getByTestId('finish-week-selfBuild')).toContainText('晚');
  await expect(page.getByTestId('on-time-cheapest')).toContainText('满足所有截止时间的成本最低方案');
  await page
    .getByTestId('plan-run-0')
    .getByRole('combobox', { name: ZH.gpu, exact: true })
    .selectOption({ label: 'B200' });
  await checkAgainstEngine(page, expectedScenario('b200'));
});

test('the plan is usable on a phone: nothing wider than the screen, finish weeks shown @phone', async ({
  page,
}) => {
  await enterPlan(page, EN);
  await checkAgainstEngine(page, expectedScenario('h800'));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await page.getByTestId('plan-run-0').boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
  await expect(page.getByTestId('on-time-cheapest')).toBeVisible();
});
