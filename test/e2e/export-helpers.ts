/**
 * Shared by the PDF and Excel export tests: a named, modified scenario opened from a share link, the
 * export dialog, and reading the files back (poppler for the PDF, jsQR for its QR code).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { cashReport, presets, type Scenario } from '../../src/engine/index.ts';
import { formatNumber, formatPercent } from '../../src/lib/format.ts';
import { appHash } from '../../src/state/url-sync.ts';
import { cashTable } from '../../src/view-model/cash-table.ts';
import { expect, test } from './fixtures';
import { normalise } from './helpers';

export const run = promisify(execFile);
export type Locale = 'en' | 'zh-CN';

/** A budget scenario with its own name (Chinese, full-width punctuation) and changed inputs. */
export const SCENARIO_NAME = '2026 预算：方案 B（混合）';
export const PREPARED_BY = '张三 / Finance';
export const NOTES = '预算评审用 — for the budget review';

export function namedScenario(): Scenario {
  const base = structuredClone(presets.seedTeam as Scenario);
  base.name = SCENARIO_NAME;
  base.horizonMonths = 30;
  base.selfBuild.serverPriceCny = Math.round(base.selfBuild.serverPriceCny * 0.9);
  base.rent.priceCnyPerServerHour = base.rent.priceCnyPerServerHour * 1.1;
  return base;
}

export const DISPLAY = { currency: 'CNY', cnyPerUsd: 7.2 } as const;

/** Opens the app on the scenario's share link; returns the link the app should print in the QR. */
export async function openNamedScenario(page: Page, locale: Locale): Promise<string> {
  const hash = appHash(namedScenario(), DISPLAY);
  await page.goto(`./#${hash}`);
  await page.getByTestId('kpi-monthly-platform').first().waitFor({ state: 'visible' });
  await expect(async () => {
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
  }).toPass();
  const url = new URL(page.url());
  return `${url.origin}${url.pathname}${url.search}#${hash}`;
}

const EXPORT_BUTTON = {
  pdf: { en: 'Export PDF', 'zh-CN': '导出 PDF' },
  xlsx: { en: 'Export Excel', 'zh-CN': '导出 Excel' },
} as const;
const DOWNLOAD_BUTTON = {
  pdf: { en: 'Download PDF', 'zh-CN': '下载 PDF' },
  xlsx: { en: 'Download Excel', 'zh-CN': '下载 Excel' },
} as const;
const FIELDS = {
  preparedBy: { en: 'Prepared by', 'zh-CN': '编制人' },
  notes: { en: 'Notes', 'zh-CN': '备注' },
} as const;

/** Export button → dialog (Prepared by, Notes) → download; returns the saved path and the file name. */
export async function exportFile(page: Page, format: 'pdf' | 'xlsx', locale: Locale, fromTab?: string) {
  if (fromTab) await page.getByRole('tab', { name: fromTab }).click();
  await page.getByRole('button', { name: EXPORT_BUTTON[format][locale], exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: FIELDS.preparedBy[locale], exact: true }).fill(PREPARED_BY);
  await dialog.getByRole('textbox', { name: FIELDS.notes[locale], exact: true }).fill(NOTES);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    dialog.getByRole('button', { name: DOWNLOAD_BUTTON[format][locale], exact: true }).click(),
  ]);
  const path = test.info().outputPath(`export-${locale}.${format}`);
  await download.saveAs(path);
  return { path, fileName: download.suggestedFilename() };
}

/** "<name> – GPU TCO – yyyy-mm-dd.<ext>" ("GPU 总拥有成本" in Chinese) with today's local date. */
export function expectedFileName(
  extension: 'pdf' | 'xlsx',
  locale: Locale = 'en',
  date = new Date(),
): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const product = locale === 'zh-CN' ? 'GPU 总拥有成本' : 'GPU TCO';
  return `${SCENARIO_NAME} – ${product} – ${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.${extension}`;
}

export async function pdfText(path: string): Promise<{ text: string; pages: number }> {
  const [{ stdout: text }, { stdout: info }] = await Promise.all([
    run('pdftotext', ['-enc', 'UTF-8', path, '-']),
    run('pdfinfo', [path]),
  ]);
  return { text: normalise(text), pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0) };
}

/** Text of one page (1-based), in reading layout. */
export async function pageText(path: string, page: number): Promise<string> {
  const { stdout } = await run('pdftotext', [
    '-enc',
    'UTF-8',
    '-f',
    String(page),
    '-l',
    String(page),
    path,
    '-',
  ]);
  return normalise(stdout);
}

/**
 * The header of a binary netpbm image (P5 grey or P6 colour, 8-bit): "P5"/"P6" width height maxval,
 * separated by whitespace, then one whitespace byte and the data, which starts at `dataStart`.
 */
export function readPnmHeader(
  bytes: Buffer,
  magic: 'P5' | 'P6',
): { width: number; height: number; dataStart: number } {
  let pos = 0;
  const tokens: string[] = [];
  while (tokens.length < 4) {
    while (/\s/.test(String.fromCharCode(bytes[pos] ?? 32))) pos++;
    let token = '';
    while (pos < bytes.length && !/\s/.test(String.fromCharCode(bytes[pos] ?? 32)))
      token += String.fromCharCode(bytes[pos++] ?? 0);
    tokens.push(token);
  }
  if (tokens[0] !== magic || tokens[3] !== '255')
    throw new Error(`not an 8-bit ${magic}: ${tokens.join(' ')}`);
  return { width: Number(tokens[1]), height: Number(tokens[2]), dataStart: pos + 1 };
}

/** A binary PPM (P6) as RGBA pixels, for jsQR. */
export function readPpm(bytes: Buffer): { width: number; height: number; rgba: Uint8ClampedArray } {
  const { width, height, dataStart: pos } = readPnmHeader(bytes, 'P6');
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba[i * 4] = bytes[pos + i * 3] ?? 0;
    rgba[i * 4 + 1] = bytes[pos + i * 3 + 1] ?? 0;
    rgba[i * 4 + 2] = bytes[pos + i * 3 + 2] ?? 0;
    rgba[i * 4 + 3] = 255;
  }
  return { width, height, rgba };
}

/**
 * Renders one page at 150 dpi (what an office printer or a phone photo of a printed page resolves)
 * with pdftoppm and decodes the QR code on it (null when none is found). Whole-scenario links of
 * ~1,800 characters made a code too dense for that; short links (issue 21) are a few hundred.
 */
export async function decodeQrOnPage(path: string, page: number): Promise<string | null> {
  const prefix = test.info().outputPath(`qr-page-${page}`);
  await run('pdftoppm', ['-r', '150', '-f', String(page), '-l', String(page), '-singlefile', path, prefix]);
  const { width, height, rgba } = readPpm(readFileSync(`${prefix}.ppm`));
  return jsQR(rgba, width, height)?.data ?? null;
}

/** Words a reader must never see: the project's internal names for its sources and documents. */
export const INTERNAL_WORDS = [/\bseed\b/i, /种子/, /MODEL/, /README/, /§/];

/**
 * Self-build against each allowed rental as the reports word it, from the engine's cashReport shaped
 * by cashTable: the comparator's name, the IRR (a fraction, or null with the "none" sentence) and the
 * discounted payback ("Month 14 (year 2)" or "never within the horizon").
 */
export function expectedReturns(locale: Locale) {
  const finance = JSON.parse(
    readFileSync(new URL(`../../src/i18n/${locale}/finance.json`, import.meta.url), 'utf8'),
  ) as { returns: Record<string, string> & { vs: Record<string, string>; irrNone: Record<string, string> } };
  const fill = (template: string | undefined, vars: Record<string, string>) =>
    (template ?? '').replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');
  const table = cashTable(cashReport(namedScenario()), { locale, ...DISPLAY, scale: 'unit' });
  return table.returns
    .filter((r) => r.eligible)
    .map((r) => ({
      comparator: r.comparator,
      name: finance.returns.vs[r.comparator] ?? r.comparator,
      irrFraction: r.irr.kind === 'rate' ? r.irr.fractionPerYear : null,
      irrText:
        r.irr.kind === 'rate'
          ? formatPercent(r.irr.fractionPerYear, locale, 1)
          : finance.returns.irrNone[r.irr.reason],
      paybackMonth: r.payback.kind === 'month' ? r.payback.month : null,
      paybackText:
        r.payback.kind === 'month'
          ? fill(finance.returns.paybackMonth, {
              month: formatNumber(r.payback.month, locale),
              year: formatNumber(r.payback.year, locale),
            })
          : r.payback.kind === 'immediate'
            ? (finance.returns.paybackImmediate ?? '')
            : fill(finance.returns.paybackNever, { years: formatNumber(r.payback.horizonYears, locale, 1) }),
    }));
}
