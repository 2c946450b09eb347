import { GPU_MODELS, presets } from '../../../../src/engine';
import { cmapCodePoints } from '../../../../src/features/report-pdf/font/cmap';
import { textsOf, unprintableCharacters } from '../../../../src/features/report-pdf/font/printable';
import { resources } from '../../../../src/i18n';
import { formatMoney, formatMoneyCompact, formatPercent, type Locale } from '../../../../src/lib/format';
import { FONT_FILES, fontBytes } from './bundled-font';

// The PDF's fonts are subset at export time to what the report prints, so the app's own text prints
// exactly when the bundled fonts can draw it: any character of ours that would show □ fails here.

const coverage = {
  regular: cmapCodePoints(fontBytes('regular')),
  bold: cmapCodePoints(fontBytes('bold')),
};

describe('the bundled Noto Sans SC draws every character the app itself prints', () => {
  for (const weight of Object.keys(FONT_FILES) as Array<keyof typeof FONT_FILES>) {
    it(`${weight}: every zh-CN string, in all namespaces`, () => {
      expect(unprintableCharacters(textsOf(resources['zh-CN']), coverage[weight])).toEqual([]);
    });

    it(`${weight}: every English string, the preset names and the GPU catalogue`, () => {
      const texts = [
        ...textsOf(resources.en),
        ...Object.values(presets).map((s) => s.name),
        ...textsOf(GPU_MODELS),
      ];
      expect(unprintableCharacters(texts, coverage[weight])).toEqual([]);
    });
  }

  it('what Intl prints around numbers: currency, percent, compact 万/亿 and dates, in both languages', () => {
    const samples: string[] = [];
    for (const locale of ['en', 'zh-CN'] as Locale[]) {
      for (const currency of ['CNY', 'USD'] as const) {
        const money = { locale, currency, cnyPerUsd: 7.2 };
        samples.push(formatMoney(-1234567.89, money, 2), formatMoneyCompact(123_456_789, money));
        samples.push(formatMoneyCompact(1_234_567, money), formatMoneyCompact(12_345, money));
      }
      samples.push(formatPercent(0.342, locale));
      for (const date of [new Date(2026, 2, 5, 14, 5), new Date(2026, 11, 25, 9, 5)])
        samples.push(new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(date));
    }
    expect(unprintableCharacters(samples, coverage.regular)).toEqual([]);
    expect(unprintableCharacters(samples, coverage.bold)).toEqual([]);
  });

  it('draws the user-typed names of the issue report, and lacks 𠮷 and emoji (which the dialog lists)', () => {
    expect(
      unprintableCharacters(
        ['李伟（财务部）', '张总审阅：二〇二七年鹏城训练集群预算（含昇腾）稿'],
        coverage.regular,
      ),
    ).toEqual([]);
    expect(unprintableCharacters(['𠮷😀'], coverage.regular)).toEqual(['𠮷', '😀']);
  });
});
