import type { CostCategory } from '../../../engine';
import { add, and, cmp, div, type Expr, iff, max, mul, pow, round, sub } from '../expr';
import { INTEGER_FORMAT, PRECISE_FORMAT } from '../number-format';
import type { HardwarePathFormulas } from '../price-path-sheet';
import type { Placed } from '../sheet-model';
import { discountSum } from './capital-charge';
import { book, MAX_REPLACEMENTS, resale } from './market';
import { AMOUNT, type CostRows } from './rows';

/**
 * A cluster the team already owns (src/engine/existing-cluster.ts; docs/model.md §10 "The marginal
 * lens"): whole servers of the self-build's GPU and server, `existing_ageMonths` old at month 1, bought
 * at `existing_pricePaidCnyPerServer` each. What it cost is sunk; the lens says what its capital is, the
 * same for every way — marginal: keeping forgoes what it fetches today (V₀); full: the books as they
 * stand (keeping carries the book value B₀, selling writes off B₀ − V₀). The ways that keep it (an own
 * cluster) run it from month 1, replace it when its depreciation life ends and are credited what is in
 * service at the end; the ways that sell it get V₀ in month 1. A section of its own, written only when
 * there is one, so a workbook without one stays as it was.
 */

/** What a way adds to its month for the cluster: in compute, and in iteration risk (both costs, not cash). */
export interface ExistingLines {
  compute: Expr;
  iteration: Expr;
}

export interface ExistingRows {
  /** The GPUs already owned. */
  gpus: Placed;
  /** Maintenance a month (cash, repairs for VAT): a share of what it cost a year. */
  maintenance: Placed;
  /** B₀: its straight-line book value today. */
  bookNow: Placed;
  /** V₀: what it fetches sold today (the ways that sell get it in month 1). */
  marketNow: Placed;
  /** What the batch in service at the horizon's end fetches (credited to the ways that keep it). */
  endValue: Placed;
  /** The lens's lines of the ways that keep it (an own cluster) and of those that sell it. */
  keep: { depreciation: Placed; iteration: Placed; capitalCharge: Placed };
  sell: { iteration: Placed; capitalCharge: Placed };
  /**
   * Its replacements while kept, in order: the horizon month each is bought (unrounded, as the
   * engine dates it), what it costs and what the batch it replaces fetches (both 0 past the horizon).
   */
  replacements: { start: Placed; price: Placed; sale: Placed }[];
}

/**
 * Replacements laid out: its first can fall today (a cluster past its life), so one more than a new
 * cluster's (whose first falls a life after delivery).
 */
const EXISTING_REPLACEMENTS = MAX_REPLACEMENTS + 1;

/** The hardware's depreciation life in months (market.ts: at least one month). */
export function lifeMonths(w: CostRows): Expr {
  return max(1, mul(w.input('selfBuild_depreciationYears'), 12));
}

/**
 * What `servers` servers cost by the self-build's capex rule at a price per server (existing-cluster.ts
 * clusterCapexCny): servers × price × (1 + network + storage + fit-out) + their power retrofit.
 */
export function clusterCapex(w: CostRows, servers: Expr, price: Expr): Expr {
  return add(
    mul(
      servers,
      price,
      add(
        1,
        w.input('selfBuild_networkFraction'),
        w.input('selfBuild_storageFraction'),
        w.input('selfBuild_fitOutFraction'),
      ),
    ),
    mul(servers, w.input('selfBuild_powerMaxKwPerServer'), w.input('selfBuild_powerRetrofitCnyPerKw')),
  );
}

/**
 * The GPUs already owned as a formula of the inputs, null when the Inputs sheet holds no cluster: the
 * own cluster is never smaller (demand.ts ownClusterGpus), which the sections written before this
 * one's read.
 */
export function existingGpusOf(w: CostRows): Expr | null {
  if (!w.hasInput('existing_servers')) return null;
  return mul(w.input('existing_servers'), w.input('selfBuild_gpusPerServer'));
}

/** A replacement's rows (the book value of the batch it sells stays inside this file). */
interface Replacement {
  start: Placed;
  price: Placed;
  book: Placed;
  sale: Placed;
}

/**
 * The section of a cluster already owned (existing-cluster.ts existingCluster), null without one:
 * what it cost, B₀ and V₀, its batches over the horizon and the lens's lines each way.
 */
export function existingRows(
  w: CostRows,
  horizon: Expr,
  hardware: HardwarePathFormulas | null,
): ExistingRows | null {
  const gpusNow = existingGpusOf(w);
  if (gpusNow === null) return null;
  const input = (key: string) => w.input(key);
  const H = horizon;
  const servers = input('existing_servers');
  const A = input('existing_ageMonths');
  const residual = input('selfBuild_residualFraction');
  const decline = input('finance_resaleValueDeclineFractionPerYear');
  const full = cmp(input('finance_lensFull'), '=', 1);
  const life = lifeMonths(w);
  // An amount at the hardware paths' index of a horizon month: the servers stand today, so no lead
  // time; a month before the first (a sale today) is at today's price (existing-cluster.ts
  // existingBatches); without paths, today's price throughout.
  const atIndex = (amount: Expr, index: ((M: Expr) => Expr) | undefined, month: Expr): Expr =>
    index ? mul(amount, iff(cmp(month, '<', 1), 1, index(round(month)))) : amount;

  w.section('existing');
  const gpus = w.single('existingGpus', 'gpus', gpusNow, INTEGER_FORMAT);
  const paid = w.single(
    'existingPaid',
    'cny',
    clusterCapex(w, servers, input('existing_pricePaidCnyPerServer')),
  ).here;
  // Its replacements are the same servers at today's price, on the hardware purchase path.
  const today = w.single(
    'existingToday',
    'cny',
    clusterCapex(w, servers, input('selfBuild_serverPriceCny')),
  ).here;
  const bookNow = w.single('existingBookNow', 'cny', book(paid, residual, life, A));
  const marketNow = w.single('existingMarketNow', 'cny', resale(paid, decline, A, bookNow.here));
  const writeOff = w.single('existingWriteOff', 'cny', sub(bookNow.here, marketNow.here)).here;
  const capitalNow = w.single('existingCapitalNow', 'cny', iff(full, bookNow.here, marketNow.here)).here;
  const maintenance = w.single(
    'existingMaintenance',
    'cnyMonth',
    div(mul(paid, input('selfBuild_maintenanceFractionPerYear')), 12),
  );
  const firstExit = w.single('existingFirstExit', 'months', max(0, sub(life, A)), PRECISE_FORMAT).here;

  // Replacement k is bought when batch k − 1 leaves, while that is inside the horizon: the cluster
  // when its life ends at its age (today if it already has), each replacement a life after the one
  // before. Each row is 0 past the horizon, so sums over them need no test.
  const replacements: Replacement[] = [];
  for (let k = 1; k <= EXISTING_REPLACEMENTS; k++) {
    const params = { k };
    const start = w.single(
      'existingBatchStart',
      'months',
      add(firstExit, mul(k - 1, life)),
      PRECISE_FORMAT,
      params,
    );
    const bought = cmp(start.here, '<', H);
    const previous = replacements[k - 2];
    // The batch it sells: the cluster (what was paid, at least a life old), or the replacement before
    // (today's price on the purchase path, a life old); its sale is on what it cost new today.
    const sold = previous
      ? { cost: previous.price.here, basis: today, age: life }
      : { cost: paid, basis: paid, age: max(A, life) };
    const price = w.single(
      'existingBatchPrice',
      'cny',
      iff(bought, atIndex(today, hardware?.purchaseAt, start.here), 0),
      AMOUNT,
      params,
    );
    const soldBook = w.single(
      'existingBatchBook',
      'cny',
      iff(bought, book(sold.cost, residual, life, sold.age), 0),
      AMOUNT,
      params,
    );
    const sale = w.single(
      'existingBatchSale',
      'cny',
      iff(
        bought,
        resale(atIndex(sold.basis, hardware?.resaleAt, start.here), decline, sold.age, soldBook.here),
        0,
      ),
      AMOUNT,
      params,
    );
    replacements.push({ start, price, book: soldBook, sale });
  }
  const count = w.single(
    'existingReplacements',
    'count',
    add(...replacements.map((r) => iff(cmp(r.start.here, '<', H), 1, 0))),
    INTEGER_FORMAT,
  ).here;
  /** The batch in service at the end: the cluster's figure without replacements, else the last one's. */
  const last = (cluster: Expr, replacement: (r: Replacement) => Expr): Expr => {
    let e = replacement(replacements[replacements.length - 1] as Replacement);
    for (let k = replacements.length - 1; k >= 1; k--)
      e = iff(cmp(count, '=', k), replacement(replacements[k - 1] as Replacement), e);
    return iff(cmp(count, '=', 0), cluster, e);
  };
  const endAge = w.single(
    'existingEndAge',
    'months',
    last(add(A, H), (r) => sub(H, r.start.here)),
    PRECISE_FORMAT,
  ).here;
  const endBook = w.single(
    'existingEndBook',
    'cny',
    book(
      last(paid, (r) => r.price.here),
      residual,
      life,
      endAge,
    ),
  ).here;
  const endValue = w.single(
    'existingEndValue',
    'cny',
    resale(atIndex(iff(cmp(count, '=', 0), paid, today), hardware?.resaleAt, H), decline, endAge, endBook),
  );
  const sumOf = (f: (r: Replacement) => Expr) => add(...replacements.map(f));
  // Every batch leaves at its book value and fetches its market value: sold at a replacement, or held
  // at the end. The loss between them is iteration risk, except the cluster's own under the marginal
  // lens, which values it at market throughout (no book to lose against): its depreciation instead.
  const exitBooks = w.single(
    'existingExitBooks',
    'cny',
    add(
      sumOf((r) => r.book.here),
      endBook,
    ),
  ).here;
  const exitMarkets = w.single(
    'existingExitMarkets',
    'cny',
    add(
      sumOf((r) => r.sale.here),
      endValue.here,
    ),
  ).here;
  const first = replacements[0] as Replacement;
  const firstLoss = w.single(
    'existingFirstLoss',
    'cny',
    iff(cmp(count, '=', 0), sub(endBook, endValue.here), sub(first.book.here, first.sale.here)),
  ).here;
  const marginalMoves = iff(full, 0, firstLoss);
  const depreciation = w.single(
    'existingKeepDepreciation',
    'cnyMonth',
    div(
      add(
        sub(
          add(
            capitalNow,
            sumOf((r) => r.price.here),
          ),
          exitBooks,
        ),
        marginalMoves,
      ),
      H,
    ),
  );
  const iteration = w.single(
    'existingKeepIteration',
    'cnyMonth',
    div(sub(sub(exitBooks, exitMarkets), marginalMoves), H),
  );
  // The economic view (as capital-charge.ts charges a new cluster): the capital's cash — the lens's
  // capital today, each replacement less its sale, the end value credited — as a level amount at the
  // cost of capital, less its plain average.
  const rate = input('finance_discountRateFractionPerYear');
  const economic = cmp(input('finance_costViewEconomic'), '=', 1);
  /** The capital's cash, each amount valued at its month by `at` (discounted, or as it is). */
  const keepCapital = (at: (cash: Expr, month: Expr) => Expr) =>
    sub(
      add(
        capitalNow,
        sumOf((b) => at(sub(b.price.here, b.sale.here), b.start.here)),
      ),
      at(endValue.here, H),
    );
  const discounted = (cash: Expr, month: Expr) => mul(cash, pow(add(1, rate), div(mul(-1, month), 12)));
  const levelLess = (presentValue: Expr, plain: Expr) =>
    sub(div(presentValue, discountSum(rate, 1, H)), div(plain, H));
  const capitalCharge = w.single(
    'existingKeepCapitalCharge',
    'cnyMonth',
    iff(
      economic,
      levelLess(
        keepCapital(discounted),
        keepCapital((cash) => cash),
      ),
      0,
    ),
  );
  // Selling carries the write-off B₀ − V₀ at month 0 under the full lens, nothing under the marginal.
  const sellIteration = w.single('existingSellIteration', 'cnyMonth', iff(full, div(writeOff, H), 0));
  const sellCapitalCharge = w.single(
    'existingSellCapitalCharge',
    'cnyMonth',
    iff(and(economic, full), levelLess(writeOff, writeOff), 0),
  );
  return {
    gpus,
    maintenance,
    bookNow,
    marketNow,
    endValue,
    keep: { depreciation, iteration, capitalCharge },
    sell: { iteration: sellIteration, capitalCharge: sellCapitalCharge },
    replacements: replacements.map(({ start, price, sale }) => ({ start, price, sale })),
  };
}

/** The lines of the ways that keep the cluster, on this sheet (model/self-build.ts ownedCluster). */
export function keptLines(e: ExistingRows | null): ExistingLines | null {
  if (e === null) return null;
  return {
    compute: add(e.keep.depreciation.here, e.keep.capitalCharge.here),
    iteration: e.keep.iteration.here,
  };
}

/** The lines of the ways that sell the cluster (model/existing.ts withExistingSold), here or qualified. */
export function soldLines(e: ExistingRows | null, qualified = false): ExistingLines | null {
  if (e === null) return null;
  const at = (p: Placed) => (qualified ? p.there : p.here);
  return { compute: at(e.sell.capitalCharge), iteration: at(e.sell.iteration) };
}

/**
 * A way's category with the cluster's lines (model/self-build.ts for keeping, model/existing.ts
 * withExistingSold for selling): compute and iteration risk carry them, the other categories do not.
 */
export function withExisting(lines: ExistingLines | null, c: CostCategory, e: Expr): Expr {
  if (lines === null) return e;
  if (c === 'compute') return add(e, lines.compute);
  if (c === 'iteration') return add(e, lines.iteration);
  return e;
}
