import type { TFunction } from 'i18next';
import type { Scenario } from '../engine';
import { formatPercent, type Locale } from '../lib/format';

/**
 * The sentence every export carries to say which cost view its figures are in (model v4): the economic
 * view with its cost of capital, or the accounting view for the P&L.
 */
export function costViewStatement(finance: Scenario['finance'], t: TFunction, locale: Locale): string {
  return t(`common:costView.statement.${finance.costView}`, {
    rate: formatPercent(finance.discountRateFractionPerYear, locale, 1),
  });
}
