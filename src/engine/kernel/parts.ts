import { HOURS_PER_MONTH } from '../constants';
import { ownedCapacityGpus, serverRoundingFactor } from '../demand';
import { burstMarketFactor, datedLeadTimePerUseful } from '../horizon-demand';
import { iterationLossCny } from '../market';
import { weightedServedGpuHours, zeroBaseline, zeroPart } from '../model';
import { ownEnergyCnyPerKwh } from '../sites';
import { atMarketFactor } from './context';
import {
  prefixSumsOf,
  servedDirect,
  servedFrom,
  type WeightedPrefix,
  weeksAtOrBelow,
  weightedPrefixSums,
  weightedServedFrom,
} from './curve';
import { emptyOwnedFixed, zeroPartInto } from './state';
import type {
  KernelState,
  OwnedFixed,
  OwnedPart,
  OwnedRates,
  PartCost,
  PricingCache,
  PricingContext,
} from './types';

/*
 * The kernel's pricers of one way of serving demand (rented servers, the platform, an owned cluster,
 * reserved platform GPUs, burst), written into reused objects. The same arithmetic as the model's
 * (src/engine/model), in the same order, so the same numbers to the last bit (test/engine/
 * kernel-equals-model.test.ts); README.md in this folder lists each trick and what it bought.
 */

/** Jobs that fall to a part serving `usefulGpuHours` of the month's demand (jobs split pro rata). */
function jobsFor(ctx: PricingContext, usefulGpuHours: number): number {
  return ctx.jobsPerUsefulGpuHour * usefulGpuHours;
}

/**
 * Engineers for rented or platform GPUs: a fraction of what the same GPUs would need owned
 * (docs/data-sources.md: one engineer per 200 GPUs at average capability). Proportional, no floor, so the cost
 * scales with GPU-hours (docs/model.md §7).
 */
function serviceOpsCny(ctx: PricingContext, billedGpuHours: number, fraction: number): number {
  const gpus = billedGpuHours / HOURS_PER_MONTH;
  return ((fraction * gpus) / ctx.s.operations.gpusPerEngineer) * ctx.engineerCnyPerMonth;
}

/** The non-breakdown figures of a rented or platform part (no capex, nothing non-cash). */
function servicePart(
  out: PartCost,
  usefulGpuHours: number,
  billedGpuHours: number,
  failures: number,
): PartCost {
  out.usefulGpuHours = usefulGpuHours;
  out.billedGpuHours = billedGpuHours;
  out.capexCny = 0;
  out.nonCashCny = 0;
  out.leadTimeCny = 0;
  out.failures = failures;
  return out;
}

/**
 * Whole 8-GPU servers rented by the hour (seed 000, 租GPU模式):
 * - compute = useful GPU-hours ÷ rental utilization × whole-server rounding ÷ GPUs per server × price;
 * - time = jobs × (setup hours × (engineer rate + servers held × price)), or the calibration's cost per job;
 * - failure = (λ × GPU-hours held + p_sw × jobs) × (servers held × price × (lost + detect + restart)
 *   + engineer hours × rate), manual recovery (docs/data-sources.md, the failure inputs);
 * - ops = rentOpsFraction of the staffing the same GPUs would need owned.
 */
export function rentPart(ctx: PricingContext, usefulGpuHours: number): PartCost {
  return rentPartAt(zeroPart(), ctx, usefulGpuHours, ctx.rentCnyPerServerHour, ctx.marketFactor);
}

/** `rentPart` written into `out` (for loops that keep only totals). */
export function rentPartInto(out: PartCost, ctx: PricingContext, usefulGpuHours: number): PartCost {
  return rentPartAt(out, ctx, usefulGpuHours, ctx.rentCnyPerServerHour, ctx.marketFactor);
}

/**
 * `rentPart` at another point of the market path: the price per server-hour and the market factor
 * that `atMarketFactor(ctx, marketFactor)` would carry, without building that context.
 */
function rentPartAt(
  out: PartCost,
  ctx: PricingContext,
  usefulGpuHours: number,
  rentCnyPerServerHour: number,
  marketFactor: number,
): PartCost {
  const { s } = ctx;
  const ops = s.operations;
  const jobs = jobsFor(ctx, usefulGpuHours);
  const rounding = serverRoundingFactor(s.demand.gpusPerJob, s.rent.gpusPerServer);
  const billedGpuHours = (usefulGpuHours / ctx.rentUtilization) * rounding;
  const serverHours = billedGpuHours / s.rent.gpusPerServer;
  const serversPerJob = Math.ceil(s.demand.gpusPerJob / s.rent.gpusPerServer);
  const heldCnyPerHour = serversPerJob * rentCnyPerServerHour;

  // Calibrated amounts are today's money and follow the market path like the bills (docs/model.md §2).
  const f = marketFactor;
  const setupCnyPerJob =
    s.calibration.rentSetupCnyPerJob !== null
      ? s.calibration.rentSetupCnyPerJob * f
      : ops.setupHoursRent * (ops.engineerCnyPerHour + heldCnyPerHour);
  const failures = ops.hwInterruptionsPerGpuHour * billedGpuHours + ops.swFailureProbabilityPerJob * jobs;
  const costPerFailure =
    s.calibration.rentCostPerFailureCny !== null
      ? s.calibration.rentCostPerFailureCny * f
      : heldCnyPerHour * (ctx.lostHoursPerFailure + ops.detectHoursManual + ops.restartHoursManual) +
        ops.engineerHoursPerFailureManual * ops.engineerCnyPerHour;

  const b = out.breakdown;
  b.compute = serverHours * rentCnyPerServerHour;
  b.energy = 0;
  b.time = jobs * setupCnyPerJob;
  b.ops = serviceOpsCny(ctx, billedGpuHours, ops.rentOpsFraction);
  b.failure = failures * costPerFailure;
  b.iteration = 0;
  return servicePart(out, usefulGpuHours, billedGpuHours, failures);
}

/**
 * Pooled platform billed per GPU actually used (seed 000, 息壤智算的计费模型):
 * - compute = useful GPU-hours ÷ pooled utilization × price per GPU-hour × (1 + premium);
 * - time = jobs × setup with preset images (0.25 h) × (engineer rate + GPUs held × price);
 * - failure = automatic checkpoint/resume: lost progress τ/2 plus minutes of detection and restart;
 * - ops = platformOpsFraction of owned staffing (near zero).
 */
export function platformPart(ctx: PricingContext, usefulGpuHours: number): PartCost {
  return platformPartAt(zeroPart(), ctx, usefulGpuHours, ctx.platformCnyPerGpuHour, ctx.marketFactor);
}

/** `platformPart` written into `out` (for loops that keep only totals). */
export function platformPartInto(out: PartCost, ctx: PricingContext, usefulGpuHours: number): PartCost {
  return platformPartAt(out, ctx, usefulGpuHours, ctx.platformCnyPerGpuHour, ctx.marketFactor);
}

/** `platformPart` at another point of the market path (as rentPartAt). */
function platformPartAt(
  out: PartCost,
  ctx: PricingContext,
  usefulGpuHours: number,
  platformCnyPerGpuHour: number,
  marketFactor: number,
): PartCost {
  const { s } = ctx;
  const ops = s.operations;
  const jobs = jobsFor(ctx, usefulGpuHours);
  const billedGpuHours = usefulGpuHours / ctx.platformUtilization;
  const heldCnyPerHour = s.demand.gpusPerJob * platformCnyPerGpuHour;

  const f = marketFactor;
  const setupCnyPerJob =
    s.calibration.platformSetupCnyPerJob !== null
      ? s.calibration.platformSetupCnyPerJob * f
      : ops.setupHoursPlatform * (ops.engineerCnyPerHour + heldCnyPerHour);
  const failures = ops.hwInterruptionsPerGpuHour * billedGpuHours + ops.swFailureProbabilityPerJob * jobs;
  const costPerFailure =
    s.calibration.platformCostPerFailureCny !== null
      ? s.calibration.platformCostPerFailureCny * f
      : heldCnyPerHour * (ctx.lostHoursPerFailure + ops.detectHoursAutomatic + ops.restartHoursAutomatic) +
        ops.engineerHoursPerFailureAutomatic * ops.engineerCnyPerHour;

  const b = out.breakdown;
  b.compute = billedGpuHours * platformCnyPerGpuHour;
  b.energy = 0;
  b.time = jobs * setupCnyPerJob;
  b.ops = serviceOpsCny(ctx, billedGpuHours, ops.platformOpsFraction);
  b.failure = failures * costPerFailure;
  b.iteration = 0;
  return servicePart(out, usefulGpuHours, billedGpuHours, failures);
}

/**
 * A pricing cache on `ctx`: Σ_weeks min(demand, x) from the sorted curve and its prefix sums. With j
 * weeks at or below x, Σ = (sum of those j weeks) + x × (weeks − j); a binary search finds j, so each
 * capacity costs O(log weeks) instead of a pass over the curve.
 *
 * Sweeps, the crossover search and Monte Carlo draws build thousands of caches on the same curve at
 * different demand scales, so the curve is sorted once (curve.ts sortedCurveOf) and scaled here:
 * multiplying by a positive scale keeps the order, so the scaled values are exactly those a sort of the
 * scaled curve gives. The prefix sums are built on the second capacity priced; the first is summed
 * directly in the same order (a context priced once allocates nothing), and so is every one of a
 * curve of a few weeks (a job-form demand is one).
 */
export function createPricingCache(k: KernelState, ctx: PricingContext): PricingCache {
  return new CurveCache(k, ctx);
}

/** Curves this short are summed directly each time instead of through prefix sums. */
const SHORT_CURVE_WEEKS = 4;

class CurveCache implements PricingCache {
  private readonly sorted: readonly number[];
  private readonly scale: number;
  private prefix: readonly number[] | null = null;
  private calls = 0;
  private readonly k: KernelState;
  private readonly ctx: PricingContext;
  private marginal = Number.NaN;
  private weighted: WeightedPrefix | null = null;

  constructor(k: KernelState, ctx: PricingContext) {
    this.k = k;
    this.ctx = ctx;
    const demandScale = ctx.demandScale;
    if (demandScale > 0 && demandScale < Number.POSITIVE_INFINITY) {
      this.sorted = ctx.sortedCurve;
      this.scale = demandScale;
    } else {
      // Zero, negative or non-finite scales: scale, then sort (order-keeping no longer holds).
      this.sorted = scaledThenSorted(ctx.curve, demandScale);
      this.scale = 1;
    }
  }

  /** The burst marginal cost at this context's market factor, priced on first use. */
  get burstMarginalCny(): number {
    if (Number.isNaN(this.marginal)) {
      const ctx = this.ctx;
      // At the horizon's average market price it is the gate's burst cost (the same function).
      this.marginal =
        ctx.marketFactor === ctx.averageMarketFactor
          ? gateBurstMarginalOf(this.k, ctx)
          : burstMarginalCny(this.k, ctx);
    }
    return this.marginal;
  }

  served(usableGpus: number): number {
    const sorted = this.sorted;
    const scale = this.scale;
    const n = sorted.length;
    if (n === 0 || usableGpus <= 0) return 0;
    const weights = this.ctx.weights;
    if (weights !== null) {
      if (this.weighted === null && ++this.calls < 2)
        return weightedServedGpuHours(this.ctx.sortedCurve, weights, this.ctx.demandScale, usableGpus);
      this.weighted ??= weightedPrefixSums(this.ctx.sortedCurve, weights, this.ctx.demandScale);
      return weightedServedFrom(this.weighted, this.ctx.sortedCurve, this.ctx.demandScale, usableGpus);
    }
    if (this.prefix === null && (n <= SHORT_CURVE_WEEKS || ++this.calls < 2))
      return servedDirect(sorted, scale, usableGpus);
    this.prefix ??= prefixSumsOf(this.k, sorted, scale);
    const lo = weeksAtOrBelow(sorted, scale, usableGpus);
    return servedFrom(this.prefix[lo] as number, usableGpus, lo, n);
  }
}

function scaledThenSorted(curve: readonly number[], demandScale: number): readonly number[] {
  const n = curve.length;
  const scaled = new Float64Array(n);
  for (let i = 0; i < n; i++) scaled[i] = (curve[i] ?? 0) * demandScale;
  return Array.from(scaled.sort());
}

/**
 * Useful GPU-hours a month that `usableGpus` serve on `ctx`'s curve, through `cache` or summed
 * directly in the cache's order (the same number either way).
 */
function servedOn(ctx: PricingContext, usableGpus: number, cache: PricingCache | undefined): number {
  if (cache) return cache.served(usableGpus);
  const scale = ctx.demandScale;
  if (ctx.weights !== null)
    return usableGpus <= 0 || ctx.sortedCurve.length === 0
      ? 0
      : weightedServedGpuHours(ctx.sortedCurve, ctx.weights, scale, usableGpus);
  if (scale > 0 && scale < Number.POSITIVE_INFINITY) return servedDirect(ctx.sortedCurve, scale, usableGpus);
  return servedDirect(scaledThenSorted(ctx.curve, scale), 1, usableGpus);
}

/**
 * Cost of one useful GPU-hour of burst: on the platform when it is eligible; otherwise (data on
 * premises) the work waits, valued at what the platform would have charged. Burst pricing is linear
 * in the hours, so one hour's cost is the marginal cost.
 */
export function burstMarginalCny(k: KernelState, ctx: PricingContext): number {
  if (!ctx.platformEligible) return ctx.platformCnyPerGpuHour / ctx.platformUtilization;
  return partTotal(platformPartInto(k.scratchPart, ctx, 1));
}

/** Total of a part's six categories, in COST_CATEGORIES order. */
function partTotal(p: PartCost): number {
  const b = p.breakdown;
  return b.compute + b.energy + b.time + b.ops + b.failure + b.iteration;
}

/*
 * The two figures below are per useful GPU-hour and depend on neither the demand scale nor the
 * market factor, so a copy made by scaledContext or atMarketFactor carries them once priced, and a
 * scaled context takes its unscaled context's (priced once for a whole sweep or crossover search).
 */

/**
 * Cost of one useful GPU-hour of burst at the horizon's average market price: the bar the own
 * cluster must beat at the margin to take work (ownedFixedInto). Priced on first use.
 */
export function gateBurstMarginalOf(k: KernelState, ctx: PricingContext): number {
  if (Number.isNaN(ctx.gateBurstMarginalCny))
    ctx.gateBurstMarginalCny =
      ctx.scaledFrom !== null
        ? gateBurstMarginalOf(k, ctx.scaledFrom)
        : burstMarginalCny(k, atMarketFactor(ctx, ctx.averageMarketFactor));
  return ctx.gateBurstMarginalCny;
}

/** The build lead time line per useful GPU-hour the owned part serves a month, priced on first use. */
export function leadTimePerUsefulOf(k: KernelState, ctx: PricingContext): number {
  if (Number.isNaN(ctx.leadTimePerUsefulCny))
    ctx.leadTimePerUsefulCny =
      ctx.scaledFrom !== null ? leadTimePerUsefulOf(k, ctx.scaledFrom) : leadTimePerUsefulCny(k, ctx);
  return ctx.leadTimePerUsefulCny;
}

/**
 * How the work an owned cluster would do is served while it is being built (docs/model.md "Build lead
 * time (v2)"): by the cheaper eligible of whole rented servers and the platform over the lead-time
 * months 1..L, each month at its market price; on premises it waits, valued at the platform's price.
 * Linear in the hours, so per useful GPU-hour: a month's cost is a + b × factor. Null without a lead
 * time.
 */
function leadTimeCostsPerUseful(k: KernelState, ctx: PricingContext): { aCny: number; bCny: number } | null {
  const months = ctx.buildLeadTimeMonths;
  if (months <= 0) return null;
  const sumF = ctx.gpuTimePath.sum(1, months);
  // Each option's cost per useful GPU-hour at market factor 0 (a) and 1 (a + b); the cheapest over
  // the lead-time months wins, the first on a tie (rented servers, the platform, waiting).
  let bestA = 0;
  let bestToday = 0;
  let bestTotal = Number.POSITIVE_INFINITY;
  let found = false;
  const scratch = k.scratchPart;
  const rentToday = ctx.rentTodayCnyPerServerHour;
  const platformToday = ctx.platformTodayCnyPerGpuHour;
  for (let option = 0; option < 3; option++) {
    let a: number;
    let today: number;
    if (option === 0) {
      if (!ctx.rentEligible) continue;
      a = partTotal(rentPartAt(scratch, ctx, 1, rentToday * 0, 0));
      today = partTotal(rentPartAt(scratch, ctx, 1, rentToday * 1, 1));
    } else if (option === 1) {
      if (!ctx.platformEligible) continue;
      a = partTotal(platformPartAt(scratch, ctx, 1, platformToday * 0, 0));
      today = partTotal(platformPartAt(scratch, ctx, 1, platformToday * 1, 1));
    } else {
      if (ctx.rentEligible || ctx.platformEligible) continue;
      a = (platformToday * 0) / ctx.platformUtilization;
      today = (platformToday * 1) / ctx.platformUtilization;
    }
    const total = a * months + (today - a) * sumF;
    if (total < bestTotal) {
      bestA = a;
      bestToday = today;
      bestTotal = total;
      found = true;
    }
  }
  return found ? { aCny: bestA, bCny: bestToday - bestA } : null;
}

/** A dated plan's lead time line per useful GPU-hour at the demand `usableGpus` would serve. */
function datedLeadPerUseful(k: KernelState, ctx: PricingContext, usableGpus: number): number {
  const o = leadTimeCostsPerUseful(k, ctx);
  if (!o || ctx.dated === null) return 0;
  return datedLeadTimePerUseful(ctx.dated, ctx.demandScale, usableGpus, ctx.buildLeadTimeMonths, o);
}

/** The build lead time line per useful GPU-hour a month: the lead-time months' cost ÷ the horizon. */
function leadTimePerUsefulCny(k: KernelState, ctx: PricingContext): number {
  const o = leadTimeCostsPerUseful(k, ctx);
  if (!o) return 0;
  const months = ctx.buildLeadTimeMonths;
  const sumF = ctx.gpuTimePath.sum(1, months);
  return (o.aCny * months + o.bCny * sumF) / ctx.s.horizonMonths;
}

/**
 * The owned rates of `ctx`: the parts of an owned cluster's pricing that depend on neither its size
 * nor the demand, copied into one object shape (scenarios come in several shapes, and reading a
 * number from a many-shaped object boxes it), remembered for the last context (contexts are not
 * changed once priced).
 */
function ownedRatesOf(k: KernelState, ctx: PricingContext): OwnedRates {
  const rates = k.rates;
  if (rates.ctx === ctx) return rates;
  const { s, effects } = ctx;
  const sb = s.selfBuild;
  const ops = s.operations;
  rates.capexFactor = 1 + sb.networkFraction + sb.storageFraction + sb.fitOutFraction;
  rates.lifeMonths = sb.depreciationYears * 12;
  rates.depreciableFraction = 1 - sb.residualFraction;
  // Per useful GPU-hour run on the own cluster: extra energy over idle, setup, failures.
  rates.energyPerUseful =
    ((sb.powerBusyKwPerServer - sb.powerIdleKwPerServer) / sb.gpusPerServer) * sb.pue * ownEnergyCnyPerKwh(s);
  const jobsPerUseful = ctx.jobsPerUsefulGpuHour;
  const setupHours = ops.setupHoursOwn * effects.manualHoursMultiplier;
  rates.setupHoursPerUseful = jobsPerUseful * setupHours;
  const heldPerUseful = 1 / ctx.ownEfficiency;
  rates.failuresPerUseful =
    ops.hwInterruptionsPerGpuHour * heldPerUseful + ops.swFailureProbabilityPerJob * jobsPerUseful;
  const automatic = sb.recovery === 'automatic';
  const m = automatic ? 1 : effects.manualHoursMultiplier;
  const recoveryHours = automatic
    ? ops.detectHoursAutomatic + ops.restartHoursAutomatic
    : (ops.detectHoursManual + ops.restartHoursManual) * m;
  const engineerHours =
    (automatic ? ops.engineerHoursPerFailureAutomatic : ops.engineerHoursPerFailureManual) * m;
  rates.lostAndRecoveryHours = ctx.lostHoursPerFailure + recoveryHours;
  rates.engineerCnyPerFailure = engineerHours * ops.engineerCnyPerHour;
  rates.gpusPerServer = sb.gpusPerServer;
  rates.serverPriceCny = sb.serverPriceCny;
  rates.powerMaxKwPerServer = sb.powerMaxKwPerServer;
  rates.powerRetrofitCnyPerKw = sb.powerRetrofitCnyPerKw;
  rates.maintenanceFractionPerYear = sb.maintenanceFractionPerYear;
  rates.colocationCnyPerKwMonth = sb.colocationCnyPerKwMonth;
  rates.privatePool = sb.privatePool;
  rates.privatePoolLicenseCnyPerGpuMonth = sb.privatePoolLicenseCnyPerGpuMonth;
  rates.residualFraction = sb.residualFraction;
  rates.minEngineers = ops.minEngineers;
  rates.gpusPerEngineer = ops.gpusPerEngineer;
  rates.engineerCnyPerHour = ops.engineerCnyPerHour;
  rates.staffMultiplier = effects.staffMultiplier;
  rates.engineerCnyPerMonth = ctx.engineerCnyPerMonth;
  rates.ownEfficiency = ctx.ownEfficiency;
  rates.gpusPerJob = s.demand.gpusPerJob;
  rates.resaleDecline = s.finance.resaleValueDeclineFractionPerYear;
  rates.horizonMonths = s.horizonMonths;
  rates.powerIdleKwPerServer = sb.powerIdleKwPerServer;
  rates.powerBusyKwPerServer = sb.powerBusyKwPerServer;
  rates.pue = sb.pue;
  rates.energyCnyPerKwh = ownEnergyCnyPerKwh(s);
  rates.ctx = ctx;
  return rates;
}

/** The compute category of `servers` servers bought today (the model's ownComputeCny at today's capex). */
function replacementComputeOf(
  r: OwnedRates,
  ctx: PricingContext,
  servers: number,
  capacityGpus: number,
): number {
  const capexCny =
    servers * r.serverPriceCny * r.capexFactor + servers * r.powerMaxKwPerServer * r.powerRetrofitCnyPerKw;
  const depreciation = ((capexCny * r.depreciableFraction) / r.lifeMonths) * ctx.hardwareDepreciationFactor;
  const maintenance = (capexCny * r.maintenanceFractionPerYear) / 12;
  const colocation = servers * r.powerMaxKwPerServer * r.colocationCnyPerKwMonth;
  const licence = r.privatePool ? capacityGpus * r.privatePoolLicenseCnyPerGpuMonth : 0;
  return depreciation + maintenance + colocation + licence;
}

function ownedFixedInto(
  k: KernelState,
  out: OwnedFixed,
  ctx: PricingContext,
  capacityGpus: number,
): OwnedFixed {
  const r = ownedRatesOf(k, ctx);
  const servers = capacityGpus / r.gpusPerServer;
  const efficiency = r.ownEfficiency;
  const capacityGpuHours = capacityGpus * HOURS_PER_MONTH;
  // Servers already owned are not bought (the model's self-build.ts ownedCluster).
  const existing = ctx.existing;
  const newServers = existing === null ? servers : servers - existing.servers;

  const capexCny =
    newServers * r.serverPriceCny * r.capexFactor +
    newServers * r.powerMaxKwPerServer * r.powerRetrofitCnyPerKw;
  const lifeMonths = r.lifeMonths;
  const depreciation = ((capexCny * r.depreciableFraction) / lifeMonths) * ctx.hardwareDepreciationFactor;
  const maintenance = (capexCny * r.maintenanceFractionPerYear) / 12;
  const colocation = servers * r.powerMaxKwPerServer * r.colocationCnyPerKwMonth;
  const licence = r.privatePool ? capacityGpus * r.privatePoolLicenseCnyPerGpuMonth : 0;
  const newCompute = depreciation + maintenance + colocation + licence;
  const runningCompute = existing === null ? newCompute : newCompute + existing.maintenanceCny;

  const staff =
    Math.max(r.minEngineers, capacityGpus / r.gpusPerEngineer) * r.staffMultiplier * r.engineerCnyPerMonth;

  // With servers already owned, a GPU-hour is valued as the same cluster bought today (the model's
  // self-build.ts ownedCluster): the lens never moves it.
  const ownCnyPerGpuHour =
    existing === null
      ? newCompute / capacityGpuHours
      : replacementComputeOf(r, ctx, servers, capacityGpus) / capacityGpuHours;
  const heldCnyPerHour = r.gpusPerJob * ownCnyPerGpuHour;
  const setupPerUseful = r.setupHoursPerUseful * (r.engineerCnyPerHour + heldCnyPerHour);
  const failuresPerUseful = r.failuresPerUseful;
  const costPerFailure = heldCnyPerHour * r.lostAndRecoveryHours + r.engineerCnyPerFailure;
  // The build lead time line grows with the hours the cluster takes over, so it is marginal too; for a
  // dated plan it depends on the demand the cluster would serve (the model's lead-time.ts).
  const leadPerUseful =
    newServers <= 0
      ? 0
      : ctx.dated === null
        ? leadTimePerUsefulOf(k, ctx)
        : datedLeadPerUseful(k, ctx, capacityGpus * efficiency);
  const ownMarginal = r.energyPerUseful + setupPerUseful + failuresPerUseful * costPerFailure + leadPerUseful;

  // Work goes to the own cluster only while that is cheaper at the margin than bursting it (the model's
  // self-build.ts ownClusterTakesWork).
  const usableGpus = ownMarginal <= gateBurstMarginalOf(k, ctx) ? capacityGpus * efficiency : 0;

  out.servers = servers;
  out.capacityGpuHours = capacityGpuHours;
  out.capexCny = capexCny;
  out.depreciation = depreciation;
  out.compute = existing === null ? newCompute : runningCompute + existing.keep.depreciationCny;
  out.capitalCharge =
    existing === null
      ? capexCny * ctx.capitalChargePerCapexYuan
      : capexCny * ctx.capitalChargePerCapexYuan + existing.keep.capitalChargeCny;
  out.staff = staff;
  out.setupPerUseful = setupPerUseful;
  out.failuresPerUseful = failuresPerUseful;
  out.costPerFailure = costPerFailure;
  out.leadPerUseful = leadPerUseful;
  out.usableGpus = usableGpus;
  const newIteration =
    iterationLossCny(
      capexCny,
      r.residualFraction,
      lifeMonths,
      r.resaleDecline,
      r.horizonMonths,
      k.resaleValue,
      ctx.hardwarePrices,
    ) / r.horizonMonths;
  out.iteration = existing === null ? newIteration : newIteration + existing.keep.iterationCny;
  return out;
}

/**
 * The fixed figures of `capacityGpus` in `ctx`. A scaled context (crossover steps, load-rate sweeps)
 * differs from the context it was scaled from only in its demand, which these do not read, so they
 * are computed once per capacity and shared; any other context computes them into a scratch object.
 */
function ownedFixedOf(k: KernelState, ctx: PricingContext, capacityGpus: number): OwnedFixed {
  const from = ctx.scaledFrom;
  // A dated plan's lead time line reads the demand, so its figures are not shared across scales.
  if (from === null || ctx.dated !== null) return ownedFixedInto(k, k.scratchFixed, ctx, capacityGpus);
  // A crossover search asks for the same cluster at every load rate: remember the last one.
  if (from === k.lastFixedFrom && capacityGpus === k.lastFixedCapacity && k.lastFixed !== null)
    return k.lastFixed;
  let byCapacity = k.fixedByScaledFrom.get(from);
  if (byCapacity === undefined) {
    byCapacity = new Map();
    k.fixedByScaledFrom.set(from, byCapacity);
  }
  let fixed = byCapacity.get(capacityGpus);
  if (fixed === undefined) {
    fixed = ownedFixedInto(k, emptyOwnedFixed(), ctx, capacityGpus);
    byCapacity.set(capacityGpus, fixed);
  }
  k.lastFixedFrom = from;
  k.lastFixedCapacity = capacityGpus;
  k.lastFixed = fixed;
  return fixed;
}

/** An owned cluster of `gpus` GPUs (the model's self-build.ts), as a new part. */
export function ownedPart(
  k: KernelState,
  ctx: PricingContext,
  gpus: number,
  cache?: PricingCache,
): OwnedPart {
  return ownedPartInto(k, zeroBaseline(), ctx, gpus, cache);
}

/**
 * An owned cluster of `gpus` GPUs written into `out` (its breakdown object included), for loops that
 * price many capacities and keep only a total (the hybrid search, Monte Carlo draws). Returns `out`.
 */
export function ownedPartInto(
  k: KernelState,
  out: OwnedPart,
  ctx: PricingContext,
  gpus: number,
  cache?: PricingCache,
): OwnedPart {
  const gpusPerServer = ctx.s.selfBuild.gpusPerServer;
  const sizedGpus = ownedCapacityGpus(gpus, gpusPerServer);
  const existing = ctx.existing;
  // Servers already owned are kept (the model's self-build.ts ownedCluster).
  const capacityGpus =
    existing === null ? sizedGpus : Math.max(sizedGpus / gpusPerServer, existing.servers) * gpusPerServer;
  if (capacityGpus <= 0) {
    zeroPartInto(out);
    out.capacityGpus = 0;
    out.usableGpus = 0;
    return out;
  }
  const r = ownedRatesOf(k, ctx);
  const fixed = ownedFixedOf(k, ctx, capacityGpus);
  const usefulGpuHours = servedOn(ctx, fixed.usableGpus, cache);
  const busyShare = usefulGpuHours / fixed.capacityGpuHours;

  const kw =
    fixed.servers * (r.powerIdleKwPerServer + (r.powerBusyKwPerServer - r.powerIdleKwPerServer) * busyShare);
  const energy = kw * r.pue * HOURS_PER_MONTH * r.energyCnyPerKwh;

  // The lead time covers only the new servers' work (the model's self-build.ts ownLeadUsefulGpuHours).
  const leadUseful =
    existing === null
      ? usefulGpuHours
      : fixed.usableGpus <= 0
        ? 0
        : usefulGpuHours - servedOn(ctx, existing.gpus * ctx.ownEfficiency, cache);
  const leadTimeCny = leadUseful * fixed.leadPerUseful;
  const time = usefulGpuHours * fixed.setupPerUseful + leadTimeCny;
  const failures = usefulGpuHours * fixed.failuresPerUseful;

  const b = out.breakdown;
  b.compute = fixed.compute + fixed.capitalCharge;
  b.energy = energy;
  b.time = time;
  b.ops = fixed.staff;
  b.failure = failures * fixed.costPerFailure;
  b.iteration = fixed.iteration;
  out.usefulGpuHours = usefulGpuHours;
  out.billedGpuHours = fixed.capacityGpuHours;
  out.capexCny = fixed.capexCny;
  out.nonCashCny =
    existing === null
      ? fixed.depreciation + fixed.iteration + fixed.capitalCharge
      : fixed.depreciation + existing.keep.depreciationCny + fixed.iteration + fixed.capitalCharge;
  out.leadTimeCny = leadTimeCny;
  out.failures = failures;
  out.capacityGpus = capacityGpus;
  out.usableGpus = fixed.usableGpus;
  return out;
}

/**
 * Baseline GPUs reserved on the platform at a commitment discount, billed every hour whether used or
 * not (the model's hybrid.ts reservedBaseline).
 */
export function reservedPart(ctx: PricingContext, gpus: number, cache?: PricingCache): OwnedPart {
  if (gpus <= 0) return zeroBaseline();
  const usableGpus = gpus * ctx.platformUtilization;
  const usefulGpuHours = servedOn(ctx, usableGpus, cache);
  // Price time, failures and staff as platform work of the same useful hours; replace the compute.
  const asPlatform = platformPart(ctx, usefulGpuHours);
  const billedGpuHours = gpus * HOURS_PER_MONTH;
  const out = zeroBaseline();
  const b = out.breakdown;
  const p = asPlatform.breakdown;
  // Held every month whatever the demand: at the held factor (the model's hybrid.ts reservedPart).
  const cnyPerGpuHour =
    ctx.heldMarketFactor === ctx.marketFactor
      ? ctx.platformCnyPerGpuHour
      : ctx.platformTodayCnyPerGpuHour * ctx.heldMarketFactor;
  b.compute = billedGpuHours * cnyPerGpuHour * (1 - ctx.s.hybrid.reservedDiscountFraction);
  b.energy = p.energy;
  b.time = p.time;
  b.ops = p.ops;
  b.failure = p.failure;
  b.iteration = p.iteration;
  out.usefulGpuHours = asPlatform.usefulGpuHours;
  out.billedGpuHours = billedGpuHours;
  out.capexCny = asPlatform.capexCny;
  out.nonCashCny = asPlatform.nonCashCny;
  out.leadTimeCny = asPlatform.leadTimeCny;
  out.failures = asPlatform.failures;
  out.capacityGpus = gpus;
  out.usableGpus = usableGpus;
  return out;
}

/**
 * Demand above what an owned or reserved baseline serves goes to the pooled platform as burst
 * (seed 003 §6); on premises it waits, valued at the platform's price, in `time`. Written into `out`.
 */
export function burstPartInto(out: PartCost, ctx: PricingContext, usefulGpuHours: number): PartCost {
  const none = usefulGpuHours <= 0;
  // `> 0`, as the model writes it: hours that are not a number (an overflowing demand scaled by 0)
  // take the waiting branch in both.
  if (usefulGpuHours > 0 && ctx.platformEligible) return platformPartInto(out, ctx, usefulGpuHours);
  zeroPartInto(out);
  out.breakdown.time = none ? 0 : (usefulGpuHours / ctx.platformUtilization) * ctx.platformCnyPerGpuHour;
  return out;
}

/**
 * The context burst above a baseline holding `usableGpus` is billed on (the model's burst.ts
 * atBurstFactor): for a dated plan priced month by month, at its burst's own market factor.
 */
export function burstContext(ctx: PricingContext, usableGpus: number): PricingContext {
  if (!ctx.followsTimeline || ctx.dated === null) return ctx;
  return atMarketFactor(ctx, burstMarketFactor(ctx.dated, ctx.demandScale, usableGpus));
}

/** A useful GPU-hour of burst above `usableGpus`: the cache's marginal, or at the burst's factor. */
export function burstMarginalAbove(
  k: KernelState,
  ctx: PricingContext,
  usableGpus: number,
  cache: PricingCache,
): number {
  if (!ctx.followsTimeline || ctx.dated === null) return cache.burstMarginalCny;
  return burstMarginalCny(k, burstContext(ctx, usableGpus));
}
