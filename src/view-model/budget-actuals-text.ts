import type { TFunction } from 'i18next';
import type { VarianceShares, VarianceSplit } from '../engine';
import { formatMoney, formatNumber, formatPercent, type MoneyFormat } from '../lib/format';
import type { Reforecast } from './budget-actuals';

/**
 * "CN¥312,000 over budget in months 1–3: CN¥218,000 (70 %) from more GPU-hours, …": each part with
 * the direction it went; shares only when every part went the way of the whole difference (a share
 * above 100 % or below 0 says nothing to a reader).
 */
export function varianceSentence(
  t: TFunction,
  split: VarianceSplit,
  shares: VarianceShares | null,
  money: MoneyFormat,
  lastMonth: number,
): string {
  const d = split.differenceCny;
  const amount = (v: number) => formatMoney(Math.abs(v), money);
  const months = formatNumber(lastMonth, money.locale);
  if (Math.abs(d) < 0.5) return t('scenarios:actuals.onBudget', { months });
  const sameWay =
    shares !== null && [shares.volume, shares.efficiency, shares.price].every((s) => s >= 0 && s <= 1);
  const part = (kind: 'volume' | 'efficiency' | 'price', value: number, share: number | undefined) => {
    if (Math.abs(value) < 0.5) return null;
    const direction = t(`scenarios:actuals.part.${kind}.${value > 0 ? 'up' : 'down'}`);
    return sameWay && share !== undefined
      ? t('scenarios:actuals.partShare', {
          amount: amount(value),
          share: formatPercent(share, money.locale, 0),
          direction,
        })
      : t('scenarios:actuals.partAmount', { amount: amount(value), direction });
  };
  const parts = [
    part('volume', split.volumeCny, shares?.volume),
    part('efficiency', split.efficiencyCny, shares?.efficiency),
    part('price', split.priceCny, shares?.price),
  ].filter((p): p is string => p !== null);
  return t(d > 0 ? 'scenarios:actuals.over' : 'scenarios:actuals.under', {
    amount: amount(d),
    months,
    parts: parts.join(t('scenarios:actuals.partSeparator')),
  });
}

/** The reforecast's lines: the trend, the two outturns, and whether the decision holds. */
export function reforecastTexts(
  t: TFunction,
  r: Reforecast,
  lastMonth: number,
  money: MoneyFormat,
): { trend: string; year: string; horizon: string; decision: string; flip: string | null } {
  const locale = money.locale;
  const amount = (v: number) => formatMoney(v, money);
  // Signed: "+6.7 %" more work, "−3.0 %" utilization (formatPercent writes the minus).
  const pct = (v: number) => `${v > 1 ? '+' : ''}${formatPercent(v - 1, locale, 1)}`;
  const d = r.decision;
  const billedWays = r.ways.map((w) => t(`common:strategy.${w}`)).join(t('common:issue.separator'));
  const way = (id: string) => t(`common:strategy.${id}`);
  return {
    trend: t('scenarios:actuals.trend', {
      months: formatNumber(lastMonth, locale),
      usage: pct(r.ratios.usage),
      efficiency: pct(r.ratios.efficiency),
      price: pct(r.ratios.price),
    }),
    year: t('scenarios:actuals.outturn', {
      ways: billedWays,
      months: formatNumber(r.yearMonths, locale),
      outturn: amount(r.yearOutturnCny),
      budget: amount(r.yearBudgetCny),
    }),
    horizon: t('scenarios:actuals.outturn', {
      ways: billedWays,
      months: formatNumber(r.horizonMonths, locale),
      outturn: amount(r.horizonOutturnCny),
      budget: amount(r.horizonBudgetCny),
    }),
    flip:
      d.flipPriceRatio === null
        ? null
        : t(d.holds ? 'scenarios:actuals.flipWould' : 'scenarios:actuals.holdWould', {
            way: way(r.billedWay),
            change: pct(d.flipPriceRatio),
          }),
    decision: d.holds
      ? t('scenarios:actuals.holds', {
          way: way(d.budgetWay),
          months: formatNumber(d.horizonMonths, locale),
          monthly: amount(d.budgetWayMonthlyCny),
        })
      : t('scenarios:actuals.flips', {
          way: way(d.budgetWay),
          now: way(d.nowWay),
          months: formatNumber(d.horizonMonths, locale),
          monthly: amount(d.budgetWayMonthlyCny),
          nowMonthly: amount(d.nowWayMonthlyCny),
        }),
  };
}
