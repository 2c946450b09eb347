import { HOURS_PER_MONTH } from '../constants';
import { ownedCapacityGpus, serverRoundingFactor } from '../demand';
import type { Breakdown } from '../types';
import type { PricingContext } from './context';

/** The monthly cost of one way of serving part of the demand. Strategies add parts together. */
export interface PartCost {
  breakdown: Breakdown;
  usefulGpuHours: number;
  billedGpuHours: number;
  capexCny: number;
  /** Depreciation and iteration risk: in the monthly cost, not in the monthly cash flow. */
  nonCashCny: number;
  failures: number;
}

export function emptyBreakdown(): Breakdown {
  return { compute: 0, energy: 0, time: 0, ops: 0, failure: 0, iteration: 0 };
}

export function emptyPart(): PartCost {
  return {
    breakdown: emptyBreakdown(),
    usefulGpuHours: 0,
    billedGpuHours: 0,
    capexCny: 0,
    nonCashCny: 0,
    failures: 0,
  };
}

export function addParts(a: PartCost, b: PartCost): PartCost {
  const x = a.breakdown;
  const y = b.breakdown;
  const breakdown: Breakdown = {
    compute: x.compute + y.compute,
    energy: x.energy + y.energy,
    time: x.time + y.time,
    ops: x.ops + y.ops,
    failure: x.failure + y.failure,
    iteration: x.iteration + y.iteration,
  };
  return {
    breakdown,
    usefulGpuHours: a.usefulGpuHours + b.usefulGpuHours,
    billedGpuHours: a.billedGpuHours + b.billedGpuHours,
    capexCny: a.capexCny + b.capexCny,
    nonCashCny: a.nonCashCny + b.nonCashCny,
    failures: a.failures + b.failures,
  };
}

/** Jobs that fall to a part serving `usefulGpuHours` of the month's demand (jobs split pro rata). */
function jobsFor(ctx: PricingContext, usefulGpuHours: number): number {
  return ctx.usefulGpuHoursPerMonth > 0
    ? (ctx.jobsPerMonth * usefulGpuHours) / ctx.usefulGpuHoursPerMonth
    : 0;
}

/**
 * Engineers for rented or platform GPUs: a fraction of what the same GPUs would need owned
 * (defaults.md: one engineer per 200 GPUs at average capability). Proportional, no floor, so the cost
 * scales with GPU-hours (MODEL.md §7).
 */
function serviceOpsCny(ctx: PricingContext, billedGpuHours: number, fraction: number): number {
  const gpus = billedGpuHours / HOURS_PER_MONTH;
  return (
    ((fraction * gpus) / ctx.s.operations.gpusPerEngineer) *
    ctx.effects.staffMultiplier *
    ctx.engineerCnyPerMonth
  );
}

/**
 * Whole 8-GPU servers rented by the hour (seed 000, 租GPU模式):
 * - compute = useful GPU-hours ÷ rental utilization × whole-server rounding ÷ GPUs per server × price;
 * - time = jobs × (setup hours × (engineer rate + servers held × price)), or the calibration's cost per job;
 * - failure = (λ × GPU-hours held + p_sw × jobs) × (servers held × price × (lost + detect + restart)
 *   + engineer hours × rate), manual recovery (defaults.md §failures);
 * - ops = rentOpsFraction of the staffing the same GPUs would need owned.
 */
export function rentPart(ctx: PricingContext, usefulGpuHours: number): PartCost {
  const { s } = ctx;
  const ops = s.operations;
  const manual = ctx.effects.manualHoursMultiplier;
  const jobs = jobsFor(ctx, usefulGpuHours);
  const rounding = serverRoundingFactor(s.demand.gpusPerJob, s.rent.gpusPerServer);
  const billedGpuHours = (usefulGpuHours / s.rent.utilization) * rounding;
  const serverHours = billedGpuHours / s.rent.gpusPerServer;
  const serversPerJob = Math.ceil(s.demand.gpusPerJob / s.rent.gpusPerServer);
  const heldCnyPerHour = serversPerJob * ctx.rentCnyPerServerHour;

  const setupCnyPerJob =
    s.calibration.rentSetupCnyPerJob ??
    ops.setupHoursManual * manual * (ops.engineerCnyPerHour + heldCnyPerHour);
  const failures = ops.hwInterruptionsPerGpuHour * billedGpuHours + ops.swFailureProbabilityPerJob * jobs;
  const costPerFailure =
    s.calibration.rentCostPerFailureCny ??
    heldCnyPerHour * (ctx.lostHoursPerFailure + (ops.detectHoursManual + ops.restartHoursManual) * manual) +
      ops.engineerHoursPerFailureManual * manual * ops.engineerCnyPerHour;

  const breakdown = emptyBreakdown();
  breakdown.compute = serverHours * ctx.rentCnyPerServerHour;
  breakdown.time = jobs * setupCnyPerJob;
  breakdown.ops = serviceOpsCny(ctx, billedGpuHours, ops.rentOpsFraction);
  breakdown.failure = failures * costPerFailure;
  return { breakdown, usefulGpuHours, billedGpuHours, capexCny: 0, nonCashCny: 0, failures };
}

/**
 * Pooled platform billed per GPU actually used (seed 000, 息壤智算的计费模型):
 * - compute = useful GPU-hours ÷ pooled utilization × price per GPU-hour × (1 + premium);
 * - time = jobs × setup with preset images (0.25 h) × (engineer rate + GPUs held × price);
 * - failure = automatic checkpoint/resume: lost progress τ/2 plus minutes of detection and restart;
 * - ops = platformOpsFraction of owned staffing (near zero).
 */
export function platformPart(ctx: PricingContext, usefulGpuHours: number): PartCost {
  const { s } = ctx;
  const ops = s.operations;
  const jobs = jobsFor(ctx, usefulGpuHours);
  const billedGpuHours = usefulGpuHours / ctx.platformUtilization;
  const heldCnyPerHour = s.demand.gpusPerJob * ctx.platformCnyPerGpuHour;

  const setupCnyPerJob =
    s.calibration.platformSetupCnyPerJob ??
    ops.setupHoursPlatform * (ops.engineerCnyPerHour + heldCnyPerHour);
  const failures = ops.hwInterruptionsPerGpuHour * billedGpuHours + ops.swFailureProbabilityPerJob * jobs;
  const costPerFailure =
    s.calibration.platformCostPerFailureCny ??
    heldCnyPerHour * (ctx.lostHoursPerFailure + ops.detectHoursAutomatic + ops.restartHoursAutomatic) +
      ops.engineerHoursPerFailureAutomatic * ops.engineerCnyPerHour;

  const breakdown = emptyBreakdown();
  breakdown.compute = billedGpuHours * ctx.platformCnyPerGpuHour;
  breakdown.time = jobs * setupCnyPerJob;
  breakdown.ops = serviceOpsCny(ctx, billedGpuHours, ops.platformOpsFraction);
  breakdown.failure = failures * costPerFailure;
  return { breakdown, usefulGpuHours, billedGpuHours, capexCny: 0, nonCashCny: 0, failures };
}

/**
 * What the pricers of one context share when they price many capacities (the hybrid baseline search,
 * Monte Carlo draws): the burst marginal cost and a fast `served` function. Values only, so pricing
 * with or without it gives the same numbers (up to the order of a floating-point sum).
 */
export interface PricingCache {
  burstMarginalCny: number;
  /** `averagePriceFactor` of the scenario's decline and horizon. */
  priceFactor: number;
  /** Useful GPU-hours per month served by `usableGpus` (same as `servedGpuHours`). */
  served: (usableGpus: number) => number;
}

/**
 * Σ_weeks min(demand, x) from the sorted curve and its prefix sums: with j weeks at or below x,
 * Σ = (sum of those j weeks) + x × (weeks − j); a binary search finds j, so each capacity costs
 * O(log weeks) instead of a pass over the curve.
 */
export function createPricingCache(ctx: PricingContext): PricingCache {
  const n = ctx.curve.length;
  const sorted = new Float64Array(n);
  for (let i = 0; i < n; i++) sorted[i] = (ctx.curve[i] ?? 0) * ctx.demandScale;
  sorted.sort();
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = (prefix[i] ?? 0) + (sorted[i] ?? 0);
  const served = (usableGpus: number): number => {
    if (n === 0 || usableGpus <= 0) return 0;
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((sorted[mid] ?? 0) <= usableGpus) lo = mid + 1;
      else hi = mid;
    }
    return (((prefix[lo] ?? 0) + usableGpus * (n - lo)) / n) * HOURS_PER_MONTH;
  };
  return {
    burstMarginalCny: burstMarginalCny(ctx),
    priceFactor: averagePriceFactor(ctx.s.finance.iterationDeclineFractionPerYear, ctx.s.horizonMonths),
    served,
  };
}

/** Useful GPU-hours per month a capacity can serve, week by week: min(demand, usable capacity). */
export function servedGpuHours(ctx: PricingContext, usableGpus: number): number {
  const { curve, demandScale } = ctx;
  if (curve.length === 0 || usableGpus <= 0) return 0;
  let served = 0;
  for (const g of curve) served += Math.min(g * demandScale, usableGpus);
  return (served / curve.length) * HOURS_PER_MONTH;
}

/**
 * Cost of one useful GPU-hour of burst: on the platform when it is eligible; otherwise (data on
 * premises) the work waits, valued at what the platform would have charged. Burst pricing is linear
 * in the hours, so one hour's cost is the marginal cost.
 */
export function burstMarginalCny(ctx: PricingContext): number {
  if (!ctx.platformEligible) return ctx.platformCnyPerGpuHour / ctx.platformUtilization;
  const b = platformPart(ctx, 1).breakdown;
  return b.compute + b.energy + b.time + b.ops + b.failure + b.iteration;
}

/**
 * Average over the horizon of the market price of equivalent work, relative to today, when that price
 * falls by `decline` a year: (1 − (1 − d)^T) ÷ (T · −ln(1 − d)), T in years (continuous average).
 */
export function averagePriceFactor(decline: number, horizonMonths: number): number {
  const years = horizonMonths / 12;
  // log1p/expm1 keep tiny declines exact; below 1e-12 the factor is 1 to double precision.
  const kT = -Math.log1p(-Math.min(decline, 0.999999)) * years;
  if (!(kT > 1e-12)) return 1;
  return -Math.expm1(-kT) / kT;
}

export interface OwnedPart extends PartCost {
  /** Owned capacity after rounding to whole servers. */
  capacityGpus: number;
  /** Highest useful load the team can run on it (capacity × utilization cap). */
  usableGpus: number;
}

/**
 * An owned cluster of `gpus` GPUs (seed 003 §2, 自建集群的真实账), serving demand up to its usable
 * capacity each week. Capex = servers × price × (1 + network + storage + fit-out) + max kW × retrofit.
 * - compute = straight-line depreciation to the residual + maintenance + colocation per kW + private
 *   pool licence;
 * - energy = servers × (idle + (busy − idle) × busy share) kW × PUE × 730 h × price per kWh;
 * - time = jobs × manual setup hours × engineer rate, plus build lead time: the fixed costs of the
 *   months between purchase and first workload, spread over the horizon;
 * - ops = max(minimum, GPUs ÷ GPUs per engineer) × capability factor × loaded salary;
 * - failure = (λ × GPU-hours held + p_sw × jobs) × (lost GPU time at the cluster's own cost per
 *   GPU-hour + engineer hours), manual or automatic recovery;
 * - iteration = depreciation × (1 − average market price factor over the horizon): the owner locks in
 *   today's price while renters ride the decline (MODEL.md §3.6).
 */
export function ownedPart(ctx: PricingContext, gpus: number, cache?: PricingCache): OwnedPart {
  const { s, effects } = ctx;
  const sb = s.selfBuild;
  const ops = s.operations;
  const capacityGpus = ownedCapacityGpus(gpus, sb.gpusPerServer);
  if (capacityGpus <= 0) return { ...emptyPart(), capacityGpus: 0, usableGpus: 0 };
  const servers = capacityGpus / sb.gpusPerServer;

  const pooled = sb.privatePool;
  const cap = pooled ? Math.max(effects.utilizationCap, s.platform.utilization) : effects.utilizationCap;
  const capacityGpuHours = capacityGpus * HOURS_PER_MONTH;

  const capexCny =
    servers * sb.serverPriceCny * (1 + sb.networkFraction + sb.storageFraction + sb.fitOutFraction) +
    servers * sb.powerMaxKwPerServer * sb.powerRetrofitCnyPerKw;
  const depreciation = (capexCny * (1 - sb.residualFraction)) / (sb.depreciationYears * 12);
  const maintenance = (capexCny * sb.maintenanceFractionPerYear) / 12;
  const colocation = servers * sb.powerMaxKwPerServer * sb.colocationCnyPerKwMonth;
  const licence = pooled ? capacityGpus * sb.privatePoolLicenseCnyPerGpuMonth : 0;
  const compute = depreciation + maintenance + colocation + licence;

  const staff =
    Math.max(ops.minEngineers, capacityGpus / ops.gpusPerEngineer) *
    effects.staffMultiplier *
    ctx.engineerCnyPerMonth;

  // Per useful GPU-hour run on the own cluster: extra energy over idle, setup, failures.
  const energyPerUseful =
    ((sb.powerBusyKwPerServer - sb.powerIdleKwPerServer) / sb.gpusPerServer) *
    sb.pue *
    sb.electricityCnyPerKwh;
  const jobsPerUseful = ctx.usefulGpuHoursPerMonth > 0 ? ctx.jobsPerMonth / ctx.usefulGpuHoursPerMonth : 0;
  const setupHours = pooled ? ops.setupHoursPlatform : ops.setupHoursManual * effects.manualHoursMultiplier;
  const setupPerUseful = jobsPerUseful * setupHours * ops.engineerCnyPerHour;
  // Jobs hold GPUs as on siloed servers unless a private pool packs them.
  const heldPerUseful = 1 / (pooled ? s.platform.utilization : s.rent.utilization);
  const failuresPerUseful =
    ops.hwInterruptionsPerGpuHour * heldPerUseful + ops.swFailureProbabilityPerJob * jobsPerUseful;
  const ownCnyPerGpuHour = compute / capacityGpuHours;
  const automatic = sb.recovery === 'automatic';
  const m = automatic ? 1 : effects.manualHoursMultiplier;
  const recoveryHours = automatic
    ? ops.detectHoursAutomatic + ops.restartHoursAutomatic
    : (ops.detectHoursManual + ops.restartHoursManual) * m;
  const engineerHours =
    (automatic ? ops.engineerHoursPerFailureAutomatic : ops.engineerHoursPerFailureManual) * m;
  const costPerFailure =
    s.demand.gpusPerJob * ownCnyPerGpuHour * (ctx.lostHoursPerFailure + recoveryHours) +
    engineerHours * ops.engineerCnyPerHour;
  const ownMarginal = energyPerUseful + setupPerUseful + failuresPerUseful * costPerFailure;

  // Work goes to the own cluster only while that is cheaper at the margin than bursting it; a rational
  // team would not queue work on its cluster at a loss. This also makes a more capable team (higher
  // utilization cap) never cost more (MODEL.md §7).
  const burstMarginal = cache ? cache.burstMarginalCny : burstMarginalCny(ctx);
  const usableGpus = ownMarginal <= burstMarginal ? capacityGpus * cap : 0;
  const usefulGpuHours = cache ? cache.served(usableGpus) : servedGpuHours(ctx, usableGpus);
  const busyShare = usefulGpuHours / capacityGpuHours;

  const kw =
    servers * (sb.powerIdleKwPerServer + (sb.powerBusyKwPerServer - sb.powerIdleKwPerServer) * busyShare);
  const energy = kw * sb.pue * HOURS_PER_MONTH * sb.electricityCnyPerKwh;

  const leadTime = (effects.buildLeadTimeMonths * (compute + staff)) / s.horizonMonths;
  const time = usefulGpuHours * setupPerUseful + leadTime;
  const failures = usefulGpuHours * failuresPerUseful;

  const priceFactor =
    cache?.priceFactor ?? averagePriceFactor(s.finance.iterationDeclineFractionPerYear, s.horizonMonths);
  const iteration = depreciation * (1 - priceFactor);

  return {
    breakdown: { compute, energy, time, ops: staff, failure: failures * costPerFailure, iteration },
    usefulGpuHours,
    billedGpuHours: capacityGpuHours,
    capexCny,
    nonCashCny: depreciation + iteration,
    failures,
    capacityGpus,
    usableGpus,
  };
}

/**
 * Baseline GPUs reserved on the platform at a commitment discount, billed every hour whether used or
 * not (seed 000: 预留算力, like 包年包月 but more flexible); serves demand up to pooled utilization.
 */
export function reservedPart(ctx: PricingContext, gpus: number, cache?: PricingCache): OwnedPart {
  if (gpus <= 0) return { ...emptyPart(), capacityGpus: 0, usableGpus: 0 };
  const usableGpus = gpus * ctx.platformUtilization;
  const usefulGpuHours = cache ? cache.served(usableGpus) : servedGpuHours(ctx, usableGpus);
  // Price time, failures and staff as platform work of the same useful hours; replace the compute.
  const asPlatform = platformPart(ctx, usefulGpuHours);
  const billedGpuHours = gpus * HOURS_PER_MONTH;
  const breakdown = { ...asPlatform.breakdown };
  breakdown.compute =
    billedGpuHours * ctx.platformCnyPerGpuHour * (1 - ctx.s.hybrid.reservedDiscountFraction);
  return { ...asPlatform, breakdown, billedGpuHours, capacityGpus: gpus, usableGpus };
}
