import type { TFunction } from 'i18next';
import { isMoneyParameter, type ParameterMeta } from '../../engine';
import { convertCny, formatMoney, formatNumber, type Locale, type MoneyFormat } from '../../lib/format';
import { type AmountScale, amountUnit, formatAmount } from '../../view-model/cash-table';

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
  // "1 hour", "2 hours": the unit's plural follows the number where the language has one.
  const unit = t(`common:units.${meta.unit}`, { count: shown });
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

/** Decimals of an amount in a report table read in 万元 / thousands ("244.00", "0.60"). */
export const LARGE_TABLE_DIGITS = 2;

/**
 * An amount in a report table: whole units with the currency ("¥2,440,000", "CN¥513,041"), or, when
 * the export asks for the large unit, a bare number in that unit with two decimals ("244.00", "0.60"
 * in 万元; thousands in English) — one unit for the whole table, stated once by `tableUnitText` above
 * it or in the column's head, never a ¥ or 万 per cell.
 */
export function tableMoney(
  amountCny: number,
  money: MoneyFormat,
  scale: AmountScale,
  fractionDigits = 0,
): string {
  if (scale === 'unit') return formatMoney(amountCny, money, fractionDigits);
  const unit = amountUnit(money.locale, money.currency, 'large');
  return formatAmount(convertCny(amountCny, money) / unit.divisor, money.locale, 'large', LARGE_TABLE_DIGITS);
}

/** The unit of a table's amounts: "元" / "万元" / "万美元" in Chinese, "CNY" / "k CNY" / "k USD" in English. */
export function tableUnitName(money: MoneyFormat, scale: AmountScale, t: TFunction): string {
  return t(amountUnit(money.locale, money.currency, scale).labelKey);
}

/**
 * The line stating a scaled table's unit ("单位：万元" / "Amounts in k CNY"), or none when its cells
 * carry their own currency (whole amounts).
 */
export function tableUnitBlocks(
  money: MoneyFormat,
  scale: AmountScale,
  t: TFunction,
  key: 'export:tableUnit' | 'export:tableUnitExceptRates' = 'export:tableUnit',
): { kind: 'paragraph'; style: 'note'; text: string }[] {
  if (scale === 'unit') return [];
  return [{ kind: 'paragraph', style: 'note', text: t(key, { unit: tableUnitName(money, scale, t) }) }];
}

/** A column head carrying the table's unit when it is scaled ("月成本（万元）"), the head alone otherwise. */
export function headWithUnit(head: string, money: MoneyFormat, scale: AmountScale, t: TFunction): string {
  if (scale === 'unit') return head;
  return t('common:join.nameNote', { name: head, note: tableUnitName(money, scale, t) });
}
