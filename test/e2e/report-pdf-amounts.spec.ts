/**
 * The PDF's sensitivity table never splits an amount across lines (issue 44: "¥1,200,00 / 0"): every
 * figure of its rows — the input's value now, its range, the two gaps — is read back whole from the
 * PDF's text (pdftotext), the figures computed here from the engine's tornado and formatted as the
 * report formats them, with the table amounts in whole units (the widest; the dialog's choice). The
 * Chinese test runs in the zh-desktop project.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { TFunction } from 'i18next';
import { parameter, presets, readInput, type Scenario, tornado } from '../../src/engine/index.ts';
import { REPORT_TORNADO_ROWS } from '../../src/features/report-pdf/budget-sections.ts';
import { parameterText, tableMoney } from '../../src/features/report-pdf/report-text.ts';
import type { MoneyFormat } from '../../src/lib/format.ts';
import { appHash } from '../../src/state/url-sync.ts';
import { DISPLAY, type Locale, namedScenario, run } from './export-helpers';
import { expect, test } from './fixtures';

/**
 * The numbers of a printed value with their currency sign ("CN¥1,200,000", "-¥1.73", "45"): what may
 * never break. A unit after them ("/卡时", "%/年", " GPUs") may wrap like any text.
 */
const numberWords = (text: string) =>
  text
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    .match(/[−-]?(?:CN¥|US\$|¥|\$)?[−-]?\d[\d,.]*\d|[−-]?(?:CN¥|US\$|¥|\$)?\d/g) ?? [];

/** Strings by "namespace:dotted.key", read from the app's own files (no placeholders needed here). */
function translator(locale: Locale): TFunction {
  return ((key: string) => {
    const [ns, path] = key.split(':') as [string, string];
    const file = new URL(`../../src/i18n/${locale}/${ns}.json`, import.meta.url);
    const tree = JSON.parse(readFileSync(file, 'utf8'));
    const value = path.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)?.[k], tree);
    return typeof value === 'string' ? value : key;
  }) as unknown as TFunction;
}

/** The named budget scenario and three examples of other sizes (their tables' widths differ). */
const SCENARIOS: Scenario[] = [
  namedScenario(),
  ...['seedTeam', 'steadyLab', 'largeLab'].map((k) => presets[k] as Scenario),
];

const DIALOG = {
  en: { open: 'Export PDF', scale: 'Amounts in tables', download: 'Download PDF' },
  'zh-CN': { open: '导出 PDF', scale: '表格金额单位', download: '下载 PDF' },
} as const;

/** The export dialog with amounts in whole units (the widest numbers a table can hold); the PDF's path. */
async function exportWholeUnits(page: Page, locale: Locale, name: string): Promise<string> {
  const w = DIALOG[locale];
  await page.getByRole('button', { name: w.open, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: w.scale }).selectOption('unit');
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    dialog.getByRole('button', { name: w.download, exact: true }).click(),
  ]);
  const path = test.info().outputPath(`amounts-${locale}-${name}.pdf`);
  await download.saveAs(path);
  return path;
}

async function checkAmountsWhole(page: Page, locale: Locale, scenario: Scenario) {
  await page.goto(`./#${appHash(scenario, DISPLAY)}`);
  await page.getByTestId('kpi-monthly-platform').first().waitFor({ state: 'visible' });
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  const path = await exportWholeUnits(page, locale, String(SCENARIOS.indexOf(scenario)));
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', path, '-']);
  const raw = stdout.replace(/[\u00a0\u202f\u2009]/g, ' ');
  const t = translator(locale);
  const title = t('export:uncertainty.tornadoTitle');
  const start = raw.indexOf(title);
  expect(start, 'the sensitivity table is in the PDF').toBeGreaterThan(0);
  // The table's text: a number split across lines would have a line break inside it.
  const section = raw.slice(start, start + 8000);

  const money: MoneyFormat = { locale, currency: 'CNY', cnyPerUsd: 7.2 };
  const rows = tornado(scenario).rows.slice(0, REPORT_TORNADO_ROWS);
  expect(rows.length).toBeGreaterThan(0);
  const expected: string[] = [];
  for (const r of rows) {
    const meta = parameter(r.path);
    for (const v of [readInput(scenario, r.path), r.low, r.high])
      expected.push(...numberWords(parameterText(meta, v, money, t)));
    for (const gap of [r.gapLowCny, r.gapHighCny])
      expected.push(...numberWords(tableMoney(gap, money, 'unit')));
  }
  const split = expected.filter((w) => !section.includes(w));
  expect(
    split,
    `${locale}, ${scenario.name}: amounts not found whole in the PDF text (split across lines)`,
  ).toEqual([]);
}

test('the sensitivity table prints every amount whole, never split across lines', async ({ page }) => {
  for (const s of SCENARIOS) await checkAmountsWhole(page, 'en', s);
});

test('the sensitivity table prints every amount whole in Chinese too @zh', async ({ page }) => {
  for (const s of SCENARIOS) await checkAmountsWhole(page, 'zh-CN', s);
});
