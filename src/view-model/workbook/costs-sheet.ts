import type { TFunction } from 'i18next';
import { COST_CATEGORIES, type CostCategory, STRATEGY_IDS, type StrategyId } from '../../engine';
import { burstRates } from './costs/burst';
import { runningRows } from './costs/cash-model';
import type { ExistingRows } from './costs/existing';
import { hybridOwns, ownedOrReserved, reservedRows } from './costs/hybrid';
import { pricingInputs } from './costs/inputs';
import { leadTimeRows } from './costs/lead-time';
import { marketUseRows } from './costs/market-use';
import { datedBaselineColumns, servedRows } from './costs/part';
import { platformRows } from './costs/platform';
import { rentRows } from './costs/rent';
import { CostRows, h, isBaseline, type Row, there } from './costs/rows';
import { ownClusterRows, ownLifeRows } from './costs/self-build';
import { strategyRows } from './costs/strategies';
import type { CurveSheet } from './curve-sheet';
import { DatedCurveSheet } from './dated-curve-sheet';
import { add, cmp, div, type Expr, iff, lit, max, round, str, sub } from './expr';
import type { Inputs } from './inputs-sheet';
import type { HardwarePathFormulas, PathFormulas } from './price-path-sheet';
import { SheetBuilder } from './sheet-model';

/**
 * The calculation sheet: each strategy's monthly cost by the six categories, computed with formulas
 * from the Inputs sheet's named cells, one row per quantity and one column per strategy, in the
 * model's own order, each section written by the file in ./costs/ named after its file in
 * src/engine/model: inputs.ts → rent.ts, platform.ts (→ burst.ts) → lead-time.ts → self-build.ts →
 * hybrid.ts → part.ts (what a baseline serves) → strategies.ts → cash-model.ts. Where the model
 * branches (calibrated amounts, recovery, eligibility, whether the own cluster takes work, the cheaper
 * rental while building) the formula branches with IF/MIN/MAX. Values, not formulas: the figures on
 * the Inputs sheet's engine block.
 */

/** What the cash sheet and the reconciliation read from this sheet (references for other sheets). */
export interface CostsLayout {
  sheet: SheetBuilder;
  horizon: Expr;
  monthly: Record<StrategyId, Record<CostCategory | 'total', Expr>>;
  horizonTotal: Record<StrategyId, Expr>;
  loadRate: Expr;
  /** Useful GPU-hours a month in reference GPUs (what unit costs divide by). */
  useful: Expr;
  /** Running cash a month: a + b × market factor, split into what VAT treats as services and the rest. */
  running: Record<StrategyId, { aServices: Expr; aOther: Expr; bServices: Expr; bOther: Expr }>;
  owned: Record<'selfBuild' | 'hybrid', OwnedCashRefs | null>;
  endResale: Record<StrategyId, Expr>;
  /** The owned cluster's GPUs in whole servers (the verdict's tie reason compares the hybrid to it). */
  selfBuildCapacity: Expr;
  /** The hybrid's burst, useful GPU-hours a month (a hybrid without burst does not compete). */
  hybridBurstUseful: Expr;
  /** A training plan's months (model v4): how its bills are timed in the cash; null otherwise. */
  /** The price path's formulas (the monthly cash sheet reads each month's index). */
  path: PathFormulas;
  /**
   * Terms on a path of their own: its formulas, and each strategy's held compute at factor 1 (the
   * reservation's bill), which the monthly cash sheet prices at the term index; null otherwise.
   */
  term: { path: PathFormulas; heldServices: Record<StrategyId, Expr> } | null;
  dated: DatedCashRefs | null;
  /** The hours the Energy sheet reads (energy-sheet.ts), qualified for another sheet. */
  hours: CostsHours;
  /**
   * A cluster already owned (existing.ts): its section's rows, which the cash (the sale in month 1),
   * the Ladder sheet and the Reconciliation read; null without one.
   */
  existing: ExistingRows | null;
  /**
   * Each way's draw on the on-demand market (costs/market-use.ts), qualified for another sheet: the
   * GPUs it holds from the market in the busiest week and the share of its work beyond the market,
   * each "—" for a way that takes nothing from the market; and the same of an own cluster's build
   * months (costs/lead-market-use.ts), "—" for a way without such a draw (rent and the platform never
   * have one).
   */
  market: MarketRefs & { buildLead: MarketRefs };
}

/** Each way's GPUs held from the market at once at the busiest and the share of its work waiting. */
export interface MarketRefs {
  peakGpus: Record<StrategyId, Expr>;
  beyondShare: Record<StrategyId, Expr>;
}

/**
 * Each way's hours as the cost model bills them: the own cluster's size and the useful GPU-hours it
 * serves, the burst above a baseline, the demand in each way's own GPUs and rent's billed ratio.
 */
export interface CostsHours {
  own: Record<'selfBuild' | 'hybrid', OwnHours>;
  /** Useful GPU-hours a month in the way's own GPUs. */
  usefulHere: Record<StrategyId, Expr>;
  /** Rent: GPU-hours billed per useful GPU-hour. */
  rentBilled: Expr;
}

export interface OwnHours {
  /** GPUs in whole servers (the hybrid's owned baseline as if owned). */
  capacity: Expr;
  servers: Expr;
  /** Capacity × 730 h. */
  capacityHours: Expr;
  /** Useful GPU-hours a month the baseline serves (owned, or the hybrid's reserved). */
  served: Expr;
  /** Useful GPU-hours a month left to burst. */
  burstUseful: Expr;
}

/**
 * What the monthly cash sheet needs of a training plan: the part of each strategy's running cash held
 * every month (the hybrid's reserved baseline), and month M's share of the bills that follow the
 * demand (all of it for rent and the platform, the burst for the others) and of the own cluster's work
 * (which the lead-time rental follows).
 */
export interface DatedCashRefs {
  held: Record<StrategyId, { aOther: Expr; bServices: Expr; bOther: Expr }>;
  share(id: StrategyId, M: Expr, horizon: Expr): Expr;
  servedShare(id: 'selfBuild' | 'hybrid', M: Expr, horizon: Expr): Expr;
}

export interface OwnedCashRefs {
  /** 1 when this strategy owns hardware (the hybrid's baseline switch), else 0. */
  on: Expr;
  capex: Expr;
  leadMonths: Expr;
  lifeMonths: Expr;
  saleAtReplacement: Expr;
  /**
   * With hardware on price paths, the cash of replacement k (1…): what it costs less what the batch
   * it replaces fetches (Costs sheet rows); null when every replacement costs the capex less the sale.
   */
  replacementCash: ((k: Expr) => Expr) | null;
  runServices: Expr;
  runEnergy: Expr;
  runOther: Expr;
  leadA: Expr;
  leadB: Expr;
  /** Servers already owned, kept (existing.ts); null without them. */
  existing: OwnedExistingRefs | null;
}

/** A kept cluster's cash (cash.ts): its maintenance, its share of the cluster and its replacements. */
export interface OwnedExistingRefs {
  /** Its maintenance a month, repairs for VAT beside the new servers'. */
  maintenance: Expr;
  /** Its GPUs ÷ the cluster's: the share of the running cash paid in the lead months too. */
  runningDuringLead: Expr;
  /** Month M's replacement cash: what a replacement bought then costs less what the batch sold fetches. */
  replacementCash(M: Expr): Expr;
}

export function costsSheet(
  name: string,
  inputs: Inputs,
  curve: CurveSheet | DatedCurveSheet,
  weekly: boolean,
  t: TFunction,
  path: PathFormulas,
  termPath: PathFormulas | null,
  hardware: HardwarePathFormulas | null,
): CostsLayout {
  // A training plan is dated (model v4): its months are billed on their own hours at their own price.
  const dated = curve instanceof DatedCurveSheet ? curve : null;
  const weeklyCurve = curve instanceof DatedCurveSheet ? null : curve;
  const s = new SheetBuilder(name, [52, 18, 18, 18, 18, 26]);
  s.header(
    [
      t('export:workbook.costs.quantity'),
      ...STRATEGY_IDS.map((id) => t(`common:strategy.${id}`)),
      t('export:excel.unit'),
    ],
    true,
  );
  s.model.frozenColumns = 1;
  const w = new CostRows(s, inputs, t);

  // The sections in the model's order; each writes its rows and returns them for those that follow.
  const x = pricingInputs(w, dated, weeklyCurve, weekly, path, termPath, hardware);
  const platform = platformRows(w, x);
  const burst = burstRates(w, x, platform);
  const rent = rentRows(w, x);
  const datedColumns = datedBaselineColumns(w, x, dated);
  const lead = leadTimeRows(w, x, rent, platform, burst, datedColumns);
  const own = ownClusterRows(w, x, lead, burst, dated !== null);
  const reserved = reservedRows(w);
  const served = servedRows(
    w,
    x,
    { dated, weekly: weeklyCurve },
    datedColumns,
    (id) =>
      id === 'selfBuild' ? h(own.usable, id) : ownedOrReserved(w, h(own.usable, id), h(reserved.usable, id)),
    burst,
  );
  const life = ownLifeRows(w, x, own);
  const strategies = strategyRows(w, x, { rent, platform, own, life, lead, served });
  const run = runningRows(
    w,
    x,
    { rent, platform, burst, own, lead, served, strategies },
    dated !== null || termPath !== null,
  );
  // The on-demand market each way draws on (after the costs: it moves none of them).
  const marketUse = marketUseRows(w, x, { rent, served, lead }, curve, (key) =>
    t(`export:workbook.curve.${key}`),
  );

  const monthly = {} as CostsLayout['monthly'];
  const horizonTotal = {} as CostsLayout['horizonTotal'];
  const running = {} as CostsLayout['running'];
  const endResale = {} as CostsLayout['endResale'];
  for (const id of STRATEGY_IDS) {
    const m = {} as Record<CostCategory | 'total', Expr>;
    for (const c of COST_CATEGORIES) m[c] = there(strategies.category[c], id);
    m.total = there(strategies.monthly, id);
    monthly[id] = m;
    horizonTotal[id] = there(strategies.horizon, id);
    running[id] = {
      aServices: lit(0),
      aOther: there(run.aOther, id),
      bServices: there(run.bServices, id),
      bOther: there(run.bOther, id),
    };
    endResale[id] = isBaseline(id) ? there(life.endResale, id) : lit(0);
  }
  const ownedRefs = (id: 'selfBuild' | 'hybrid'): OwnedCashRefs => ({
    on: id === 'selfBuild' ? lit(1) : iff(hybridOwns(w), 1, 0),
    capex: there(own.capex, id),
    leadMonths: there(life.leadMonths, id),
    lifeMonths: life.life.there,
    saleAtReplacement: there(life.sale, id),
    replacementCash: life.batches ? replacementCash(life.batches, id) : null,
    runServices: there(own.services, id),
    runEnergy: there(run.energy, id),
    runOther: there(run.other, id),
    leadA: there(run.leadA, id),
    leadB: there(run.leadB, id),
    existing: x.existing ? ownedExistingRefs(x.existing, there(own.capacity, id)) : null,
  });
  const datedRefs = (plan: DatedCurveSheet): DatedCashRefs => {
    const demandShare = (M: Expr, horizon: Expr) =>
      plan.shareOfMonth(plan.demandWeighted, M, horizon, lit(1));
    const none = { aOther: lit(0), bServices: lit(0), bOther: lit(0) };
    const held = run.held;
    const heldOf = (id: StrategyId) =>
      held && id === 'hybrid'
        ? {
            aOther: there(held.aOther, id),
            bServices: there(held.bServices, id),
            bOther: there(held.bOther, id),
          }
        : none;
    const baselineOf = (id: StrategyId) => (isBaseline(id) ? served.datedServed[id] : undefined);
    return {
      held: {
        selfBuild: heldOf('selfBuild'),
        rent: heldOf('rent'),
        platform: heldOf('platform'),
        hybrid: heldOf('hybrid'),
      },
      share: (id, M, horizon) => {
        const baseline = baselineOf(id);
        const whole = demandShare(M, horizon);
        return baseline ? plan.shareOfMonth(baseline.burstWeighted, M, horizon, whole) : whole;
      },
      servedShare: (id, M, horizon) => {
        const baseline = baselineOf(id);
        const whole = demandShare(M, horizon);
        return baseline ? plan.shareOfMonth(baseline.servedWeighted, M, horizon, whole) : whole;
      },
    };
  };
  const ownHours = (id: 'selfBuild' | 'hybrid'): OwnHours => ({
    capacity: there(own.capacity, id),
    servers: there(own.servers, id),
    capacityHours: there(own.capacityHours, id),
    served: there(served.served, id),
    burstUseful: there(served.burstUseful, id),
  });
  const usefulHere = {} as Record<StrategyId, Expr>;
  for (const id of STRATEGY_IDS) usefulHere[id] = there(x.usefulHere, id);
  const buildLead = { peakGpus: {}, beyondShare: {} } as MarketRefs;
  const market = { peakGpus: {}, beyondShare: {}, buildLead } as CostsLayout['market'];
  for (const id of STRATEGY_IDS) {
    market.peakGpus[id] = there(marketUse.peakGpus, id);
    market.beyondShare[id] = there(marketUse.beyondShare, id);
    const lead = marketUse.buildLead;
    buildLead.peakGpus[id] = isBaseline(id) ? there(lead.peakGpus, id) : str('—');
    buildLead.beyondShare[id] = isBaseline(id) ? there(lead.beyondShare, id) : str('—');
  }
  const termRefs = (): CostsLayout['term'] => {
    const held = run.held;
    if (termPath === null || held === null) return null;
    const heldServices = {} as Record<StrategyId, Expr>;
    for (const id of STRATEGY_IDS) heldServices[id] = id === 'hybrid' ? there(held.bServices, id) : lit(0);
    return { path: termPath, heldServices };
  };
  return {
    sheet: s,
    horizon: x.horizon,
    hours: {
      own: { selfBuild: ownHours('selfBuild'), hybrid: ownHours('hybrid') },
      usefulHere,
      rentBilled: there(rent.billed, 'rent'),
    },
    dated: dated ? datedRefs(dated) : null,
    path,
    term: termRefs(),
    monthly,
    horizonTotal,
    loadRate: x.loadRate.there,
    useful: x.useful.there,
    running,
    owned: { selfBuild: ownedRefs('selfBuild'), hybrid: ownedRefs('hybrid') },
    endResale,
    selfBuildCapacity: x.selfBuildCapacity.there,
    hybridBurstUseful: there(served.burstUseful, 'hybrid'),
    existing: x.existing,
    market,
  };
}

/**
 * A kept cluster's cash refs: its GPUs' share of the own cluster (cash-model.ts
 * runningDuringLeadShare), and each replacement in the month it rounds to (cash.ts addExistingCash).
 */
function ownedExistingRefs(e: ExistingRows, capacity: Expr): OwnedExistingRefs {
  const gpus = e.gpus.there;
  return {
    maintenance: e.maintenance.there,
    runningDuringLead: div(gpus, max(gpus, capacity)),
    replacementCash: (M) =>
      add(
        ...e.replacements.map((r) =>
          iff(cmp(round(r.start.there), '=', M), sub(r.price.there, r.sale.there), 0),
        ),
      ),
  };
}

/**
 * Replacement k's cash from the Costs sheet's batch rows, as a cash sheet month reads it: the row of
 * its k picked by k (no k beyond the rows: a horizon within the app's limits needs none).
 */
function replacementCash(batches: { price: Row; sale: Row }[], id: 'selfBuild' | 'hybrid') {
  return (k: Expr): Expr => {
    let cash: Expr = lit(0);
    for (let i = batches.length; i >= 1; i--) {
      const b = batches[i - 1] as { price: Row; sale: Row };
      cash = iff(cmp(k, '=', i), sub(there(b.price, id), there(b.sale, id)), cash);
    }
    return cash;
  };
}
