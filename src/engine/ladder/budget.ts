import { type PricingInputs, pricingInputs } from '../model/inputs';
import { gpuTimePath } from '../price-path';
import { budgetPlan, type QuarterRange, quarterRanges, runningCashOf } from '../sizing-budget';
import type { Scenario } from '../types';
import { ladderContext } from './bands';
import { type LadderPlan, ladderPlan } from './plan';

/** One quarter of the ladder's plan in cash: the own rung's, the commitments', the variable tiers'. */
export interface LadderBudgetQuarter extends QuarterRange {
  /** The own cluster's servers paid at delivery and its replacements (the buy-N plan's capex). */
  ownCapexCny: number;
  /** Worn-out own hardware sold (≤ 0: money in). */
  ownResaleCny: number;
  /** The own cluster's running cash, and during its lead time the rental of the work it will do. */
  ownRunRateCny: number;
  /** Term commitments and platform reservations: their cash a month, and what is prepaid at a start. */
  commitmentsCny: number;
  /** On demand, spot and the platform's elastic compute. */
  variableCny: number;
  totalCny: number;
}

export interface LadderBudget {
  ownedGpus: number;
  quarters: LadderBudgetQuarter[];
  total: Omit<LadderBudgetQuarter, keyof QuarterRange>;
  /** What terms that run past the horizon still pay after it (in their cost, not in any quarter). */
  afterHorizonCny: number;
}

/**
 * The ladder's plan by quarter (issue 37, "one plan, not two"): the own rung as the buy-N plan
 * budgets an own cluster of its GPUs (sizing-budget.ts: capex at delivery, replacements, resale,
 * run-rate); each commitment of the schedule its cash a month over its months — a held term at its
 * first month's price, a monthly term and a platform reservation at each month's — and its prepaid
 * share at its start; the variable tiers' running cash over the horizon, spread by month as their
 * bills fall: by the GPU-time path's index, and on a training plan by each month's demand above the
 * commitments too. Waiting work is a valuation, not cash: it is in no quarter.
 */
export function ladderBudget(
  s: Scenario,
  plan: LadderPlan,
  reference: PricingInputs = pricingInputs(s),
): LadderBudget {
  const H = s.horizonMonths;
  const path = gpuTimePath(s.finance);
  const ranges = quarterRanges(H);
  const ownGpus = plan.pricing.bands.find((b) => b.id === 'own')?.gpus ?? 0;
  const own = ownGpus > 0 ? budgetPlan(s, ownGpus) : null;

  // Commitments by month (index m, month 0 unused): cash a month and prepayments.
  const commitByMonth = new Float64Array(H + 1);
  let afterHorizonCny = 0;
  for (const row of plan.schedule) {
    if (row.id === 'own') continue;
    const last = row.endMonth;
    if (row.renewsMonthly) {
      // Paid each month at that month's price; monthlyCashCny is their average over the row.
      let sum = 0;
      for (let m = row.startMonth; m <= last; m++) sum += path.factorAt(m);
      const months = last - row.startMonth + 1;
      for (let m = row.startMonth; m <= Math.min(last, H); m++)
        commitByMonth[m] =
          (commitByMonth[m] as number) + (row.monthlyCashCny * months * path.factorAt(m)) / sum;
    } else {
      for (let m = row.startMonth; m <= last; m++) {
        if (m <= H) commitByMonth[m] = (commitByMonth[m] as number) + row.monthlyCashCny;
        else afterHorizonCny += row.monthlyCashCny;
      }
    }
    if (row.startMonth <= H)
      commitByMonth[row.startMonth] = (commitByMonth[row.startMonth] as number) + row.prepaidCny;
  }

  // The variable tiers' running cash over the horizon, spread over its months.
  let variableMonthlyCny = 0;
  for (const t of plan.pricing.variable.tiers) variableMonthlyCny += runningCashOf(t.part);
  const weights = variableWeights(s, plan, reference, path.factorAt.bind(path));
  let weightSum = 0;
  for (let m = 1; m <= H; m++) weightSum += weights[m] as number;
  const variableAt = (m: number) =>
    weightSum > 0 ? (variableMonthlyCny * H * (weights[m] as number)) / weightSum : variableMonthlyCny;

  const total = {
    ownCapexCny: 0,
    ownResaleCny: 0,
    ownRunRateCny: 0,
    commitmentsCny: 0,
    variableCny: 0,
    totalCny: 0,
  };
  const quarters = ranges.map((q, i): LadderBudgetQuarter => {
    const o = own?.quarters[i];
    let commitmentsCny = 0;
    let variableCny = 0;
    for (let m = Math.max(1, q.fromMonth); m <= q.toMonth; m++) {
      commitmentsCny += commitByMonth[m] as number;
      variableCny += variableAt(m);
    }
    const row = {
      ...q,
      ownCapexCny: o?.capexCny ?? 0,
      ownResaleCny: o?.resaleCny ?? 0,
      ownRunRateCny: o?.runRateCny ?? 0,
      commitmentsCny,
      variableCny,
      totalCny: 0,
    };
    row.totalCny = row.ownCapexCny + row.ownResaleCny + row.ownRunRateCny + commitmentsCny + variableCny;
    total.ownCapexCny += row.ownCapexCny;
    total.ownResaleCny += row.ownResaleCny;
    total.ownRunRateCny += row.ownRunRateCny;
    total.commitmentsCny += commitmentsCny;
    total.variableCny += variableCny;
    total.totalCny += row.totalCny;
    return row;
  });
  return { ownedGpus: ownGpus, quarters, total, afterHorizonCny };
}

/**
 * Each month's weight in the variable tiers' bills (index m = month m): the path's index; on a
 * training plan × the useful GPU-hours that month above the committed bands.
 */
function variableWeights(
  s: Scenario,
  plan: LadderPlan,
  reference: PricingInputs,
  factorAt: (m: number) => number,
): Float64Array {
  const H = s.horizonMonths;
  const w = new Float64Array(H + 1);
  if (reference.dated === null) {
    for (let m = 1; m <= H; m++) w[m] = factorAt(m);
    return w;
  }
  // The pieces in the ladder's unit, as its curve and its bands are (bands.ts quarterPeaksOf).
  const x = ladderContext(reference).x;
  const dated = x.dated ?? reference.dated;
  const last = plan.pricing.bands[plan.pricing.bands.length - 1];
  const top = last === undefined ? 0 : last.floorUsable + last.part.usableGpus;
  const scale = x.curveScale;
  const { gpus, weights, months } = dated.pieces;
  for (let i = 0; i < gpus.length; i++) {
    const m = months[i] as number;
    if (m < 1 || m > H) continue;
    const above = (gpus[i] as number) * scale - top;
    if (above > 0) w[m] = (w[m] as number) + above * (weights[i] as number) * factorAt(m);
  }
  return w;
}

/** The plan and its budget by quarter, priced on one set of inputs: what the analysis worker answers. */
export function ladderPlanWithBudget(s: Scenario): LadderPlan & { budget: LadderBudget } {
  const reference = pricingInputs(s);
  const plan = ladderPlan(s, reference);
  return { ...plan, budget: ladderBudget(s, plan, reference) };
}
