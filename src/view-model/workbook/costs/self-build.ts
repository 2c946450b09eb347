import { type CostCategory, HOURS_PER_MONTH, type StrategyId } from '../../../engine';
import {
  add,
  and,
  ceiling,
  cmp,
  div,
  type Expr,
  iff,
  max,
  min,
  mul,
  numberOf,
  pow,
  ref,
  round,
  sub,
} from '../expr';
import { INTEGER_FORMAT, PRECISE_FORMAT } from '../number-format';
import type { HardwarePathFormulas } from '../price-path-sheet';
import type { Placed } from '../sheet-model';
import type { BurstRates } from './burst';
import { discountSum } from './capital-charge';
import { clusterCapex, keptLines, lifeMonths, withExisting } from './existing';
import type { CostInputs } from './inputs';
import type { LeadTimeRows } from './lead-time';
import { book, MAX_REPLACEMENTS, resale } from './market';
import {
  AMOUNT,
  type BaselineId,
  type CategoryExprs,
  type CostRows,
  categoriesOf,
  h,
  isBaseline,
  PER_GPU_HOUR,
  RATE,
  RATIO,
  type Row,
} from './rows';

/**
 * The own cluster (src/engine/model/self-build.ts): whole servers bought, paid for idle or not,
 * serving the demand up to what it holds when that is cheaper at the margin than bursting; the
 * self-build's cluster and the hybrid's owned baseline, column by column.
 */
export interface OwnClusterRows {
  /** GPUs in whole servers. */
  capacity: Row;
  servers: Row;
  capex: Row;
  /** Maintenance, colocation and the private pool's licence a month (what VAT treats as services). */
  services: Row;
  /** Its compute category: depreciation + services. */
  compute: Row;
  capacityHours: Row;
  setupPerUseful: Row;
  failuresPerUseful: Row;
  perFailure: Row;
  /** Usable GPUs: capacity × allocation efficiency when the cluster takes work, else 0. */
  usable: Row;
}

export function ownClusterRows(
  w: CostRows,
  x: CostInputs,
  lead: LeadTimeRows,
  burst: BurstRates,
  dated: boolean,
): OwnClusterRows {
  const input = (key: string) => w.input(key);
  const gps = input('selfBuild_gpusPerServer');
  const ownEff = input('engine_ownEfficiency');
  const manual = input('engine_manualHoursMultiplier');
  const engRate = input('operations_engineerCnyPerHour');
  w.section('own');
  const capacity = w.line(
    'capacity',
    'gpus',
    (id) => (isBaseline(id) ? x.ownCapacityOf(id) : null),
    INTEGER_FORMAT,
  );
  const servers = w.line(
    'servers',
    'servers',
    (id) => (isBaseline(id) ? div(h(capacity, id), gps) : null),
    INTEGER_FORMAT,
  );
  // Servers already owned are kept, not bought: capex is on the servers beyond them (ownedCluster).
  const existing = x.existing;
  const bought = existing
    ? w.line(
        'newServers',
        'servers',
        (id) => (isBaseline(id) ? sub(h(servers, id), input('existing_servers')) : null),
        INTEGER_FORMAT,
      )
    : servers;
  const capex = w.line('capex', 'cny', (id) =>
    isBaseline(id) ? clusterCapex(w, h(bought, id), input('selfBuild_serverPriceCny')) : null,
  );
  // With hardware on a purchase path each refresh depreciates what it cost (market.ts
  // hardwareDepreciationFactor): the horizon's factor on the first cluster's depreciation.
  const factor = x.hardware ? depreciationFactor(w, x, x.hardware) : null;
  const depreciationOf = (capexOf: Expr) => {
    const straight = div(
      mul(capexOf, sub(1, input('selfBuild_residualFraction'))),
      mul(input('selfBuild_depreciationYears'), 12),
    );
    return factor ? mul(straight, factor) : straight;
  };
  /** Maintenance of a capex, colocation and the private pool's licence of the cluster's servers. */
  const servicesOf = (id: BaselineId, capexOf: Expr) =>
    add(
      div(mul(capexOf, input('selfBuild_maintenanceFractionPerYear')), 12),
      mul(h(servers, id), input('selfBuild_powerMaxKwPerServer'), input('selfBuild_colocationCnyPerKwMonth')),
      iff(
        cmp(input('selfBuild_privatePool'), '=', 1),
        mul(h(capacity, id), input('selfBuild_privatePoolLicenseCnyPerGpuMonth')),
        0,
      ),
    );
  const depreciation = w.line('depreciation', 'cnyMonth', (id) =>
    isBaseline(id) ? depreciationOf(h(capex, id)) : null,
  );
  // With servers already owned, their maintenance too: a running cost of the cluster (ownedCluster).
  const services = w.line('ownServices', 'cnyMonth', (id) => {
    if (!isBaseline(id)) return null;
    const own = servicesOf(id, h(capex, id));
    return existing ? add(own, existing.maintenance.here) : own;
  });
  const compute = w.line('ownCompute', 'cnyMonth', (id) =>
    isBaseline(id) ? add(h(depreciation, id), h(services, id)) : null,
  );
  // The cluster's work is valued at its own cost of a GPU-hour; with servers already owned, at the
  // same cluster bought today (their replacement cost), so the lens never changes what the work costs
  // (self-build.ts ownedCluster ownCnyPerGpuHour).
  const valued = existing
    ? w.line('ownReplacementCompute', 'cnyMonth', (id) => {
        if (!isBaseline(id)) return null;
        const today = clusterCapex(w, h(servers, id), input('selfBuild_serverPriceCny'));
        return add(depreciationOf(today), servicesOf(id, today));
      })
    : compute;
  const capacityHours = w.line(
    'capacityHours',
    'gpuHoursMonth',
    (id) => (isBaseline(id) ? mul(h(capacity, id), HOURS_PER_MONTH) : null),
    INTEGER_FORMAT,
  );
  // The cluster's own cost of a job's GPUs an hour: lost GPU time and setup are valued at it.
  const held = w.line(
    'ownHeld',
    'cnyPerHour',
    (id) =>
      isBaseline(id)
        ? mul(
            input('demand_gpusPerJob'),
            iff(cmp(h(capacityHours, id), '>', 0), div(h(valued, id), h(capacityHours, id)), 0),
          )
        : null,
    RATE,
  );
  const setupPerUseful = w.line(
    'ownSetup',
    'cnyPerGpuHour',
    (id) =>
      isBaseline(id)
        ? mul(
            h(x.jobsPerUsefulHere, id),
            input('operations_setupHoursOwn'),
            manual,
            add(engRate, h(held, id)),
          )
        : null,
    RATE,
  );
  const automatic = cmp(input('selfBuild_recoveryAutomatic'), '=', 1);
  const failuresPerUseful = w.line(
    'ownFailures',
    'perGpuHour',
    (id) =>
      isBaseline(id)
        ? add(
            mul(input('operations_hwInterruptionsPerGpuHour'), div(1, ownEff)),
            mul(input('operations_swFailureProbabilityPerJob'), h(x.jobsPerUsefulHere, id)),
          )
        : null,
    PER_GPU_HOUR,
  );
  const perFailure = w.line(
    'ownPerFailure',
    'cny',
    (id) =>
      isBaseline(id)
        ? add(
            mul(
              h(held, id),
              add(
                x.lostHours,
                iff(
                  automatic,
                  add(input('operations_detectHoursAutomatic'), input('operations_restartHoursAutomatic')),
                  mul(
                    add(input('operations_detectHoursManual'), input('operations_restartHoursManual')),
                    manual,
                  ),
                ),
              ),
            ),
            mul(
              iff(
                automatic,
                input('operations_engineerHoursPerFailureAutomatic'),
                mul(input('operations_engineerHoursPerFailureManual'), manual),
              ),
              engRate,
            ),
          )
        : null,
    RATE,
  );
  // Work runs on the own cluster only while that is cheaper at the margin than bursting it
  // (self-build.ts ownClusterTakesWork).
  const marginal = w.line(
    'ownMarginal',
    'cnyPerGpuHour',
    (id) =>
      isBaseline(id)
        ? add(
            mul(div(busyMinusIdle(w), gps), input('selfBuild_pue'), energyPrice(input)),
            h(setupPerUseful, id),
            mul(h(failuresPerUseful, id), h(perFailure, id)),
            h(lead.perUseful, id),
          )
        : null,
    RATE,
  );
  const gate = w.line(
    'ownGate',
    'cnyPerGpuHour',
    (id) => {
      if (!isBaseline(id)) return null;
      // At the horizon's average price (self-build.ts ownClusterTakesWork), also for a plan.
      const b = dated ? burst.at(id, x.averageFactor) : burst.average(id);
      return add(b.compute, b.time, b.ops, b.failure);
    },
    RATE,
  );
  const usable = w.line(
    'ownUsable',
    'gpus',
    (id) =>
      isBaseline(id)
        ? iff(
            and(cmp(h(capacity, id), '>', 0), cmp(h(marginal, id), '<=', h(gate, id))),
            mul(h(capacity, id), ownEff),
            0,
          )
        : null,
    PRECISE_FORMAT,
  );
  return {
    capacity,
    servers,
    capex,
    services,
    compute,
    capacityHours,
    setupPerUseful,
    failuresPerUseful,
    perFailure,
    usable,
  };
}

/** Power a server draws busy above idle, kW. */
/**
 * The own cluster's price per kWh: the power price plus the carbon line, carbon price × grid factor ÷
 * 1,000 (engine sites.ts ownEnergyCnyPerKwh).
 */
function energyPrice(input: (name: string) => Expr): Expr {
  return add(
    input('selfBuild_electricityCnyPerKwh'),
    div(mul(input('energy_carbonPriceCnyPerTonne'), input('energy_gridKgCo2ePerKwh')), 1000),
  );
}

function busyMinusIdle(w: CostRows): Expr {
  return sub(w.input('selfBuild_powerBusyKwPerServer'), w.input('selfBuild_powerIdleKwPerServer'));
}

/**
 * The hardware's life (market.ts iterationLossCny, hardwareLife): batches replaced at the end of
 * their depreciation life, what each fetches, the loss over the horizon, and the resale at its end.
 */
export interface OwnLifeRows {
  life: Placed;
  /** What a batch fetches when it is replaced. */
  sale: Row;
  /** Loss to resale below book over the horizon. */
  loss: Row;
  /** The build lead time in whole months (0 without hardware). */
  leadMonths: Row;
  /** Resale at the horizon's end (the hybrid's only when it owns its baseline). */
  endResale: Row;
  /** The economic view's capital charge a month, inside compute (0 in the accounting view). */
  capitalCharge: Row;
  /**
   * With hardware on price paths, replacement k (1…MAX_REPLACEMENTS): what it costs and what the
   * batch it replaces fetches; null when every batch is at today's price (`sale` is then each one's).
   */
  batches: { price: Row; sale: Row }[] | null;
}

/** The section's inputs and its first row, the hardware's life in months, with or without paths. */
function lifeSection(w: CostRows, own: OwnClusterRows) {
  w.section('iteration');
  const lifePlaced = w.single('lifeMonths', 'months', lifeMonths(w), INTEGER_FORMAT);
  return {
    owned: cmp(w.input('hybrid_baselineOwned'), '=', 1),
    L: w.input('engine_buildLeadTimeMonths'),
    residual: w.input('selfBuild_residualFraction'),
    resaleDecline: w.input('finance_resaleValueDeclineFractionPerYear'),
    lifePlaced,
    life: lifePlaced.here,
    capex: (id: StrategyId) => h(own.capex, id),
  };
}

/**
 * What the hardware fetches at the horizon's end, with what the batch of servers already owned then in
 * service fetches (cash.ts endResaleValueCny).
 */
function withExistingEnd(x: CostInputs, value: Expr): Expr {
  return x.existing ? add(value, x.existing.endValue.here) : value;
}

/** The build lead time in whole months, where the cluster has hardware (cash.ts: round(lead)). */
function leadMonthsRow(w: CostRows, L: Expr, capex: (id: StrategyId) => Expr): Row {
  return w.line(
    'leadMonths',
    'months',
    (id) =>
      isBaseline(id) ? iff(cmp(capex(id), '>', 0), ref(`ROUND(${L.f},0)`, Math.round(numberOf(L))), 0) : null,
    INTEGER_FORMAT,
  );
}

export function ownLifeRows(w: CostRows, x: CostInputs, own: OwnClusterRows): OwnLifeRows {
  if (x.hardware) return pricedLifeRows(w, x, own, x.hardware);
  const H = x.horizon;
  const { owned, L, residual, resaleDecline, lifePlaced, life, capex } = lifeSection(w, own);
  const soldBook = w.line('soldBook', 'cny', (id) =>
    isBaseline(id) ? book(capex(id), residual, life, life) : null,
  );
  const sale = w.line('sale', 'cny', (id) =>
    isBaseline(id) ? resale(capex(id), resaleDecline, life, h(soldBook, id)) : null,
  );
  /** Batches sold before `service` months end, the last one's age, and what it fetches then. */
  const endOfService = (id: StrategyId, service: Expr) => {
    const sold = iff(cmp(service, '>', life), sub(ceiling(div(service, life)), 1), 0);
    const age = sub(service, mul(sold, life));
    const endBook = book(capex(id), residual, life, age);
    return { sold, endBook, endMarket: resale(capex(id), resaleDecline, age, endBook) };
  };
  const loss = w.line('iterationLoss', 'cny', (id) => {
    if (!isBaseline(id)) return null;
    const e = endOfService(id, H);
    return max(0, add(mul(e.sold, sub(h(soldBook, id), h(sale, id))), sub(e.endBook, e.endMarket)));
  });
  const leadMonths = leadMonthsRow(w, L, capex);
  const endResale = w.line('endResale', 'cny', (id) => {
    if (!isBaseline(id)) return null;
    const service = sub(H, h(leadMonths, id));
    const e = endOfService(id, service);
    const value = withExistingEnd(x, iff(cmp(service, '<', 0), 0, e.endMarket));
    return id === 'hybrid' ? iff(owned, value, 0) : value;
  });
  const capitalCharge = capitalChargeRow(w, x, {
    capex,
    sale: (id) => h(sale, id),
    life,
    endOfService: (id) => endOfService(id, H),
  });
  return { life: lifePlaced, sale, loss, leadMonths, endResale, capitalCharge, batches: null };
}

/**
 * The hardware's life on price paths (market.ts pricedBatches): replacement k, bought k × life months
 * after delivery, costs the capex × the purchase index of its month and sells the batch it replaces
 * for the capex × the resale index × the decline for its age, never above that batch's own book
 * value; the batch in service at the end sells likewise. One row per replacement, so each formula
 * stays short.
 */
function pricedLifeRows(
  w: CostRows,
  x: CostInputs,
  own: OwnClusterRows,
  hw: HardwarePathFormulas,
): OwnLifeRows {
  const H = x.horizon;
  const { owned, L, residual, resaleDecline: decline, lifePlaced, life, capex } = lifeSection(w, own);
  const leadMonths = leadMonthsRow(w, L, capex);
  // The accounting view's months on the paths: delivery after the whole months of the lead time.
  const lead = round(L);
  const batches: { price: Row; sale: Row }[] = [];
  const paid = (id: StrategyId, k: number): Expr =>
    k === 0 ? capex(id) : h((batches[k - 1] as { price: Row }).price, id);
  for (let k = 1; k <= MAX_REPLACEMENTS; k++) {
    const month = pathMonth(lead, mul(k, life));
    const price = w.line(
      'batchPrice',
      'cny',
      (id) => (isBaseline(id) ? mul(capex(id), hw.purchaseAt(month)) : null),
      AMOUNT,
      { k },
    );
    const previous = (id: StrategyId) =>
      k === 1 ? capex(id) : h((batches[k - 2] as { price: Row }).price, id);
    const sale = w.line(
      'batchSale',
      'cny',
      (id) =>
        isBaseline(id)
          ? resale(
              mul(capex(id), hw.resaleAt(month)),
              decline,
              life,
              book(previous(id), residual, life, life),
            )
          : null,
      AMOUNT,
      { k },
    );
    batches.push({ price, sale });
  }
  /** The batches replaced before `service` months end, the last one's book and what it fetches. */
  const service = (id: StrategyId, months: Expr, from: Expr) => {
    const sold = soldBefore(months, life);
    // The batch in service at the end: the capex, or the last replacement's price.
    let lastPaid: Expr = paid(id, MAX_REPLACEMENTS);
    for (let k = MAX_REPLACEMENTS - 1; k >= 0; k--) lastPaid = iff(cmp(sold, '=', k), paid(id, k), lastPaid);
    const age = sub(months, mul(sold, life));
    const endBook = book(lastPaid, residual, life, age);
    const endMarket = resale(mul(capex(id), hw.resaleAt(pathMonth(from, months))), decline, age, endBook);
    const replaced = (f: (k: number) => Expr) =>
      add(...batches.map((_, i) => iff(cmp(i + 1, '<=', sold), f(i + 1), 0)));
    return { sold, endBook, endMarket, replaced };
  };
  const loss = w.line('iterationLoss', 'cny', (id) => {
    if (!isBaseline(id)) return null;
    const e = service(id, H, lead);
    const soldLoss = e.replaced((k) =>
      sub(book(paid(id, k - 1), residual, life, life), h((batches[k - 1] as { sale: Row }).sale, id)),
    );
    return max(0, add(soldLoss, sub(e.endBook, e.endMarket)));
  });
  const endResale = w.line('endResale', 'cny', (id) => {
    if (!isBaseline(id)) return null;
    // In cash the service is the horizon less the lead time, and it ends in the horizon's last month.
    const months = sub(H, h(leadMonths, id));
    const value = withExistingEnd(
      x,
      iff(cmp(months, '<', 0), 0, service(id, months, h(leadMonths, id)).endMarket),
    );
    return id === 'hybrid' ? iff(owned, value, 0) : value;
  });
  const rate = w.input('finance_discountRateFractionPerYear');
  const economic = cmp(w.input('finance_costViewEconomic'), '=', 1);
  const presentValue = (id: StrategyId, r: Expr | number) => {
    const e = service(id, H, lead);
    const replacements = e.replaced((k) =>
      mul(
        sub(h((batches[k - 1] as { price: Row }).price, id), h((batches[k - 1] as { sale: Row }).sale, id)),
        pow(add(1, r), div(mul(-1, mul(k, life)), 12)),
      ),
    );
    return sub(add(capex(id), replacements), mul(e.endMarket, pow(add(1, r), div(mul(-1, H), 12))));
  };
  const capitalCharge = w.line('capitalCharge', 'cnyMonth', (id) =>
    isBaseline(id)
      ? iff(
          economic,
          sub(div(presentValue(id, rate), discountSum(rate, 1, H)), div(presentValue(id, 0), H)),
          0,
        )
      : null,
  );
  const first = batches[0] as { sale: Row };
  return { life: lifePlaced, sale: first.sale, loss, leadMonths, endResale, capitalCharge, batches };
}

/** Batches sold before `service` months end (market.ts hardwareLife: k × life < service). */
function soldBefore(service: Expr, life: Expr): Expr {
  return iff(cmp(service, '>', life), sub(ceiling(div(service, life)), 1), 0);
}

/**
 * The horizon month where service month t falls (hardware-path.ts hardwarePrices): the whole months
 * of the build lead time + t rounded as purchases are.
 */
function pathMonth(lead: Expr, t: Expr): Expr {
  return add(lead, round(t));
}

/**
 * What the horizon's depreciation is a multiple of the first cluster's (market.ts
 * hardwareDepreciationFactor): Σ each batch's purchase index × the months it serves, ÷ the horizon.
 */
function depreciationFactor(w: CostRows, x: CostInputs, hw: HardwarePathFormulas): Expr {
  const H = x.horizon;
  const life = lifeMonths(w);
  const lead = round(w.input('engine_buildLeadTimeMonths'));
  const sold = soldBefore(H, life);
  const terms: Expr[] = [min(life, H)];
  for (let k = 1; k <= MAX_REPLACEMENTS; k++) {
    const start = mul(k, life);
    terms.push(
      iff(
        cmp(k, '<=', sold),
        mul(hw.purchaseAt(pathMonth(lead, start)), sub(min(add(start, life), H), start)),
        0,
      ),
    );
  }
  return w.single('hardwareDepreciationFactor', 'ratio', div(add(...terms), H), RATIO).here;
}

/**
 * The capital charge (src/engine/capital-charge.ts): the present value of the cluster's capital cash
 * over a horizon of service from delivery — capex, each replacement less the batch it sells, less the
 * resale at the end — as a level monthly amount at the cost of capital, less the same at 0 (its plain
 * average). Only in the economic view.
 */
function capitalChargeRow(
  w: CostRows,
  x: CostInputs,
  c: {
    capex: (id: StrategyId) => Expr;
    sale: (id: StrategyId) => Expr;
    life: Expr;
    endOfService: (id: StrategyId) => { sold: Expr; endMarket: Expr };
  },
): Row {
  const H = x.horizon;
  const rate = w.input('finance_discountRateFractionPerYear');
  const economic = cmp(w.input('finance_costViewEconomic'), '=', 1);
  const presentValue = (id: StrategyId, r: Expr | number) => {
    const e = c.endOfService(id);
    const replaced = mul(sub(c.capex(id), c.sale(id)), discountSum(r, c.life, e.sold));
    return sub(add(c.capex(id), replaced), mul(e.endMarket, pow(add(1, r), div(mul(-1, H), 12))));
  };
  return w.line('capitalCharge', 'cnyMonth', (id) =>
    isBaseline(id)
      ? iff(
          economic,
          sub(div(presentValue(id, rate), discountSum(rate, 1, H)), div(presentValue(id, 0), H)),
          0,
        )
      : null,
  );
}

/** An own cluster's month: the useful GPU-hours it serves, by strategy column. */
interface OwnUse {
  w: CostRows;
  x: CostInputs;
  id: StrategyId;
  own: OwnClusterRows;
  life: OwnLifeRows;
  lead: LeadTimeRows;
  served: Expr;
  /** The part of it the build lead time line covers (part.ts `leadServed`). */
  leadServed: Expr;
}

const OWN: CategoryExprs<OwnUse> = {
  /**
   * 1 compute: depreciation + maintenance, colocation and the private pool, busy or idle; in the
   * economic view the capital charge; with servers already owned, the lens's depreciation and capital
   * charge of them (existing.ts).
   */
  compute: ({ x, id, own, life }) =>
    withExisting(keptLines(x.existing), 'compute', add(h(own.compute, id), h(life.capitalCharge, id))),
  /** 2 energy: idle draw, plus busy above idle for the share of GPU-hours served, × PUE × price. */
  energy: ({ w, id, own, served }) =>
    iff(
      cmp(h(own.capacity, id), '>', 0),
      mul(
        h(own.servers, id),
        add(
          w.input('selfBuild_powerIdleKwPerServer'),
          mul(busyMinusIdle(w), div(served, h(own.capacityHours, id))),
        ),
        w.input('selfBuild_pue'),
        HOURS_PER_MONTH,
        energyPrice((name) => w.input(name)),
      ),
      0,
    ),
  /** 3 time: setup of the jobs served, and the build lead time line for the new servers' work. */
  time: ({ id, own, lead, served, leadServed }) =>
    add(mul(served, h(own.setupPerUseful, id)), mul(leadServed, h(lead.perUseful, id))),
  /** 4 ops: engineers for the GPUs (at least the minimum team), × the team's staffing factor. */
  ops: ({ w, x, id, own }) =>
    iff(
      cmp(h(own.capacity, id), '>', 0),
      mul(
        max(
          w.input('operations_minEngineers'),
          div(h(own.capacity, id), w.input('operations_gpusPerEngineer')),
        ),
        w.input('engine_staffMultiplier'),
        x.engineerMonth,
      ),
      0,
    ),
  /** 5 failure: interruptions of the work served × cost per failure. */
  failure: ({ id, own, served }) => mul(served, h(own.failuresPerUseful, id), h(own.perFailure, id)),
  /**
   * 6 iteration risk: the loss to resale below book, spread over the horizon; with servers already
   * owned, theirs under the lens too.
   */
  iteration: ({ x, id, life }) =>
    withExisting(keptLines(x.existing), 'iteration', div(h(life.loss, id), x.horizon)),
};

/**
 * An own cluster's monthly cost by category, serving `served` useful GPU-hours a month of which the
 * build lead time line covers `leadServed`.
 */
export function ownCategories(
  w: CostRows,
  x: CostInputs,
  id: StrategyId,
  rows: { own: OwnClusterRows; life: OwnLifeRows; lead: LeadTimeRows },
  served: { served: Expr; leadServed: Expr },
): Record<CostCategory, Expr> {
  return categoriesOf(OWN, { w, x, id, ...rows, ...served });
}
