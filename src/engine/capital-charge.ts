import { buildLeadTimeMonthsOf } from './capability';
import { type HardwarePrices, hardwarePrices } from './hardware-path';
import { hardwareLife } from './market';
import type { Scenario } from './types';

/**
 * Capital has a cost (docs/model.md §10 "Capital has a cost", model v4). Money paid for hardware up
 * front is money that cannot earn the cost of capital r elsewhere; the economic view charges for it.
 *
 * Each way's monthly figure in the economic view is its accounting figure plus a **capital charge**:
 * the level monthly amount with the same present value at r as the way's capital cash — the purchase
 * at delivery, each replacement less the worn-out batch it sells, the resale credited at the horizon's
 * end — less that cash's plain monthly average (its level amount at r = 0). So:
 * - at r = 0 the charge is 0 and the two views agree on every total;
 * - a way without capital (rent, the platform, a reserved baseline) has no charge: a level stream is
 *   its own annuity, so the seed's 57,000 / 37,500 CNY a month stand in both views;
 * - the charge grows with r (money now weighs more than the resale later), so raising r never makes
 *   owning cheaper against renting.
 * Running bills enter both views as billed each month. The charge is not cash (the cash flow and its
 * NPV are the same in both views) and sits inside the compute category, so the six categories still
 * sum to the total.
 */
export type CostView = Scenario['finance']['costView'];

/**
 * Σ over months 1..months of (1 + r)^(−m/12): what 1 CNY a month for the horizon is worth today. The
 * geometric series in closed form, q (1 − q^n) ÷ (1 − q) with q = (1 + r)^(−1/12) (expm1/log1p keep
 * a tiny r exact); n at r = 0. Closed, not summed: evaluations price it for every context they make.
 */
export function annuityFactor(ratePerYear: number, months: number): number {
  if (months <= 0) return 0;
  const lnQ = -Math.log1p(ratePerYear) / 12;
  if (lnQ === 0) return months;
  return (Math.exp(lnQ) * Math.expm1(lnQ * months)) / Math.expm1(lnQ);
}

/**
 * The present value at r of an own cluster's capital cash per yuan of its capex over a horizon of
 * service: bought at delivery (1), bought again each time its life ends while the worn-out batch is
 * sold (1 − sale, at k × life months), and what it still fetches at the end credited (− end, at the
 * horizon). With hardware on price paths a replacement costs its month's purchase index, not 1. Counted from delivery, as the accounting view prices a full horizon of service from
 * delivery (the build lead time has its own line in `time`): a longer lead time or a slower team never
 * lowers the charge by paying later. Months need not be whole (a 3.1-year life): discounting takes
 * the exact month.
 */
export function ownedCapitalPresentValuePerCapexYuan(
  lifeMonths: number,
  residualFraction: number,
  resaleDeclineFractionPerYear: number,
  horizonMonths: number,
  ratePerYear: number,
  prices: HardwarePrices | null = null,
): number {
  const life = hardwareLife(
    1,
    residualFraction,
    lifeMonths,
    resaleDeclineFractionPerYear,
    horizonMonths,
    prices,
  );
  let pv = 0;
  life.purchaseMonths.forEach((month, i) => {
    const paid = life.purchaseCny[i] ?? 1;
    pv += (paid - (i > 0 ? (life.saleCny[i - 1] ?? 0) : 0)) / (1 + ratePerYear) ** (month / 12);
  });
  return pv - life.endMarketValueCny / (1 + ratePerYear) ** (horizonMonths / 12);
}

/**
 * The capital charge a month per yuan of an own cluster's capex: the level amount of its capital cash
 * at r less the same at r = 0, its plain average (0 in the accounting view). The cluster's charge is
 * its capex × this.
 */
export function capitalChargePerCapexYuan(scenario: Scenario): number {
  const f = scenario.finance;
  const months = scenario.horizonMonths;
  if (f.costView !== 'economic' || months <= 0) return 0;
  const sb = scenario.selfBuild;
  const prices = hardwarePrices(f, buildLeadTimeMonthsOf(scenario));
  const pvAt = (rate: number) =>
    ownedCapitalPresentValuePerCapexYuan(
      sb.depreciationYears * 12,
      sb.residualFraction,
      f.resaleValueDeclineFractionPerYear,
      months,
      rate,
      prices,
    );
  const rate = f.discountRateFractionPerYear;
  return pvAt(rate) / annuityFactor(rate, months) - pvAt(0) / annuityFactor(0, months);
}

/**
 * What the economic view charges a month for `capexCny` of own hardware in `scenario`, whichever view
 * the scenario is in (the accounting view's note says what switching would add).
 */
export function economicCapitalChargeMonthlyCny(scenario: Scenario, capexCny: number): number {
  const economic = { ...scenario, finance: { ...scenario.finance, costView: 'economic' as const } };
  return capexCny * capitalChargePerCapexYuan(economic);
}
