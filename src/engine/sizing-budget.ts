import { type CashModel, cashFlowDetail, leadCashAtMonth, runningCashAtMonth } from './cash';
import { cashModelOf, inputsFor, ownedPart, pricingInputs, type StrategyCost } from './model';
import { burstPart } from './model/burst';
import { withBurst } from './model/hybrid';
import { atMarketFactor } from './model/inputs';
import type { PartCost } from './model/part';
import { gpuTimePath, type MarketPath } from './price-path';
import type { Scenario } from './types';

/**
 * "Buy N, burst the rest" by quarter (issue 23): the cash a budget holder plans for when the company
 * owns N GPUs (whole servers) and sends the demand they do not serve to the platform.
 *
 * It is the engine's own cash model (cash.ts, model/cash-model.ts) of an own cluster of N GPUs with
 * burst, summed by quarter of the horizon (quarter 1 carries month 0, the order):
 * - capex: the servers, paid at delivery (the month after the build lead time), and each replacement
 *   batch when the first wears out; resale: what a worn-out batch fetches (≤ 0, money in);
 * - run-rate: the owned cluster's running cash (energy, colocation, maintenance, staff, failures), and
 *   during the lead time the rental of the work it will do;
 * - burst: the platform bills for the rest, each month at its market price (a + b × factor(m)); its P90
 *   comes from the sizing band's Monte Carlo draws (sizing-curve.ts), one quarter at a time.
 */
export interface QuarterRange {
  /** 1-based quarter of the horizon. */
  quarter: number;
  /** First and last month of the quarter (inclusive; quarter 1 starts at month 0, the order). */
  fromMonth: number;
  toMonth: number;
}

export interface BudgetQuarter extends QuarterRange {
  capexCny: number;
  /** Worn-out hardware sold (≤ 0: money in). */
  resaleCny: number;
  runRateCny: number;
  burstCny: number;
  /** P90 of the burst over the Monte Carlo draws; null until the band has run. */
  burstP90Cny: number | null;
  /** capex + resale + run-rate + burst. */
  totalCny: number;
}

export interface BudgetPlan {
  ownedGpus: number;
  /** The first cluster's price and the month it is paid (delivery); 0 and null when nothing is bought. */
  capexCny: number;
  capexMonth: number | null;
  leadMonths: number;
  /** Useful GPU-hours a month that burst (of the own cluster's GPU model). */
  burstUsefulGpuHoursPerMonth: number;
  quarters: BudgetQuarter[];
  total: { capexCny: number; resaleCny: number; runRateCny: number; burstCny: number; totalCny: number };
}

/** The horizon's quarters; the last one may be short. */
export function quarterRanges(horizonMonths: number): QuarterRange[] {
  const out: QuarterRange[] = [];
  const n = Math.ceil(Math.max(0, horizonMonths) / 3);
  for (let q = 1; q <= n; q++)
    out.push({ quarter: q, fromMonth: q === 1 ? 0 : 3 * q - 2, toMonth: Math.min(horizonMonths, 3 * q) });
  return out;
}

/** The running cash of a part (its cost less depreciation, iteration risk and the lead-time line). */
export function runningCashOf(p: PartCost): number {
  const b = p.breakdown;
  const total = b.compute + b.energy + b.time + b.ops + b.failure + b.iteration;
  return Math.max(0, total - p.nonCashCny - p.leadTimeCny);
}

/**
 * Cash of one useful burst GPU-hour at market factor 0 (`aCny`) and its rise per unit of factor
 * (`bCny`): burst pricing is linear in the hours and in the GPU-time price, as the cash model prices it.
 */
export function burstCashPerUsefulGpuHour(s: Scenario): { aCny: number; bCny: number } {
  const x = inputsFor(pricingInputs(s), 'selfBuild');
  const a = runningCashOf(burstPart(atMarketFactor(x, 0), 1));
  return { aCny: a, bCny: runningCashOf(burstPart(atMarketFactor(x, 1), 1)) - a };
}

/**
 * A quarter's burst cash: hours a month × Σ over its months of (a + b × factor(m)); for a training
 * plan each month's term × that month's share of the burst (`shareByMonth`, index 0 = month 1), since
 * its burst falls in its runs' months (docs/model.md §10, "Demand over the horizon").
 */
export function quarterBurstCashCny(
  hoursPerMonth: number,
  perHour: { aCny: number; bCny: number },
  path: MarketPath,
  q: QuarterRange,
  shareByMonth: readonly number[] | null = null,
): number {
  const from = Math.max(1, q.fromMonth);
  if (shareByMonth !== null) {
    let sum = 0;
    for (let m = from; m <= q.toMonth; m++)
      sum += (perHour.aCny + perHour.bCny * path.factorAt(m)) * (shareByMonth[m - 1] ?? 0);
    return hoursPerMonth * sum;
  }
  const months = Math.max(0, q.toMonth - from + 1);
  return hoursPerMonth * (perHour.aCny * months + perHour.bCny * path.sum(from, q.toMonth));
}

/**
 * For a training plan, each month's share of the burst above an own cluster of `gpus` (index 0 =
 * month 1), as the cash model times it; null for a representative period (every month the same).
 */
export function burstShareOfOwned(s: Scenario, gpus: number): readonly number[] | null {
  return ownedWithBurstCash(s, gpus).cash.demandShareByMonth;
}

/** The model's own cluster of `gpus` with burst, and its cash model. */
function ownedWithBurstCash(s: Scenario, gpus: number): { cost: StrategyCost; cash: CashModel } {
  const reference = pricingInputs(s);
  const x = inputsFor(reference, 'selfBuild');
  const base = ownedPart(x, gpus);
  const { part, burstUsefulGpuHours } = withBurst(x, base);
  const cost: StrategyCost = {
    id: 'selfBuild',
    eligible: true,
    ineligibleReason: null,
    part,
    baselineGpus: base.capacityGpus,
    burstUsefulGpuHours,
    base: { kind: 'owned', gpus: base.capacityGpus, part: base },
  };
  return { cost, cash: cashModelOf(reference, cost) };
}

/** The budget plan of owning `ownedGpus` (rounded up to whole servers), with the band's burst P90s. */
export function budgetPlan(
  s: Scenario,
  ownedGpus: number,
  burstP90ByQuarterCny: readonly number[] | null = null,
): BudgetPlan {
  const { cost, cash } = ownedWithBurstCash(s, ownedGpus);
  const path = gpuTimePath(s.finance);
  const H = s.horizonMonths;
  const detail = cashFlowDetail(cash, path, H);
  const o = cash.owned;
  const lead = o ? Math.round(o.leadMonths) : 0;
  const runRateAt = (m: number): number => {
    if (!o || m < 1) return 0;
    if (m > lead) return o.runningCny;
    // Servers already owned run through the lead time too (cash.ts cashFlow).
    const building = leadCashAtMonth(o, m, path.factorAt(m));
    return o.runningDuringLeadShare > 0 ? building + o.runningCny * o.runningDuringLeadShare : building;
  };
  const burstAt = (m: number): number => (m < 1 ? 0 : runningCashAtMonth(cash, m, path.factorAt(m)));
  const total = { capexCny: 0, resaleCny: 0, runRateCny: 0, burstCny: 0, totalCny: 0 };
  const quarters = quarterRanges(H).map((q, i): BudgetQuarter => {
    let capexCny = 0;
    let resaleCny = 0;
    let runRateCny = 0;
    let burstCny = 0;
    for (let m = q.fromMonth; m <= q.toMonth; m++) {
      capexCny += detail.capexCny[m] ?? 0;
      resaleCny += detail.resaleCny[m] ?? 0;
      runRateCny += runRateAt(m);
      burstCny += burstAt(m);
    }
    const totalCny = capexCny + resaleCny + runRateCny + burstCny;
    total.capexCny += capexCny;
    total.resaleCny += resaleCny;
    total.runRateCny += runRateCny;
    total.burstCny += burstCny;
    total.totalCny += totalCny;
    return {
      ...q,
      capexCny,
      resaleCny,
      runRateCny,
      burstCny,
      burstP90Cny: burstP90ByQuarterCny?.[i] ?? null,
      totalCny,
    };
  });
  const capexCny = o?.capexCny ?? 0;
  return {
    ownedGpus: cost.baselineGpus,
    capexCny,
    capexMonth: capexCny > 0 && lead <= H ? lead : null,
    leadMonths: lead,
    burstUsefulGpuHoursPerMonth: cost.burstUsefulGpuHours,
    quarters,
    total,
  };
}
