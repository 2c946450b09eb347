import { HOURS_PER_MONTH } from '../constants';
import { ownedCapacityGpus, serverRoundingFactor } from '../demand';
import { iterationLossCny, sumMarketFactors } from '../market';
import type { Breakdown } from '../types';
import { gateBurstMarginalOf, leadTimePerUsefulOf, type PricingContext } from './context';

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

/** `out` set to an empty part in place (the allocation-free loops' `emptyPart`). */
export function zeroPartInto<T extends PartCost>(out: T): T {
  const b = out.breakdown;
  b.compute = 0;
  b.energy = 0;
  b.time = 0;
  b.ops = 0;
  b.failure = 0;
  b.iteration = 0;
  out.usefulGpuHours = 0;
  out.billedGpuHours = 0;
  out.capexCny = 0;
  out.nonCashCny = 0;
  out.leadTimeCny = 0;
  out.failures = 0;
  return out;
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
 *   + engineer hours × rate), manual recovery (defaults.md §failures);
 * - ops = rentOpsFraction of the staffing the same GPUs would need owned.
 */
export function rentPart(ctx: PricingContext, usefulGpuHours: number): PartCost {
  return rentPartAt(emptyPart(), ctx, usefulGpuHours, ctx.rentCnyPerServerHour, ctx.marketFactor);
}

/** `rentPart` written into `out` (for loops that keep only totals; see ownedPartInto). */
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
  const manual = ctx.effects.manualHoursMultiplier;
  const jobs = jobsFor(ctx, usefulGpuHours);
  const rounding = serverRoundingFactor(s.demand.gpusPerJob, s.rent.gpusPerServer);
  const billedGpuHours = (usefulGpuHours / s.rent.utilization) * rounding;
  const serverHours = billedGpuHours / s.rent.gpusPerServer;
  const serversPerJob = Math.ceil(s.demand.gpusPerJob / s.rent.gpusPerServer);
  const heldCnyPerHour = serversPerJob * rentCnyPerServerHour;

  // Calibrated amounts are today's money and follow the market path like the bills (MODEL.md §2).
  const f = marketFactor;
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
  return platformPartAt(emptyPart(), ctx, usefulGpuHours, ctx.platformCnyPerGpuHour, ctx.marketFactor);
}

/** `platformPart` written into `out` (for loops that keep only totals; see ownedPartInto). */
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
 *
 * Sweeps, the crossover search and Monte Carlo draws build thousands of caches on the same curve at
 * different demand scales, so the curve is sorted once (sortedCurveOf) and scaled here: multiplying
 * by a positive scale keeps the order, so the scaled values are exactly those a sort of the scaled
 * curve gives. The prefix sums are built on the second capacity priced; the first is summed directly
 * in the same order (a context priced once, as in a crossover step, allocates nothing), and so is
 * every one of a curve of a few weeks (a job-form demand is one).
 */
export function createPricingCache(ctx: PricingContext): PricingCache {
  return new CurveCache(ctx, ctx.curve, ctx.sortedCurve, ctx.demandScale);
}

/** Curves this short are summed directly each time instead of through prefix sums. */
const SHORT_CURVE_WEEKS = 4;

class CurveCache implements PricingCache {
  private readonly sorted: readonly number[];
  private readonly scale: number;
  // A plain array: allocating a typed array costs more than the O(weeks) sums it saves here.
  private prefix: readonly number[] | null = null;
  private calls = 0;

  private readonly ctx: PricingContext;
  private marginal = Number.NaN;

  constructor(
    ctx: PricingContext,
    curve: readonly number[],
    sortedCurve: readonly number[],
    demandScale: number,
  ) {
    this.ctx = ctx;
    if (demandScale > 0 && demandScale < Number.POSITIVE_INFINITY) {
      this.sorted = sortedCurve;
      this.scale = demandScale;
    } else {
      // Zero, negative or non-finite scales: scale, then sort (order-keeping no longer holds).
      const n = curve.length;
      const scaled = new Float64Array(n);
      for (let i = 0; i < n; i++) scaled[i] = (curve[i] ?? 0) * demandScale;
      this.sorted = Array.from(scaled.sort());
      this.scale = 1;
    }
  }

  /** The burst marginal cost at this context's market factor, priced on first use. */
  get burstMarginalCny(): number {
    if (Number.isNaN(this.marginal)) {
      const ctx = this.ctx;
      // At the horizon's average market price it is the gate's burst cost (the same function).
      this.marginal =
        ctx.marketFactor === ctx.averageMarketFactor ? gateBurstMarginalOf(ctx) : burstMarginalCny(ctx);
    }
    return this.marginal;
  }

  served(usableGpus: number): number {
    const sorted = this.sorted;
    const scale = this.scale;
    const n = sorted.length;
    if (n === 0 || usableGpus <= 0) return 0;
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((sorted[mid] as number) * scale <= usableGpus) lo = mid + 1;
      else hi = mid;
    }
    let below: number;
    if (this.prefix !== null) below = this.prefix[lo] as number;
    else if (n <= SHORT_CURVE_WEEKS || ++this.calls < 2) {
      below = 0;
      for (let i = 0; i < lo; i++) below += (sorted[i] as number) * scale;
    } else {
      const prefix = prefixSumsOf(sorted, scale);
      this.prefix = prefix;
      below = prefix[lo] as number;
    }
    return ((below + usableGpus * (n - lo)) / n) * HOURS_PER_MONTH;
  }
}

/*
 * The last prefix sums built, by sorted curve and scale: Monte Carlo draws that do not sample the
 * weekly curve share its sorted array and scale 1, so each draw's cache reuses the same sums (the
 * same additions in the same order, so the same numbers) instead of rebuilding them.
 */
let lastPrefixSorted: readonly number[] | null = null;
let lastPrefixScale = Number.NaN;
let lastPrefix: readonly number[] = [];

function prefixSumsOf(sorted: readonly number[], scale: number): readonly number[] {
  if (sorted === lastPrefixSorted && scale === lastPrefixScale) return lastPrefix;
  const n = sorted.length;
  const prefix = new Array<number>(n + 1);
  prefix[0] = 0;
  for (let i = 0; i < n; i++) prefix[i + 1] = (prefix[i] as number) + (sorted[i] as number) * scale;
  lastPrefixSorted = sorted;
  lastPrefixScale = scale;
  lastPrefix = prefix;
  return prefix;
}

/** The last curves sorted, with a copy of what they held then (curves are not mutated, but be safe). */
const sortedCurves = new WeakMap<readonly number[], { values: Float64Array; sorted: number[] }>();

/** The curve sorted ascending (missing weeks as 0), memoised per curve array while its values hold. */
export function sortedCurveOf(curve: readonly number[]): readonly number[] {
  const n = curve.length;
  // One week (a job-form demand, a fresh array per context) needs no sort and no memo.
  if (n <= 1) return n === 0 ? [] : [curve[0] ?? 0];
  const known = sortedCurves.get(curve);
  if (known !== undefined && known.values.length === n) {
    let same = true;
    for (let i = 0; i < n && same; i++) same = known.values[i] === (curve[i] ?? 0);
    if (same) return known.sorted;
  }
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = curve[i] ?? 0;
  // A plain array: the one-week curve is one too, so `served` reads a single kind of array.
  const sorted = Array.from(values.slice().sort());
  sortedCurves.set(curve, { values, sorted });
  return sorted;
}

/** Useful GPU-hours per month a capacity can serve, week by week: min(demand, usable capacity). */
export function servedGpuHours(ctx: PricingContext, usableGpus: number): number {
  const { curve, demandScale } = ctx;
  if (curve.length === 0 || usableGpus <= 0) return 0;
  let served = 0;
  for (let i = 0; i < curve.length; i++) served += Math.min((curve[i] as number) * demandScale, usableGpus);
  return (served / curve.length) * HOURS_PER_MONTH;
}

/**
 * Cost of one useful GPU-hour of burst: on the platform when it is eligible; otherwise (data on
 * premises) the work waits, valued at what the platform would have charged. Burst pricing is linear
 * in the hours, so one hour's cost is the marginal cost.
 */
export function burstMarginalCny(ctx: PricingContext): number {
  if (!ctx.platformEligible) return ctx.platformCnyPerGpuHour / ctx.platformUtilization;
  const b = platformPartInto(scratchPart, ctx, 1).breakdown;
  return b.compute + b.energy + b.time + b.ops + b.failure + b.iteration;
}

/** Per-hour parts whose total is read at once (burstMarginalCny, leadTimeOption): no allocation. */
const scratchPart = emptyPart();

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
  const decline = ctx.s.finance.gpuTimePriceDeclineFractionPerYear;
  const sumF = sumMarketFactors(decline, 1, months);
  // Each option's cost per useful GPU-hour at market factor 0 (a) and 1 (a + b), priced with the
  // prices atMarketFactor(ctx, 0) and atMarketFactor(ctx, 1) would carry (no context is built). The
  // options in order: rented servers, the platform, and (neither eligible) waiting valued at the
  // platform's price; the cheapest over the lead-time months wins, the first on a tie.
  let bestA = 0;
  let bestToday = 0;
  let bestTotal = Number.POSITIVE_INFINITY;
  let found = false;
  const rentToday = ctx.rentTodayCnyPerServerHour;
  const platformToday = ctx.platformTodayCnyPerGpuHour;
  for (let option = 0; option < 3; option++) {
    let a: number;
    let today: number;
    if (option === 0) {
      if (!ctx.rentEligible) continue;
      a = partTotal(rentPartAt(scratchPart, ctx, 1, rentToday * 0, 0));
      today = partTotal(rentPartAt(scratchPart, ctx, 1, rentToday * 1, 1));
    } else if (option === 1) {
      if (!ctx.platformEligible) continue;
      a = partTotal(platformPartAt(scratchPart, ctx, 1, platformToday * 0, 0));
      today = partTotal(platformPartAt(scratchPart, ctx, 1, platformToday * 1, 1));
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

/** The build lead time line per useful GPU-hour a month: the lead-time months' cost ÷ the horizon. */
export function leadTimePerUsefulCny(ctx: PricingContext): number {
  const o = leadTimeOption(ctx);
  if (!o) return 0;
  const months = ctx.buildLeadTimeMonths;
  const sumF = sumMarketFactors(ctx.s.finance.gpuTimePriceDeclineFractionPerYear, 1, months);
  return (o.aCny * months + o.bCny * sumF) / ctx.s.horizonMonths;
}

/**
 * What an owned cluster of `capacityGpus` costs before the demand it serves: capex, fixed monthly
 * costs, staffing, marginal costs per useful GPU-hour and the usable capacity. None of it depends on
 * the demand scale, so contexts of one scenario at many load rates share it (ownedFixedOf).
 */
interface OwnedFixed {
  servers: number;
  capacityGpuHours: number;
  capexCny: number;
  depreciation: number;
  compute: number;
  staff: number;
  setupPerUseful: number;
  failuresPerUseful: number;
  costPerFailure: number;
  leadPerUseful: number;
  usableGpus: number;
  iteration: number;
}

function emptyOwnedFixed(): OwnedFixed {
  return {
    servers: 0,
    capacityGpuHours: 0,
    capexCny: 0,
    depreciation: 0,
    compute: 0,
    staff: 0,
    setupPerUseful: 0,
    failuresPerUseful: 0,
    costPerFailure: 0,
    leadPerUseful: 0,
    usableGpus: 0,
    iteration: 0,
  };
}

/**
 * The parts of an owned cluster's pricing that depend on neither its size nor the demand, per
 * context: the hybrid search prices ≈15 sizes on one context, so they are worked out once. Each is
 * the very subexpression ownedFixedInto used to evaluate inline, so the results are the same numbers.
 */
interface OwnedRates {
  ctx: PricingContext | null;
  /** 1 + network + storage + fit-out fractions (capex per server price). */
  capexFactor: number;
  lifeMonths: number;
  /** 1 − residual fraction. */
  depreciableFraction: number;
  energyPerUseful: number;
  /** Jobs per useful GPU-hour × setup hours per job. */
  setupHoursPerUseful: number;
  failuresPerUseful: number;
  /** Lost progress plus recovery hours per failure. */
  lostAndRecoveryHours: number;
  /** Engineer hours per failure × engineer rate. */
  engineerCnyPerFailure: number;
  /*
   * The scenario's and context's own inputs ownedFixedInto reads, copied as they are: scenarios and
   * contexts come in several object shapes, and reading a number from a many-shaped object boxes it,
   * so the hybrid search's ≈13 pricings a draw read them from this one-shaped object instead.
   */
  gpusPerServer: number;
  serverPriceCny: number;
  powerMaxKwPerServer: number;
  powerRetrofitCnyPerKw: number;
  maintenanceFractionPerYear: number;
  colocationCnyPerKwMonth: number;
  privatePool: boolean;
  privatePoolLicenseCnyPerGpuMonth: number;
  residualFraction: number;
  minEngineers: number;
  gpusPerEngineer: number;
  engineerCnyPerHour: number;
  staffMultiplier: number;
  engineerCnyPerMonth: number;
  ownEfficiency: number;
  gpusPerJob: number;
  resaleDecline: number;
  horizonMonths: number;
  powerIdleKwPerServer: number;
  powerBusyKwPerServer: number;
  pue: number;
  electricityCnyPerKwh: number;
}

const rates: OwnedRates = {
  ctx: null,
  capexFactor: 0,
  lifeMonths: 0,
  depreciableFraction: 0,
  energyPerUseful: 0,
  setupHoursPerUseful: 0,
  failuresPerUseful: 0,
  lostAndRecoveryHours: 0,
  engineerCnyPerFailure: 0,
  gpusPerServer: 0,
  serverPriceCny: 0,
  powerMaxKwPerServer: 0,
  powerRetrofitCnyPerKw: 0,
  maintenanceFractionPerYear: 0,
  colocationCnyPerKwMonth: 0,
  privatePool: false,
  privatePoolLicenseCnyPerGpuMonth: 0,
  residualFraction: 0,
  minEngineers: 0,
  gpusPerEngineer: 0,
  engineerCnyPerHour: 0,
  staffMultiplier: 0,
  engineerCnyPerMonth: 0,
  ownEfficiency: 0,
  gpusPerJob: 0,
  resaleDecline: 0,
  horizonMonths: 0,
  powerIdleKwPerServer: 0,
  powerBusyKwPerServer: 0,
  pue: 0,
  electricityCnyPerKwh: 0,
};

/** The owned rates of `ctx`, remembered for the last context (contexts are not changed once priced). */
function ownedRatesOf(ctx: PricingContext): OwnedRates {
  if (rates.ctx === ctx) return rates;
  const { s, effects } = ctx;
  const sb = s.selfBuild;
  const ops = s.operations;
  rates.capexFactor = 1 + sb.networkFraction + sb.storageFraction + sb.fitOutFraction;
  rates.lifeMonths = sb.depreciationYears * 12;
  rates.depreciableFraction = 1 - sb.residualFraction;
  // Per useful GPU-hour run on the own cluster: extra energy over idle, setup, failures.
  rates.energyPerUseful =
    ((sb.powerBusyKwPerServer - sb.powerIdleKwPerServer) / sb.gpusPerServer) *
    sb.pue *
    sb.electricityCnyPerKwh;
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
  rates.electricityCnyPerKwh = sb.electricityCnyPerKwh;
  rates.ctx = ctx;
  return rates;
}

function ownedFixedInto(out: OwnedFixed, ctx: PricingContext, capacityGpus: number): OwnedFixed {
  const r = ownedRatesOf(ctx);
  const servers = capacityGpus / r.gpusPerServer;
  const efficiency = r.ownEfficiency;
  const capacityGpuHours = capacityGpus * HOURS_PER_MONTH;

  const capexCny =
    servers * r.serverPriceCny * r.capexFactor + servers * r.powerMaxKwPerServer * r.powerRetrofitCnyPerKw;
  const lifeMonths = r.lifeMonths;
  const depreciation = (capexCny * r.depreciableFraction) / lifeMonths;
  const maintenance = (capexCny * r.maintenanceFractionPerYear) / 12;
  const colocation = servers * r.powerMaxKwPerServer * r.colocationCnyPerKwMonth;
  const licence = r.privatePool ? capacityGpus * r.privatePoolLicenseCnyPerGpuMonth : 0;
  const compute = depreciation + maintenance + colocation + licence;

  const staff =
    Math.max(r.minEngineers, capacityGpus / r.gpusPerEngineer) * r.staffMultiplier * r.engineerCnyPerMonth;

  const ownCnyPerGpuHour = compute / capacityGpuHours;
  const heldCnyPerHour = r.gpusPerJob * ownCnyPerGpuHour;
  const setupPerUseful = r.setupHoursPerUseful * (r.engineerCnyPerHour + heldCnyPerHour);
  const failuresPerUseful = r.failuresPerUseful;
  const costPerFailure = heldCnyPerHour * r.lostAndRecoveryHours + r.engineerCnyPerFailure;
  // The build lead time line grows with the hours the cluster takes over, so it is marginal too.
  const leadPerUseful = leadTimePerUsefulOf(ctx);
  const ownMarginal = r.energyPerUseful + setupPerUseful + failuresPerUseful * costPerFailure + leadPerUseful;

  // Work goes to the own cluster only while that is cheaper at the margin than bursting it (at the
  // horizon's average market price, so the choice is one for the whole horizon); a rational team would
  // not queue work on its cluster at a loss. This also makes a more capable team never cost more.
  const usableGpus = ownMarginal <= gateBurstMarginalOf(ctx) ? capacityGpus * efficiency : 0;

  out.servers = servers;
  out.capacityGpuHours = capacityGpuHours;
  out.capexCny = capexCny;
  out.depreciation = depreciation;
  out.compute = compute;
  out.staff = staff;
  out.setupPerUseful = setupPerUseful;
  out.failuresPerUseful = failuresPerUseful;
  out.costPerFailure = costPerFailure;
  out.leadPerUseful = leadPerUseful;
  out.usableGpus = usableGpus;
  out.iteration =
    iterationLossCny(capexCny, r.residualFraction, lifeMonths, r.resaleDecline, r.horizonMonths) /
    r.horizonMonths;
  return out;
}

/** Reused for contexts priced at one scale (the engine is synchronous; read before the next call). */
const scratchFixed = emptyOwnedFixed();
/** Fixed figures by capacity, per unscaled context, for its scaled copies (crossover, sweeps). */
const fixedByScaledFrom = new WeakMap<PricingContext, Map<number, OwnedFixed>>();
let lastFixedFrom: PricingContext | null = null;
let lastFixedCapacity = Number.NaN;
let lastFixed: OwnedFixed | null = null;

/**
 * The fixed figures of `capacityGpus` in `ctx`. A scaled context (crossover steps, load-rate sweeps)
 * differs from the context it was scaled from only in its demand, which these do not read, so they
 * are computed once per capacity and shared; any other context computes them into a scratch object.
 */
function ownedFixedOf(ctx: PricingContext, capacityGpus: number): OwnedFixed {
  const from = ctx.scaledFrom;
  if (from === null) return ownedFixedInto(scratchFixed, ctx, capacityGpus);
  // A crossover search asks for the same cluster at every load rate: remember the last one.
  if (from === lastFixedFrom && capacityGpus === lastFixedCapacity && lastFixed !== null) return lastFixed;
  let byCapacity = fixedByScaledFrom.get(from);
  if (byCapacity === undefined) {
    byCapacity = new Map();
    fixedByScaledFrom.set(from, byCapacity);
  }
  let fixed = byCapacity.get(capacityGpus);
  if (fixed === undefined) {
    fixed = ownedFixedInto(emptyOwnedFixed(), ctx, capacityGpus);
    byCapacity.set(capacityGpus, fixed);
  }
  lastFixedFrom = from;
  lastFixedCapacity = capacityGpus;
  lastFixed = fixed;
  return fixed;
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
  return ownedPartInto(emptyOwnedPart(), ctx, gpus, cache);
}

/** An owned part with every figure zero (also the value of a zero capacity). */
export function emptyOwnedPart(): OwnedPart {
  // A literal, not a spread of emptyPart(): every owned part then shares one fast object shape.
  return {
    breakdown: emptyBreakdown(),
    usefulGpuHours: 0,
    billedGpuHours: 0,
    capexCny: 0,
    nonCashCny: 0,
    leadTimeCny: 0,
    failures: 0,
    capacityGpus: 0,
    usableGpus: 0,
  };
}

/**
 * `ownedPart` written into `out` (its breakdown object included) instead of a new object, for loops
 * that price many capacities and keep only a total (the hybrid search, Monte Carlo draws): the same
 * arithmetic, no allocation. Returns `out`.
 */
export function ownedPartInto(
  out: OwnedPart,
  ctx: PricingContext,
  gpus: number,
  cache?: PricingCache,
): OwnedPart {
  const capacityGpus = ownedCapacityGpus(gpus, ctx.s.selfBuild.gpusPerServer);
  if (capacityGpus <= 0) {
    zeroPartInto(out);
    out.capacityGpus = 0;
    out.usableGpus = 0;
    return out;
  }
  // The scenario's power inputs, from the once-per-context rates (see OwnedRates: one object shape).
  const r = ownedRatesOf(ctx);
  const {
    servers,
    capacityGpuHours,
    capexCny,
    depreciation,
    compute,
    staff,
    setupPerUseful,
    failuresPerUseful,
    costPerFailure,
    leadPerUseful,
    usableGpus,
    iteration,
  } = ownedFixedOf(ctx, capacityGpus);
  const usefulGpuHours = cache ? cache.served(usableGpus) : servedGpuHours(ctx, usableGpus);
  const busyShare = usefulGpuHours / capacityGpuHours;

  const kw =
    servers * (r.powerIdleKwPerServer + (r.powerBusyKwPerServer - r.powerIdleKwPerServer) * busyShare);
  const energy = kw * r.pue * HOURS_PER_MONTH * r.electricityCnyPerKwh;

  const leadTimeCny = usefulGpuHours * leadPerUseful;
  const time = usefulGpuHours * setupPerUseful + leadTimeCny;
  const failures = usefulGpuHours * failuresPerUseful;

  const b = out.breakdown;
  b.compute = compute;
  b.energy = energy;
  b.time = time;
  b.ops = staff;
  b.failure = failures * costPerFailure;
  b.iteration = iteration;
  out.usefulGpuHours = usefulGpuHours;
  out.billedGpuHours = capacityGpuHours;
  out.capexCny = capexCny;
  out.nonCashCny = depreciation + iteration;
  out.leadTimeCny = leadTimeCny;
  out.failures = failures;
  out.capacityGpus = capacityGpus;
  out.usableGpus = usableGpus;
  return out;
}

/**
 * Baseline GPUs reserved on the platform at a commitment discount, billed every hour whether used or
 * not (seed 000: 预留算力, like 包年包月 but more flexible); serves demand up to pooled utilization.
 */
export function reservedPart(ctx: PricingContext, gpus: number, cache?: PricingCache): OwnedPart {
  if (gpus <= 0) return emptyOwnedPart();
  const usableGpus = gpus * ctx.platformUtilization;
  const usefulGpuHours = cache ? cache.served(usableGpus) : servedGpuHours(ctx, usableGpus);
  // Price time, failures and staff as platform work of the same useful hours; replace the compute.
  const asPlatform = platformPart(ctx, usefulGpuHours);
  const billedGpuHours = gpus * HOURS_PER_MONTH;
  // Built as a literal in emptyOwnedPart's shape (a spread plus new fields is slow in V8).
  const out = emptyOwnedPart();
  const b = out.breakdown;
  const p = asPlatform.breakdown;
  b.compute = billedGpuHours * ctx.platformCnyPerGpuHour * (1 - ctx.s.hybrid.reservedDiscountFraction);
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
