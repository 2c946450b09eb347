import type { StrategyId } from '../../../engine';
import type { CurveColumn, MarketCurve } from '../curve-sheet';
import { add, ceiling, cmp, div, type Expr, iff, lit, max, mod, mul, str, sub } from '../expr';
import { PRECISE_FORMAT, SHARE_FORMAT } from '../number-format';
import type { CostInputs } from './inputs';
import { type LeadMarketRows, leadDraws, leadMarketRows } from './lead-market-use';
import type { LeadTimeRows } from './lead-time';
import type { ServedRows } from './part';
import type { RentRows } from './rent';
import { type CostRows, h, isBaseline, RATIO, type Row, there } from './rows';

/**
 * One market for cost and deadlines (src/engine/model/market-use.ts, docs/model.md §10): what each
 * way asks of the on-demand market — rent all its work on whole servers, the platform all its work,
 * the self-build and the hybrid their burst above the baseline — against the GPUs one can get on
 * demand (the Inputs sheet's trainingPlan_onDemandGpus). Week by week (or piece by piece of a
 * training plan) on the Curve sheet: what the baseline's usable GPUs plus the market's serve, the
 * busiest week's demand; here, the GPUs held from the market in the busiest week and the share of
 * the way's work the market could not supply at once. A way that takes nothing from the market
 * (ineligible, or no platform when data stays on premises) shows "—".
 */
export interface MarketUseRows {
  /** GPUs held from the market in the busiest week, of the way's own model ("—" when it takes none). */
  peakGpus: Row;
  /** The share of all the way's useful GPU-hours beyond what the market can serve at once ("—"). */
  beyondShare: Row;
  /** An own cluster's build months: what they ask of the same market (lead-market-use.ts). */
  buildLead: LeadMarketRows;
}

/** What the market section reads of the sections before it. */
export interface MarketUseParts {
  rent: RentRows;
  served: ServedRows;
  lead: LeadTimeRows;
}

export function marketUseRows(
  w: CostRows,
  x: CostInputs,
  parts: MarketUseParts,
  curve: MarketCurve,
  label: (key: string) => string,
): MarketUseRows {
  const { rent, served } = parts;
  const market = w.input('trainingPlan_onDemandGpus');
  const pe = w.input('engine_platformEfficiency');
  const takes = (id: StrategyId): Expr =>
    cmp(w.input(id === 'rent' ? 'engine_rentEligible' : 'engine_platformEligible'), '=', 1);
  // Where the platform may not be used the own cluster's burst waits: it holds nothing from the
  // market while running, yet takes from it while built when it rents meanwhile (engine burstUse).
  const orNone = (id: StrategyId, e: Expr): Expr =>
    iff(takes(id), e, id === 'selfBuild' ? iff(leadDraws(w, parts, id), 0, str('—')) : str('—'));
  /** The baseline's usable GPUs (none for rent and the platform, which take all their work). */
  const baseUsable = (id: StrategyId): Expr | null => (isBaseline(id) ? h(served.usable, id) : null);

  w.section('market');
  // Each way's demand in its GPUs on the Curve sheet: the baselines' own columns, a column each for
  // rent and the platform at their scale (the demand scale ÷ their throughput ratio, as the
  // baselines' scale in the section above).
  const scale = w.line(
    'curveScale',
    'ratio',
    (id) => (isBaseline(id) ? null : div(w.input('demand_scale'), h(x.ratio, id))),
    RATIO,
  );
  const demand: Record<StrategyId, CurveColumn> = {
    selfBuild: baselineDemand(served, 'selfBuild'),
    rent: curve.demandColumn(there(scale, 'rent'), label('rentDemand')),
    platform: curve.demandColumn(there(scale, 'platform'), label('platformDemand')),
    hybrid: baselineDemand(served, 'hybrid'),
  };
  // Useful GPUs of the way's model one platform GPU holds: efficiency × the platform's throughput
  // ratio ÷ the way's (rent holds whole servers instead: its GPU-hours billed per useful one).
  const perGpu = w.line(
    'marketUsefulPerGpu',
    'ratio',
    (id) =>
      id === 'rent' ? null : div(mul(pe, w.input('hardware_platform_throughputRatio')), h(x.ratio, id)),
    RATIO,
  );
  const peakUseful = w.line(
    'marketPeakUseful',
    'gpus',
    (id) => max(0, curve.peakOf(demand[id])),
    PRECISE_FORMAT,
  );
  const peakGpus = w.line(
    'marketPeakGpus',
    'gpus',
    (id) => {
      if (id === 'rent') return orNone(id, mul(h(peakUseful, id), h(rent.billed, id)));
      const base = baseUsable(id);
      const above = base ? max(0, sub(h(peakUseful, id), base)) : h(peakUseful, id);
      return orNone(id, div(above, h(perGpu, id)));
    },
    PRECISE_FORMAT,
  );
  // The market serves whole jobs only (engine wholeJobGpus): rent's jobs hold whole servers, the
  // platform's the demand's GPUs per job. market − MOD(market, GPUs a job holds).
  const gpj = w.input('demand_gpusPerJob');
  const rgps = w.input('rent_gpusPerServer');
  const wholeJobs = (jobGpus: Expr): Expr => sub(market, mod(market, jobGpus));
  // The baseline's usable GPUs and the market's together (rent: the market's GPUs ÷ billed per useful).
  const usable = w.line(
    'marketUsable',
    'gpus',
    (id) => {
      if (id === 'rent') return div(wholeJobs(mul(ceiling(div(gpj, rgps)), rgps)), h(rent.billed, id));
      const base = baseUsable(id);
      const fromMarket = mul(wholeJobs(gpj), h(perGpu, id));
      return base ? add(base, fromMarket) : fromMarket;
    },
    PRECISE_FORMAT,
  );
  const withMarket = w.line(
    'marketServed',
    'gpuHoursMonth',
    (id) =>
      iff(
        cmp(h(usable, id), '>', 0),
        curve.servedHours(demand[id], there(usable, id), label(`${id}MarketServed`)),
        0,
      ),
    PRECISE_FORMAT,
  );
  // What it asks of the market: all its work, or the burst above the baseline.
  const asked = w.line(
    'marketAsked',
    'gpuHoursMonth',
    (id) => (isBaseline(id) ? h(served.burstUseful, id) : h(x.usefulHere, id)),
    PRECISE_FORMAT,
  );
  // Beyond = asked − what the market's GPUs serve (with them less without); within rounding none.
  const beyond = w.line(
    'marketBeyond',
    'gpuHoursMonth',
    (id) => {
      const byMarket = isBaseline(id) ? sub(h(withMarket, id), h(served.served, id)) : h(withMarket, id);
      const raw = sub(h(asked, id), byMarket);
      const tolerance = max(mul(h(x.usefulHere, id), 1e-9), 1e-9);
      return iff(cmp(raw, '>', tolerance), raw, 0);
    },
    PRECISE_FORMAT,
  );
  const beyondShare = w.line(
    'marketBeyondShare',
    'percent',
    (id) =>
      orNone(id, iff(cmp(h(x.usefulHere, id), '>', 0), div(h(beyond, id), h(x.usefulHere, id)), lit(0))),
    SHARE_FORMAT,
  );
  const buildLead = leadMarketRows(w, x, { ...parts, usefulPerPlatformGpu: perGpu }, curve, label);
  return { peakGpus, beyondShare, buildLead };
}

function baselineDemand(served: ServedRows, id: 'selfBuild' | 'hybrid'): CurveColumn {
  const column = served.demand[id];
  if (!column) throw new Error(`no demand column of ${id} on the Curve sheet`);
  return column;
}
