import { createI18n } from '../../src/i18n';
import type { MoneyFormat } from '../../src/lib/format';
import { roundedMoney, roundedMoneyRange } from '../../src/view-model/rounded-money';

/**
 * Amounts rounded for prose (review #33, #34): 万元/亿元 in Chinese, thousands/millions in English,
 * the numbers worked out here by hand from the yuan.
 */
const zh: MoneyFormat = { locale: 'zh-CN', currency: 'CNY', cnyPerUsd: 7.2 };
const en: MoneyFormat = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 };
const tz = createI18n('zh-CN').t;
const te = createI18n('en').t;

describe('roundedMoney', () => {
  it('reads Chinese amounts in 万元 with one decimal, 亿元 with two, small ones in whole yuan', () => {
    expect(roundedMoney(1_095_852, zh, tz)).toBe('109.6 万元');
    expect(roundedMoney(679_612, zh, tz)).toBe('68 万元');
    expect(roundedMoney(2_000_000, zh, tz)).toBe('200 万元');
    expect(roundedMoney(44_985, zh, tz)).toBe('4.5 万元');
    expect(roundedMoney(193_475_964, zh, tz)).toBe('1.93 亿元');
    expect(roundedMoney(6_000, zh, tz)).toBe('6,000 元');
    expect(roundedMoney(9_999.7, zh, tz)).toBe('1 万元');
    expect(roundedMoney(-513_041, zh, tz)).toBe('\u221251.3 万元');
    // Dollars: 1,095,852 ÷ 7.2 = 152,201.7 → 15.2 万美元.
    expect(roundedMoney(1_095_852, { ...zh, currency: 'USD' }, tz)).toBe('15.2 万美元');
  });

  it('reads English amounts in thousands and millions', () => {
    expect(roundedMoney(679_612, en, te)).toBe('CN¥680K');
    expect(roundedMoney(1_095_852, en, te)).toBe('CN¥1.1M');
    expect(roundedMoney(44_985, en, te)).toBe('CN¥45K');
    expect(roundedMoney(300, en, te)).toBe('CN¥300');
    expect(roundedMoney(1_095_852, { ...en, currency: 'USD' }, te)).toBe('US$152K');
  });

  it('states a range in one unit when both ends read in it', () => {
    expect(roundedMoneyRange(1_200_000, 2_800_000, zh, tz)).toBe('120–280 万元');
    expect(roundedMoneyRange(8_000, 12_000, zh, tz)).toBe('8,000 元–1.2 万元');
    expect(roundedMoneyRange(1_200_000, 2_800_000, en, te)).toBe('CN¥1.2–2.8M');
  });
});
