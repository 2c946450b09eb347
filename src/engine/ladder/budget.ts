import { type PricingInputs, pricingInputs } from '../model/inputs';
import { gpuTimePath, termPath } from '../price-path';
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
 * share at its start, with what else the band costs in cash (setup, staff, failures of the hours it
 * serves) as its hours fall; the variable tiers' running cash over the horizon, spread by month as
 * their bills fall: their compute by the GPU-time path's index × the month's work above the
 * commitments, the rest by the work (every month the same with a representative period). Waiting
 * work is a valuation, not cash: it is in no quarter.
 */
export function ladderBudget(
  s: Scenario,
  plan: LadderPlan,
  reference: PricingInputs = pricingInputs(s),
): LadderBudget {
  const H = s.horizonMonths;
  const path = gpuTimePath(s.finance);
  // Commitments renewed each month pay the term path's price of that month.
  const term = termPath(s.finance);
  const ranges = quarterRanges(H);
  const ownGpus = plan.pricing.bands.find((b) => b.id === 'own')?.gpus ?? 0;
  const own = ownGpus > 0 ? budgetPlan(s, ownGpus) : null;
  // Without an own band the plan sells a cluster already owned: what it fetches, in month 1 (solve.ts).
  const soldCny = own === null && reference.existing !== null ? reference.existing.marketNowCny : 0;

  // Commitments by month (index m, month 0 unused): cash a month and prepayments.
  const commitByMonth = new Float64Array(H + 1);
  let afterHorizonCny = 0;
  for (const row of plan.schedule) {
    if (row.id === 'own') continue;
    const last = row.endMonth;
    if (row.renewsMonthly) {
      // Paid each month at that month's price; monthlyCashCny is their average over the row.
      let sum = 0;
      for (let m = row.startMonth; m <= last; m++) sum += term.factorAt(m);
      const months = last - row.startMonth + 1;
      for (let m = row.startMonth; m <= Math.min(last, H); m++)
        commitByMonth[m] =
          (commitByMonth[m] as number) + (row.monthlyCashCny * months * term.factorAt(m)) / sum;
    } else {
      for (let m = row.startMonth; m <= last; m++) {
        if (m <= H) commitByMonth[m] = (commitByMonth[m] as number) + row.monthlyCashCny;
        else afterHorizonCny += row.monthlyCashCny;
      }
    }
    if (row.paidMonth <= H)
      commitByMonth[row.paidMonth] = (commitByMonth[row.paidMonth] as number) + row.prepaidCny;
  }

  // What else the committed bands cost in cash (setup time, ops staff, failures of the hours they
  // serve), spread as their hours fall; then the variable tiers' running cash: their compute as
  // their bills fall (the price index × the work above the bands), the rest as the work.
  const months = monthLoads(s, plan, reference);
  for (const band of plan.pricing.bands) {
    if (band.id === 'own') continue;
    const other = Math.max(0, runningCashOf(band.part) - band.part.breakdown.compute);
    spread(commitByMonth, other * H, months.band(band.floorUsable, band.part.usableGpus), null, path);
  }
  const variableByMonth = new Float64Array(H + 1);
  const above = months.above();
  for (const t of plan.pricing.variable.tiers) {
    const cash = runningCashOf(t.part);
    const compute = Math.min(cash, t.part.breakdown.compute);
    spread(variableByMonth, compute * H, above, 'priced', path);
    spread(variableByMonth, (cash - compute) * H, above, null, path);
  }
  const variableAt = (m: number) => variableByMonth[m] as number;

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
      ownResaleCny: (o?.resaleCny ?? 0) - (q.fromMonth <= 1 && q.toMonth >= 1 ? soldCny : 0),
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

/** Adds `amountCny` to months 1..H in proportion to `load[m]` (× the price index when 'priced'); evenly when the loads sum to 0. */
function spread(
  into: Float64Array,
  amountCny: number,
  load: Float64Array,
  priced: 'priced' | null,
  path: { factorAt(m: number): number },
): void {
  if (!(amountCny > 0)) return;
  const H = into.length - 1;
  let sum = 0;
  const w = new Float64Array(H + 1);
  for (let m = 1; m <= H; m++) {
    w[m] = (load[m] as number) * (priced ? path.factorAt(m) : 1);
    sum += w[m] as number;
  }
  for (let m = 1; m <= H; m++)
    into[m] = (into[m] as number) + (sum > 0 ? (amountCny * (w[m] as number)) / sum : amountCny / H);
}

/**
 * Each month's work (index m = month m) above the committed bands, and within one band: with a
 * representative period every month the same; with a training plan, the useful GPU-hours of the
 * month's pieces in the ladder's unit (as its curve and bands are, bands.ts quarterPeaksOf).
 */
function monthLoads(
  s: Scenario,
  plan: LadderPlan,
  reference: PricingInputs,
): { above(): Float64Array; band(floorUsable: number, usable: number): Float64Array } {
  const H = s.horizonMonths;
  const last = plan.pricing.bands[plan.pricing.bands.length - 1];
  const top = last === undefined ? 0 : last.floorUsable + last.part.usableGpus;
  if (reference.dated === null) {
    const even = new Float64Array(H + 1).fill(1);
    return { above: () => even, band: () => even };
  }
  const x = ladderContext(reference).x;
  const dated = x.dated ?? reference.dated;
  const scale = x.curveScale;
  const { gpus, weights, months } = dated.pieces;
  const within = (from: number, to: number): Float64Array => {
    const w = new Float64Array(H + 1);
    for (let i = 0; i < gpus.length; i++) {
      const m = months[i] as number;
      if (m < 1 || m > H) continue;
      const demand = (gpus[i] as number) * scale;
      const held = Math.min(demand, to) - from;
      if (held > 0) w[m] = (w[m] as number) + held * (weights[i] as number);
    }
    return w;
  };
  return {
    above: () => within(top, Number.POSITIVE_INFINITY),
    band: (floorUsable, usable) => within(floorUsable, floorUsable + usable),
  };
}

/** The plan and its budget by quarter, priced on one set of inputs: what the analysis worker answers. */
export function ladderPlanWithBudget(s: Scenario): LadderPlan & { budget: LadderBudget } {
  const reference = pricingInputs(s);
  const plan = ladderPlan(s, reference);
  return { ...plan, budget: ladderBudget(s, plan, reference) };
}
