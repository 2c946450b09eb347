import { HOURS_PER_MONTH } from '../constants';
import { ownedCapacityGpus, serverRoundingFactor } from '../demand';
import { hardwareLife, sumMarketFactors } from '../market';
import type { Breakdown } from '../types';
import { atMarketFactor, type PricingContext } from './context';

/** The monthly cost of one way of serving part of the demand. Strategies add parts together. */
export interface PartCost {
  breakdown: Breakdown;
  usefulGpuHours: number;
  billedGpuHours: number;
  capexCny: number;
  /** Depreciation and iteration risk: in the monthly cost, not in the monthly cash flow. */
  nonCashCny: number;
  /**
   * The build lead time line (in `time`): cash paid in the lead-time months, not every month, so the
   * cash flow places it there (cash.ts).
   */
  leadTimeCny: number;
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
    leadTimeCny: 0,
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
    leadTimeCny: a.leadTimeCny + b.leadTimeCny,
    failures: a.failures + b.failures,
  };
}

/** Jobs that fall to a part serving `usefulGpuHours` of the month's demand (jobs split pro rata). */
function jobsFor(ctx: PricingContext, usefulGpuHours: number): number {
  return ctx.jobsPerUsefulGpuHour * usefulGpuHours;
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

  // Calibrated amounts are today's money and follow the market path like the bills (MODEL.md §2).
  const f = ctx.marketFactor;
  const setupCnyPerJob =
    s.calibration.rentSetupCnyPerJob !== null
      ? s.calibration.rentSetupCnyPerJob * f
      : ops.setupHoursRent * manual * (ops.engineerCnyPerHour + heldCnyPerHour);
  const failures = ops.hwInterruptionsPerGpuHour * billedGpuHours + ops.swFailureProbabilityPerJob * jobs;
  const costPerFailure =
    s.calibration.rentCostPerFailureCny !== null
      ? s.calibration.rentCostPerFailureCny * f
      : heldCnyPerHour *
          (ctx.lostHoursPerFailure + (ops.detectHoursManual + ops.restartHoursManual) * manual) +
        ops.engineerHoursPerFailureManual * manual * ops.engineerCnyPerHour;

  const breakdown = emptyBreakdown();
  breakdown.compute = serverHours * ctx.rentCnyPerServerHour;
  breakdown.time = jobs * setupCnyPerJob;
  breakdown.ops = serviceOpsCny(ctx, billedGpuHours, ops.rentOpsFraction);
  breakdown.failure = failures * costPerFailure;
  return { breakdown, usefulGpuHours, billedGpuHours, capexCny: 0, nonCashCny: 0, leadTimeCny: 0, failures };
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

  const f = ctx.marketFactor;
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

  const breakdown = emptyBreakdown();
  breakdown.compute = billedGpuHours * ctx.platformCnyPerGpuHour;
  breakdown.time = jobs * setupCnyPerJob;
  breakdown.ops = serviceOpsCny(ctx, billedGpuHours, ops.platformOpsFraction);
  breakdown.failure = failures * costPerFailure;
  return { breakdown, usefulGpuHours, billedGpuHours, capexCny: 0, nonCashCny: 0, leadTimeCny: 0, failures };
}

/**
 * What the pricers of one context share when they price many capacities (the hybrid baseline search,
 * Monte Carlo draws): marginal costs and a fast `served` function. Values only, so pricing with or
 * without it gives the same numbers (up to the order of a floating-point sum).
 */
export interface PricingCache {
  /** Cost of one useful GPU-hour of burst at the context's market factor. */
  burstMarginalCny: number;
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

/** Total of a part's six categories. */
function partTotal(p: PartCost): number {
  const b = p.breakdown;
  return b.compute + b.energy + b.time + b.ops + b.failure + b.iteration;
}

/**
 * How the work an owned cluster would do is served while it is being built (MODEL.md "Build lead
 * time (v2)"): by the cheaper eligible of whole rented servers and the platform over the lead-time
 * months 1..L, each month at its market price; on premises it waits, valued at the platform's price.
 * Linear in the hours, so it is returned per useful GPU-hour: a month's cost is a + b × factor.
 */
export interface LeadTimeOption {
  /** Per useful GPU-hour: the part of the cost that does not follow the market path. */
  aCny: number;
  /** Per useful GPU-hour at today's prices: the part that does. */
  bCny: number;
}

export function leadTimeOption(ctx: PricingContext): LeadTimeOption | null {
  const months = ctx.buildLeadTimeMonths;
  if (months <= 0) return null;
  const today = atMarketFactor(ctx, 1);
  const none = atMarketFactor(ctx, 0);
  const decline = ctx.s.finance.gpuTimePriceDeclineFractionPerYear;
  const sumF = sumMarketFactors(decline, 1, months);
  const options: LeadTimeOption[] = [];
  const add = (price: (c: PricingContext) => number) => {
    const a = price(none);
    options.push({ aCny: a, bCny: price(today) - a });
  };
  if (ctx.rentEligible) add((c) => partTotal(rentPart(c, 1)));
  if (ctx.platformEligible) add((c) => partTotal(platformPart(c, 1)));
  if (options.length === 0) add((c) => c.platformCnyPerGpuHour / c.platformUtilization);
  let best: LeadTimeOption | null = null;
  let bestTotal = Number.POSITIVE_INFINITY;
  for (const o of options) {
    const total = o.aCny * months + o.bCny * sumF;
    if (total < bestTotal) {
      best = o;
      bestTotal = total;
    }
  }
  return best;
}

/** The build lead time line per useful GPU-hour a month: the lead-time months' cost ÷ the horizon. */
export function leadTimePerUsefulCny(ctx: PricingContext): number {
  const o = leadTimeOption(ctx);
  if (!o) return 0;
  const months = ctx.buildLeadTimeMonths;
  const sumF = sumMarketFactors(ctx.s.finance.gpuTimePriceDeclineFractionPerYear, 1, months);
  return (o.aCny * months + o.bCny * sumF) / ctx.s.horizonMonths;
}

export interface OwnedPart extends PartCost {
  /** Owned capacity after rounding to whole servers. */
  capacityGpus: number;
  /** Highest useful load the cluster can hold (capacity × the own cluster's allocation efficiency). */
  usableGpus: number;
}

/**
 * An owned cluster of `gpus` GPUs (industry article on self-build vs rent, section 2), serving demand
 * up to what it can hold each week. Capex = servers × price × (1 + network + storage + fit-out) + max
 * kW × retrofit. Every category uses the own cluster's allocation efficiency e (useful ÷ held):
 * - compute = straight-line depreciation to the residual + maintenance + colocation per kW + private
 *   pool licence;
 * - energy = servers × (idle + (busy − idle) × busy share) kW × PUE × 730 h × price per kWh, the busy
 *   share being useful hours ÷ owned hours;
 * - time = jobs × own setup hours (the environment persists; by team) × (engineer rate + GPUs held ×
 *   the cluster's own cost per GPU-hour), plus the build lead time line (leadTimePerUsefulCny);
 * - ops = max(minimum, GPUs ÷ GPUs per engineer) × capability factor × loaded salary;
 * - failure = (λ × useful ÷ e GPU-hours held + p_sw × jobs) × (lost GPU time at the cluster's own
 *   cost per GPU-hour + engineer hours), manual or automatic recovery;
 * - iteration = book value − resale value of the hardware at the horizon's end (and at each
 *   replacement), spread over the months (market.ts hardwareLife).
 */
export function ownedPart(ctx: PricingContext, gpus: number, cache?: PricingCache): OwnedPart {
  const { s, effects } = ctx;
  const sb = s.selfBuild;
  const ops = s.operations;
  const capacityGpus = ownedCapacityGpus(gpus, sb.gpusPerServer);
  if (capacityGpus <= 0) return { ...emptyPart(), capacityGpus: 0, usableGpus: 0 };
  const servers = capacityGpus / sb.gpusPerServer;
  const efficiency = ctx.ownEfficiency;
  const capacityGpuHours = capacityGpus * HOURS_PER_MONTH;

  const capexCny =
    servers * sb.serverPriceCny * (1 + sb.networkFraction + sb.storageFraction + sb.fitOutFraction) +
    servers * sb.powerMaxKwPerServer * sb.powerRetrofitCnyPerKw;
  const lifeMonths = sb.depreciationYears * 12;
  const depreciation = (capexCny * (1 - sb.residualFraction)) / lifeMonths;
  const maintenance = (capexCny * sb.maintenanceFractionPerYear) / 12;
  const colocation = servers * sb.powerMaxKwPerServer * sb.colocationCnyPerKwMonth;
  const licence = sb.privatePool ? capacityGpus * sb.privatePoolLicenseCnyPerGpuMonth : 0;
  const compute = depreciation + maintenance + colocation + licence;

  const staff =
    Math.max(ops.minEngineers, capacityGpus / ops.gpusPerEngineer) *
    effects.staffMultiplier *
    ctx.engineerCnyPerMonth;

  const ownCnyPerGpuHour = compute / capacityGpuHours;
  // Per useful GPU-hour run on the own cluster: extra energy over idle, setup, failures.
  const energyPerUseful =
    ((sb.powerBusyKwPerServer - sb.powerIdleKwPerServer) / sb.gpusPerServer) *
    sb.pue *
    sb.electricityCnyPerKwh;
  const jobsPerUseful = ctx.jobsPerUsefulGpuHour;
  const heldCnyPerHour = s.demand.gpusPerJob * ownCnyPerGpuHour;
  const setupHours = ops.setupHoursOwn * effects.manualHoursMultiplier;
  const setupPerUseful = jobsPerUseful * setupHours * (ops.engineerCnyPerHour + heldCnyPerHour);
  const heldPerUseful = 1 / efficiency;
  const failuresPerUseful =
    ops.hwInterruptionsPerGpuHour * heldPerUseful + ops.swFailureProbabilityPerJob * jobsPerUseful;
  const automatic = sb.recovery === 'automatic';
  const m = automatic ? 1 : effects.manualHoursMultiplier;
  const recoveryHours = automatic
    ? ops.detectHoursAutomatic + ops.restartHoursAutomatic
    : (ops.detectHoursManual + ops.restartHoursManual) * m;
  const engineerHours =
    (automatic ? ops.engineerHoursPerFailureAutomatic : ops.engineerHoursPerFailureManual) * m;
  const costPerFailure =
    heldCnyPerHour * (ctx.lostHoursPerFailure + recoveryHours) + engineerHours * ops.engineerCnyPerHour;
  // The build lead time line grows with the hours the cluster takes over, so it is marginal too.
  const leadPerUseful = ctx.leadTimePerUsefulCny;
  const ownMarginal = energyPerUseful + setupPerUseful + failuresPerUseful * costPerFailure + leadPerUseful;

  // Work goes to the own cluster only while that is cheaper at the margin than bursting it (at the
  // horizon's average market price, so the choice is one for the whole horizon); a rational team would
  // not queue work on its cluster at a loss. This also makes a more capable team never cost more.
  const usableGpus = ownMarginal <= ctx.gateBurstMarginalCny ? capacityGpus * efficiency : 0;
  const usefulGpuHours = cache ? cache.served(usableGpus) : servedGpuHours(ctx, usableGpus);
  const busyShare = usefulGpuHours / capacityGpuHours;

  const kw =
    servers * (sb.powerIdleKwPerServer + (sb.powerBusyKwPerServer - sb.powerIdleKwPerServer) * busyShare);
  const energy = kw * sb.pue * HOURS_PER_MONTH * sb.electricityCnyPerKwh;

  const leadTimeCny = usefulGpuHours * leadPerUseful;
  const time = usefulGpuHours * setupPerUseful + leadTimeCny;
  const failures = usefulGpuHours * failuresPerUseful;

  const life = hardwareLife(
    capexCny,
    sb.residualFraction,
    lifeMonths,
    s.finance.resaleValueDeclineFractionPerYear,
    s.horizonMonths,
  );
  const iteration = life.iterationLossCny / s.horizonMonths;

  return {
    breakdown: { compute, energy, time, ops: staff, failure: failures * costPerFailure, iteration },
    usefulGpuHours,
    billedGpuHours: capacityGpuHours,
    capexCny,
    nonCashCny: depreciation + iteration,
    leadTimeCny,
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
