/**
 * Shared by bench/pdf.mjs and bench/excel.mjs (a benchmark, not a test): times exports of one format
 * in Debian's Chromium against `vite preview`, both languages. Time = click on the dialog's download
 * button until the browser reports the download: the analyses (reused from the dashboard once it has
 * computed them), building the content, loading the lazy chunks (first export only) and encoding.
 * Prints a table with the budgets and returns the figures for bench/results.json.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, median, startPreview } from './preview-server.mjs';

const WARM_RUNS = 5;
const LABELS = {
  pdf: {
    open: { en: 'Export PDF', 'zh-CN': '导出 PDF' },
    download: { en: 'Download PDF', 'zh-CN': '下载 PDF' },
  },
  xlsx: {
    open: { en: 'Export Excel', 'zh-CN': '导出 Excel' },
    download: { en: 'Download Excel', 'zh-CN': '下载 Excel' },
  },
};

/** Budgets (ms) the figures are printed against; the bench reports, it does not fail. */
export const BUDGETS = { coldMs: 4000, warmMs: 1500 };

async function exportOnce(page, format, locale, downloads, index) {
  await page.getByRole('button', { name: LABELS[format].open[locale], exact: true }).first().click();
  const button = page
    .getByRole('dialog')
    .getByRole('button', { name: LABELS[format].download[locale], exact: true });
  await button.waitFor();
  const started = Date.now();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), button.click()]);
  const path = join(downloads, `${locale}-${index}.${format}`);
  await download.saveAs(path);
  // The download event fires when the blob is handed over; saving is Playwright's, not the app's.
  return { ms: Date.now() - started, bytes: statSync(path).size };
}

export async function benchExport(format) {
  const { baseUrl, stop } = await startPreview();
  const downloads = mkdtempSync(join(tmpdir(), `${format}-bench-`));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const rows = [];
  try {
    for (const locale of ['en', 'zh-CN']) {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        locale: locale === 'en' ? 'en-US' : 'zh-CN',
        acceptDownloads: true,
        // No service worker downloading the whole build in the background while exports are timed.
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await page.goto(baseUrl);
      await page.getByTestId('kpi-monthly-platform').first().waitFor();
      // The prerendered first screen shows the KPIs before the app runs; its buttons answer once the
      // app has taken the page over (the prerender's hook is gone).
      await page.waitForFunction(() => document.querySelector('[data-prerender-locale]') === null);
      const cold = await exportOnce(page, format, locale, downloads, 0);
      const warm = [];
      for (let i = 1; i <= WARM_RUNS; i++) warm.push(await exportOnce(page, format, locale, downloads, i));
      rows.push({ locale, coldMs: cold.ms, warmMs: median(warm.map((w) => w.ms)), bytes: cold.bytes });
      await context.close();
    }
  } finally {
    await browser.close();
    stop();
    rmSync(downloads, { recursive: true, force: true });
  }
  const verdict = (ms, budget) => `${ms} ${ms <= budget ? '✓' : '✗ over'} (budget ${budget})`;
  // The machine may be shared: the load average says how far the figures are from an idle machine.
  console.log(`\n${format.toUpperCase()} export (load average ${loadavg()[0].toFixed(1)})`);
  console.log('| language | first export ms (loads chunks) | later exports, median ms | file size (bytes) |');
  console.log('|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.locale} | ${verdict(r.coldMs, BUDGETS.coldMs)} | ${verdict(r.warmMs, BUDGETS.warmMs)} | ${r.bytes.toLocaleString('en')} |`,
    );
  return rows;
}
