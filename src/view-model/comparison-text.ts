import type { TFunction } from 'i18next';
import type { ComparatorId, Comparison } from '../engine';
import { formatMoney, formatPercent, type MoneyFormat } from '../lib/format';
import { roundedMoney } from './rounded-money';

/**
 * One wording of self-build's comparison with each named comparator (renting whole servers, the
 * pooled platform), shared by the headline, the PDF and the self-assessment: the crossover load rate
 * (or "never in 0–100 % — unless …" with the prices at which the pair would cross at full load) and the
 * cash-payback month. Keys are in the `common` namespace.
 */

/** "renting whole servers" / "the pooled platform" in the reader's language. */
export function comparatorName(id: ComparatorId, t: TFunction): string {
  return t(`common:comparator.${id}`);
}

/** The crossover load rate against one comparator, or why there is none. */
export function crossoverText(c: Comparison, money: MoneyFormat, t: TFunction): string {
  if (!c.eligible) return t('common:summary.notAllowed');
  if (c.crossoverLoadRate !== null) {
    return c.crossoverLoadRate <= 0
      ? t('common:summary.crossoverZero')
      : formatPercent(c.crossoverLoadRate, money.locale, 1);
  }
  return neverText(c, money, t);
}

/**
 * "Self-build is never cheaper than renting whole servers at any load; it would be only if the server
 * price fell to about CN¥1.1M or renting rose to CN¥130.00 per server-hour" (the platform: per
 * GPU-hour), with only the prices the engine found. The server price is rounded (约 109.6 万元 in
 * Chinese: the engine's solved price is not a quote to the yuan); the comparator's unit price is exact.
 */
export function neverText(
  c: Pick<Comparison, 'comparator' | 'crossAt'>,
  money: MoneyFormat,
  t: TFunction,
): string {
  const server = c.crossAt?.serverPriceCny ?? null;
  const price = c.crossAt?.comparatorPrice ?? null;
  const params = {
    comparator: comparatorName(c.comparator, t),
    serverPrice: server === null ? '' : roundedMoney(server, money, t),
    comparatorName: t(`common:summary.neverPriceName.${c.comparator}`),
    comparatorPrice: price === null ? '' : formatMoney(price, money, 2),
    unit: t(`common:summary.priceUnit.${c.comparator}`),
  };
  if (server !== null && price !== null) return t('common:summary.neverBoth', params);
  if (server !== null) return t('common:summary.neverServer', params);
  if (price !== null) return t('common:summary.neverComparator', params);
  return t('common:summary.never');
}

/**
 * The month self-build's cumulative cash catches up with the comparator's, by the one payback rule
 * (docs/model.md "Payback rule"): stated against the horizon, like the discounted payback beside it. A
 * payback after the horizon names its month ("Month 50, after the 3-year horizon"); none within ten
 * years reads "Never within the 3-year horizon", the discounted payback's words.
 */
export function paybackText(c: Comparison, t: TFunction): string {
  if (!c.eligible) return t('common:summary.notAllowed');
  const years = horizonYearsText(c.horizonMonths);
  if (c.paybackMonth === null) return t('common:summary.noPayback', { years });
  if (c.paybackMonth > c.horizonMonths)
    return t('common:summary.paybackAfterHorizon', { month: c.paybackMonth, years });
  return t('common:summary.paybackMonth', { month: c.paybackMonth });
}

/** A horizon in years as the cash table states it: whole years bare, else one decimal (2.5). */
function horizonYearsText(horizonMonths: number): string {
  const years = horizonMonths / 12;
  return Number.isInteger(years) ? String(years) : years.toFixed(1);
}
