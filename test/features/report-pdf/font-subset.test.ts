import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { GPU_MODELS, presets } from '../../../src/engine';
import { buildFontSubsets, FONT_WEIGHTS } from '../../../src/features/report-pdf/font/font-subset';
import { resources } from '../../../src/i18n';
import { formatMoney, formatMoneyCompact, formatPercent, type Locale } from '../../../src/lib/format';
import { cmapCodePoints } from './read-cmap';

const root = resolve(__dirname, '../../..');

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** Characters of `texts` (ignoring line breaks) that the font does not map to a glyph. */
function missing(codePoints: Set<number>, texts: string[]): string[] {
  const gaps = new Set<string>();
  for (const text of texts)
    for (const ch of text) if (ch >= ' ' && !codePoints.has(ch.codePointAt(0)!)) gaps.add(ch);
  return [...gaps];
}

// Subsetting takes about a second on a cold cache; every test reads the same files.
const subsets = buildFontSubsets(root, () => import('../../../src/engine'));

// Every character the app can print must be in the subset: a glyph missing from the font would
// vanish from the PDF (TOOLCHAIN.md), so any gap fails.

describe('Noto Sans SC subset for the PDF', () => {
  for (const weight of FONT_WEIGHTS) {
    it(`${weight}: maps every character of every zh-CN string, in all namespaces`, async () => {
      const { files } = await subsets;
      const cmap = cmapCodePoints(readFileSync(files[weight]));
      expect(missing(cmap, strings(resources['zh-CN']))).toEqual([]);
    });

    it(`${weight}: maps every character of every English string and the preset names`, async () => {
      const { files } = await subsets;
      const cmap = cmapCodePoints(readFileSync(files[weight]));
      expect(missing(cmap, [...strings(resources.en), ...Object.values(presets).map((s) => s.name)])).toEqual(
        [],
      );
    });
  }

  it('maps every character of the GPU catalogue the hardware block prints (model names, sources, dates)', async () => {
    const { files } = await subsets;
    for (const weight of FONT_WEIGHTS) {
      const cmap = cmapCodePoints(readFileSync(files[weight]));
      expect(missing(cmap, strings(GPU_MODELS))).toEqual([]);
    }
  });

  it('maps what Intl prints around numbers: currency, percent, compact 万/亿 and dates, in both languages', async () => {
    const { files } = await subsets;
    const cmap = cmapCodePoints(readFileSync(files.regular));
    const samples: string[] = [];
    for (const locale of ['en', 'zh-CN'] as Locale[]) {
      for (const currency of ['CNY', 'USD'] as const) {
        const money = { locale, currency, cnyPerUsd: 7.2 };
        samples.push(formatMoney(-1234567.89, money, 2), formatMoneyCompact(123_456_789, money));
        samples.push(formatMoneyCompact(1_234_567, money), formatMoneyCompact(12_345, money));
      }
      samples.push(formatPercent(0.342, locale));
      samples.push(
        new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(
          new Date(2026, 2, 5, 14, 5),
        ),
      );
      samples.push(
        new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(
          new Date(2026, 11, 25, 9, 5),
        ),
      );
    }
    expect(missing(cmap, samples)).toEqual([]);
  });

  it('the source font itself has a glyph for every character of both languages', () => {
    const source = readFileSync(
      resolve(root, 'node_modules/@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
    );
    const cmap = cmapCodePoints(source);
    expect(missing(cmap, [...strings(resources['zh-CN']), ...strings(resources.en)])).toEqual([]);
  });

  it('is a subset: far smaller than the 10 MB source font', async () => {
    const { files } = await subsets;
    expect(readFileSync(files.regular).length).toBeLessThan(1_000_000);
  });
});
