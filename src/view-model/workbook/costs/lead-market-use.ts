import type { StrategyId } from '../../../engine';
import type { CurveColumn, MarketCurve } from '../curve-sheet';
import { add, and, cmp, div, type Expr, iff, lit, max, min, mod, mul, str, sub } from '../expr';
import { INTEGER_FORMAT, PRECISE_FORMAT, SHARE_FORMAT } from '../number-format';
import { hybridOwns } from './hybrid';
import type { CostInputs } from './inputs';
import { type LeadTimeRows, leadDrawsOnMarket } from './lead-time';
import type { ServedRows } from './part';
import { type BaselineId, type CostRows, h, isBaseline, RATIO, type Row, there } from './rows';

/**
 * An own cluster's build months on the on-demand market (src/engine/model/market-use.ts
 * buildLeadUse, docs/model.md §10 "One market"): while the cluster is built, the work its new servers
 * will do is served as the build lead time line prices it — on whole rented servers or the platform,
 * the cheaper (lead-time.ts) — and the burst above the cluster still goes to the platform; servers
 * already owned serve from month 1. Week by week (a plan: piece by piece of the lead months) on the
 * Curve sheet: the rented band and the platform's part, the GPUs they hold at once, and what the
 * market's GPUs serve — the rented servers take the market first (whole jobs of whole servers), the
 * platform whole jobs of what is left. Here: the GPUs held at once in the busiest week of those
 * months and the share of that work waiting, "—" where the way has no such draw.
 */
export interface LeadMarketRows {
  /** GPUs held from the market at once in the busiest week of the build months ("—": no draw). */
  peakGpus: Row;
  /** The share of the work asked of the market over those months it cannot serve at once ("—"). */
  beyondShare: Row;
}

/** What the build months' rows read of the sections before them. */
export interface LeadMarketParts {
  lead: LeadTimeRows;
  served: ServedRows;
  /** Useful GPUs of the way's model one platform GPU holds (the market section's row). */
  usefulPerPlatformGpu: Row;
}

/**
 * Whether the baseline draws on the market while it is built (engine buildLeadUse's conditions, as
 * formulas): an owned cluster (the hybrid: when it owns its baseline and may burst at all, else it
 * takes nothing from the market), whose new servers have work (the lead time line covers some), served
 * meanwhile by rented servers or the platform (neither without a lead time, nor when the work waits).
 */
export function leadDraws(
  w: CostRows,
  parts: Pick<LeadMarketParts, 'lead' | 'served'>,
  id: BaselineId,
): Expr {
  const newWork = cmp(parts.served.leadServed(id), '>', 0);
  const served = leadDrawsOnMarket(parts.lead, id);
  if (id === 'selfBuild') return and(newWork, served);
  return and(hybridOwns(w), cmp(w.input('engine_platformEligible'), '=', 1), newWork, served);
}

/**
 * engine wholeJobGpus: the GPUs of whole jobs of `jobGpus` within `gpus` (within 1e-9 of a whole job
 * it is that job: GPUs left after fractional holdings). Whole numbers by x − MOD(x, 1), which a
 * spreadsheet computes exactly.
 */
function wholeJobGpus(gpus: Expr, jobGpus: Expr): Expr {
  const jobs = add(div(gpus, jobGpus), 1e-9);
  return iff(cmp(jobGpus, '>', 0), mul(sub(jobs, mod(jobs, 1)), jobGpus), gpus);
}

export function leadMarketRows(
  w: CostRows,
  x: CostInputs,
  parts: LeadMarketParts,
  curve: MarketCurve,
  label: (key: string) => string,
): LeadMarketRows {
  const { served, usefulPerPlatformGpu: perGpu } = parts;
  const baseline = (f: (id: BaselineId) => Expr) => (id: StrategyId) => (isBaseline(id) ? f(id) : null);
  const market = w.input('trainingPlan_onDemandGpus');
  const gpj = w.input('demand_gpusPerJob');
  const L = w.input('engine_buildLeadTimeMonths');

  w.section('leadMarket');
  const draws = w.line(
    'leadMarketDraws',
    'yesNo',
    baseline((id) => iff(leadDraws(w, parts, id), 1, 0)),
    INTEGER_FORMAT,
  );
  const rented = w.line(
    'leadMarketRented',
    'yesNo',
    baseline((id) => iff(parts.lead.servedBy(id, 'rent'), 1, 0)),
    INTEGER_FORMAT,
  );
  // Servers already owned serve from month 1: the market is asked only above them.
  const existing = x.existing;
  const owned = existing
    ? w.line(
        'leadMarketOwnedUsable',
        'gpus',
        baseline((id) => min(h(served.usable, id), mul(existing.gpus.here, w.input('engine_ownEfficiency')))),
        PRECISE_FORMAT,
      )
    : null;
  // Rented GPUs held per useful GPU of the way's model: into rent's model by the throughput ratios,
  // then whole servers ÷ the rental's efficiency (in the engine's order of operations).
  const rentHeld = w.line(
    'leadMarketRentHeld',
    'ratio',
    baseline((id) =>
      div(
        mul(div(h(x.ratio, id), w.input('hardware_rent_throughputRatio')), x.rounding),
        w.input('engine_rentEfficiency'),
      ),
    ),
    RATIO,
  );
  // The rented band takes whole jobs of whole servers of the market's GPUs.
  const rentJobGpus = mul(x.serversPerJob, w.input('rent_gpusPerServer'));
  const rentCap = w.line(
    'leadMarketRentCap',
    'gpus',
    baseline((id) => div(wholeJobGpus(market, rentJobGpus), h(rentHeld, id))),
    PRECISE_FORMAT,
  );

  const columns = {} as Record<BaselineId, LeadColumns>;
  for (const id of ['selfBuild', 'hybrid'] as const) {
    const demand = served.demand[id];
    if (!demand) throw new Error(`no demand column of ${id} on the Curve sheet`);
    columns[id] = leadColumns(curve, demand, id, label, {
      rented: cmp(there(rented, id), '=', 1),
      owned: owned ? there(owned, id) : lit(0),
      cluster: there(served.usable, id),
      rentHeld: there(rentHeld, id),
      rentCap: there(rentCap, id),
      perGpu: there(perGpu, id),
      burstToMarket: cmp(w.input('engine_platformEligible'), '=', 1),
      market,
      gpusPerJob: gpj,
    });
  }
  const hours = (column: CurveColumn) => curve.leadHours(column, L);
  const asked = w.line(
    'leadMarketAsked',
    'gpuHours',
    baseline((id) => add(hours(columns[id].band), hours(columns[id].pooled))),
    PRECISE_FORMAT,
  );
  const servedByMarket = w.line(
    'leadMarketServed',
    'gpuHours',
    baseline((id) => hours(columns[id].served)),
    PRECISE_FORMAT,
  );
  // Within rounding (a relative 1e-9 of what is asked, at least 1e-9 GPU-hours) nothing waits.
  const beyond = w.line(
    'leadMarketBeyond',
    'gpuHours',
    baseline((id) => {
      const raw = sub(h(asked, id), h(servedByMarket, id));
      return iff(cmp(raw, '>', max(mul(h(asked, id), 1e-9), 1e-9)), raw, 0);
    }),
    PRECISE_FORMAT,
  );
  const drawn = (id: BaselineId, e: Expr) => iff(cmp(h(draws, id), '=', 1), e, str('—'));
  const peakGpus = w.line(
    'leadMarketPeakGpus',
    'gpus',
    baseline((id) => drawn(id, curve.peakOf(columns[id].held))),
    PRECISE_FORMAT,
  );
  const beyondShare = w.line(
    'leadMarketBeyondShare',
    'percent',
    baseline((id) => drawn(id, iff(cmp(h(asked, id), '>', 0), div(h(beyond, id), h(asked, id)), lit(0)))),
    SHARE_FORMAT,
  );
  return { peakGpus, beyondShare };
}

/** What one baseline's columns read: cells of the Costs sheet and named inputs (qualified). */
interface LeadTerms {
  /** Whether rented servers serve the new servers' work (else the platform does). */
  rented: Expr;
  /** Useful GPUs of the servers already owned (0 without them). */
  owned: Expr;
  /** The cluster's usable GPUs. */
  cluster: Expr;
  rentHeld: Expr;
  /** Useful GPUs the market's GPUs can rent at once. */
  rentCap: Expr;
  perGpu: Expr;
  /** Whether the burst above the cluster may go to the platform. */
  burstToMarket: Expr;
  market: Expr;
  gpusPerJob: Expr;
}

/** A baseline's build-month columns on the Curve sheet, in useful GPUs of its model (held: GPUs). */
interface LeadColumns {
  band: CurveColumn;
  pooled: CurveColumn;
  held: CurveColumn;
  served: CurveColumn;
}

/**
 * Each week's (piece's) draw of one baseline while built, as market-use.ts buildLeadUse works it: via
 * rent, the band between the servers already owned and the cluster on rented servers and the burst
 * above the cluster on the platform; via the platform, everything above the servers already owned.
 */
function leadColumns(
  curve: MarketCurve,
  demand: CurveColumn,
  id: BaselineId,
  label: (key: string) => string,
  k: LeadTerms,
): LeadColumns {
  const band = curve.leadColumn(label(`${id}LeadRented`), (at) =>
    iff(k.rented, min(max(0, sub(at(demand), k.owned)), max(0, sub(k.cluster, k.owned))), 0),
  );
  const pooled = curve.leadColumn(label(`${id}LeadPooled`), (at) =>
    iff(
      k.rented,
      iff(k.burstToMarket, max(0, sub(at(demand), k.cluster)), 0),
      max(0, sub(at(demand), k.owned)),
    ),
  );
  const held = curve.leadColumn(label(`${id}LeadHeld`), (at) =>
    add(mul(at(band), k.rentHeld), div(at(pooled), k.perGpu)),
  );
  // The market's GPUs left once the rented servers took theirs: the platform's whole jobs come of them.
  const left = curve.leadColumn(label(`${id}LeadLeft`), (at) =>
    max(0, sub(k.market, mul(min(at(band), k.rentCap), k.rentHeld))),
  );
  const served = curve.leadColumn(label(`${id}LeadServed`), (at) =>
    add(min(at(band), k.rentCap), min(at(pooled), mul(wholeJobGpus(at(left), k.gpusPerJob), k.perGpu))),
  );
  return { band, pooled, held, served };
}
