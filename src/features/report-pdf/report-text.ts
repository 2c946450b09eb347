import type { TFunction } from 'i18next';
import { isMoneyParameter, type ParameterMeta } from '../../engine';
import {
  convertCny,
  formatMoney,
  formatMoneyCompact,
  formatNumber,
  type Locale,
  type MoneyFormat,
} from '../../lib/format';
import type { AmountScale } from '../../view-model/cash-table';

/** "Label: text" with the colon each language uses (full-width in Chinese). */
export function labelled(locale: Locale, label: string, text: string): string {
  return locale === 'zh-CN' ? `${label}：${text}` : `${label}: ${text}`;
}

/** Decimals an amount needs to show as typed (12.5 → 1, 0.47 → 2, 1,800,000 → 0), at most 4. */
function decimalsOf(value: number): number {
  for (let d = 0; d < 4; d++)
    if (Math.abs(Number(value.toFixed(d)) - value) < 1e-9 * Math.max(1, Math.abs(value))) return d;
  return 4;
}

/**
 * A parameter value as the report prints it: money in the document's one currency style
 * ("CN¥1,800,000", "CN¥12.5/GPU-hour", "¥12.5/卡·时", converted to US$ when the report is in dollars),
 * so an input never reads "1,800,000 CNY" beside "CN¥4,116,017"; fractions as percents; other units
 * after the number. The money unit has no space, so a table cell never breaks it.
 */
export function parameterText(meta: ParameterMeta, value: number, money: MoneyFormat, t: TFunction): string {
  if (isMoneyParameter(meta)) {
    const shown = convertCny(value, money);
    return `${formatMoney(value, money, decimalsOf(Number(shown.toPrecision(12))))}${t(`export:perUnit.${meta.unit}`)}`;
  }
  return plainParameterText(meta, value, money.locale, t);
}

function plainParameterText(meta: ParameterMeta, value: number, locale: Locale, t: TFunction): string {
  const percent = meta.unit === 'fraction' || meta.unit === 'fractionPerYear';
  const shown = Number((percent ? value * 100 : value).toPrecision(12));
  // Six digits so tiny rates (2×10⁻⁵ per GPU-hour) are not shown as 0, as in the fields' hints.
  const number = formatNumber(shown, locale, 6);
  const unit = t(`common:units.${meta.unit}`);
  return percent ? `${number}${unit}` : `${number} ${unit}`;
}

/** Like parameterText, with at most `digits` significant digits (break-even values are not exact inputs). */
export function roundedParameterText(
  meta: ParameterMeta,
  value: number,
  money: MoneyFormat,
  t: TFunction,
  digits = 3,
): string {
  return parameterText(meta, Number(value.toPrecision(digits)), money, t);
}

/**
 * An amount in a report table: whole units, or at the charts' scale (万/亿 in Chinese, K/M in English,
 * two decimals: "¥193.48万", "CN¥1.85M") when the export asks for it; amounts below one such unit
 * (unit costs) stay whole, with their decimals.
 */
export function tableMoney(
  amountCny: number,
  money: MoneyFormat,
  scale: AmountScale,
  fractionDigits = 0,
): string {
  const large = money.locale === 'zh-CN' ? 10_000 : 1_000;
  if (scale === 'unit' || Math.abs(convertCny(amountCny, money)) < large)
    return formatMoney(amountCny, money, fractionDigits);
  return formatMoneyCompact(amountCny, money, 2);
}
