#!/usr/bin/env node
/**
 * Benchmark (not a test): PDF export time and file size in Debian's Chromium against `vite preview`.
 * Time = click on "Export PDF" until the browser reports the download, so it includes building the
 * report, loading the lazy chunks and font (first export only), laying out and encoding the PDF.
 * Prints a table and merges pdfExportMs, pdfExportColdMs, pdfBytesEn and pdfBytesZh into
 * bench/results.json (other keys are kept). Run: `node bench/pdf.mjs` (BENCH_SKIP_BUILD=1 to reuse dist/).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, median, mergeResults, startPreview } from './preview-server.mjs';

const WARM_RUNS = 5;
const BUTTON = { en: 'Export PDF', 'zh-CN': '导出 PDF' };

const { baseUrl, stop } = await startPreview();

const downloads = mkdtempSync(join(tmpdir(), 'pdf-bench-'));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});

/** Times one export: click → download event; returns ms and the file's size. */
async function exportOnce(page, locale, index) {
  const button = page.getByRole('button', { name: BUTTON[locale], exact: true }).first();
  const started = Date.now();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = join(downloads, `${locale}-${index}.pdf`);
  await download.saveAs(path);
  // The download event fires when the blob is handed over; saving is Playwright's, not the app's.
  const ms = Date.now() - started;
  return { ms, bytes: statSync(path).size };
}

const rows = [];
const figures = {};
try {
  for (const locale of ['en', 'zh-CN']) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await page.goto(baseUrl);
    await page.getByTestId('kpi-monthly-platform').first().waitFor();
    if (locale !== 'en')
      await page
        .getByRole('combobox', { name: /language|语言/i })
        .first()
        .selectOption(locale);
    await page.getByRole('button', { name: BUTTON[locale], exact: true }).first().waitFor();
    const cold = await exportOnce(page, locale, 0);
    const warm = [];
    for (let i = 1; i <= WARM_RUNS; i++) warm.push(await exportOnce(page, locale, i));
    const warmMs = median(warm.map((w) => w.ms));
    rows.push({ locale, coldMs: cold.ms, warmMs, bytes: cold.bytes });
    if (locale === 'en') {
      figures.pdfExportColdMs = cold.ms;
      figures.pdfExportMs = warmMs;
      figures.pdfBytesEn = cold.bytes;
    } else {
      figures.pdfBytesZh = cold.bytes;
      figures.pdfExportZhMs = warmMs;
    }
    await context.close();
  }
} finally {
  await browser.close();
  stop();
  rmSync(downloads, { recursive: true, force: true });
}

console.log(
  '| language | first export (ms, loads chunks + font) | later exports (median ms) | file size (bytes) |',
);
console.log('|---|---|---|---|');
for (const r of rows)
  console.log(`| ${r.locale} | ${r.coldMs} | ${r.warmMs} | ${r.bytes.toLocaleString('en')} |`);

mergeResults(figures);
console.log('merged PDF figures into bench/results.json');
