/**
 * PDF export in a real browser: click "Export PDF" / "导出 PDF", take the download, and read the file
 * back with poppler (pdftotext, pdffonts, pdfinfo). The KPI values expected in the PDF are read from
 * the dashboard itself ([data-testid=kpi-monthly-*]): the PDF must show the numbers on the screen.
 *
 * Files land in test-results/report-<locale>.pdf, with page 1 rendered to report-<locale>-1.png.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const STRATEGY_IDS = ['selfBuild', 'rent', 'platform', 'hybrid'];
const LANGUAGE = /language|语言/i;
const BUTTON_NAME = { en: 'Export PDF', 'zh-CN': '导出 PDF' };

function reportStrings(locale) {
  return JSON.parse(readFileSync(new URL(`../../src/i18n/${locale}/report.json`, import.meta.url), 'utf8'));
}

/** Intl's no-break spaces as plain spaces, runs of whitespace as one. */
function normalise(text) {
  return (text ?? '').replace(/[\u00a0\u202f\u2009]/g, ' ').replace(/\s+/g, ' ');
}

async function openDashboard(page, baseUrl, locale, helpers) {
  await page.goto(baseUrl);
  await page.getByTestId('kpi-monthly-platform').first().waitFor({ state: 'visible' });
  if (locale !== 'en') {
    await page.getByRole('combobox', { name: LANGUAGE }).first().selectOption(locale);
    await helpers.eventually(async () => {
      helpers.assert.equal(await page.evaluate(() => document.documentElement.lang), locale);
    });
  }
}

async function kpisOnScreen(page) {
  const out = {};
  for (const id of STRATEGY_IDS) {
    out[id] = normalise(await page.getByTestId(`kpi-monthly-${id}`).first().textContent()).trim();
  }
  return out;
}

/** Clicks the export button and saves the download; returns its path and suggested name. */
async function exportPdf(page, locale, helpers) {
  const button = page.getByRole('button', { name: BUTTON_NAME[locale], exact: true });
  await button.first().waitFor({ state: 'visible' });
  const [download] = await Promise.all([page.waitForEvent('download'), button.first().click()]);
  const path = join(helpers.resultsDir, `report-${locale}.pdf`);
  await download.saveAs(path);
  return { path, fileName: download.suggestedFilename() };
}

async function readPdf(path) {
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
function embeddedFonts(fonts) {
  return fonts
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.at(-5) === 'yes')
    .map((cols) => cols[0]);
}

async function exportAndCheck({ page, baseUrl, helpers }, locale, fromTab = null) {
  const { assert } = helpers;
  await openDashboard(page, baseUrl, locale, helpers);
  const kpis = await kpisOnScreen(page);
  // The button is in the header: a reader may export from another view, where the charts are hidden.
  if (fromTab) await page.getByRole('tab', { name: fromTab }).click();
  const { path, fileName } = await exportPdf(page, locale, helpers);
  assert.match(fileName, /^gpu-tco-[\p{L}\p{N}-]+-\d{4}-\d{2}-\d{2}\.pdf$/u);
  const { text, fonts, pages, pageSize } = await readPdf(path);
  assert.match(pageSize, /^595(\.\d+)? x 841(\.\d+)? pts \(A4\)/, `page size: ${pageSize}`);
  // The share link (format prefix s=1.) and the generated date (the file name's date) are printed.
  assert.ok(text.includes('#s=1.'), 'the PDF prints the share link');
  const [, y, m, d] = /(\d{4})-(\d{2})-(\d{2})\.pdf$/.exec(fileName).map(Number);
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(y, m - 1, d));
  const generated = reportStrings(locale).generated.replace('{{date}}', day);
  assert.ok(text.includes(generated), `the PDF prints "${generated}"`);
  await run('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    path,
    join(helpers.resultsDir, `report-${locale}`),
  ]);

  for (const id of STRATEGY_IDS) {
    assert.ok(
      text.includes(kpis[id]),
      `PDF (${locale}) lacks the ${id} monthly cost shown on screen: ${kpis[id]}`,
    );
  }
  const strings = reportStrings(locale);
  for (const key of ['kpis', 'recommendation', 'breakdown', 'assumptions', 'methodology']) {
    assert.ok(
      text.includes(strings.sections[key]),
      `PDF (${locale}) lacks the heading "${strings.sections[key]}"`,
    );
  }
  assert.ok(!text.includes(strings.charts.missing), `PDF (${locale}) says a chart was missing from the page`);
  const embedded = embeddedFonts(fonts);
  assert.ok(embedded.length > 0, `pdffonts lists no embedded font:\n${fonts}`);
  assert.ok(
    embedded.some((name) => /NotoSansSC/i.test(name)),
    `the embedded fonts are not Noto Sans SC: ${embedded.join(', ')}`,
  );
  assert.ok(pages >= 2, `PDF has ${pages} page(s)`);
  // Drawn as "1 / N"; pdftotext may drop the narrow spaces around the slash.
  assert.match(text, new RegExp(`(^|\\s)1 ?/ ?${pages}(\\s|$)`), 'page 1 is numbered "1 / N"');
  return { text };
}

export const tests = [
  {
    name: 'Export PDF in English downloads an A4 PDF with the on-screen KPIs, English headings, page numbers and an embedded font',
    run: async (ctx) => {
      await exportAndCheck(ctx, 'en');
    },
  },
  {
    name: 'Export PDF from the Self-assessment tab still draws both charts (the dashboard is hidden there)',
    run: async (ctx) => {
      const { text } = await exportAndCheck(ctx, 'en', 'Self-assessment');
      const strings = reportStrings('en');
      ctx.helpers.assert.ok(!text.includes(strings.charts.missing));
      ctx.helpers.assert.ok(
        await ctx.page.getByRole('tabpanel', { name: 'Dashboard' }).isHidden(),
        'the dashboard is hidden again after the export',
      );
    },
  },
  {
    name: '导出 PDF in Chinese downloads a PDF whose Chinese headings are real text in the embedded Noto Sans SC',
    run: async (ctx) => {
      const { text } = await exportAndCheck(ctx, 'zh-CN');
      ctx.helpers.assert.match(text, /[\u4e00-\u9fff]{4,}/u, 'the Chinese PDF has Chinese text');
    },
  },
];
