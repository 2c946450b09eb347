import { type CashFlowDetail, cashFlowDetail, endResaleValueCny } from './cash';
import { yearMonths } from './cash-by-year';
import { discountedPaybackPeriod, irr, presentValue } from './irr';
import { cashModelOf, priceStrategies, pricingInputs } from './model';
import { gpuTimePath } from './price-path';
import {
  type Breakdown,
  COMPARATOR_IDS,
  COST_CATEGORIES,
  type ComparatorId,
  type CostCategory,
  type Scenario,
  STRATEGY_IDS,
  type StrategyId,
  type VatInput,
} from './types';
import { type VatBasis, type VatClass, vatBasis, vatFactor } from './vat';

/**
 * Cash and value by year: the report a finance lead takes to a budget meeting.
 *
 *   cashReport(scenario): CashReport      (pure; everything below is CNY)
 *
 * For each strategy, per year of the horizon (year 1 carries month 0, the order; the last year may be
 * partial): hardware bought (capex, the first cluster at delivery and each replacement), worn-out
 * hardware sold at a replacement (resale, ≤ 0), the running cash by the six cost categories, the cash
 * out (their sum) and its running total; then the resale value of the hardware still owned at the
 * horizon's end and the NPV at the scenario's discount rate.
 *
 * The cash is the engine's own monthly cash flow (StrategyResult.cashflowCny, cash.ts), taken apart
 * by cash.ts `cashFlowDetail`, so Σ years = Σ cashflowCny and, with the VAT view off, `npvCny` here
 * equals the evaluation's `npvCny` (both pinned by test/engine/cash-report.test.ts). Depreciation and
 * iteration risk are costs, not cash, so they are not in these rows; hence the `iteration` column is
 * always 0 in cash and the `compute` column of an owned cluster holds only maintenance, colocation
 * and licences.
 *
 * Self-build against each rental comparator (rent, platform): the incremental cash flow of choosing
 * self-build, comparator − self-build month by month (money saved; the capex month is negative), plus
 * the self-build hardware's resale value at the horizon's end. Its NPV, IRR (irr.ts: bracketed
 * bisection; null when the flow has no sign change, i.e. self-build never saves money or never costs
 * more) and discounted payback month (the first month from which the cumulative discounted saving stays
 * ≥ 0 to the horizon; the end-of-horizon resale is not counted towards payback; null = it never pays
 * back within the horizon).
 *
 * VAT view (scenario.vat, vat.ts): off, every amount is as entered. On, each amount is restated to what
 * the company bears (net of deductible input VAT, or gross when not deductible): capex, resale and
 * residual value and energy at the hardware rate; the `compute` category (rental, platform bills,
 * colocation, maintenance, licences) at the services rate; staff, time and failures carry no VAT.
 */

export interface CashReportYear {
  /** 1-based year of the horizon. */
  year: number;
  months: number;
  /** Hardware bought in this year. */
  capexCny: number;
  /** Worn-out hardware sold in this year (≤ 0: money in). */
  resaleCny: number;
  /** Running cash by cost category. */
  opexCny: Breakdown;
  opexTotalCny: number;
  /** capex + resale + opex. */
  cashOutCny: number;
  /** Cash out from the order to the end of this year. */
  cumulativeCny: number;
}

export interface StrategyCash {
  id: StrategyId;
  eligible: boolean;
  years: CashReportYear[];
  /** Σ cash out over the horizon. */
  totalCashCny: number;
  /** What the hardware still owned fetches at the horizon's end (credited in the NPV). */
  residualValueCny: number;
  /** NPV of the cash out less the discounted residual value, at the scenario's discount rate. */
  npvCny: number;
}

export interface SelfBuildReturn {
  comparator: ComparatorId;
  /** The comparator may be used under the scenario's compliance level. */
  eligible: boolean;
  /**
   * Self-build's saving month by month (index = month 0..horizon): comparator cash − self-build cash;
   * negative where self-build pays more (the capex month).
   */
  savingCny: number[];
  /** Self-build's hardware resale value at the horizon's end less the comparator's (credited at the end). */
  endResaleCreditCny: number;
  /** NPV of the saving with the end credit = comparator NPV − self-build NPV; > 0 when self-build is worth more. */
  incrementalNpvCny: number;
  /** Yearly IRR of self-build's saving against the comparator; null when there is none. */
  irrFractionPerYear: number | null;
  /** First month from which the discounted saving has repaid the outlay; 0 = no outlay; null = never. */
  discountedPaybackMonth: number | null;
}

export interface CashReport {
  horizonMonths: number;
  discountRateFractionPerYear: number;
  vat: VatInput;
  vatBasis: VatBasis;
  strategies: Record<StrategyId, StrategyCash>;
  selfBuildVs: Record<ComparatorId, SelfBuildReturn>;
}

/**
 * The VAT class of each running-cost category; compute's leasing and repairs part (CashFlowDetail
 * `computeLeasingCny`) carries the leasing rate instead.
 */
export const CATEGORY_VAT_CLASS: Record<CostCategory, VatClass> = {
  compute: 'services',
  energy: 'hardware',
  time: 'none',
  ops: 'none',
  failure: 'none',
  iteration: 'none',
};

interface MonthlyCash {
  capex: number[];
  resale: number[];
  opex: Record<CostCategory, number[]>;
  total: number[];
  residualValueCny: number;
}

function restate(detail: CashFlowDetail, residual: number, vat: VatInput, months: number): MonthlyCash {
  const hw = vatFactor(vat, 'hardware');
  const scale = (xs: number[], f: number) => (f === 1 ? xs : xs.map((x) => x * f));
  const capex = scale(detail.capexCny, hw);
  const resale = scale(detail.resaleCny, hw);
  const opex = {} as Record<CostCategory, number[]>;
  for (const c of COST_CATEGORIES) opex[c] = scale(detail.opexCny[c], vatFactor(vat, CATEGORY_VAT_CLASS[c]));
  // Compute mixes bought services with leasing and repairs (whole servers rented, maintenance).
  const leasing = vatFactor(vat, 'leasing');
  const services = vatFactor(vat, 'services');
  if (leasing !== services) {
    opex.compute = detail.opexCny.compute.map(
      (x, m) =>
        (x - (detail.computeLeasingCny[m] ?? 0)) * services + (detail.computeLeasingCny[m] ?? 0) * leasing,
    );
  }
  const total = new Array<number>(months + 1).fill(0);
  for (let m = 0; m <= months; m++) {
    let sum = (capex[m] ?? 0) + (resale[m] ?? 0);
    for (const c of COST_CATEGORIES) sum += opex[c][m] ?? 0;
    total[m] = sum;
  }
  return { capex, resale, opex, total, residualValueCny: residual * hw };
}

function byYear(cash: MonthlyCash, horizonMonths: number): CashReportYear[] {
  const years: CashReportYear[] = [];
  let end = 0;
  let cumulative = 0;
  yearMonths(horizonMonths).forEach((months, i) => {
    const from = i === 0 ? 0 : end + 1;
    end += months;
    const sum = (xs: number[]) => {
      let s = 0;
      for (let m = from; m <= end; m++) s += xs[m] ?? 0;
      return s;
    };
    const opexCny = {} as Breakdown;
    let opexTotalCny = 0;
    for (const c of COST_CATEGORIES) {
      opexCny[c] = sum(cash.opex[c]);
      opexTotalCny += opexCny[c];
    }
    const capexCny = sum(cash.capex);
    const resaleCny = sum(cash.resale);
    const cashOutCny = sum(cash.total);
    cumulative += cashOutCny;
    years.push({
      year: i + 1,
      months,
      capexCny,
      resaleCny,
      opexCny,
      opexTotalCny,
      cashOutCny,
      cumulativeCny: cumulative,
    });
  });
  return years;
}

export function cashReport(scenario: Scenario): CashReport {
  const ctx = pricingInputs(scenario);
  const costs = priceStrategies(ctx);
  const months = scenario.horizonMonths;
  const rate = scenario.finance.discountRateFractionPerYear;
  const path = gpuTimePath(scenario.finance);
  const discountAtEnd = (1 + rate) ** (months / 12);

  const monthly = {} as Record<StrategyId, MonthlyCash>;
  const strategies = {} as Record<StrategyId, StrategyCash>;
  for (const id of STRATEGY_IDS) {
    const model = cashModelOf(ctx, costs[id]);
    const cash = restate(
      cashFlowDetail(model, path, months),
      endResaleValueCny(model, months),
      scenario.vat,
      months,
    );
    monthly[id] = cash;
    const years = byYear(cash, months);
    strategies[id] = {
      id,
      eligible: costs[id].eligible,
      years,
      totalCashCny: years.at(-1)?.cumulativeCny ?? 0,
      residualValueCny: cash.residualValueCny,
      npvCny: presentValue(cash.total, rate, 12) - cash.residualValueCny / discountAtEnd,
    };
  }

  const own = monthly.selfBuild;
  const selfBuildVs = {} as Record<ComparatorId, SelfBuildReturn>;
  for (const comparator of COMPARATOR_IDS) {
    const other = monthly[comparator];
    const saving = own.total.map((o, m) => (other.total[m] ?? 0) - o);
    const withResale = saving.slice();
    withResale[months] = (withResale[months] ?? 0) + own.residualValueCny - other.residualValueCny;
    selfBuildVs[comparator] = {
      comparator,
      eligible: costs[comparator].eligible,
      savingCny: saving,
      endResaleCreditCny: own.residualValueCny - other.residualValueCny,
      incrementalNpvCny: presentValue(withResale, rate, 12),
      irrFractionPerYear: irr(withResale, 12),
      discountedPaybackMonth: discountedPaybackPeriod(saving, rate, 12),
    };
  }

  return {
    horizonMonths: months,
    discountRateFractionPerYear: rate,
    vat: { ...scenario.vat },
    vatBasis: vatBasis(scenario.vat),
    strategies,
    selfBuildVs,
  };
}
