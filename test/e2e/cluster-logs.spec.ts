/**
 * Import cluster logs in a real browser: a generated Slurm accounting file and a generated nvidia-smi
 * telemetry file go through the file input "Import cluster logs" / "导入集群日志" (Scenarios tab),
 * are read by the worker, previewed, and applied; the address then carries the scenario with the
 * weekly curve and the measured efficiency. Expected numbers come from an hour-by-hour count of the
 * generated jobs and samples (test/scenario/cluster-log-generator.ts, independent of src) and from the
 * engine-side reader on the same text; the page's own Intl formats them.
 */
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { defaultScenario, type Scenario } from '../../src/engine/index.ts';
import { parseClusterLog } from '../../src/scenario/cluster-log.ts';
import {
  defaultClusterGpus,
  measuredUsage,
  withMeasuredUsage,
} from '../../src/scenario/cluster-log-usage.ts';
import { decodeScenarioHash } from '../../src/scenario/url-codec.ts';
import {
  expectedSlurm,
  expectedTelemetry,
  nvidiaSmiText,
  type SyntheticJob,
  type SyntheticTelemetry,
  sacctText,
} from '../scenario/cluster-log-generator.ts';
import { expect, test } from './fixtures';
import { normalise, openDashboard } from './helpers';

/** 30 weeks of jobs of 8–32 GPUs, a few spanning week boundaries; the peak is 40 GPUs at once. */
function slurmJobs(): SyntheticJob[] {
  const jobs: SyntheticJob[] = [];
  for (let week = 0; week < 30; week++) {
    jobs.push({ startHour: week * 168 + 2, hours: 100 + (week % 7) * 8, gpus: 8 * (1 + (week % 4)) });
    jobs.push({ startHour: week * 168 + 120, hours: 60, gpus: 8 });
  }
  return jobs;
}

/** 27 weeks of hourly samples of 4 GPUs, utilization following the hour of the day. */
function telemetry(): SyntheticTelemetry {
  const utilization = Array.from({ length: 27 * 168 }, (_, h) =>
    Array.from({ length: 4 }, (_, gpu) => ((h % 24) * 4 + gpu * 9 + Math.floor(h / 168)) % 101),
  );
  return { startHour: 10, utilization };
}

async function scenarioInAddress(page: Page): Promise<Scenario | null> {
  const decoded = decodeScenarioHash(new URL(page.url()).hash.slice(1));
  return decoded.ok ? decoded.scenario : null;
}

function pagePercent(page: Page, fraction: number, locale: string): Promise<string> {
  return page.evaluate(
    ([v, l]) =>
      new Intl.NumberFormat(l, {
        style: 'percent',
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }).format(v),
    [fraction, locale] as const,
  );
}

/** The Files card with the preview, in page coordinates (for a screenshot of just that part). */
async function filesCard(page: Page) {
  const card = page.locator('section[aria-labelledby="scen-files"]');
  await card.scrollIntoViewIfNeeded();
  const box = await card.boundingBox();
  const scrollY = await page.evaluate(() => window.scrollY);
  if (!box) throw new Error('the Files card is not on the page');
  return { x: box.x, y: box.y + scrollY, width: box.width, height: box.height };
}

const text = async (page: Page, id: string) => normalise(await page.getByTestId(id).textContent()).trim();

async function openScenarios(page: Page, tab = 'Scenarios') {
  await openDashboard(page);
  await page.getByRole('tab', { name: tab }).click();
}

test('cluster logs: a Slurm accounting file → preview (weeks, measured utilization) → apply: the address holds the weekly curve and the measured efficiency', async ({
  page,
  saveScreenshot,
  axe,
}) => {
  const jobs = slurmJobs();
  const file = test.info().outputPath('sacct.txt');
  const log = sacctText(jobs);
  writeFileSync(file, log);
  // The hour-by-hour count and the engine-side reader agree on the file before the browser sees it.
  const expected = expectedSlurm(jobs);
  const parsed = parseClusterLog(log);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  expect(parsed.summary.weeklyGpus).toEqual(expected.weeklyGpus);
  const perServer = defaultScenario.selfBuild.gpusPerServer;
  const cluster = Math.ceil(expected.peakConcurrentGpus / perServer) * perServer;
  expect(defaultClusterGpus(parsed.summary, perServer)).toBe(cluster);
  const usage = measuredUsage(parsed.summary, cluster);
  expect(usage.measuredEfficiency).toBe(expected.usefulGpuHours / (cluster * expected.periodHours));

  await openScenarios(page);
  await page.getByLabel('Import cluster logs').setInputFiles(file);
  await page.getByRole('heading', { name: 'Measured usage from sacct.txt' }).waitFor();
  expect(await text(page, 'logs-format')).toBe('Slurm accounting (sacct)');
  expect(await text(page, 'logs-weeks')).toBe(String(expected.weeklyGpus.length));
  expect(await text(page, 'logs-peak-concurrent')).toBe(String(expected.peakConcurrentGpus));
  expect(await page.getByLabel('Cluster size (GPUs)').inputValue()).toBe(String(cluster));
  expect(await text(page, 'logs-efficiency')).toBe(await pagePercent(page, usage.efficiency, 'en'));
  await expect(
    page.getByText(`Job steps left out (they run inside their job’s allocation): ${jobs.length}.`),
  ).toBeVisible();
  const applied = withMeasuredUsage(defaultScenario, usage, 'label');
  expect(await text(page, 'logs-capacity')).toContain(`${applied.selfBuild.capacityGpus} GPUs`);
  await saveScreenshot(page, 'cluster-logs-slurm-preview.png', {
    fullPage: true,
    clip: await filesCard(page),
  });
  expect(await axe(page, { include: '.cluster-log-preview' })).toEqual([]);

  // A larger cluster than the log's peak: the same GPU-hours over more held hours.
  await page.getByLabel('Cluster size (GPUs)').fill(String(cluster * 2));
  const larger = measuredUsage(parsed.summary, cluster * 2);
  await expect(page.getByTestId('logs-efficiency')).toHaveText(
    await pagePercent(page, larger.efficiency, 'en'),
  );
  await page.getByLabel('Cluster size (GPUs)').fill(String(cluster));

  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/^Applied the measured utilization/)).toBeVisible();
  await expect
    .poll(async () => (await scenarioInAddress(page))?.measured.selfBuild ?? null)
    .toEqual({
      value: usage.efficiency,
      origin: 'schedulerLog',
      label: `sacct.txt · ${usage.fromDay} – ${usage.toDay} · ${usage.weeks} weeks`,
    });
  const inAddress = await scenarioInAddress(page);
  expect(inAddress?.demand.mode).toBe('weekly');
  expect(inAddress?.demand.weeklyGpus).toEqual(usage.weeklyGpus);
  expect(inAddress?.selfBuild.capacityGpus).toBe(applied.selfBuild.capacityGpus);

  // One undo step brings the scenario from before the import back.
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await scenarioInAddress(page))?.measured.selfBuild ?? null).toBeNull();
});

test('cluster logs: an nvidia-smi telemetry file → preview → apply sets the telemetry-measured efficiency and the weekly curve of GPUs busy', async ({
  page,
  saveScreenshot,
}) => {
  const samples = telemetry();
  const file = test.info().outputPath('nvidia-smi.csv');
  const log = nvidiaSmiText(samples);
  writeFileSync(file, log);
  const expected = expectedTelemetry(samples);
  const parsed = parseClusterLog(log);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const usage = measuredUsage(parsed.summary, parsed.summary.gpusSeen);
  expect(usage.measuredEfficiency).toBeCloseTo(
    expected.usefulGpuHours / (expected.gpusSeen * expected.periodHours),
    12,
  );

  await openScenarios(page);
  await page.getByLabel('Import cluster logs').setInputFiles(file);
  await page.getByRole('heading', { name: 'Measured usage from nvidia-smi.csv' }).waitFor();
  expect(await text(page, 'logs-format')).toBe('GPU telemetry (nvidia-smi)');
  expect(await text(page, 'logs-weeks')).toBe(String(expected.weeklyGpus.length));
  expect(await text(page, 'logs-gpus-seen')).toBe('4');
  expect(await text(page, 'logs-efficiency')).toBe(await pagePercent(page, usage.efficiency, 'en'));
  await saveScreenshot(page, 'cluster-logs-telemetry-preview.png', {
    fullPage: true,
    clip: await filesCard(page),
  });

  await page.getByRole('button', { name: 'Apply' }).click();
  await expect
    .poll(async () => (await scenarioInAddress(page))?.measured.selfBuild?.origin ?? null)
    .toBe('telemetry');
  const inAddress = await scenarioInAddress(page);
  expect(inAddress?.measured.selfBuild?.value).toBe(usage.efficiency);
  expect(inAddress?.demand.weeklyGpus).toEqual(usage.weeklyGpus);
});

/** Slurm's sreport for the GPU TRES, one report a week for 26 weeks: week w has 8 + (w mod 5) × 4 GPUs allocated of 64. */
function sreportText(): { text: string; weeklyGpus: number[] } {
  const rule = '-'.repeat(80);
  const lines: string[] = [];
  const weeklyGpus: number[] = [];
  for (let w = 0; w < 26; w++) {
    const start = new Date(Date.UTC(2026, 0, 5 + 7 * w));
    const end = new Date(start.getTime() + 7 * 86_400_000 - 1000);
    const iso = (d: Date) => d.toISOString().slice(0, 19);
    const gpus = 8 + (w % 5) * 4;
    weeklyGpus.push(gpus);
    lines.push(
      rule,
      `Cluster Utilization ${iso(start)} - ${iso(end)}`,
      'Usage reported in TRES Minutes',
      rule,
      'Cluster|TRES Name|Allocated|Down|PLND Down|Idle|Planned|Reported',
      `gpu-a|gres/gpu|${gpus * 168 * 60}|0|0|${(64 - gpus) * 168 * 60}|0|${64 * 168 * 60}`,
    );
  }
  return { text: lines.join('\n'), weeklyGpus };
}

/**
 * A report of GPUs allocated by period (sreport, OpenCost) through `input`: the preview shows `format`,
 * 26 weeks, the cluster's `clusterGpus` and the engine's efficiency, which equals Σ allocated ÷
 * (clusterGpus × 26 weeks) worked out here; Apply puts the weekly curve and the scheduler-log
 * efficiency in the address.
 */
async function importAggregate(
  page: Page,
  o: {
    input: string;
    fileName: string;
    format: string;
    clusterGpus: number;
    report: { text: string; weeklyGpus: number[] };
  },
) {
  const file = test.info().outputPath(o.fileName);
  writeFileSync(file, o.report.text);
  const efficiency = o.report.weeklyGpus.reduce((a, g) => a + g, 0) / (o.clusterGpus * 26);
  const parsed = parseClusterLog(o.report.text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const usage = measuredUsage(parsed.summary, parsed.summary.gpusSeen);
  expect(usage.measuredEfficiency).toBeCloseTo(efficiency, 12);

  await openScenarios(page);
  await page.getByLabel(o.input).setInputFiles(file);
  await page.getByRole('heading', { name: `Measured usage from ${o.fileName}` }).waitFor();
  expect(await text(page, 'logs-format')).toBe(o.format);
  expect(await text(page, 'logs-weeks')).toBe('26');
  expect(await text(page, 'logs-gpus-seen')).toBe(String(o.clusterGpus));
  expect(await text(page, 'logs-efficiency')).toBe(await pagePercent(page, usage.efficiency, 'en'));
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect
    .poll(async () => (await scenarioInAddress(page))?.measured.selfBuild?.origin ?? null)
    .toBe('schedulerLog');
  const inAddress = await scenarioInAddress(page);
  expect(inAddress?.measured.selfBuild?.value).toBe(usage.efficiency);
  expect(inAddress?.demand.weeklyGpus).toEqual(o.report.weeklyGpus);
}

test('cluster logs: an sreport cluster utilization file → preview → apply: the weekly curve and the allocated ÷ reported efficiency', async ({
  page,
}) => {
  await importAggregate(page, {
    input: 'Import cluster logs',
    fileName: 'sreport.txt',
    format: 'Slurm cluster utilization (sreport)',
    clusterGpus: 64,
    report: sreportText(),
  });
});

function openCostExport(): { text: string; weeklyGpus: number[] } {
  const weeklyGpus: number[] = [];
  const data = Array.from({ length: 26 }, (_, w) => {
    const start = new Date(Date.UTC(2026, 0, 5 + 7 * w)).toISOString();
    const end = new Date(Date.UTC(2026, 0, 12 + 7 * w)).toISOString();
    const gpus = 16 + (w % 4) * 8;
    weeklyGpus.push(gpus);
    const allocation = (name: string, hours: number, requested: number, used: number) => ({
      name,
      window: { start, end },
      gpuHours: hours,
      // gpuUsageAverage: DCGM engine activity averaged over the allocation's GPUs, 0–1.
      gpuAllocation: { gpuRequestAverage: requested, gpuUsageAverage: used, isGPUShared: false },
    });
    return {
      // DCGM: training's GPUs busy half the time, inference's three quarters.
      training: allocation('training', (gpus - 8) * 168, gpus - 8, 0.5),
      inference: allocation('inference', 8 * 168, 8, 0.75),
      __idle__: { name: '__idle__', window: { start, end }, gpuHours: (96 - gpus) * 168 },
    };
  });
  return { text: JSON.stringify({ code: 200, status: 'success', data }), weeklyGpus };
}

/** OpenCost's daily CSV export: 26 weeks of rows, training every day and inference on weekdays. */
function openCostCsvExport(): { text: string; weeklyGpus: number[] } {
  const lines = [
    'Date,Namespace,ControllerKind,ControllerName,Pod,Container,CPUCoreUsageAverage,CPUCoreRequestAverage,RAMBytesUsageAverage,RAMBytesRequestAverage,NetworkReceiveBytes,NetworkTransferBytes,GPUs,PVBytes,CPUCost,RAMCost,NetworkCost,PVCost,GPUCost,TotalCost',
  ];
  const weeklyGpus: number[] = [];
  for (let w = 0; w < 26; w++) {
    const training = 16 + (w % 4) * 8;
    for (let d = 0; d < 7; d++) {
      const date = new Date(Date.UTC(2026, 0, 5 + 7 * w + d)).toISOString().slice(0, 10);
      lines.push(`${date},training,job,llm,llm-0,main,4,4,1,1,0,0,${training},0,1,1,0,0,2,4`);
      if (d < 5) lines.push(`${date},inference,deployment,api,api-0,main,2,2,1,1,0,0,7,0,1,1,0,0,2,4`);
    }
    // A week's GPUs: training's every day + inference's 7 GPUs on 5 days of 7.
    weeklyGpus.push(training + (7 * 5) / 7);
  }
  return { text: `${lines.join('\n')}\n`, weeklyGpus };
}

test('cluster logs: an OpenCost allocation export through “Import OpenCost allocation” → preview → apply', async ({
  page,
}) => {
  await importAggregate(page, {
    input: 'Import OpenCost allocation',
    fileName: 'allocation.json',
    format: 'OpenCost allocation export',
    clusterGpus: 96,
    report: openCostExport(),
  });
  // Busy while allocated, worked out here: Σ (training ½ + inference ¾) ÷ Σ allocated, in GPU-weeks.
  const weeks = openCostExport().weeklyGpus;
  const busy = weeks.reduce((a, g) => a + (g - 8) * 0.5 + 8 * 0.75, 0) / weeks.reduce((a, g) => a + g, 0);
  await page
    .getByLabel('Import OpenCost allocation')
    .setInputFiles(test.info().outputPath('allocation.json'));
  await page.getByRole('heading', { name: 'Measured usage from allocation.json' }).waitFor();
  await expect(page.getByTestId('logs-busy')).toContainText(
    `the GPUs were busy ${await pagePercent(page, busy, 'en')} of the time`,
  );
});

test('cluster logs: an OpenCost daily CSV export → preview asks the cluster size → apply: allocated ÷ (size × hours)', async ({
  page,
  saveScreenshot,
}) => {
  const report = openCostCsvExport();
  const file = test.info().outputPath('opencost-export.csv');
  writeFileSync(file, report.text);
  // Worked out here: the busiest day holds 40 + 7 = 47 GPUs, so the suggested size is 48 (servers of 8).
  const suggested =
    Math.ceil(47 / defaultScenario.selfBuild.gpusPerServer) * defaultScenario.selfBuild.gpusPerServer;
  const allocatedGpuHours = report.weeklyGpus.reduce((a, g) => a + g * 168, 0);
  const parsed = parseClusterLog(report.text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  expect(parsed.summary.weeklyGpus.map((g) => Number(g.toFixed(9)))).toEqual(
    report.weeklyGpus.map((g) => Number(g.toFixed(9))),
  );
  const usage = measuredUsage(parsed.summary, 64);
  expect(usage.measuredEfficiency).toBeCloseTo(allocatedGpuHours / (64 * 26 * 168), 12);

  await openScenarios(page);
  await page.getByLabel('Import OpenCost allocation').setInputFiles(file);
  await page.getByRole('heading', { name: 'Measured usage from opencost-export.csv' }).waitFor();
  expect(await text(page, 'logs-format')).toBe('OpenCost CSV export');
  expect(await text(page, 'logs-weeks')).toBe('26');
  expect(await text(page, 'logs-peak-concurrent')).toBe('47');
  expect(await page.getByLabel('Cluster size (GPUs)').inputValue()).toBe(String(suggested));
  await page.getByLabel('Cluster size (GPUs)').fill('64');
  await expect(page.getByTestId('logs-efficiency')).toHaveText(
    await pagePercent(page, usage.efficiency, 'en'),
  );
  await expect(page.getByTestId('logs-busy')).toHaveCount(0);
  await expect(page.getByTestId('logs-upper-bound')).toContainText('an upper bound');
  await saveScreenshot(page, 'cluster-logs-opencost-csv-preview.png', {
    fullPage: true,
    clip: await filesCard(page),
  });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect
    .poll(async () => (await scenarioInAddress(page))?.measured.selfBuild?.value ?? null)
    .toBe(usage.efficiency);
  const inAddress = await scenarioInAddress(page);
  expect(inAddress?.measured.selfBuild?.origin).toBe('schedulerLog');
  expect(inAddress?.demand.weeklyGpus).toEqual(usage.weeklyGpus);
});

test('cluster logs: a bad line is named by line and column, and Cancel on a good file changes nothing', async ({
  page,
}) => {
  const log = sacctText(slurmJobs()).split('\n');
  // Line 4 (the second job's own line; its step follows on line 5): a GPU count that is not one.
  log[3] = (log[3] ?? '').replace(/gres\/gpu=\d+/, 'gres/gpu=eight');
  const bad = test.info().outputPath('sacct-bad.txt');
  writeFileSync(bad, log.join('\n'));
  const good = test.info().outputPath('sacct-good.txt');
  writeFileSync(good, sacctText(slurmJobs()));

  await openScenarios(page);
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  const kpi = await text(page, 'kpi-monthly-selfBuild');
  const before = page.url();
  await page.getByRole('tab', { name: 'Scenarios' }).click();

  await page.getByLabel('Import cluster logs').setInputFiles(bad);
  const alert = page.getByRole('alert').filter({ hasText: 'sacct-bad.txt' });
  await expect(alert).toContainText('Line 4, column “AllocTRES”: “gres/gpu=eight” is not a count of GPUs.');
  await expect(alert).toContainText('Your current scenario is unchanged.');
  await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);

  await page.getByLabel('Import cluster logs').setInputFiles(good);
  await page.getByRole('heading', { name: 'Measured usage from sacct-good.txt' }).waitFor();
  await expect(alert).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Measured usage from sacct-good.txt' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Dashboard' }).click();
  expect(await text(page, 'kpi-monthly-selfBuild')).toBe(kpi);
  expect(page.url()).toBe(before);
});

test('集群日志：中文界面导入 Slurm 记账文件，预览与引擎一致 @zh', async ({ page, saveScreenshot }) => {
  const jobs = slurmJobs();
  const file = test.info().outputPath('sacct.txt');
  const log = sacctText(jobs);
  writeFileSync(file, log);
  const parsed = parseClusterLog(log);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const usage = measuredUsage(
    parsed.summary,
    defaultClusterGpus(parsed.summary, defaultScenario.selfBuild.gpusPerServer),
  );

  await openScenarios(page, '场景');
  await page.getByLabel('导入集群日志').setInputFiles(file);
  await page.getByRole('heading', { name: 'sacct.txt 中的实测用量' }).waitFor();
  expect(await text(page, 'logs-weeks')).toBe(String(usage.weeks));
  expect(await text(page, 'logs-efficiency')).toBe(await pagePercent(page, usage.efficiency, 'zh-CN'));
  await saveScreenshot(page, 'cluster-logs-preview-zh.png', { fullPage: true, clip: await filesCard(page) });
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'cluster-logs-preview-zh-phone.png', {
    fullPage: true,
    clip: await filesCard(page),
  });
  await page.getByRole('button', { name: '应用' }).click();
  await expect
    .poll(async () => (await scenarioInAddress(page))?.measured.selfBuild?.label ?? null)
    .toBe(`sacct.txt · ${usage.fromDay} – ${usage.toDay} · ${usage.weeks} 周`);
});

test('cluster logs: the preview reads on a phone @phone', async ({ page, saveScreenshot }) => {
  const file = test.info().outputPath('nvidia-smi.csv');
  writeFileSync(file, nvidiaSmiText(telemetry()));
  await openScenarios(page);
  await page.getByLabel('Import cluster logs').setInputFiles(file);
  const preview = page.locator('.cluster-log-preview');
  await preview.waitFor();
  // Nothing in the preview is wider than the screen.
  const widest = await preview.evaluate((el) =>
    Math.max(...[el, ...el.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)),
  );
  expect(widest).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'cluster-logs-preview-phone.png', {
    fullPage: true,
    clip: await filesCard(page),
  });
});
