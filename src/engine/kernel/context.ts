import { buildLeadTimeMonthsOf, capabilityEffects } from '../capability';
import { capitalChargePerCapexYuan } from '../capital-charge';
import { pricesAfterCompliance } from '../compliance';
import { jobsPerMonthAt, ownClusterGpus, usefulCurve, usefulGpuHoursPerMonth } from '../demand';
import { efficiencies } from '../efficiency';
import { existingCluster } from '../existing-cluster';
import { ownHardwarePrices } from '../hardware-path';
import { gpuTimePath, termPath } from '../price-path';
import type { Scenario, StrategyId } from '../types';
import { sortedCurveOf } from './curve';
import { datedDemandOf } from './dated-demand';
import type { HardwareUnit, KernelState, PricingContext } from './types';

/*
 * Pricing contexts: what a scenario's pricing needs, computed once, and the cheap copies the loops
 * make of it (at another demand scale, another point of the market path, in another GPU model's
 * hours). Data only: what is priced on a context lives in parts.ts.
 */

export function createContext(
  k: KernelState,
  s: Scenario,
  demandScale = 1,
  marketFactor?: number,
): PricingContext {
  return baseContext(k, s, demandScale, marketFactor);
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
    weights: c.weights,
    usefulGpuHoursPerMonth: c.usefulGpuHoursPerMonth,
    jobsPerMonth: c.jobsPerMonth,
    rentEligible: c.rentEligible,
    platformEligible: c.platformEligible,
    marketFactor: c.marketFactor,
    heldMarketFactor: c.heldMarketFactor,
    dated: c.dated,
    followsTimeline: c.followsTimeline,
    averageMarketFactor: c.averageMarketFactor,
    gpuTimePath: c.gpuTimePath,
    rentTodayCnyPerServerHour: c.rentTodayCnyPerServerHour,
    platformTodayCnyPerGpuHour: c.platformTodayCnyPerGpuHour,
    rentCnyPerServerHour: c.rentCnyPerServerHour,
    platformCnyPerGpuHour: c.platformCnyPerGpuHour,
    rentUtilization: c.rentUtilization,
    platformUtilization: c.platformUtilization,
    ownEfficiency: c.ownEfficiency,
    engineerCnyPerMonth: c.engineerCnyPerMonth,
    selfBuildCapacityGpus: c.selfBuildCapacityGpus,
    buildLeadTimeMonths: c.buildLeadTimeMonths,
    capitalChargePerCapexYuan: c.capitalChargePerCapexYuan,
    hardwarePrices: c.hardwarePrices,
    hardwareDepreciationFactor: c.hardwareDepreciationFactor,
    existing: c.existing,
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

function baseContext(
  k: KernelState,
  s: Scenario,
  demandScale: number,
  marketFactor: number | undefined,
): PricingContext {
  // Compliance (docs/model.md §4): premiums, eligibility and a dedicated platform's efficiency.
  const c = pricesAfterCompliance(s);
  const ops = s.operations;
  const path = gpuTimePath(s.finance);
  const average = path.average(s.horizonMonths);
  const heldAverage =
    s.finance.termPriceShape === null ? average : termPath(s.finance).average(s.horizonMonths);
  const datedFor = datedDemandOf(k, s, path);
  const dated = datedFor === null ? null : datedFor.dated;
  const factor = marketFactor ?? dated?.demandMarketFactor ?? average;
  // For a plan, usefulGpuHoursPerMonth(s) and jobsPerMonth(s) would lay it out again.
  const useful = dated ? dated.usefulGpuHoursPerMonth : usefulGpuHoursPerMonth(s);
  const jobs = jobsPerMonthAt(s, useful);
  // A dated plan's horizon values are already ascending (horizon-demand.ts).
  const curve = datedFor ? datedFor.ascending : usefulCurve(s);
  const rentToday = c.rentTodayCnyPerServerHour;
  const platformToday = c.platformTodayCnyPerGpuHour;
  const e = efficiencies(s);
  return {
    s,
    unit: 'reference',
    reference: null,
    effects: capabilityEffects(s.teamCapability),
    demandScale,
    curve,
    sortedCurve: dated ? curve : sortedCurveOf(k, curve),
    weights: dated ? dated.weights : null,
    usefulGpuHoursPerMonth: useful * demandScale,
    jobsPerMonth: jobs * demandScale,
    rentEligible: c.rentEligible,
    platformEligible: c.platformEligible,
    marketFactor: factor,
    heldMarketFactor: marketFactor ?? heldAverage,
    dated,
    followsTimeline: dated !== null && marketFactor === undefined,
    averageMarketFactor: average,
    gpuTimePath: path,
    rentTodayCnyPerServerHour: rentToday,
    platformTodayCnyPerGpuHour: platformToday,
    rentCnyPerServerHour: rentToday * factor,
    platformCnyPerGpuHour: platformToday * factor,
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
  if (marketFactor === ctx.marketFactor && marketFactor === ctx.heldMarketFactor && !ctx.followsTimeline)
    return ctx;
  const at = copyContext(ctx);
  at.marketFactor = marketFactor;
  at.heldMarketFactor = marketFactor;
  at.followsTimeline = false;
  at.rentCnyPerServerHour = ctx.rentTodayCnyPerServerHour * marketFactor;
  at.platformCnyPerGpuHour = ctx.platformTodayCnyPerGpuHour * marketFactor;
  at.derivedByUnit = null;
  at.ownPricingCache = null;
  return at;
}

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
