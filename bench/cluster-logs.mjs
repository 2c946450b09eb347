#!/usr/bin/env node
/**
 * Benchmark (not a test): importing a 50 MB cluster log in the built app. Writes a Slurm accounting
 * file and an nvidia-smi telemetry file of about 50 MB each, imports each through "Import cluster
 * logs" (BENCH_RUNS times, default 3, each in a fresh page), and reports the time from choosing the
 * file to the preview as MB/s, and the main thread's long tasks (the browser's Long Tasks API: every
 * task over 50 ms) while the worker reads it. Beside it, the machine's floor: a page that only reads
 * the same file in a worker (the file's stream decoded as UTF-8, nothing parsed), timed the same way.
 * Budgets: ≥ 30 MB/s (issue 36), no task over 50 ms. Merges the figures into bench/results.json; a
 * run that does not reach the preview is recorded as missing, never as fast.
 * Run: `node bench/cluster-logs.mjs` (BENCH_SKIP_BUILD=1 to reuse dist/; BENCH_MB=<n> for smaller files).
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, median, mergeResults, startPreview } from './preview-server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** How long one import may take before the run counts as missing (a hang guard, not a budget). */
const IMPORT_TIMEOUT_MS = 120_000;

/**
 * The floor page: an empty page (no app, no CSP) with a file input; choosing a file starts a worker
 * that reads it through its stream decoded as UTF-8, counting characters, and posts the time it took
 * from the file being chosen.
 */
const FLOOR_PAGE = `<!doctype html><input type="file" aria-label="file"><script>
const source = 'onmessage = async (e) => { let n = 0; const r = e.data.stream().pipeThrough(new TextDecoderStream()).getReader(); for (;;) { const { done, value } = await r.read(); if (done) break; n += value.length; } postMessage(n); };';
const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
document.querySelector('input').addEventListener('change', (e) => {
  const started = performance.now();
  const worker = new Worker(url);
  worker.onmessage = (m) => { window.__floor = { ms: performance.now() - started, chars: m.data }; worker.terminate(); };
  worker.postMessage(e.target.files[0]);
});
</script>`;

async function floorMs(browser, path) {
  const page = await browser.newPage();
  try {
    await page.setContent(FLOOR_PAGE);
    await page.locator('input').setInputFiles(path);
    const handle = await page.waitForFunction(() => window.__floor, null, { timeout: IMPORT_TIMEOUT_MS });
    return (await handle.jsonValue()).ms;
  } catch {
    return null;
  } finally {
    await page.close();
  }
}

// BENCH_MB: a smaller file, to tell fixed costs (the preview's first render) from costs that grow with size.
const TARGET_BYTES = Number(process.env.BENCH_MB ?? 50) * 1024 * 1024 - 64 * 1024;
const HOUR_MS = 3_600_000;
const START_MS = Date.UTC(2026, 0, 5);

const wall = (ms) => new Date(ms).toISOString().slice(0, 19);

/** Jobs of 1–8 servers spread over 100 weeks, each line with its batch step. */
function sacct() {
  const lines = ['JobID|JobName|Partition|Account|User|Start|End|Elapsed|State|AllocTRES'];
  let bytes = lines[0].length + 1;
  for (let i = 0; bytes < TARGET_BYTES; i++) {
    const start = START_MS + ((i * 7919) % (100 * 168)) * HOUR_MS;
    const hours = 1 + (i % 47);
    const gpus = 8 * (1 + (i % 8));
    const tres = `billing=${gpus * 8},cpu=${gpus * 8},gres/gpu=${gpus},mem=${gpus * 64}G,node=${gpus / 8}`;
    const line = `${100000 + i}|train-${i}|gpu|lab|user${i % 40}|${wall(start)}|${wall(start + hours * HOUR_MS)}|${String(hours).padStart(2, '0')}:00:00|COMPLETED|${tres}`;
    lines.push(line);
    bytes += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

/** 64 GPUs sampled every 5 minutes until the file reaches the size. */
function nvidiaSmi() {
  const lines = ['timestamp, index, utilization.gpu [%]'];
  let bytes = lines[0].length + 1;
  for (let step = 0; bytes < TARGET_BYTES; step++) {
    const time = `${wall(START_MS + step * 300_000)
      .replace('T', ' ')
      .replaceAll('-', '/')}.000`;
    for (let gpu = 0; gpu < 64 && bytes < TARGET_BYTES; gpu++) {
      const line = `${time}, ${gpu}, ${(step * 7 + gpu * 13) % 101} %`;
      lines.push(line);
      bytes += line.length + 1;
    }
  }
  return `${lines.join('\n')}\n`;
}

const dir = mkdtempSync(join(tmpdir(), 'cluster-logs-bench-'));
const files = [
  ['sacct.txt', sacct()],
  ['nvidia-smi.csv', nvidiaSmi()],
].map(([name, text]) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return { name, path, mb: statSync(path).size / 1024 / 1024 };
});

const { baseUrl, stop } = await startPreview();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const rows = [];
const loadBefore = loadavg()[0];
try {
  for (const file of files) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await importOnce(file));
    const done = runs.filter((r) => r !== null);
    const floors = [];
    for (let run = 0; run < RUNS; run++) floors.push(await floorMs(browser, file.path));
    const floorDone = floors.filter((ms) => ms !== null);
    rows.push({
      file: file.name,
      mb: file.mb,
      // Any run that did not reach the preview makes the figure missing.
      ms: done.length === RUNS ? median(done.map((r) => r.ms)) : null,
      busyMs: done.length > 0 ? median(done.map((r) => r.busyMs)) : null,
      longTasks: done.length === RUNS ? Math.max(...done.map((r) => r.longTasks)) : null,
      longest: done.length > 0 ? Math.max(...done.map((r) => r.longest)) : null,
      floorMs: floorDone.length === RUNS ? median(floorDone) : null,
    });
  }
} finally {
  await browser.close();
  stop();
  rmSync(dir, { recursive: true, force: true });
}

/** One import in a fresh page: choose → preview, or null when it never gets there. */
async function importOnce(file) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await page.goto(baseUrl);
  await page.getByRole('tab', { name: 'Scenarios' }).click();
  await page.getByLabel('Import cluster logs').waitFor({ state: 'attached' });
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        window.__longTasks.push({ at: e.startTime - window.__started, duration: e.duration });
    }).observe({ type: 'longtask' });
    // When the preview appeared, on the same clock: a long task ending there is the preview's render.
    new MutationObserver(() => {
      if (window.__previewAt === undefined && document.querySelector('.cluster-log-preview'))
        window.__previewAt = performance.now() - window.__started;
    }).observe(document.body, { childList: true, subtree: true });
  });
  // The renderer main thread's total task time (Chrome's TaskDuration): how much of the import's
  // wall time the page itself was busy, whatever the machine's load stretched single tasks to.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskSeconds = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
  const busyBefore = await taskSeconds();
  const started = Date.now();
  await page.evaluate(() => {
    window.__started = performance.now();
  });
  await page.getByLabel('Import cluster logs').setInputFiles(file.path);
  // Waited for in the page, not by Playwright's polling of roles: that polling runs on the page's
  // main thread and would itself show up as long tasks on a loaded machine.
  const reached = await page
    .evaluate(
      (timeout) =>
        new Promise((resolve, reject) => {
          const done = () => window.__previewAt !== undefined && resolve(undefined);
          new MutationObserver(done).observe(document.body, { childList: true, subtree: true });
          setTimeout(() => reject(new Error('no preview')), timeout);
          done();
        }),
      IMPORT_TIMEOUT_MS,
    )
    .then(
      () => true,
      () => false,
    );
  if (!reached) {
    await page.close();
    return null;
  }
  const ms = Date.now() - started;
  const busyMs = Math.round(((await taskSeconds()) - busyBefore) * 1000);
  const tasks = await page.evaluate(() => window.__longTasks);
  const result = {
    ms,
    busyMs,
    longTasks: tasks.length,
    longest: Math.max(0, ...tasks.map((t) => t.duration)),
  };
  // Where each long task fell, ms after the file was chosen (negative: before, e.g. the tab's load).
  if (process.env.BENCH_VERBOSE === '1')
    console.log(
      file.name,
      JSON.stringify(tasks),
      'preview at',
      await page.evaluate(() => window.__previewAt),
    );
  if (process.env.BENCH_VERBOSE === '1') {
    // The same page doing nothing for as long: what the main thread spends without an import.
    const idleBefore = await taskSeconds();
    await page.waitForTimeout(ms);
    console.log(
      file.name,
      'idle for as long, main thread busy (ms):',
      Math.round(((await taskSeconds()) - idleBefore) * 1000),
    );
  }
  await page.close();
  return result;
}

console.log(
  `\nCluster-log import, 2 files (load average ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)}):`,
);
const mbPerS = (mb, ms) => (ms === null ? null : Number((mb / (ms / 1000)).toFixed(1)));
const show = (v) => (v === null ? 'missing' : String(Math.round(v)));
console.log(
  '| file | MB | choose → preview (ms) | MB/s (≥ 30) | floor page: read in a worker (ms, MB/s) | main thread busy (ms) | main-thread tasks over 50 ms | longest (ms) |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.file} | ${r.mb.toFixed(1)} | ${show(r.ms)} | ${mbPerS(r.mb, r.ms) ?? 'missing'} | ${show(r.floorMs)}, ${mbPerS(r.mb, r.floorMs) ?? 'missing'} | ${show(r.busyMs)} | ${r.longTasks ?? 'missing'} | ${show(r.longest)} |`,
  );
const [slurm, smi] = rows;
mergeResults({
  clusterLogMb: Number(slurm.mb.toFixed(1)),
  clusterLogRuns: RUNS,
  clusterLogSlurmMbPerS: mbPerS(slurm.mb, slurm.ms),
  clusterLogTelemetryMbPerS: mbPerS(smi.mb, smi.ms),
  clusterLogFloorSlurmMbPerS: mbPerS(slurm.mb, slurm.floorMs),
  clusterLogFloorTelemetryMbPerS: mbPerS(smi.mb, smi.floorMs),
  clusterLogLongTasks:
    slurm.longTasks === null || smi.longTasks === null ? null : slurm.longTasks + smi.longTasks,
  clusterLogLoadAverage: [Number(loadBefore.toFixed(1)), Number(loadavg()[0].toFixed(1))],
});
console.log('merged cluster-log figures into bench/results.json');
