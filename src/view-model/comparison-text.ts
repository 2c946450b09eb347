import type { TFunction } from 'i18next';
import type { ComparatorId, Comparison } from '../engine';
import { formatMoney, formatPercent, type MoneyFormat } from '../lib/format';

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
 * "Never in 0–100 % — unless the server price falls to ¥X or renting rises to ¥Y per server-hour"
 * (the platform: per GPU-hour), with only the prices the engine found.
 */
export function neverText(
  c: Pick<Comparison, 'comparator' | 'crossAt'>,
  money: MoneyFormat,
  t: TFunction,
): string {
  const server = c.crossAt?.serverPriceCny ?? null;
  const price = c.crossAt?.comparatorPrice ?? null;
  const params = {
    serverPrice: server === null ? '' : formatMoney(server, money, 0),
    comparatorName: t(`common:summary.neverPriceName.${c.comparator}`),
    comparatorPrice: price === null ? '' : formatMoney(price, money, 2),
    unit: t(`common:summary.priceUnit.${c.comparator}`),
  };
  if (server !== null && price !== null) return t('common:summary.neverBoth', params);
  if (server !== null) return t('common:summary.neverServer', params);
  if (price !== null) return t('common:summary.neverComparator', params);
  return t('common:summary.never');
}

/** The month self-build's cumulative cash catches up with the comparator's, or "never within 10 years". */
export function paybackText(c: Comparison, t: TFunction): string {
  if (!c.eligible) return t('common:summary.notAllowed');
  return c.paybackMonth === null
    ? t('common:summary.noPayback')
    : t('common:summary.paybackMonth', { month: c.paybackMonth });
}
