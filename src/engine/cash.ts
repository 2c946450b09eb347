import { type HardwarePrices, hardwareLife } from './market';
import type { MarketPath } from './price-path';
import { type Breakdown, COST_CATEGORIES, type CostCategory } from './types';

/**
 * How a strategy's cash goes out month by month (time axis of types.ts: month 0 = order, months 1…
 * of the horizon), as data the evaluation fills once per scenario:
 * - bills that follow the market price path: a + b × factor(m) every month (rent, platform, burst,
 *   reserved GPUs), with the factor of market.ts (month 1 at today's price);
 * - an owned cluster: while it is built (lead-time months 1..L) the work it will do is served by the
 *   cheaper rental (leadA + leadB × factor); capex is paid at delivery (month L, 0 without a lead
 *   time); its running cash follows every month of service; worn-out servers are bought again when
 *   their depreciation life ends and the old ones sold for what they fetch.
 */
export interface CashModel {
  runningACny: number;
  runningBCny: number;
  /** The same running cash split by the six cost categories (Σ = runningACny / runningBCny). */
  runningAByCategoryCny: Breakdown;
  runningBByCategoryCny: Breakdown;
  owned: OwnedCash | null;
  /**
   * For a dated plan, each month's share of the bills that follow the demand — all of it (rent,
   * platform) or the burst above a baseline — ÷ the average month's (index 0 = month 1): those bills
   * are that share of a + b × factor(m) in month m. Null: every month the same (a representative
   * period).
   */
  demandShareByMonth: readonly number[] | null;
  /** The part of the running bills held every month whatever the demand (a reserved baseline). */
  held: HeldCash | null;
  /**
   * The running bills' compute is the rental of whole servers (leasing, for the VAT view: vat.ts)
   * rather than a bought service (the platform's GPU time).
   */
  runningComputeIsLeasing: boolean;
  /**
   * A cluster the team already owns (existing-cluster.ts): kept — its replacements bought and worn-out
   * batches sold, what is in service credited at the end; or sold — what it fetches, in month 1. Null
   * without one.
   */
  existing: ExistingCash | null;
}

/** The capital cash of a cluster already owned, by month (0..horizon). */
export interface ExistingCash {
  purchases: readonly { month: number; cny: number }[];
  sales: readonly { month: number; cny: number }[];
  /** What the servers in service fetch at the horizon's end (kept), else 0. */
  endValueCny: number;
}

/** Running cash of GPUs held every month (a + b × factor), with its split by category. */
export interface HeldCash {
  aCny: number;
  bCny: number;
  aByCategoryCny: Breakdown;
  bByCategoryCny: Breakdown;
  /**
   * The term path the held compute (the reservation's bill) is read on (price-path.ts termPath), or
   * null when terms follow the on-demand path, whose factor every caller passes. The held part's
   * other categories (setup, staff, failures of the work it serves) follow on-demand prices.
   */
  path: MarketPath | null;
}

/**
 * The running bills of month m (≥ 1) at market factor f: a + b × f, or for a dated plan the held part
 * plus the demand-following part × the month's share of the demand (docs/model.md §10); with terms on
 * a path of their own, the held compute at that path's index of the month.
 */
export function runningCashAtMonth(model: CashModel, m: number, f: number): number {
  const share = model.demandShareByMonth;
  const h = model.held;
  if (h !== null && h.path !== null) {
    const termB = h.bByCategoryCny.compute;
    const held = h.aCny + (h.bCny - termB) * f + termB * h.path.factorAt(m);
    const rest = model.runningACny - h.aCny + (model.runningBCny - h.bCny) * f;
    return held + rest * (share === null ? 1 : (share[m - 1] ?? 0));
  }
  if (share === null) return model.runningACny + model.runningBCny * f;
  const heldA = h ? h.aCny : 0;
  const heldB = h ? h.bCny : 0;
  return (
    heldA + heldB * f + (model.runningACny - heldA + (model.runningBCny - heldB) * f) * (share[m - 1] ?? 0)
  );
}

/** The lead-time rental of month m (≥ 1) at market factor f (OwnedCash.leadShareByMonth). */
export function leadCashAtMonth(o: OwnedCash, m: number, f: number): number {
  const cash = o.leadACny + o.leadBCny * f;
  return o.leadShareByMonth === null ? cash : cash * (o.leadShareByMonth[m - 1] ?? 0);
}

/** runningCashAtMonth for one category. */
function runningCategoryAtMonth(model: CashModel, c: CostCategory, m: number, f: number): number {
  const share = model.demandShareByMonth;
  const a = model.runningAByCategoryCny[c];
  const b = model.runningBByCategoryCny[c];
  const h = model.held;
  if (h !== null && h.path !== null) {
    const heldA = h.aByCategoryCny[c];
    const heldB = h.bByCategoryCny[c];
    const held = c === 'compute' ? heldA + heldB * h.path.factorAt(m) : heldA + heldB * f;
    return held + (a - heldA + (b - heldB) * f) * (share === null ? 1 : (share[m - 1] ?? 0));
  }
  if (share === null) return a + b * f;
  const heldA = h ? h.aByCategoryCny[c] : 0;
  const heldB = h ? h.bByCategoryCny[c] : 0;
  return heldA + heldB * f + (a - heldA + (b - heldB) * f) * (share[m - 1] ?? 0);
}

export interface OwnedCash {
  capexCny: number;
  lifeMonths: number;
  residualFraction: number;
  resaleDeclineFractionPerYear: number;
  leadMonths: number;
  /**
   * Hardware on price paths (hardware-path.ts hardwarePrices, by month of service): what a replacement
   * costs and what a batch fetches. Null: today's price, resale by age alone.
   */
  prices: HardwarePrices | null;
  /** Cash of the owned part in each month of service (no depreciation, no iteration risk). */
  runningCny: number;
  /** `runningCny` by cost category. */
  runningByCategoryCny: Breakdown;
  /** The maintenance (repairs) within `runningByCategoryCny.compute`, for the VAT view (vat.ts). */
  runningRepairsCny: number;
  /**
   * The share of the running cash paid during the build lead time too: the servers already owned run
   * from month 1 (their share of the servers; 0 without them).
   */
  runningDuringLeadShare: number;
  /** The rental of the cluster's work during the lead time (the `time` category), a + b × factor. */
  leadACny: number;
  leadBCny: number;
  /**
   * For a dated plan, each month's share of the cluster's work (index 0 = month 1): a lead-time
   * month rents that share of leadA + leadB × factor. Null: every month the same.
   */
  leadShareByMonth: readonly number[] | null;
}

/** Cash out in months 0..months (index = month), before any resale at the end. */
export function cashFlow(model: CashModel, gpuTimePath: MarketPath, months: number): number[] {
  const flow = new Array<number>(months + 1).fill(0);
  for (let m = 1; m <= months; m++) {
    flow[m] = runningCashAtMonth(model, m, gpuTimePath.factorAt(m));
  }
  addExistingCash(model.existing, months, flow, flow);
  const o = model.owned;
  if (!o) return flow;
  const lead = Math.round(o.leadMonths);
  for (let m = 1; m <= Math.min(lead, months); m++) {
    flow[m] = (flow[m] ?? 0) + leadCashAtMonth(o, m, gpuTimePath.factorAt(m));
    if (o.runningDuringLeadShare > 0) flow[m] = (flow[m] ?? 0) + o.runningCny * o.runningDuringLeadShare;
  }
  for (let m = lead + 1; m <= months; m++) flow[m] = (flow[m] ?? 0) + o.runningCny;
  if (lead > months) return flow;
  const life = hardwareLife(
    o.capexCny,
    o.residualFraction,
    o.lifeMonths,
    o.resaleDeclineFractionPerYear,
    months - lead,
    o.prices,
  );
  life.purchaseMonths.forEach((p, i) => {
    const m = lead + Math.round(p);
    if (m > months) return;
    // At each replacement the worn-out batch is sold for what it fetches.
    flow[m] = (flow[m] ?? 0) + (life.purchaseCny[i] ?? 0) - (i > 0 ? (life.saleCny[i - 1] ?? 0) : 0);
  });
  return flow;
}

/**
 * A cluster already owned into the month-by-month cash: purchases into `capex`, sales (money in,
 * negative) into `resale`, months past `months` left out.
 */
function addExistingCash(
  existing: ExistingCash | null,
  months: number,
  capex: number[],
  resale: number[],
): void {
  if (existing === null) return;
  for (const p of existing.purchases) {
    const m = Math.round(p.month);
    if (m <= months) capex[m] = (capex[m] ?? 0) + p.cny;
  }
  for (const s of existing.sales) {
    const m = Math.round(s.month);
    if (m <= months) resale[m] = (resale[m] ?? 0) - s.cny;
  }
}

/** What the owned hardware still fetches at the end of `months` (0 without hardware). */
export function endResaleValueCny(model: CashModel, months: number): number {
  const existingEnd = model.existing === null ? 0 : model.existing.endValueCny;
  return existingEnd === 0
    ? ownedEndResaleValueCny(model, months)
    : existingEnd + ownedEndResaleValueCny(model, months);
}

function ownedEndResaleValueCny(model: CashModel, months: number): number {
  const o = model.owned;
  if (!o) return 0;
  const service = months - Math.round(o.leadMonths);
  if (service < 0) return 0;
  return hardwareLife(
    o.capexCny,
    o.residualFraction,
    o.lifeMonths,
    o.resaleDeclineFractionPerYear,
    service,
    o.prices,
  ).endMarketValueCny;
}

/**
 * First month m (from delivery, ≥ 1) in which cumulative cash of `own` is no more than `other`'s:
 * the cash payback, before any resale. null when not within the flows' length.
 */
export function paybackMonth(
  own: readonly number[],
  other: readonly number[],
  fromMonth: number,
): number | null {
  let a = 0;
  let b = 0;
  const n = Math.min(own.length, other.length);
  for (let m = 0; m < n; m++) {
    a += own[m] ?? 0;
    b += other[m] ?? 0;
    if (m >= Math.max(1, fromMonth) && a <= b) return m;
  }
  return null;
}

/** One strategy's monthly cash split into what it is (index = month 0..months). */
export interface CashFlowDetail {
  /** Hardware bought: the first cluster at delivery, then each replacement batch. */
  capexCny: number[];
  /** Worn-out hardware sold at each replacement (≤ 0: money in). */
  resaleCny: number[];
  /** Running cash by cost category (the lead-time rental in `time`). */
  opexCny: Record<CostCategory, number[]>;
  /**
   * The part of `opexCny.compute` that is leasing or repairs for VAT (vat.ts): whole servers rented,
   * an own cluster's maintenance; the rest of compute is bought services.
   */
  computeLeasingCny: number[];
}

/**
 * `cashFlow` taken apart: capex, resale and the running cash by category, month by month. The same
 * rules as `cashFlow` (which stays a single sum because evaluations run it on every slider step);
 * test/engine/cash-report.test.ts pins Σ parts = cashFlow month by month.
 */
export function cashFlowDetail(model: CashModel, gpuTimePath: MarketPath, months: number): CashFlowDetail {
  const zeros = () => new Array<number>(months + 1).fill(0);
  const opexCny = Object.fromEntries(COST_CATEGORIES.map((c) => [c, zeros()])) as Record<
    CostCategory,
    number[]
  >;
  const capexCny = zeros();
  const resaleCny = zeros();
  const computeLeasingCny = zeros();
  const add = (c: CostCategory, m: number, v: number) => {
    opexCny[c][m] = (opexCny[c][m] ?? 0) + v;
  };
  for (let m = 1; m <= months; m++) {
    const f = gpuTimePath.factorAt(m);
    for (const c of COST_CATEGORIES) add(c, m, runningCategoryAtMonth(model, c, m, f));
    if (model.runningComputeIsLeasing) computeLeasingCny[m] = opexCny.compute[m] ?? 0;
  }
  addExistingCash(model.existing, months, capexCny, resaleCny);
  const o = model.owned;
  if (!o) return { capexCny, resaleCny, opexCny, computeLeasingCny };
  const lead = Math.round(o.leadMonths);
  for (let m = 1; m <= Math.min(lead, months); m++) {
    add('time', m, leadCashAtMonth(o, m, gpuTimePath.factorAt(m)));
    if (o.runningDuringLeadShare > 0) {
      for (const c of COST_CATEGORIES) add(c, m, o.runningByCategoryCny[c] * o.runningDuringLeadShare);
      computeLeasingCny[m] = (computeLeasingCny[m] ?? 0) + o.runningRepairsCny * o.runningDuringLeadShare;
    }
  }
  for (let m = lead + 1; m <= months; m++) {
    for (const c of COST_CATEGORIES) add(c, m, o.runningByCategoryCny[c]);
    computeLeasingCny[m] = (computeLeasingCny[m] ?? 0) + o.runningRepairsCny;
  }
  if (lead > months) return { capexCny, resaleCny, opexCny, computeLeasingCny };
  const life = hardwareLife(
    o.capexCny,
    o.residualFraction,
    o.lifeMonths,
    o.resaleDeclineFractionPerYear,
    months - lead,
    o.prices,
  );
  life.purchaseMonths.forEach((p, i) => {
    const m = lead + Math.round(p);
    if (m > months) return;
    capexCny[m] = (capexCny[m] ?? 0) + (life.purchaseCny[i] ?? 0);
    if (i > 0) resaleCny[m] = (resaleCny[m] ?? 0) - (life.saleCny[i - 1] ?? 0);
  });
  return { capexCny, resaleCny, opexCny, computeLeasingCny };
}
