import { annuityFactor, economicCapitalChargeMonthlyCny } from './capital-charge';
import { hardwarePrices } from './hardware-path';
import { bookValueCny, type HardwarePrices, resaleValueCny } from './market';
import type {
  ExistingCapitalFlow,
  ExistingCluster,
  ExistingClusterInput,
  ExistingLines,
  Scenario,
  SelfBuildInput,
} from './types';

/**
 * A cluster the team already owns (docs/model.md §10 "The marginal lens"; the industry article on
 * self-build vs rent, section 6, speaks to teams that built). What it cost is sunk: the question is
 * what the next horizon costs each way — keep running it (and add servers), or sell it now and rent or
 * pool. The lens (`finance.lens`) says what its capital is, the same for every way:
 * - marginal (the default): keeping forgoes what it fetches today, V₀, and gets its later sale or end
 *   value; selling carries nothing;
 * - full: the books as they stand — keeping carries the remaining book value B₀ (depreciation to its
 *   sale or the horizon's end, iteration risk for the loss to resale); every way that sells carries the
 *   write-off B₀ − V₀ at month 0.
 * So the lens moves every way by the same amount (B₀ − V₀) and never changes a difference between two.
 * The cluster is whole servers of the self-build's GPU and server, priced by the self-build's capex rule
 * at the price paid per server; it serves from month 1 (no lead time), is replaced when its
 * depreciation life ends (at today's server price × the hardware path's index that month, the old sold
 * at the resale path), and what is in service at the horizon's end is credited at its market value.
 */

/** The limits of the existing cluster's inputs (schema v16). */
export const EXISTING_LIMITS = {
  servers: { min: 1, max: 10_000 },
  ageMonths: { min: 0, max: 120 },
  pricePaidCnyPerServer: { min: 100_000, max: 10_000_000 },
} as const;

const NO_LINES: ExistingLines = { depreciationCny: 0, iterationCny: 0, capitalChargeCny: 0 };

/** What `servers` servers cost by the self-build's capex rule at a price per server. */
export function clusterCapexCny(sb: SelfBuildInput, servers: number, serverPriceCny: number): number {
  const capexFactor = 1 + sb.networkFraction + sb.storageFraction + sb.fitOutFraction;
  return servers * serverPriceCny * capexFactor + servers * sb.powerMaxKwPerServer * sb.powerRetrofitCnyPerKw;
}

/** The existing cluster of `s` and its lines under its lens and cost view; null without one. */
export function existingCluster(s: Scenario): ExistingCluster | null {
  const e = s.existing;
  if (e === null) return null;
  const sb = s.selfBuild;
  const f = s.finance;
  const horizon = s.horizonMonths;
  const life = Math.max(1, sb.depreciationYears * 12);
  const residual = sb.residualFraction;
  const decline = f.resaleValueDeclineFractionPerYear;
  // The existing servers stand today, so their prices are the paths' by month of the horizon (no lead).
  const prices = hardwarePrices(f, 0);
  const paidCny = clusterCapexCny(sb, e.servers, e.pricePaidCnyPerServer);
  const bookNowCny = bookValueCny(paidCny, residual, life, e.ageMonths);
  const marketNowCny = resaleValueCny(paidCny, decline, e.ageMonths, bookNowCny);
  const capitalNowCny = f.lens === 'full' ? bookNowCny : marketNowCny;
  const batches = existingBatches(s, e, paidCny, life, prices);

  // Totals over the horizon: the capital at month 0 down to each batch's exit value, and the loss of
  // each exit (book − sale) in iteration risk. The first batch starts from the lens's capital and, under
  // the marginal lens, is valued at market throughout (no book to lose against).
  let depreciation = 0;
  let iteration = 0;
  batches.forEach((b, i) => {
    const start = i === 0 ? capitalNowCny : b.costCny;
    if (i === 0 && f.lens === 'marginal') {
      depreciation += start - b.exitMarketCny;
    } else {
      depreciation += start - b.exitBookCny;
      iteration += b.exitBookCny - b.exitMarketCny;
    }
  });
  const keepFlows: ExistingCapitalFlow[] = [];
  for (let i = 1; i < batches.length; i++) {
    const b = batches[i];
    const sold = batches[i - 1];
    if (b === undefined || sold === undefined) continue;
    keepFlows.push({ month: b.startMonth, purchaseCny: b.costCny, saleCny: sold.exitMarketCny });
  }
  const keepEndValueCny = batches[batches.length - 1]?.exitMarketCny ?? 0;

  // The economic view: the level amount at r of the capital's cash less its plain average (as
  // capital-charge.ts charges a new cluster): capital at month 0, each replacement less its sale, the
  // end value credited.
  const r = f.discountRateFractionPerYear;
  const economic = f.costView === 'economic' && horizon > 0;
  const levelLess = (flows: { month: number; cny: number }[]) => {
    if (!economic) return 0;
    let pv = 0;
    let plain = 0;
    for (const flow of flows) {
      pv += flow.cny / (1 + r) ** (flow.month / 12);
      plain += flow.cny;
    }
    return pv / annuityFactor(r, horizon) - plain / annuityFactor(0, horizon);
  };
  const keepCapital = [
    { month: 0, cny: capitalNowCny },
    ...keepFlows.map((flow) => ({ month: flow.month, cny: flow.purchaseCny - flow.saleCny })),
    { month: horizon, cny: -keepEndValueCny },
  ];
  const writeOffCny = bookNowCny - marketNowCny;
  const perMonth = (cny: number) => (horizon > 0 ? cny / horizon : 0);
  const keep: ExistingLines = {
    depreciationCny: perMonth(depreciation),
    iterationCny: perMonth(iteration),
    capitalChargeCny: levelLess(keepCapital),
  };
  const sell: ExistingLines =
    f.lens === 'full'
      ? {
          depreciationCny: 0,
          iterationCny: perMonth(writeOffCny),
          capitalChargeCny: levelLess([{ month: 0, cny: writeOffCny }]),
        }
      : NO_LINES;
  return {
    servers: e.servers,
    gpus: e.servers * sb.gpusPerServer,
    ageMonths: e.ageMonths,
    paidCny,
    bookNowCny,
    marketNowCny,
    writeOffCny,
    lens: f.lens,
    keep,
    sell,
    keepFlows,
    keepEndValueCny,
    maintenanceCny: (paidCny * sb.maintenanceFractionPerYear) / 12,
  };
}

/**
 * What the economic view charges self-build a month, whichever view `scenario` is in (the accounting
 * view's note says what switching would add): on the `capexCny` it buys and on a cluster already owned
 * that it keeps, under the lens.
 */
export function selfBuildEconomicChargeMonthlyCny(scenario: Scenario, capexCny: number): number {
  const own = economicCapitalChargeMonthlyCny(scenario, capexCny);
  if (scenario.existing === null) return own;
  const economic = { ...scenario, finance: { ...scenario.finance, costView: 'economic' as const } };
  return own + (existingCluster(economic)?.keep.capitalChargeCny ?? 0);
}

/** One batch of the existing servers over the horizon: the first is the cluster itself. */
interface ExistingBatch {
  startMonth: number;
  /** What it cost (the first: what was paid). */
  costCny: number;
  /** Its book value and what it fetches when it leaves: sold at a replacement or held at the end. */
  exitBookCny: number;
  exitMarketCny: number;
}

/**
 * The existing servers' batches: the first, at age A today, leaves when its life ends (T − A, today if
 * it already has); each replacement is bought at today's server price × the purchase index of its month
 * and serves a life; the last is valued at the horizon's end. Sales follow the resale rule (market.ts
 * resaleValueCny) on the batch's price × the resale index of the month, never above its book.
 */
function existingBatches(
  s: Scenario,
  e: ExistingClusterInput,
  paidCny: number,
  life: number,
  prices: HardwarePrices | null,
): ExistingBatch[] {
  const sb = s.selfBuild;
  const horizon = s.horizonMonths;
  const residual = sb.residualFraction;
  const decline = s.finance.resaleValueDeclineFractionPerYear;
  // Month 1's index is today's price (1); a sale today is at today's price too.
  const resaleAt = (m: number) => (prices === null || m < 1 ? 1 : prices.resaleAt(m));
  const purchaseAt = (m: number) => (prices === null || m < 1 ? 1 : prices.purchaseAt(m));
  const newCapexCny = clusterCapexCny(sb, e.servers, sb.serverPriceCny);

  const batches: ExistingBatch[] = [];
  let start = 0;
  let cost = paidCny;
  let basis = paidCny;
  let age = e.ageMonths;
  for (;;) {
    const exit = start + Math.max(0, life - age);
    if (exit >= horizon) {
      const endAge = age + horizon - start;
      const book = bookValueCny(cost, residual, life, endAge);
      const market = resaleValueCny(basis * resaleAt(horizon), decline, endAge, book);
      batches.push({ startMonth: start, costCny: cost, exitBookCny: book, exitMarketCny: market });
      return batches;
    }
    const exitAge = Math.max(age, life);
    const book = bookValueCny(cost, residual, life, exitAge);
    const market = resaleValueCny(basis * resaleAt(exit), decline, exitAge, book);
    batches.push({ startMonth: start, costCny: cost, exitBookCny: book, exitMarketCny: market });
    start = exit;
    basis = newCapexCny;
    cost = newCapexCny * purchaseAt(exit);
    age = 0;
  }
}
