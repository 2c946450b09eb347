import type { TFunction } from 'i18next';
import { formatNumber, formatPercent, type Locale } from '../lib/format';
import type { IrrCell, PaybackCell } from './cash-table';

/**
 * The cash table's cells in words, one wording for the dashboard, the PDF and the Excel file: a year
 * column's heading, the IRR of building (or why there is none) and the discounted payback (a month,
 * "at once" or "never within the horizon", said plainly).
 */

export function yearHeader(t: TFunction, c: { year: number; months: number }): string {
  // A partial last year names its months in the right number ("1 month", "6 months").
  return c.months === 12
    ? t('finance:cash.year', { year: c.year })
    : t('finance:cash.yearPartial', {
        year: c.year,
        months: t('common:count.months', { count: c.months, value: String(c.months) }),
      });
}

export function irrText(t: TFunction, cell: IrrCell, locale: Locale): string {
  return cell.kind === 'rate'
    ? formatPercent(cell.fractionPerYear, locale, 1)
    : t(`finance:returns.irrNone.${cell.reason}`);
}

export function paybackText(t: TFunction, cell: PaybackCell, locale: Locale): string {
  if (cell.kind === 'month')
    return t('finance:returns.paybackMonth', {
      month: formatNumber(cell.month, locale),
      year: formatNumber(cell.year, locale),
    });
  if (cell.kind === 'immediate') return t('finance:returns.paybackImmediate');
  return t('finance:returns.paybackNever', { years: formatNumber(cell.horizonYears, locale, 1) });
}
