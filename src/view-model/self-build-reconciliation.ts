import type { TFunction } from 'i18next';
import type { Evaluation, Scenario } from '../engine';
import { formatMoney, formatNumber, formatPercent, type MoneyFormat } from '../lib/format';

/**
 * Self-build's three totals tied together (issue 44), all the engine's (StrategyResult): the cost over
 * the horizon (the depreciation view every cost table prints), the cash paid out less the resale value
 * at the end (the cash view), and the NPV of that cash (docs/model.md "Cash flow", "Cash and value by year").
 * Without a build lead time the first two are equal (depreciation and iteration risk spread exactly
 * the capex less the resale); with one, the cost prices a full horizon of service from delivery while
 * the cash ends the horizon that many months into service: that is `timingCny`. Discounting the same
 * cash and resale gives the NPV: `discountingCny`.
 */
export interface SelfBuildReconciliation {
  horizonMonths: number;
  leadMonths: number;
  horizonCostCny: number;
  cashOutCny: number;
  resaleCny: number;
  /** cashOutCny − resaleCny. */
  netCashCny: number;
  /** The economic view's capital charge over the horizon (a cost, not cash; 0 in the accounting view). */
  capitalChargeCny: number;
  /**
   * A cluster already owned: its capital under the lens at month 0 (B₀ under the full lens, V₀ under
   * the marginal one), which the cost counts and no cash pays; 0 without one.
   */
  ownedCapitalCny: number;
  /** What selling the cluster owned would write off (B₀ − V₀), for the text; 0 without one. */
  writeOffCny: number;
  lens: Scenario['finance']['lens'] | null;
  /** horizonCostCny − capitalChargeCny − ownedCapitalCny − netCashCny. */
  timingCny: number;
  npvCny: number;
  /** npvCny − netCashCny. */
  discountingCny: number;
  discountRateFractionPerYear: number;
}

export function selfBuildReconciliation(scenario: Scenario, evaluation: Evaluation): SelfBuildReconciliation {
  const r = evaluation.strategies.selfBuild;
  const cashOutCny = r.cashflowCny.reduce((sum, v) => sum + v, 0);
  const netCashCny = cashOutCny - r.residualValueCny;
  const capitalChargeCny = r.capitalChargeMonthlyCny * scenario.horizonMonths;
  const ex = evaluation.existing;
  const ownedCapitalCny = ex === null ? 0 : ex.lens === 'full' ? ex.bookNowCny : ex.marketNowCny;
  return {
    horizonMonths: scenario.horizonMonths,
    leadMonths: evaluation.buildLeadTimeMonths,
    horizonCostCny: r.horizonCny,
    cashOutCny,
    resaleCny: r.residualValueCny,
    netCashCny,
    capitalChargeCny,
    ownedCapitalCny,
    writeOffCny: ex === null ? 0 : ex.writeOffCny,
    lens: ex === null ? null : ex.lens,
    timingCny: r.horizonCny - capitalChargeCny - ownedCapitalCny - netCashCny,
    npvCny: r.npvCny,
    discountingCny: r.npvCny - netCashCny,
    discountRateFractionPerYear: scenario.finance.discountRateFractionPerYear,
  };
}

/** Below half a yuan two totals print the same: no difference to explain. */
const SAME_CNY = 0.5;

/** The reconciliation in one paragraph, starting "Reconciliation" / "核对". */
export function reconciliationText(
  rec: SelfBuildReconciliation,
  money: MoneyFormat,
  t: TFunction,
  vatRestated: boolean,
): string {
  const m = (v: number) => formatMoney(v, money);
  const months = formatNumber(rec.horizonMonths, money.locale);
  const lead = formatNumber(rec.leadMonths, money.locale, 1);
  const difference = m(Math.abs(rec.timingCny));
  const timing =
    Math.abs(rec.timingCny) < SAME_CNY
      ? t('export:reconciliation.timing.none')
      : rec.leadMonths > 0
        ? t(`export:reconciliation.timing.${rec.timingCny > 0 ? 'leadHigher' : 'leadLower'}`, {
            difference,
            months,
            lead,
          })
        : t('export:reconciliation.timing.other', { difference: m(rec.timingCny) });
  const rate = formatPercent(rec.discountRateFractionPerYear, money.locale, 1);
  const gap = money.locale === 'zh-CN' ? '' : ' ';
  const npvText = t(`export:reconciliation.discounting.${rec.discountingCny >= 0 ? 'more' : 'less'}`, {
    npv: m(rec.npvCny),
    rate,
    amount: m(Math.abs(rec.discountingCny)),
  });
  const discounting =
    rec.capitalChargeCny >= SAME_CNY
      ? `${t('export:reconciliation.capital', { charge: m(rec.capitalChargeCny), rate })}${gap}${npvText}`
      : npvText;
  // A cluster already owned: the capital the cost counts that no cash pays, said before the timing.
  const owned =
    rec.lens === null
      ? ''
      : `${t('export:reconciliation.existing', {
          capital: m(rec.ownedCapitalCny),
          lens: t(`common:existing.lensName.${rec.lens}`),
          writeOff: m(rec.writeOffCny),
        })}${gap}`;
  const text = t('export:reconciliation.text', {
    months,
    horizon: m(rec.horizonCostCny),
    cashOut: m(rec.cashOutCny),
    resale: m(rec.resaleCny),
    netCash: m(rec.netCashCny),
    timing: `${owned}${timing}`,
    discounting,
  });
  return vatRestated ? `${text}${gap}${t('export:reconciliation.vat')}` : text;
}
