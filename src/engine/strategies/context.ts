import { APPLIANCE_LEAD_TIME_MONTHS, type CapabilityEffects, capabilityEffects } from '../capability';
import { HOURS_PER_MONTH } from '../constants';
import { jobsPerMonth, ownedCapacityGpus, usefulCurve, usefulGpuHoursPerMonth } from '../demand';
import { ownEfficiencies } from '../efficiency';
import { averageMarketFactor } from '../market';
import { COMPLIANCE_LEVELS, type Compliance, type Scenario, type StrategyId } from '../types';
import { burstMarginalCny, leadTimePerUsefulCny, type PricingCache, sortedCurveOf } from './parts';

/**
 * Everything the strategy pricers share, computed once per scenario: demand (optionally scaled, so
 * sweeps need no copies), prices after compliance premiums and on the market price path, and
 * team-capability effects.
 */
export interface PricingContext {
  s: Scenario;
  /**
   * Whose GPU-hours this context counts (MODEL.md §8): `reference` GPU-hours of the scenario's demand,
   * or those of one way's GPU model (strategyContext). In a model's context the demand is divided by
   * the model's throughput ratio, and the other ways' prices are per this model's GPU-hour-equivalent,
   * so burst and lead-time rentals still pay for the same work on their own GPUs.
   */
  unit: 'reference' | 'selfBuild' | 'rent' | 'platform';
  /** The reference context a model's context was derived from; null for a reference context. */
  reference: PricingContext | null;
  effects: CapabilityEffects;
  /** Multiplies the weekly curve, useful GPU-hours and jobs (1 for the scenario as given). */
  demandScale: number;
  curve: readonly number[];
  /** The curve sorted ascending (parts.ts sortedCurveOf), for the pricing caches built on this context. */
  sortedCurve: readonly number[];
  usefulGpuHoursPerMonth: number;
  jobsPerMonth: number;
  rentEligible: boolean;
  platformEligible: boolean;
  /**
   * Multiplies today's GPU-time prices (rent, platform, reserved) and the calibrated amounts: the
   * average of the market price path over the horizon for a monthly view (market.ts), or one month's
   * factor for that month's cash.
   */
  marketFactor: number;
  /** The horizon's average market factor (what the own cluster's "run it here or burst" choice uses). */
  averageMarketFactor: number;
  /** Today's prices after compliance premiums. */
  rentTodayCnyPerServerHour: number;
  platformTodayCnyPerGpuHour: number;
  /** Prices at `marketFactor`. */
  rentCnyPerServerHour: number;
  platformCnyPerGpuHour: number;
  platformUtilization: number;
  /** Allocation efficiency (useful ÷ held) of the own cluster at the team's level (efficiency.ts). */
  ownEfficiency: number;
  engineerCnyPerMonth: number;
  /** Self-built capacity after rounding up to whole servers. */
  selfBuildCapacityGpus: number;
  /** Months from order to first workload of the owned cluster. */
  buildLeadTimeMonths: number;
  /** Progress lost per failure, in hours: half the checkpoint interval, or half the job without any. */
  lostHoursPerFailure: number;
  /** Jobs per useful GPU-hour of the scenario's demand (independent of the demand scale). */
  jobsPerUsefulGpuHour: number;
  /**
   * Cost of one useful GPU-hour of burst at the horizon's average market price: the bar the own cluster
   * must beat at the margin to take work (parts.ts ownedPart). Independent of the demand scale.
   */
  gateBurstMarginalCny: number;
  /** The build lead time line per useful GPU-hour the owned part serves a month (parts.ts). */
  leadTimePerUsefulCny: number;
  /** Useful GPU-hours and jobs a month of the scenario's own demand (scale 1), for scaledContext. */
  scenarioUsefulGpuHoursPerMonth: number;
  scenarioJobsPerMonth: number;
  /**
   * This context at the scenario's own demand scale, when it was made by scaledContext (or derived
   * from one: then the unscaled context's strategy context); null otherwise. Figures that do not
   * depend on the demand scale (per useful GPU-hour costs, an owned cluster's fixed costs) are
   * computed once on it and shared by every scaled copy.
   */
  scaledFrom: PricingContext | null;
  /*
   * Memos filled on first use (strategyContext, price.ts cacheFor), held on the context rather than
   * in WeakMaps: a Monte Carlo run makes 10,000 contexts, and WeakMap entries cost the garbage
   * collector. Every copy of a context (scaledContext, atMarketFactor, a derived context) starts them
   * afresh, since its prices or demand differ.
   */
  /** Strategy contexts derived from this one, by GPU model. */
  derivedByUnit: Partial<Record<HardwareUnit, PricingContext>> | null;
  /** The pricing cache of this (derived) context. */
  ownPricingCache: PricingCache | null;
}

export function atLeast(compliance: Compliance, level: Compliance): boolean {
  return COMPLIANCE_LEVELS.indexOf(compliance) >= COMPLIANCE_LEVELS.indexOf(level);
}

/** The lead time the scenario uses: as entered, or by team level (a single server: an appliance). */
export function buildLeadTimeMonthsOf(s: Scenario): number {
  if (s.selfBuild.buildLeadTimeMonths !== null) return s.selfBuild.buildLeadTimeMonths;
  const capacity = ownedCapacityGpus(s.selfBuild.capacityGpus, s.selfBuild.gpusPerServer);
  return capacity <= s.selfBuild.gpusPerServer
    ? APPLIANCE_LEAD_TIME_MONTHS
    : capabilityEffects(s.teamCapability).buildLeadTimeMonths;
}

export function createContext(s: Scenario, demandScale = 1, marketFactor?: number): PricingContext {
  // The gate's burst cost and the lead-time line are priced on first use (gateBurstMarginalOf,
  // leadTimePerUsefulOf): a Monte Carlo draw on another GPU model never uses the reference's.
  return baseContext(s, demandScale, marketFactor);
}

/*
 * The two figures below are per useful GPU-hour and depend on neither the demand scale nor the
 * market factor, so a copy made by scaledContext or atMarketFactor carries them once priced (or
 * prices them the same way), and a scaled context takes its unscaled context's (priced once for a
 * whole sweep or crossover search). NaN means "not priced yet".
 */

/** The context's gateBurstMarginalCny, priced on first use. */
export function gateBurstMarginalOf(ctx: PricingContext): number {
  if (Number.isNaN(ctx.gateBurstMarginalCny))
    ctx.gateBurstMarginalCny =
      ctx.scaledFrom !== null
        ? gateBurstMarginalOf(ctx.scaledFrom)
        : burstMarginalCny(atMarketFactor(ctx, ctx.averageMarketFactor));
  return ctx.gateBurstMarginalCny;
}

/** The context's leadTimePerUsefulCny, priced on first use. */
export function leadTimePerUsefulOf(ctx: PricingContext): number {
  if (Number.isNaN(ctx.leadTimePerUsefulCny))
    ctx.leadTimePerUsefulCny =
      ctx.scaledFrom !== null ? leadTimePerUsefulOf(ctx.scaledFrom) : leadTimePerUsefulCny(ctx);
  return ctx.leadTimePerUsefulCny;
}

/** The same context with the demand scaled by `demandScale` (relative to the scenario's own). */
export function scaledContext(ctx: PricingContext, demandScale: number): PricingContext {
  const scaled = copyContext(ctx);
  scaled.scaledFrom = ctx.scaledFrom ?? ctx;
  scaled.derivedByUnit = null;
  scaled.ownPricingCache = null;
  setDemandScale(scaled, demandScale);
  return scaled;
}

/** The demand-scale fields of a scaled context (and of the strategy contexts derived from it). */
function setDemandScale(scaled: PricingContext, demandScale: number): void {
  scaled.demandScale = demandScale;
  scaled.usefulGpuHoursPerMonth = scaled.scenarioUsefulGpuHoursPerMonth * demandScale;
  scaled.jobsPerMonth = scaled.scenarioJobsPerMonth * demandScale;
  const byUnit = scaled.derivedByUnit;
  if (byUnit === null) return;
  for (const unit of HARDWARE_UNITS) {
    const derived = byUnit[unit];
    if (derived) setUnitScale(derived, scaled, scaled.s.hardware[unit].throughputRatio);
  }
}

/** A derived context's demand in its GPU model's hours: the base's divided by the throughput ratio. */
function setUnitScale(derived: PricingContext, base: PricingContext, ratio: number): void {
  derived.demandScale = base.demandScale / ratio;
  derived.usefulGpuHoursPerMonth = base.usefulGpuHoursPerMonth / ratio;
  derived.jobsPerMonth = base.jobsPerMonth;
}

/**
 * Re-points a context made by scaledContext to another demand scale in place, with the strategy
 * contexts derived from it: the same numbers as a new scaledContext(·, demandScale), without copying
 * the context. Only for a loop that owns the scaled context and keeps nothing priced on it across
 * steps (the crossover search prices ≈170 load rates per call). Everything memoised for a scaled
 * context is independent of its demand scale (its unscaled context's figures), so stays valid.
 */
export function rescaleContext(scaled: PricingContext, demandScale: number): PricingContext {
  if (scaled.scaledFrom === null || scaled.reference !== null)
    throw new Error('rescaleContext needs a context made by scaledContext');
  setDemandScale(scaled, demandScale);
  return scaled;
}

/**
 * A field-by-field copy of a context, in baseContext's field order. Why not `{ ...ctx, overrides }`:
 * each spread with overrides gives the copies another hidden class, so the pricers' reads of a
 * context's numbers saw many shapes and boxed every number they read (the Monte Carlo's hot loops
 * allocated per read). One literal with one field order keeps every context on one shape.
 */
function copyContext(c: PricingContext): PricingContext {
  return {
    s: c.s,
    unit: c.unit,
    reference: c.reference,
    effects: c.effects,
    demandScale: c.demandScale,
    curve: c.curve,
    sortedCurve: c.sortedCurve,
    usefulGpuHoursPerMonth: c.usefulGpuHoursPerMonth,
    jobsPerMonth: c.jobsPerMonth,
    rentEligible: c.rentEligible,
    platformEligible: c.platformEligible,
    marketFactor: c.marketFactor,
    averageMarketFactor: c.averageMarketFactor,
    rentTodayCnyPerServerHour: c.rentTodayCnyPerServerHour,
    platformTodayCnyPerGpuHour: c.platformTodayCnyPerGpuHour,
    rentCnyPerServerHour: c.rentCnyPerServerHour,
    platformCnyPerGpuHour: c.platformCnyPerGpuHour,
    platformUtilization: c.platformUtilization,
    ownEfficiency: c.ownEfficiency,
    engineerCnyPerMonth: c.engineerCnyPerMonth,
    selfBuildCapacityGpus: c.selfBuildCapacityGpus,
    buildLeadTimeMonths: c.buildLeadTimeMonths,
    lostHoursPerFailure: c.lostHoursPerFailure,
    jobsPerUsefulGpuHour: c.jobsPerUsefulGpuHour,
    gateBurstMarginalCny: c.gateBurstMarginalCny,
    leadTimePerUsefulCny: c.leadTimePerUsefulCny,
    scenarioUsefulGpuHoursPerMonth: c.scenarioUsefulGpuHoursPerMonth,
    scenarioJobsPerMonth: c.scenarioJobsPerMonth,
    scaledFrom: c.scaledFrom,
    derivedByUnit: c.derivedByUnit,
    ownPricingCache: c.ownPricingCache,
  };
}

function baseContext(s: Scenario, demandScale: number, marketFactor: number | undefined): PricingContext {
  const domestic = atLeast(s.compliance, 'domestic') ? 1 + s.complianceCosts.domesticPremiumFraction : 1;
  const dedicated = atLeast(s.compliance, 'dedicated');
  const onPrem = s.compliance === 'onPrem';
  const ops = s.operations;
  const average = averageMarketFactor(s.finance.gpuTimePriceDeclineFractionPerYear, s.horizonMonths);
  const factor = marketFactor ?? average;
  const useful = usefulGpuHoursPerMonth(s);
  const jobs = jobsPerMonth(s);
  const curve = usefulCurve(s);
  const rentToday = s.rent.priceCnyPerServerHour * domestic;
  // The platform bills GPUs actually used at a per-GPU price plus its premium; a dedicated
  // (single-tenant) deployment costs more and pools only the team's own jobs (MODEL.md §4).
  const platformToday =
    s.platform.priceCnyPerGpuHour *
    (1 + s.platform.premiumFraction) *
    domestic *
    (dedicated ? 1 + s.complianceCosts.dedicatedPremiumFraction : 1);
  return {
    s,
    unit: 'reference',
    reference: null,
    effects: capabilityEffects(s.teamCapability),
    demandScale,
    curve,
    sortedCurve: sortedCurveOf(curve),
    usefulGpuHoursPerMonth: useful * demandScale,
    jobsPerMonth: jobs * demandScale,
    rentEligible: !onPrem,
    platformEligible: !onPrem,
    marketFactor: factor,
    averageMarketFactor: average,
    rentTodayCnyPerServerHour: rentToday,
    platformTodayCnyPerGpuHour: platformToday,
    rentCnyPerServerHour: rentToday * factor,
    platformCnyPerGpuHour: platformToday * factor,
    platformUtilization: dedicated
      ? Math.min(s.platform.utilization, s.complianceCosts.dedicatedUtilization)
      : s.platform.utilization,
    ownEfficiency: ownEfficiencies(s).own,
    engineerCnyPerMonth: ops.engineerCnyPerYear / 12,
    selfBuildCapacityGpus: ownedCapacityGpus(s.selfBuild.capacityGpus, s.selfBuild.gpusPerServer),
    buildLeadTimeMonths: buildLeadTimeMonthsOf(s),
    lostHoursPerFailure:
      ops.checkpointIntervalHours > 0 ? ops.checkpointIntervalHours / 2 : s.demand.hoursPerJob / 2,
    jobsPerUsefulGpuHour: useful > 0 ? jobs / useful : 0,
    gateBurstMarginalCny: Number.NaN,
    leadTimePerUsefulCny: Number.NaN,
    scenarioUsefulGpuHoursPerMonth: useful,
    scenarioJobsPerMonth: jobs,
    scaledFrom: null,
    derivedByUnit: null,
    ownPricingCache: null,
  };
}

/** The same context with GPU-time prices at another point of the market path. */
export function atMarketFactor(ctx: PricingContext, marketFactor: number): PricingContext {
  if (marketFactor === ctx.marketFactor) return ctx;
  const at = copyContext(ctx);
  at.marketFactor = marketFactor;
  at.rentCnyPerServerHour = ctx.rentTodayCnyPerServerHour * marketFactor;
  at.platformCnyPerGpuHour = ctx.platformTodayCnyPerGpuHour * marketFactor;
  at.derivedByUnit = null;
  at.ownPricingCache = null;
  return at;
}

export type HardwareUnit = Exclude<PricingContext['unit'], 'reference'>;
const HARDWARE_UNITS: readonly HardwareUnit[] = ['selfBuild', 'rent', 'platform'];

/** The GPU model whose hours a strategy is priced in: hybrid's is its baseline's (owned or reserved). */
export function unitOf(s: Scenario, id: StrategyId): HardwareUnit {
  if (id !== 'hybrid') return id;
  return s.hybrid.baselineMode === 'owned' ? 'selfBuild' : 'platform';
}

/**
 * The context a strategy is priced in: the reference context itself when every throughput ratio is 1
 * (all ways count the same GPU-hours, so the numbers are exactly those without hardware choices),
 * otherwise the context in the hours of the strategy's GPU model. Memoised per context.
 */
export function strategyContext(ctx: PricingContext, id: StrategyId): PricingContext {
  const base = ctx.reference ?? ctx;
  const unit = unitOf(base.s, id);
  if (ctx.unit === unit) return ctx;
  const h = base.s.hardware;
  const ratio = h[unit].throughputRatio;
  const rentFactor = ratio / h.rent.throughputRatio;
  const platformFactor = ratio / h.platform.throughputRatio;
  if (ratio === 1 && rentFactor === 1 && platformFactor === 1) return base;
  const cached = base.derivedByUnit?.[unit];
  if (cached) return cached;
  const rentToday = base.rentTodayCnyPerServerHour * rentFactor;
  const platformToday = base.platformTodayCnyPerGpuHour * platformFactor;
  const derived = copyContext(base);
  derived.unit = unit;
  derived.reference = base;
  // The same jobs take fewer (or more) of this model's GPU-hours.
  derived.jobsPerUsefulGpuHour = base.jobsPerUsefulGpuHour * ratio;
  derived.rentTodayCnyPerServerHour = rentToday;
  derived.platformTodayCnyPerGpuHour = platformToday;
  derived.rentCnyPerServerHour = rentToday * base.marketFactor;
  derived.platformCnyPerGpuHour = platformToday * base.marketFactor;
  derived.derivedByUnit = null;
  derived.ownPricingCache = null;
  setUnitScale(derived, base, ratio);
  // Its own prices: priced on first use (from the unscaled strategy context for a scaled one).
  derived.gateBurstMarginalCny = Number.NaN;
  derived.leadTimePerUsefulCny = Number.NaN;
  if (base.scaledFrom !== null) derived.scaledFrom = strategyContext(base.scaledFrom, id);
  base.derivedByUnit ??= {};
  base.derivedByUnit[unit] = derived;
  return derived;
}

export { HOURS_PER_MONTH };
