import type { TFunction } from 'i18next';
import { convertCny, formatNumber, type MoneyFormat } from '../lib/format';

/**
 * Amounts rounded for prose — the first screen's and the PDF's first page, where the reader needs the
 * order of magnitude, not the yuan (docs/zh-style.md, "Numbers and amounts"): in Chinese in 万元 or
 * 亿元 ("约 68 万元", "109.6 万元", "1.93 亿元"; below 1 万 whole yuan, "6,000 元"), in English in
 * thousands or millions ("CN¥680K", "CN¥1.1M"). The exact figures stay in the tables.
 *
 *   roundedMoney(amountCny, money, t): string
 *   roundedMoneyRange(lowCny, highCny, money, t): string   // "120–280 万元", "CN¥1.2–2.8M"
 *
 * The words around the number are the translations' (common:money.<currency>.<step>).
 */
type Step = 'unit' | 'large' | 'huge';

interface Rounded {
  step: Step;
  /** The number in its step, rounded and formatted, without a sign. */
  number: string;
  negative: boolean;
}

/** 万 and 亿 in Chinese; thousand and million in English. */
function steps(money: MoneyFormat): { large: number; huge: number; digits: Record<Step, number> } {
  return money.locale === 'zh-CN'
    ? { large: 1e4, huge: 1e8, digits: { unit: 0, large: 1, huge: 2 } }
    : { large: 1e3, huge: 1e6, digits: { unit: 0, large: 0, huge: 1 } };
}

function stepOf(abs: number, money: MoneyFormat): Step {
  const s = steps(money);
  // Rounded first, so 9,999.6 reads "1 万元", not "10,000 元".
  if (Number((abs / s.huge).toFixed(s.digits.huge)) >= 1) return 'huge';
  if (Number((abs / s.large).toFixed(s.digits.large)) >= 1) return 'large';
  return 'unit';
}

function rounded(amountCny: number, money: MoneyFormat, step: Step): Rounded {
  const shown = convertCny(amountCny, money);
  const s = steps(money);
  const divisor = step === 'huge' ? s.huge : step === 'large' ? s.large : 1;
  const number = formatNumber(Math.abs(shown) / divisor, money.locale, s.digits[step]);
  return { step, number, negative: shown < 0 && number.replace(/[^1-9]/g, '') !== '' };
}

function say(r: Rounded, money: MoneyFormat, t: TFunction, value = r.number): string {
  return `${r.negative ? '\u2212' : ''}${t(`common:money.${money.currency}.${r.step}`, { value })}`;
}

/** One amount, rounded to its 万/亿 (thousand/million), with its unit: "68 万元", "CN¥680K". */
export function roundedMoney(amountCny: number, money: MoneyFormat, t: TFunction): string {
  const abs = Math.abs(convertCny(amountCny, money));
  return say(rounded(amountCny, money, stepOf(abs, money)), money, t);
}

/**
 * A range of two amounts: one unit when both read in the same step ("120–280 万元", "CN¥1.2–2.8M"),
 * each with its own otherwise ("8,000 元–1.2 万元").
 */
export function roundedMoneyRange(lowCny: number, highCny: number, money: MoneyFormat, t: TFunction): string {
  const stepLow = stepOf(Math.abs(convertCny(lowCny, money)), money);
  const stepHigh = stepOf(Math.abs(convertCny(highCny, money)), money);
  const low = rounded(lowCny, money, stepLow);
  const high = rounded(highCny, money, stepHigh);
  if (stepLow === stepHigh && !low.negative && !high.negative)
    return say(high, money, t, `${low.number}–${high.number}`);
  return `${say(low, money, t)}–${say(high, money, t)}`;
}
