import type { TFunction } from 'i18next';
import type { ParameterMeta } from '../../engine';
import { formatNumber, type Locale } from '../../lib/format';

/** "Label: text" with the colon each language uses (full-width in Chinese). */
export function labelled(locale: Locale, label: string, text: string): string {
  return locale === 'zh-CN' ? `${label}：${text}` : `${label}: ${text}`;
}

/** A parameter value as the dashboard's fields show it: fractions as percents, units after the number. */
export function parameterText(meta: ParameterMeta, value: number, locale: Locale, t: TFunction): string {
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
  locale: Locale,
  t: TFunction,
  digits = 3,
): string {
  return parameterText(meta, Number(value.toPrecision(digits)), locale, t);
}
