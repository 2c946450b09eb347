import { HOURS_PER_MONTH } from '../../../engine';
import type { CurveSheet } from '../curve-sheet';
import type { DatedCurveSheet } from '../dated-curve-sheet';
import { add, ceiling, cmp, div, type Expr, iff, max, mul, or, rangeCall } from '../expr';
import { INTEGER_FORMAT, PERCENT_FORMAT, PRECISE_FORMAT } from '../number-format';
import type { HardwarePathFormulas, PathFormulas } from '../price-path-sheet';
import type { Placed } from '../sheet-model';
import { type ExistingRows, existingGpusOf, existingRows } from './existing';
import { type BaselineId, type CostRows, h, PER_GPU_HOUR, RATE, RATIO, type Row } from './rows';

/**
 * The pricing inputs (src/engine/model/inputs.ts): the demand and the market, today's prices after
 * compliance, then each strategy's GPU model — its demand in its GPU-hours and prices per its GPU
 * (inputsFor). Two sections of the calculation sheet.
 */
export interface CostInputs {
  horizon: Expr;
  /** Σ of the market factors over months 1..n (market.ts sumMarketFactors). */
  sumFactors: (n: Expr) => Expr;
  /** The horizon's average market factor of on-demand GPU-time. */
  averageFactor: Expr;
  /** What held bills pay (the reservation): the term path's average, the on-demand one when terms follow it. */
  heldFactor: Expr;
  /** Hardware purchase and resale on price paths (hardware-path.ts); null: every batch at today's price. */
  hardware: HardwarePathFormulas | null;
  /** The factor of the bills that follow the demand: the average, or a plan's demand-weighted one. */
  demandFactor: Expr;
  /** Useful GPU-hours a month in reference GPUs. */
  useful: Placed;
  jobsPerUseful: Expr;
  /** Progress lost per failure, hours. */
  lostHours: Expr;
  /** An engineer's month, CNY. */
  engineerMonth: Expr;
  /**
   * Owned GPUs rounded up to whole servers (demand.ts ownedCapacityGpus), never fewer than those
   * already owned (ownClusterGpus).
   */
  ownCapacity: (gpus: Expr) => Expr;
  selfBuildCapacity: Placed;
  /** A baseline's own cluster on this sheet: the self-build's capacity, the hybrid's baseline as if owned. */
  ownCapacityOf: (id: BaselineId) => Expr;
  loadRate: Placed;
  /** The whole-server rounding of rented servers (demand.ts serverRoundingFactor). */
  rounding: Expr;
  serversPerJob: Expr;
  /** Each strategy's GPU model: throughput ratio to the reference GPU. */
  ratio: Row;
  /** Useful GPU-hours a month in the strategy's GPUs. */
  usefulHere: Row;
  jobsPerUsefulHere: Row;
  /** Today's rental price per server-hour of the strategy's GPU. */
  rentToday: Row;
  /** Today's platform price per GPU-hour of the strategy's GPU. */
  platformToday: Row;
  /** A cluster the team already owns and the lens's lines (model/inputs.ts `existing`); null without one. */
  existing: ExistingRows | null;
}

export function pricingInputs(
  w: CostRows,
  dated: DatedCurveSheet | null,
  weeklyCurve: CurveSheet | null,
  weekly: boolean,
  path: PathFormulas,
  termPath: PathFormulas | null,
  hardware: HardwarePathFormulas | null,
): CostInputs {
  const input = (key: string) => w.input(key);
  const H = input('horizonMonths');
  const gpj = input('demand_gpusPerJob');
  const gps = input('selfBuild_gpusPerServer');
  const rgps = input('rent_gpusPerServer');

  // ── The demand and the market (model/inputs.ts, demand.ts, market.ts) ──
  w.section('general');
  // The price path (price-path-sheet.ts): steady in the decline, or a shaped path's own sheet.
  const sumFactors = path.sum;
  const fAvg = w.single('averageFactor', 'ratio', path.average(H), RATIO).here;
  // Terms on a path of their own (price-path.ts termPath): its average is what a reservation pays.
  const fHeld = termPath ? w.single('heldFactor', 'ratio', termPath.average(H), RATIO).here : fAvg;
  // The bills that follow the demand: at the average factor, or for a plan its demand-weighted one.
  const fDemand = dated ? w.single('demandFactor', 'ratio', dated.demandFactor(fAvg), RATIO).here : fAvg;
  const perJob = mul(input('demand_hoursPerJob'), gpj, input('rent_utilization'));
  const baseUseful = w.single(
    'baseUseful',
    'gpuHoursMonth',
    dated
      ? mul(dated.weightedDemand(), HOURS_PER_MONTH)
      : weekly && weeklyCurve
        ? mul(
            rangeCall(
              'AVERAGE',
              [weeklyCurve.sheet.range(2, 3, 2 + weeklyCurve.weekCount, true)],
              curveMean(weeklyCurve),
            ),
            HOURS_PER_MONTH,
          )
        : mul(input('demand_jobsPerMonth'), perJob),
    PRECISE_FORMAT,
  ).here;
  const usefulPlaced = w.single(
    'useful',
    'gpuHoursMonth',
    mul(baseUseful, input('demand_scale')),
    PRECISE_FORMAT,
  );
  const useful = usefulPlaced.here;
  const jobs = weekly ? iff(cmp(perJob, '>', 0), div(baseUseful, perJob), 0) : input('demand_jobsPerMonth');
  const jobsPerUseful = w.single(
    'jobsPerUseful',
    'perGpuHour',
    iff(cmp(baseUseful, '>', 0), div(jobs, baseUseful), 0),
    PER_GPU_HOUR,
  ).here;
  const cp = input('operations_checkpointIntervalHours');
  const lost = w.single(
    'lostHours',
    'hours',
    iff(cmp(cp, '>', 0), div(cp, 2), div(input('demand_hoursPerJob'), 2)),
    PRECISE_FORMAT,
  ).here;
  const rentToday0 = w.single(
    'rentToday',
    'cnyPerServerHour',
    mul(
      input('rent_priceCnyPerServerHour'),
      iff(
        cmp(input('engine_domesticPremium'), '=', 1),
        add(1, input('complianceCosts_domesticPremiumFraction')),
        1,
      ),
    ),
    RATE,
  ).here;
  const platformToday0 = w.single(
    'platformToday',
    'cnyPerGpuHour',
    mul(
      input('platform_priceCnyPerGpuHour'),
      add(1, input('platform_premiumFraction')),
      iff(
        cmp(input('engine_domesticPremium'), '=', 1),
        add(1, input('complianceCosts_domesticPremiumFraction')),
        1,
      ),
      iff(
        cmp(input('engine_dedicatedPremium'), '=', 1),
        add(1, input('complianceCosts_dedicatedPremiumFraction')),
        1,
      ),
    ),
    RATE,
  ).here;
  const engMonth = w.single('engineerMonth', 'cny', div(input('operations_engineerCnyPerYear'), 12)).here;
  const existingGpus = existingGpusOf(w);
  const sized = (gpus: Expr) => iff(cmp(gpus, '<=', 0), 0, mul(ceiling(div(gpus, gps)), gps));
  // Servers already owned are kept: the own cluster is at least them (demand.ts ownClusterGpus).
  const ownCapacity = (gpus: Expr) => (existingGpus ? max(sized(gpus), existingGpus) : sized(gpus));
  const sbCapacityPlaced = w.single(
    'selfBuildCapacity',
    'gpus',
    ownCapacity(input('selfBuild_capacityGpus')),
    INTEGER_FORMAT,
  );
  const sbCapacity = sbCapacityPlaced.here;
  const loadRate = w.single(
    'loadRate',
    'percent',
    iff(
      cmp(sbCapacity, '>', 0),
      div(div(div(useful, HOURS_PER_MONTH), input('hardware_selfBuild_throughputRatio')), sbCapacity),
      0,
    ),
    PERCENT_FORMAT,
  );
  const rounding = w.single(
    'rounding',
    'ratio',
    iff(or(cmp(gpj, '<=', 0), cmp(rgps, '<=', 0)), 1, div(mul(ceiling(div(gpj, rgps)), rgps), gpj)),
    RATIO,
  ).here;
  const serversPerJob = w.single('serversPerJob', 'servers', ceiling(div(gpj, rgps)), INTEGER_FORMAT).here;

  // ── Each strategy's GPU model (model/inputs.ts inputsFor): demand in its GPU-hours, prices per its GPU ──
  w.section('unit');
  const owned = cmp(input('hybrid_baselineOwned'), '=', 1);
  const ratio = w.line(
    'ratio',
    'ratio',
    (id) =>
      id === 'selfBuild'
        ? input('hardware_selfBuild_throughputRatio')
        : id === 'rent'
          ? input('hardware_rent_throughputRatio')
          : id === 'platform'
            ? input('hardware_platform_throughputRatio')
            : iff(
                owned,
                input('hardware_selfBuild_throughputRatio'),
                input('hardware_platform_throughputRatio'),
              ),
    RATIO,
  );
  const usefulHere = w.line('usefulHere', 'gpuHoursMonth', (id) => div(useful, h(ratio, id)), PRECISE_FORMAT);
  const jobsPerUsefulHere = w.line(
    'jobsPerUsefulHere',
    'perGpuHour',
    (id) => mul(jobsPerUseful, h(ratio, id)),
    PER_GPU_HOUR,
  );
  const rentToday = w.line(
    'rentTodayHere',
    'cnyPerServerHour',
    (id) => mul(rentToday0, div(h(ratio, id), input('hardware_rent_throughputRatio'))),
    RATE,
  );
  const platformToday = w.line(
    'platformTodayHere',
    'cnyPerGpuHour',
    (id) => mul(platformToday0, div(h(ratio, id), input('hardware_platform_throughputRatio'))),
    RATE,
  );
  return {
    horizon: H,
    sumFactors,
    averageFactor: fAvg,
    heldFactor: fHeld,
    hardware,
    demandFactor: fDemand,
    useful: usefulPlaced,
    jobsPerUseful,
    lostHours: lost,
    engineerMonth: engMonth,
    ownCapacity,
    selfBuildCapacity: sbCapacityPlaced,
    loadRate,
    rounding,
    serversPerJob,
    ratio,
    usefulHere,
    jobsPerUsefulHere,
    rentToday,
    platformToday,
    ownCapacityOf: (id) =>
      id === 'selfBuild' ? sbCapacity : ownCapacity(input('engine_hybridBaselineGpus')),
    // Priced from the scenario alone (existing-cluster.ts), so the section follows the inputs'.
    existing: existingRows(w, H, hardware),
  };
}

/** The mean of the weekly curve's useful GPUs (what AVERAGE of its column gives). */
function curveMean(curve: CurveSheet): number {
  const rows = curve.sheet.model.rows;
  let sum = 0;
  let n = 0;
  for (const row of rows.slice(2)) {
    const v = row[1]?.value;
    if (typeof v === 'number') {
      sum += v;
      n++;
    }
  }
  return n > 0 ? sum / n : 0;
}
