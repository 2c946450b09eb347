import { cashByYear, type Evaluation, STRATEGY_IDS, type StrategyId } from '../../engine';

/**
 * The report's cash-by-year content as numbers (CNY), shared by the PDF and the Excel export: one
 * place shapes it, so further rows (IRR, discounted payback, opex by category) are added here once.
 * Everything comes from the engine: `cashByYear` (src/engine/cash-by-year.ts) over each strategy's
 * monthly cash flow, and the strategy's NPV at the scenario's discount rate.
 */

export interface CashSectionYear {
  year: number;
  months: number;
  /** Cash out in this year per strategy (capex included); null where the strategy is ruled out. */
  cashOutCny: Record<StrategyId, number | null>;
  /** Cash out from the order to the end of this year. */
  cumulativeCny: Record<StrategyId, number | null>;
}

export interface CashSection {
  years: CashSectionYear[];
  /** Capex paid at the start (year 1). */
  capexCny: Record<StrategyId, number | null>;
  /** Σ cash out over the horizon. */
  totalCny: Record<StrategyId, number | null>;
  /** Resale value of owned hardware at the end (credited in the NPV). */
  residualValueCny: Record<StrategyId, number | null>;
  /** Net present value of the cash flow at the scenario's discount rate (a cost: positive = cash out). */
  npvCny: Record<StrategyId, number | null>;
  discountRateFractionPerYear: number;
  /** The eligible strategy with the lowest NPV (the cheapest in today's money), or null. */
  lowestNpv: StrategyId | null;
}

function perStrategy(pick: (id: StrategyId) => number | null): Record<StrategyId, number | null> {
  return Object.fromEntries(STRATEGY_IDS.map((id) => [id, pick(id)])) as Record<StrategyId, number | null>;
}

export function cashSection(
  evaluation: Evaluation,
  horizonMonths: number,
  discountRateFractionPerYear: number,
): CashSection {
  const eligible = (id: StrategyId) => evaluation.strategies[id].eligible;
  const byYear = perStrategy(() => null) as Record<StrategyId, ReturnType<typeof cashByYear> | null>;
  for (const id of STRATEGY_IDS) {
    byYear[id] = eligible(id) ? cashByYear(evaluation.strategies[id], horizonMonths) : null;
  }
  const firstEligible = STRATEGY_IDS.find((id) => byYear[id] !== null);
  const template = firstEligible ? (byYear[firstEligible]?.years ?? []) : [];
  const years: CashSectionYear[] = template.map((y, i) => ({
    year: y.year,
    months: y.months,
    cashOutCny: perStrategy((id) => byYear[id]?.years[i]?.cashOutCny ?? null),
    cumulativeCny: perStrategy((id) => byYear[id]?.years[i]?.cumulativeCny ?? null),
  }));
  const npvCny = perStrategy((id) => (eligible(id) ? evaluation.strategies[id].npvCny : null));
  let lowestNpv: StrategyId | null = null;
  for (const id of STRATEGY_IDS) {
    const v = npvCny[id];
    if (v === null) continue;
    const best = lowestNpv === null ? null : npvCny[lowestNpv];
    if (best === null || best === undefined || v < best) lowestNpv = id;
  }
  return {
    years,
    capexCny: perStrategy((id) => (eligible(id) ? evaluation.strategies[id].capexCny : null)),
    totalCny: perStrategy((id) => byYear[id]?.totalCny ?? null),
    residualValueCny: perStrategy((id) => (eligible(id) ? evaluation.strategies[id].residualValueCny : null)),
    npvCny,
    discountRateFractionPerYear,
    lowestNpv,
  };
}
