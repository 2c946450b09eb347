import { buildLeadTimeMonthsOf, type CapabilityEffects, capabilityEffects } from '../capability';
import { capitalChargePerCapexYuan } from '../capital-charge';
import { pricesAfterCompliance } from '../compliance';
import { jobsPerMonth, ownClusterGpus, usefulCurve, usefulGpuHoursPerMonth } from '../demand';
import { type Efficiencies, efficiencies } from '../efficiency';
import { existingCluster } from '../existing-cluster';
import { type HardwarePrices, ownHardwarePrices } from '../hardware-path';
import { type DatedDemand, datedDemand } from '../horizon-demand';
import { gpuTimePath, termPath } from '../price-path';
import type { ExistingCluster, Scenario, StrategyId } from '../types';

/** Whose GPU-hours a pricing counts: the reference GPU's, or one way's GPU model's (docs/model.md §8). */
export type GpuUnit = 'reference' | 'selfBuild' | 'rent' | 'platform';

/**
 * What every strategy's pricing reads, worked out from the scenario once: the demand (scaled for a
 * load-rate sweep), prices after compliance premiums at one point of the market price path, and the
 * team's capability effects. Plain values, built afresh for every pricing (no caches).
 */
export interface PricingInputs {
  scenario: Scenario;
  unit: GpuUnit;
  /** The reference-GPU inputs these were converted from (themselves, for the reference unit). */
  reference: PricingInputs | null;
  effects: CapabilityEffects;
  /**
   * The weekly useful-GPU curve of the scenario (a job-form demand is one flat week), unscaled; for a
   * dated plan, the distinct demands of its horizon (horizon-demand.ts), weighted by `weights`.
   */
  curve: readonly number[];
  /**
   * The same values in ascending order: what an owned or reserved baseline serves is read off it
   * (part.ts servedGpuHours). Sorted once here; scaling by a positive factor keeps the order.
   */
  ascendingCurve: Float64Array;
  /**
   * A dated plan's share of the horizon's hours at each ascending value (Σ = 1); null when every week
   * of the curve counts the same (a representative period).
   */
  weights: Float64Array | null;
  /** Multiplies the curve into this unit's GPUs at the priced load: load-rate scale ÷ throughput ratio. */
  curveScale: number;
  usefulGpuHoursPerMonth: number;
  /** Jobs per useful GPU-hour of this unit (jobs are split pro rata over the ways that serve them). */
  jobsPerUsefulGpuHour: number;
  rentEligible: boolean;
  platformEligible: boolean;
  /**
   * Multiplies today's GPU-time prices and calibrated amounts of the bills that follow the demand
   * (rent, platform, burst): a point of the market path (market.ts), by default the horizon's average,
   * or for a dated plan its demand-weighted factor (horizon-demand.ts), so each month's hours are paid
   * at that month's price.
   */
  marketFactor: number;
  /**
   * The same for GPUs held every month whatever the demand (a reserved baseline): the horizon's
   * average of the term path (price-path.ts termPath) by default; the given point when the caller
   * prices at one.
   */
  heldMarketFactor: number;
  /** A training plan laid over the horizon (horizon-demand.ts); null for a representative period. */
  dated: DatedDemand | null;
  /**
   * Whether the demand-following bills are priced month by month on the dated plan (the default): the
   * whole demand at its demand-weighted factor, burst at its own (burst.ts atBurstFactor). False at
   * one point of the market path (a caller's factor, or atMarketFactor's).
   */
  followsTimeline: boolean;
  /** The horizon's average market factor: the own cluster's "run it here or burst" choice uses it. */
  averageMarketFactor: number;
  rentTodayCnyPerServerHour: number;
  platformTodayCnyPerGpuHour: number;
  rentCnyPerServerHour: number;
  platformCnyPerGpuHour: number;
  /** Every way's efficiency with its origin (efficiency.ts, docs/model.md §9); the three below are its values. */
  efficiencies: Efficiencies;
  /** Allocation efficiencies (useful ÷ held), measured or by rule. */
  rentUtilization: number;
  platformUtilization: number;
  /** The own cluster's, at the team's level: its reachable load rate. */
  ownEfficiency: number;
  engineerCnyPerMonth: number;
  /** The self-build capacity after rounding up to whole servers. */
  selfBuildCapacityGpus: number;
  buildLeadTimeMonths: number;
  /**
   * An own cluster's capital charge a month per yuan of its capex: 0 in the accounting view
   * (capital-charge.ts). It depends on none of the demand or market points a pricing moves.
   */
  capitalChargePerCapexYuan: number;
  /**
   * Hardware on price paths over a horizon of service from delivery (price-path.ts hardwarePrices):
   * what replacements cost and batches fetch in the accounting view; null without paths.
   */
  hardwarePrices: HardwarePrices | null;
  /** Depreciation as a multiple of the first cluster's (market.ts hardwareDepreciationFactor; 1). */
  hardwareDepreciationFactor: number;
  /** A cluster the team already owns and its capital lines under the lens (existing-cluster.ts); null without. */
  existing: ExistingCluster | null;
  /** Progress lost per failure, in hours: half the checkpoint interval, or half the job without one. */
  lostHoursPerFailure: number;
}

/** Where on the load-rate and market axes a pricing sits (both default to the scenario as given). */
export interface PricingPoint {
  /** Multiplies the demand (1 = the scenario's own; a load-rate sweep scales it). */
  demandScale?: number;
  /** The market factor of the bills (default: the horizon's average, for a monthly view). */
  marketFactor?: number;
}

/** The reference-GPU inputs of `s` at `point`. */
export function pricingInputs(s: Scenario, point: PricingPoint = {}): PricingInputs {
  const demandScale = point.demandScale ?? 1;
  // Compliance (docs/model.md §4): premiums, eligibility and a dedicated platform's efficiency.
  const c = pricesAfterCompliance(s);
  const average = gpuTimePath(s.finance).average(s.horizonMonths);
  // Terms on a path of their own: the same number when they follow on demand (termPath).
  const heldAverage =
    s.finance.termPriceShape === null ? average : termPath(s.finance).average(s.horizonMonths);
  const dated = datedDemand(s);
  const factor = point.marketFactor ?? dated?.demandMarketFactor ?? average;
  const useful = usefulGpuHoursPerMonth(s);
  const jobs = jobsPerMonth(s);
  const curve = dated ? Array.from(dated.ascendingGpus) : usefulCurve(s);
  const rentToday = c.rentTodayCnyPerServerHour;
  const platformToday = c.platformTodayCnyPerGpuHour;
  const ops = s.operations;
  const e = efficiencies(s);
  return {
    scenario: s,
    unit: 'reference',
    reference: null,
    effects: capabilityEffects(s.teamCapability),
    curve,
    ascendingCurve: dated ? dated.ascendingGpus : Float64Array.from(curve).sort(),
    weights: dated ? dated.weights : null,
    curveScale: demandScale,
    usefulGpuHoursPerMonth: useful * demandScale,
    jobsPerUsefulGpuHour: useful > 0 ? jobs / useful : 0,
    rentEligible: c.rentEligible,
    platformEligible: c.platformEligible,
    marketFactor: factor,
    heldMarketFactor: point.marketFactor ?? heldAverage,
    dated,
    followsTimeline: dated !== null && point.marketFactor === undefined,
    averageMarketFactor: average,
    rentTodayCnyPerServerHour: rentToday,
    platformTodayCnyPerGpuHour: platformToday,
    rentCnyPerServerHour: rentToday * factor,
    platformCnyPerGpuHour: platformToday * factor,
    efficiencies: e,
    rentUtilization: e.rent.value,
    platformUtilization: e.platform.value,
    ownEfficiency: e.own.value,
    engineerCnyPerMonth: ops.engineerCnyPerYear / 12,
    selfBuildCapacityGpus: ownClusterGpus(s),
    buildLeadTimeMonths: buildLeadTimeMonthsOf(s),
    capitalChargePerCapexYuan: capitalChargePerCapexYuan(s),
    ...ownHardwarePrices(s),
    existing: existingCluster(s),
    lostHoursPerFailure:
      ops.checkpointIntervalHours > 0 ? ops.checkpointIntervalHours / 2 : s.demand.hoursPerJob / 2,
  };
}

/** The same inputs with GPU-time prices at another point of the market path. */
export function atMarketFactor(x: PricingInputs, marketFactor: number): PricingInputs {
  if (marketFactor === x.marketFactor && marketFactor === x.heldMarketFactor && !x.followsTimeline) return x;
  return {
    ...x,
    marketFactor,
    heldMarketFactor: marketFactor,
    followsTimeline: false,
    rentCnyPerServerHour: x.rentTodayCnyPerServerHour * marketFactor,
    platformCnyPerGpuHour: x.platformTodayCnyPerGpuHour * marketFactor,
  };
}

/** The GPU model whose hours a strategy is priced in: the hybrid's is its baseline's. */
export function unitOf(s: Scenario, id: StrategyId): Exclude<GpuUnit, 'reference'> {
  if (id !== 'hybrid') return id;
  return s.hybrid.baselineMode === 'owned' ? 'selfBuild' : 'platform';
}

/**
 * The inputs a strategy is priced in (docs/model.md §8): demand in its GPU model's hours (the reference
 * hours ÷ its throughput ratio, the same jobs), and the other ways' prices per this model's
 * GPU-hour-equivalent, so burst and lead-time rentals still pay for the same work on their own GPUs.
 * With every throughput ratio 1 these are the reference inputs themselves.
 */
export function inputsFor(reference: PricingInputs, id: StrategyId): PricingInputs {
  const base = reference.reference ?? reference;
  const unit = unitOf(base.scenario, id);
  if (reference.unit === unit) return reference;
  const h = base.scenario.hardware;
  const ratio = h[unit].throughputRatio;
  const rentFactor = ratio / h.rent.throughputRatio;
  const platformFactor = ratio / h.platform.throughputRatio;
  if (ratio === 1 && rentFactor === 1 && platformFactor === 1) return base;
  const rentToday = base.rentTodayCnyPerServerHour * rentFactor;
  const platformToday = base.platformTodayCnyPerGpuHour * platformFactor;
  return {
    ...base,
    unit,
    reference: base,
    curveScale: base.curveScale / ratio,
    usefulGpuHoursPerMonth: base.usefulGpuHoursPerMonth / ratio,
    // The same jobs take fewer (or more) of this model's GPU-hours.
    jobsPerUsefulGpuHour: base.jobsPerUsefulGpuHour * ratio,
    rentTodayCnyPerServerHour: rentToday,
    platformTodayCnyPerGpuHour: platformToday,
    rentCnyPerServerHour: rentToday * base.marketFactor,
    platformCnyPerGpuHour: platformToday * base.marketFactor,
  };
}
