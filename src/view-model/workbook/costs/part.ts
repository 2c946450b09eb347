import { type CostCategory, HOURS_PER_MONTH, type StrategyId } from '../../../engine';
import type { BaselineColumns, CurveColumn, CurveSheet, ServedColumn } from '../curve-sheet';
import type { DatedBaseline, DatedBaselineColumns, DatedCurveSheet } from '../dated-curve-sheet';
import { cmp, div, type Expr, iff, max, mul, rangeCall, sub } from '../expr';
import { PRECISE_FORMAT } from '../number-format';
import type { BurstRates } from './burst';
import type { CostInputs } from './inputs';
import { type BaselineId, type CostRows, h, isBaseline, RATIO, type Row, there } from './rows';

/**
 * What a baseline serves (src/engine/model/part.ts servedGpuHours): week by week on the Curve sheet,
 * min(demand in its GPUs, usable GPUs), the rest left to burst; for a training plan, month by month
 * over the horizon (the dated Curve sheet).
 */

/**
 * A plan's first columns for each baseline on the Curve sheet: its demand in its GPUs and what it
 * would serve if it takes work (the lead-time line is priced on that, before the own cluster's choice).
 */
export function datedBaselineColumns(
  w: CostRows,
  x: CostInputs,
  dated: DatedCurveSheet | null,
): Partial<Record<BaselineId, DatedBaselineColumns>> {
  if (!dated) return {};
  const ownEff = w.input('engine_ownEfficiency');
  // Formulas placed on the Curve sheet: references to this sheet's cells are qualified (`there`).
  const scale = (id: BaselineId) => div(w.input('demand_scale'), there(x.ratio, id));
  return {
    selfBuild: dated.baseline(scale('selfBuild'), mul(x.selfBuildCapacity.there, ownEff)),
    hybrid: dated.baseline(scale('hybrid'), mul(x.ownCapacity(w.input('engine_hybridBaselineGpus')), ownEff)),
  };
}

export interface ServedRows {
  /** Highest load each baseline holds (its usable GPUs). */
  usable: Row;
  /** Each baseline's demand in its GPUs on the Curve sheet (the on-demand market reads it). */
  demand: Partial<Record<BaselineId, CurveColumn>>;
  /** Useful GPU-hours a month the baseline serves. */
  served: Row;
  /**
   * The part of it the build lead time line covers: all of it, or with servers already owned the
   * new servers' part (self-build.ts ownLeadUsefulGpuHours).
   */
  leadServed(id: BaselineId): Expr;
  /** Useful GPU-hours a month left to burst. */
  burstUseful: Row;
  /** A useful GPU-hour of burst by category (a plan's at the burst's own market factor). */
  burstRates(id: StrategyId): Record<CostCategory, Expr>;
  /** A plan's baselines on the Curve sheet (what each serves and bursts, month by month). */
  datedServed: Partial<Record<BaselineId, DatedBaseline>>;
}

/** The section of what each baseline serves, its usable GPUs given by `usableOf`. */
export function servedRows(
  w: CostRows,
  x: CostInputs,
  curve: { dated: DatedCurveSheet | null; weekly: CurveSheet | null },
  datedColumns: Partial<Record<BaselineId, DatedBaselineColumns>>,
  usableOf: (id: BaselineId) => Expr,
  burst: BurstRates,
): ServedRows {
  w.section('served');
  const usable = w.line('usable', 'gpus', (id) => (isBaseline(id) ? usableOf(id) : null), PRECISE_FORMAT);
  const scale = w.line(
    'curveScale',
    'ratio',
    (id) => (isBaseline(id) ? div(w.input('demand_scale'), h(x.ratio, id)) : null),
    RATIO,
  );
  const servedRanges: Partial<Record<BaselineId, BaselineColumns>> = {};
  const datedServed: Partial<Record<BaselineId, DatedBaseline>> = {};
  for (const id of ['selfBuild', 'hybrid'] as const) {
    const sc = scale[id];
    const us = usable[id];
    const columns = datedColumns[id];
    if (columns && us) datedServed[id] = columns.serve(us.there);
    else if (sc && us && curve.weekly) servedRanges[id] = curve.weekly.baselineColumns(sc.there, us.there);
  }
  const served = w.line(
    'served',
    'gpuHoursMonth',
    (id) => {
      if (!isBaseline(id)) return null;
      const d = datedServed[id];
      if (d) return iff(cmp(h(usable, id), '>', 0), mul(d.servedGpus, HOURS_PER_MONTH), 0);
      const r = servedRanges[id];
      return r ? iff(cmp(h(usable, id), '>', 0), servedHours(r), 0) : null;
    },
    PRECISE_FORMAT,
  );
  const leadServed = leadServedRow(w, x, { usable, served, servedRanges, datedColumns });
  const burstUseful = w.line(
    'burstUseful',
    'gpuHoursMonth',
    (id) => (isBaseline(id) ? max(0, sub(h(x.usefulHere, id), h(served, id))) : null),
    PRECISE_FORMAT,
  );
  // A plan's burst falls in the months its baseline cannot cover: billed at the burst's own factor.
  const burstFactor = curve.dated
    ? w.line(
        'burstFactor',
        'ratio',
        (id) => {
          const d = isBaseline(id) ? datedServed[id] : undefined;
          return d ? d.burstFactor(x.demandFactor) : null;
        },
        RATIO,
      )
    : null;
  const demand: Partial<Record<BaselineId, CurveColumn>> = {};
  for (const id of ['selfBuild', 'hybrid'] as const) {
    const column = datedColumns[id]?.demand ?? servedRanges[id]?.demand;
    if (column) demand[id] = column;
  }
  return {
    usable,
    demand,
    served,
    leadServed: (id) => h(leadServed ?? served, id),
    burstUseful,
    burstRates: (id) => (burstFactor ? burst.at(id, h(burstFactor, id)) : burst.average(id)),
    datedServed,
  };
}

/** The average of a served column on the Curve sheet × 730 h: useful GPU-hours a month. */
function servedHours(column: ServedColumn): Expr {
  const mean = column.served.reduce((a, b) => a + b, 0) / Math.max(1, column.served.length);
  return mul(rangeCall('AVERAGE', [column.servedRange], mean), HOURS_PER_MONTH);
}

/**
 * With servers already owned (null without them): the work the build lead time line covers — what
 * the cluster serves less what the servers already owned alone would serve, week by week (the base
 * of the demand first), so none when they are all the cluster is; none when it takes no work
 * (self-build.ts ownLeadUsefulGpuHours).
 */
function leadServedRow(
  w: CostRows,
  x: CostInputs,
  c: {
    usable: Row;
    served: Row;
    servedRanges: Partial<Record<BaselineId, BaselineColumns>>;
    datedColumns: Partial<Record<BaselineId, DatedBaselineColumns>>;
  },
): Row | null {
  const existing = x.existing;
  if (existing === null) return null;
  const part = mul(existing.gpus.there, w.input('engine_ownEfficiency'));
  const alone = w.line(
    'existingServed',
    'gpuHoursMonth',
    (id) => {
      if (!isBaseline(id)) return null;
      const dated = c.datedColumns[id];
      if (dated) return mul(dated.servedBy(part, id), HOURS_PER_MONTH);
      const weekly = c.servedRanges[id];
      return weekly ? servedHours(weekly.servedBy(part, id)) : null;
    },
    PRECISE_FORMAT,
  );
  return w.line(
    'leadServed',
    'gpuHoursMonth',
    (id) =>
      isBaseline(id) ? iff(cmp(h(c.usable, id), '>', 0), sub(h(c.served, id), h(alone, id)), 0) : null,
    PRECISE_FORMAT,
  );
}
