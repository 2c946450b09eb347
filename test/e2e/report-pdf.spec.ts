/**
 * PDF export in a real browser: click "Export PDF" / "导出 PDF", take the download, and read the file
 * back with poppler (pdftotext, pdffonts, pdfinfo). The KPI values expected in the PDF are read from
 * the dashboard itself ([data-testid=kpi-monthly-*]): the PDF must show the numbers on the screen.
 *
 * The Chinese test runs in the zh-desktop project (browser language zh-CN). Files land in the test's
 * output folder: report-<locale>.pdf, with page 1 rendered to report-<locale>-1.png.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { STRATEGY_IDS, type StrategyId } from '../../src/engine/index.ts';
import { expect, test } from './fixtures';
import { normalise } from './helpers';

const run = promisify(execFile);
type Locale = 'en' | 'zh-CN';
const BUTTON_NAME: Record<Locale, string> = { en: 'Export PDF', 'zh-CN': '导出 PDF' };

interface ReportStrings {
  generated: string;
  sections: Record<'kpis' | 'recommendation' | 'breakdown' | 'assumptions' | 'methodology', string>;
  charts: { missing: string };
}

function reportStrings(locale: Locale): ReportStrings {
  return JSON.parse(
    readFileSync(new URL(`../../src/i18n/${locale}/report.json`, import.meta.url), 'utf8'),
  ) as ReportStrings;
}

async function openDashboard(page: Page, locale: Locale) {
  await page.goto('./');
  await page.getByTestId('kpi-monthly-platform').first().waitFor({ state: 'visible' });
  // The project's browser language decides the app's language (zh-desktop for Chinese).
  await expect(async () => {
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
  }).toPass();
}

async function kpisOnScreen(page: Page): Promise<Record<StrategyId, string>> {
  const out: Partial<Record<StrategyId, string>> = {};
  for (const id of STRATEGY_IDS) {
    out[id] = normalise(await page.getByTestId(`kpi-monthly-${id}`).first().textContent()).trim();
  }
  return out as Record<StrategyId, string>;
}

/** Clicks the export button and saves the download; returns its path and suggested name. */
async function exportPdf(page: Page, locale: Locale) {
  const button = page.getByRole('button', { name: BUTTON_NAME[locale], exact: true });
  await button.first().waitFor({ state: 'visible' });
  const [download] = await Promise.all([page.waitForEvent('download'), button.first().click()]);
  const path = test.info().outputPath(`report-${locale}.pdf`);
  await download.saveAs(path);
  await test.info().attach(`report-${locale}.pdf`, { path, contentType: 'application/pdf' });
  return { path, fileName: download.suggestedFilename() };
}

async function readPdf(path: string) {
  const [{ stdout: text }, { stdout: fonts }, { stdout: info }] = await Promise.all([
    run('pdftotext', ['-enc', 'UTF-8', path, '-']),
    run('pdffonts', [path]),
    run('pdfinfo', [path]),
  ]);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
  const pageSize = /^Page size:\s+(.*)$/m.exec(info)?.[1] ?? '';
  return { text: normalise(text), fonts, pages, pageSize };
}

/** pdffonts rows (after the two header lines) whose "emb" column is yes. */
function embeddedFonts(fonts: string): string[] {
  return fonts
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.at(-5) === 'yes')
    .map((cols) => cols[0] ?? '');
}

async function exportAndCheck(page: Page, locale: Locale, fromTab: string | null = null) {
  await openDashboard(page, locale);
  const kpis = await kpisOnScreen(page);
  // The button is in the header: a reader may export from another view, where the charts are hidden.
  if (fromTab) await page.getByRole('tab', { name: fromTab }).click();
  const { path, fileName } = await exportPdf(page, locale);
  // The scenario's name as shown, made safe for Windows and macOS (lib/scenario-name safeFileName).
  expect(fileName).toMatch(/^gpu-tco-[^<>:"/\\|?*]+-\d{4}-\d{2}-\d{2}\.pdf$/u);
  expect(fileName).not.toMatch(/seed/i);
  const { text, fonts, pages, pageSize } = await readPdf(path);
  expect(pageSize, `page size: ${pageSize}`).toMatch(/^595(\.\d+)? x 841(\.\d+)? pts \(A4\)/);
  // The share link (format prefix s=1.) and the generated date (the file name's date) are printed.
  expect(text.includes('#s=1.'), 'the PDF prints the share link').toBe(true);
  const [y = 0, m = 0, d = 0] = (/(\d{4})-(\d{2})-(\d{2})\.pdf$/.exec(fileName) ?? []).slice(1).map(Number);
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(y, m - 1, d));
  const strings = reportStrings(locale);
  const generated = strings.generated.replace('{{date}}', day);
  expect(text.includes(generated), `the PDF prints "${generated}"`).toBe(true);
  await run('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    path,
    test.info().outputPath(`report-${locale}`),
  ]);

  for (const id of STRATEGY_IDS) {
    expect(
      text.includes(kpis[id]),
      `PDF (${locale}) lacks the ${id} monthly cost shown on screen: ${kpis[id]}`,
    ).toBe(true);
  }
  for (const key of ['kpis', 'recommendation', 'breakdown', 'assumptions', 'methodology'] as const) {
    expect(
      text.includes(strings.sections[key]),
      `PDF (${locale}) lacks the heading "${strings.sections[key]}"`,
    ).toBe(true);
  }
  expect(
    text.includes(strings.charts.missing),
    `PDF (${locale}) says a chart was missing from the page`,
  ).toBe(false);
  const embedded = embeddedFonts(fonts);
  expect(embedded.length, `pdffonts lists no embedded font:\n${fonts}`).toBeGreaterThan(0);
  expect(
    embedded.some((name) => /NotoSansSC/i.test(name)),
    `the embedded fonts are not Noto Sans SC: ${embedded.join(', ')}`,
  ).toBe(true);
  expect(pages, `PDF has ${pages} page(s)`).toBeGreaterThanOrEqual(2);
  // Drawn as "1 / N"; pdftotext may drop the narrow spaces around the slash.
  expect(text, 'page 1 is numbered "1 / N"').toMatch(new RegExp(`(^|\\s)1 ?/ ?${pages}(\\s|$)`));
  return { text };
}

test('Export PDF in English downloads an A4 PDF with the on-screen KPIs, English headings, page numbers and an embedded font', async ({
  page,
}) => {
  await exportAndCheck(page, 'en');
});

test('Export PDF from the Self-assessment tab still draws both charts (the dashboard is hidden there)', async ({
  page,
}) => {
  const { text } = await exportAndCheck(page, 'en', 'Self-assessment');
  const strings = reportStrings('en');
  expect(text.includes(strings.charts.missing)).toBe(false);
  expect(
    await page.getByRole('tabpanel', { name: 'Dashboard' }).isHidden(),
    'the dashboard is hidden again after the export',
  ).toBe(true);
});

test('导出 PDF in Chinese downloads a PDF whose Chinese headings are real text in the embedded Noto Sans SC', {
  tag: '@zh',
}, async ({ page }) => {
  const { text } = await exportAndCheck(page, 'zh-CN');
  expect(text, 'the Chinese PDF has Chinese text').toMatch(/[\u4e00-\u9fff]{4,}/u);
});
