#!/usr/bin/env node
/**
 * Benchmark (not a test): the browser half of the performance budget, in Debian's Chromium against
 * `vite preview` of a fresh `vite build`.
 *
 * - firstChartMs: navigation start → the crossover chart's first recharts <svg> with a drawn <path>
 *   (performance.now() in the page, whose origin is the navigation start); median of RUNS cold loads.
 *   The charts sit below the first screen and load when scrolled near; the bench asks for them as soon
 *   as the dashboard is on screen (the app's render-all event), like a reader who scrolls at once.
 * - sliderInpP95Ms: the load-rate slider is dragged with the mouse over SLIDER_STEPS steps, one frame
 *   apart (a person's drag at display rate). Event Timing entries (PerformanceObserver type 'event',
 *   durationThreshold 16) give each event's time from input to the next paint. The samples are the
 *   drag's pointerdown and pointerup interactions and one per step (the step's `input` event; steps
 *   the API did not report took under 16 ms and count as 16, an upper bound). p95 of those samples.
 * - firstVisitJsGzipKb: every JavaScript response of a first visit (until the network is idle), each
 *   body gzipped here with zlib level 9, summed. The analysis worker's script is fetched on the first
 *   visit too but runs off the main thread and is reported on its own (firstVisitWorkerJsGzipKb).
 *
 * Prints a table against the budgets and merges the figures into bench/results.json (other keys, such
 * as the engine's and the PDF bench's, are kept). BENCH_SKIP_BUILD=1 reuses dist/.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, median, mergeResults, startPreview } from './preview-server.mjs';

const RUNS = 5;
const SLIDER_STEPS = 50;
const EVENT_THRESHOLD_MS = 16;
const BUDGETS = { firstChartMs: null, sliderInpP95Ms: 50, firstVisitJsGzipKb: 250 };

/** Nearest-rank percentile. */
function percentile(values, q) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}

const { baseUrl, stop } = await startPreview();

const profile = mkdtempSync(join(tmpdir(), 'browser-bench-'));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const newContext = () => browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });

/** One cold load: ms from navigation start to the crossover chart's first drawn path. */
async function firstChartOnce() {
  const context = await newContext();
  const page = await context.newPage();
  await page.goto(baseUrl, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.querySelector('.deferred-placeholder'), null, { polling: 'raf' });
  await page.evaluate(() => window.dispatchEvent(new Event('gpu-tco:render-all')));
  const handle = await page.waitForFunction(
    () =>
      document.querySelector('[data-chart="crossover"] svg.recharts-surface path.recharts-curve')
        ? performance.now()
        : null,
    null,
    { polling: 'raf', timeout: 30_000 },
  );
  const ms = await handle.jsonValue();
  await context.close();
  return ms;
}

/** JavaScript fetched on a first visit: per file, gzip bytes; worker scripts flagged. */
async function firstVisitJs() {
  const context = await newContext();
  const page = await context.newPage();
  const pending = [];
  const onResponse = (response) => {
    const url = response.url();
    const type = response.request().resourceType();
    if (!(url.endsWith('.js') || url.endsWith('.mjs') || type === 'script')) return;
    pending.push(
      response
        .body()
        .then((body) => ({
          file: new URL(url).pathname.split('/').pop(),
          rawBytes: body.length,
          gzipBytes: gzipSync(body, { level: 9 }).length,
          worker: /\.worker[-.]/.test(url),
        }))
        .catch(() => null),
    );
  };
  context.on('response', onResponse);
  page.on('worker', (worker) => worker.url());
  await page.goto(baseUrl, { waitUntil: 'networkidle' });
  // Let the dashboard settle (the analysis worker starts after the debounce) and catch late chunks;
  // the reader does not scroll, so the sections below the first screen stay unloaded.
  await page.waitForTimeout(1_000);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000);
  const files = (await Promise.all(pending)).filter(Boolean);
  await context.close();
  const seen = new Map();
  for (const f of files) seen.set(f.file, f);
  return [...seen.values()];
}

/** Drags the load-rate slider over SLIDER_STEPS steps; returns the Event Timing samples in ms. */
async function sliderInp() {
  const context = await newContext();
  await context.addInitScript((threshold) => {
    window.__eventTimings = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        window.__eventTimings.push({ name: e.name, duration: e.duration, interactionId: e.interactionId });
    }).observe({ type: 'event', durationThreshold: threshold, buffered: true });
  }, EVENT_THRESHOLD_MS);
  const page = await context.newPage();
  await page.goto(baseUrl);
  // Worst case: every section rendered (charts and analysis re-render on each step too).
  await page.evaluate(() => window.dispatchEvent(new Event('gpu-tco:render-all')));
  const slider = page.getByRole('slider', { name: /load rate/i }).first();
  await page.getByTestId('mc-progress').waitFor();
  await slider.scrollIntoViewIfNeeded();
  // Let the first analyses finish so the drag competes with nothing but itself.
  await page.waitForFunction(
    () => document.querySelector('[data-testid="mc-progress"]')?.getAttribute('aria-valuenow') === '100',
    null,
    { timeout: 30_000 },
  );
  await page.evaluate(() => {
    window.__eventTimings = [];
  });
  const box = await slider.boundingBox();
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width * 0.05;
  const x1 = box.x + box.width * 0.95;
  const nextFrame = () =>
    page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.mouse.move(x0, y);
  await page.mouse.down();
  for (let i = 1; i <= SLIDER_STEPS; i++) {
    await page.mouse.move(x0 + ((x1 - x0) * i) / SLIDER_STEPS, y);
    await nextFrame();
  }
  await page.mouse.up();
  await page.waitForTimeout(500);
  const entries = await page.evaluate(() => window.__eventTimings);
  await context.close();
  const inputs = entries.filter((e) => e.name === 'input').map((e) => e.duration);
  const interactions = new Map();
  for (const e of entries) {
    if (e.interactionId > 0)
      interactions.set(e.interactionId, Math.max(interactions.get(e.interactionId) ?? 0, e.duration));
  }
  const samples = [...interactions.values(), ...inputs];
  const reportedSteps = Math.min(inputs.length, SLIDER_STEPS);
  for (let i = reportedSteps; i < SLIDER_STEPS; i++) samples.push(EVENT_THRESHOLD_MS);
  return { samples, reported: entries.length, inputs: inputs.length };
}

let figures;
let js;
let inp;
let firstChart;
try {
  const loads = [];
  for (let i = 0; i < RUNS; i++) loads.push(await firstChartOnce());
  firstChart = median(loads);
  js = await firstVisitJs();
  inp = await sliderInp();
} finally {
  await browser.close();
  stop();
  rmSync(profile, { recursive: true, force: true });
}

const mainJs = js.filter((f) => !f.worker);
const workerJs = js.filter((f) => f.worker);
const kb = (bytes) => Number((bytes / 1024).toFixed(1));
const sum = (list, key) => list.reduce((s, f) => s + f[key], 0);
figures = {
  firstChartMs: Number(firstChart.toFixed(1)),
  sliderInpP95Ms: Number(percentile(inp.samples, 0.95).toFixed(1)),
  sliderInpMaxMs: Number(Math.max(...inp.samples).toFixed(1)),
  firstVisitJsGzipKb: kb(sum(mainJs, 'gzipBytes')),
  firstVisitJsRawKb: kb(sum(mainJs, 'rawBytes')),
  firstVisitWorkerJsGzipKb: kb(sum(workerJs, 'gzipBytes')),
};

console.log('\nJavaScript on a first visit (gzip level 9):');
console.log('| file | raw (KB) | gzip (KB) | thread |');
console.log('|---|---|---|---|');
for (const f of [...js].sort((a, b) => b.gzipBytes - a.gzipBytes))
  console.log(`| ${f.file} | ${kb(f.rawBytes)} | ${kb(f.gzipBytes)} | ${f.worker ? 'worker' : 'main'} |`);

console.log('\n| metric | value | budget | within |');
console.log('|---|---|---|---|');
const row = (key, what, unit) => {
  const budget = BUDGETS[key] ?? null;
  const value = figures[key];
  const within = budget === null ? '—' : value <= budget ? 'yes' : 'NO';
  console.log(`| ${what} | ${value} ${unit} | ${budget === null ? '—' : `${budget} ${unit}`} | ${within} |`);
};
row('firstChartMs', `time to first chart (median of ${RUNS} cold loads)`, 'ms');
row(
  'sliderInpP95Ms',
  `slider interaction-to-next-paint p95 (${SLIDER_STEPS} drag steps; ${inp.inputs} input events ≥ ${EVENT_THRESHOLD_MS} ms reported)`,
  'ms',
);
row('firstVisitJsGzipKb', 'first-visit JavaScript, main thread (gzip)', 'KB');
console.log(
  `| first-visit JavaScript, analysis worker (gzip, off the main thread) | ${figures.firstVisitWorkerJsGzipKb} KB | — | — |`,
);

mergeResults(figures);
console.log('merged browser figures into bench/results.json');
