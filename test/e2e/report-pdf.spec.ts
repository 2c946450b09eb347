/**
 * PDF export in a real browser, for a named and modified scenario opened from its share link: click
 * "Export PDF" / "导出 PDF", fill the dialog (Prepared by, Notes), take the download and read it back
 * with poppler (pdftotext, pdffonts, pdfinfo, pdftoppm). Expected numbers come from the engine run in
 * the test (evaluate, monteCarlo with the scenario's seed), formatted as the app formats them; the QR
 * code on the last page is rendered at 150 dpi and decoded with jsQR back to the exact share link.
 *
 * The Chinese test runs in the zh-desktop project (browser language zh-CN).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { evaluate, STRATEGY_IDS } from '../../src/engine/index.ts';
import { monteCarlo } from '../../src/engine/uncertainty.ts';
import { tableMoney } from '../../src/features/report-pdf/report-text.ts';
import { formatMoney, type MoneyFormat } from '../../src/lib/format.ts';
import {
  decodeQrOnPage,
  expectedFileName,
  expectedReturns,
  exportFile,
  INTERNAL_WORDS,
  type Locale,
  NOTES,
  namedScenario,
  openNamedScenario,
  PREPARED_BY,
  pageText,
  pdfText,
  run,
  SCENARIO_NAME,
} from './export-helpers';
import { expect, test } from './fixtures';
import { normalise } from './helpers';

function strings(locale: Locale, ns: string): Record<string, Record<string, string>> {
  return JSON.parse(readFileSync(new URL(`../../src/i18n/${locale}/${ns}.json`, import.meta.url), 'utf8'));
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

const money = (locale: Locale): MoneyFormat => ({ locale, currency: 'CNY', cnyPerUsd: 7.2 });
/** A table amount as the export dialog's default prints it: Chinese at the charts' 万/亿 scale. */
const fmt = (v: number, locale: Locale) =>
  normalise(tableMoney(v, money(locale), locale === 'zh-CN' ? 'large' : 'unit'));

/**
 * One self-build total: page 1's cost over the horizon, and a paragraph starting "Reconciliation" /
 * "核对" that ties it to the cash paid out less the resale at the end and to the NPV (each the
 * engine's, summed here month by month); the cash table's cash row no longer reads as a second
 * "total". Page 1's capex is stated in its parts.
 */
async function checkSelfBuildTotal(
  path: string,
  locale: Locale,
  page1: string,
  exportStrings: Record<string, Record<string, string>>,
) {
  const m = money(locale);
  const s = namedScenario();
  const r = evaluate(s).strategies.selfBuild;
  const cashOut = r.cashflowCny.reduce((sum, v) => sum + v, 0);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', path, '-']);
  const lines = stdout.split('\n');
  const start = lines.findIndex((l) => l.trim().startsWith(locale === 'en' ? 'Reconciliation' : '核对'));
  expect(start, 'a line starting "Reconciliation" / "核对"').toBeGreaterThan(-1);
  const end = lines.findIndex((l, i) => i > start && l.trim() === '');
  const paragraph = normalise(lines.slice(start, end === -1 ? undefined : end).join(' '));
  const horizon = normalise(formatMoney(r.horizonCny, m));
  // The one total: page 1's cost over the horizon (its KPI table) is the one the paragraph states.
  expect(page1).toContain(fmt(r.horizonCny, locale));
  expect(paragraph).toContain(horizon);
  expect(paragraph).toContain(normalise(formatMoney(cashOut, m)));
  expect(paragraph).toContain(normalise(formatMoney(r.residualValueCny, m)));
  expect(paragraph).toContain(normalise(formatMoney(cashOut - r.residualValueCny, m)));
  expect(paragraph).toContain(normalise(formatMoney(r.npvCny, m)));
  // The gap between cost and cash less resale — the economic view's capital charge over the horizon
  // and what the lead time leaves — and the NPV's from it, are stated as amounts.
  const charge = r.capitalChargeMonthlyCny * s.horizonMonths;
  expect(charge).toBeGreaterThan(0);
  expect(paragraph).toContain(normalise(formatMoney(charge, m)));
  expect(paragraph).toContain(
    normalise(formatMoney(Math.abs(r.horizonCny - charge - (cashOut - r.residualValueCny)), m)),
  );
  expect(paragraph).toContain(normalise(formatMoney(Math.abs(r.npvCny - (cashOut - r.residualValueCny)), m)));
  // The cash row is cash before resale, not a second "total" of self-build.
  const text = normalise(stdout);
  expect(text).toContain(normalise(exportStrings.cash?.total));
  expect(text).not.toContain(locale === 'en' ? 'Total cash out' : '现金支出合计');
  // Page 1's capex in its parts: the servers at their price and the network's share of them.
  const servers = r.baselineGpus / s.selfBuild.gpusPerServer;
  const flat1 = page1.replace(/\s/g, '');
  expect(flat1).toContain(normalise(formatMoney(r.capexCny, m)).replace(/\s/g, ''));
  expect(flat1).toContain(
    normalise(formatMoney(servers * s.selfBuild.serverPriceCny * s.selfBuild.networkFraction, m)).replace(
      /\s/g,
      '',
    ),
  );
  expect(flat1).toContain(`${servers}×${normalise(formatMoney(s.selfBuild.serverPriceCny, m))}`);
}

async function exportAndCheck(page: Page, locale: Locale, fromTab?: string) {
  const shareUrl = await openNamedScenario(page, locale);
  const { path, fileName } = await exportFile(page, 'pdf', locale, fromTab);
  expect(fileName).toBe(expectedFileName('pdf', locale));
  const { text, pages } = await pdfText(path);
  const { stdout: fonts } = await run('pdffonts', [path]);
  const { stdout: info } = await run('pdfinfo', [path]);
  expect(/^Page size:\s+(.*)$/m.exec(info)?.[1] ?? '').toMatch(/^595(\.\d+)? x 841(\.\d+)? pts \(A4\)/);
  expect(embeddedFonts(fonts).some((name) => /NotoSansSC/i.test(name))).toBe(true);

  // Page 1: the scenario's name as title, the dialog's fields, the verdict and the KPI table.
  const page1 = await pageText(path, 1);
  const exportStrings = strings(locale, 'export');
  expect(page1).toContain(SCENARIO_NAME);
  expect(page1).toContain(PREPARED_BY);
  expect(page1).toContain(normalise(NOTES));
  expect(page1).toContain(exportStrings.summary?.risks ?? 'risks');
  const scenario = namedScenario();
  const ev = evaluate(scenario);
  for (const id of STRATEGY_IDS)
    expect(page1, `page 1 lacks ${id}'s monthly cost`).toContain(fmt(ev.strategies[id].monthlyCny, locale));
  // Cost per useful PFLOP-hour beside per GPU-hour in the KPI table (the StrategyResult's figure).
  for (const id of STRATEGY_IDS)
    expect(page1, `page 1 lacks ${id}'s cost per PFLOP-hour`).toContain(
      normalise(formatMoney(ev.strategies[id].costPerUsefulPflopHourCny, money(locale), 2)),
    );

  // Cash by year with NPV per strategy (the engine's npvCny).
  for (const id of STRATEGY_IDS) {
    if (!ev.strategies[id].eligible) continue;
    expect(text, `NPV of ${id}`).toContain(fmt(ev.strategies[id].npvCny, locale));
  }
  expect(text).toContain(normalise(exportStrings.cash?.heading));
  // Self-build against each rental: IRR and discounted payback rows, as cashReport gives them.
  const flat = normalise(text);
  const returns = expectedReturns(locale);
  expect(returns.length).toBeGreaterThan(0);
  for (const r of returns) {
    expect(flat, `IRR against ${r.comparator}`).toContain(normalise(r.irrText));
    expect(flat, `payback against ${r.comparator}`).toContain(normalise(r.paybackText));
  }
  // P10/P90 table: the worker's Monte Carlo equals the engine's run with the scenario's seed.
  const mc = monteCarlo(scenario);
  expect(text).toContain(normalise(exportStrings.uncertainty?.p10));
  expect(text).toContain(normalise(exportStrings.uncertainty?.p90));
  for (const id of STRATEGY_IDS) {
    const p = mc.strategies[id].monthlyCny;
    if (!p) continue;
    expect(text, `P10 of ${id}`).toContain(fmt(p.p10, locale));
    expect(text, `P90 of ${id}`).toContain(fmt(p.p90, locale));
  }
  // The link is printed once, shortened; the QR code on the last page holds it in full.
  expect(text.split('#s=2.').length - 1, 'the link is printed once').toBe(1);
  expect(text.includes(shareUrl), 'the full link is not printed as text').toBe(false);
  expect(await decodeQrOnPage(path, pages)).toBe(shareUrl);
  // No internal words anywhere.
  for (const word of INTERNAL_WORDS) expect(text, `PDF (${locale}) contains ${word}`).not.toMatch(word);
  expect(text, 'page 1 is numbered "1 / N"').toMatch(new RegExp(`(^|\\s)1 ?/ ?${pages}(\\s|$)`));
  await checkSelfBuildTotal(path, locale, page1, exportStrings);
  return { text, path };
}

test('Export PDF in English: named scenario, file name, NPV rows, P10/P90 table, QR decoded to the link, no internal words', async ({
  page,
}) => {
  const { path } = await exportAndCheck(page, 'en');
  await run('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    path,
    test.info().outputPath('report-en'),
  ]);
});

test('Export PDF from the Self-assessment tab gives the same document (charts drawn from data, not the page)', async ({
  page,
}) => {
  const fromDashboard = await exportAndCheck(page, 'en');
  const fromWizard = await exportAndCheck(page, 'en', 'Self-assessment');
  // The same text apart from the minute in the footer's "Generated …" line.
  const strip = (t: string) => t.replace(/Generated [^\n]*?\d{1,2}:\d{2}( [AP]M)?/g, 'Generated');
  expect(strip(fromWizard.text)).toBe(strip(fromDashboard.text));
});

test('导出 PDF in Chinese: the named scenario, NPV, P10/P90 and the QR code, in the embedded Noto Sans SC', {
  tag: '@zh',
}, async ({ page }) => {
  const { text } = await exportAndCheck(page, 'zh-CN');
  expect(text).toMatch(/[\u4e00-\u9fff]{4,}/u);
  expect(text, 'no glyph was replaced by □').not.toContain('□');
});
