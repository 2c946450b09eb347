import { type CashModel, cashFlow, endResaleValueCny } from '../cash';
import { HOURS_PER_MONTH } from '../constants';
import type { Breakdown, HybridBaselineMode, IneligibleReason, StrategyId, StrategyResult } from '../types';
import { atMarketFactor, createContext, type PricingContext, strategyContext } from './context';
import {
  addParts,
  createPricingCache,
  emptyOwnedPart,
  emptyPart,
  leadTimeOption,
  type OwnedPart,
  ownedPart,
  ownedPartInto,
  type PartCost,
  type PricingCache,
  platformPart,
  platformPartInto,
  rentPart,
  rentPartInto,
  reservedPart,
  zeroPartInto,
} from './parts';

/** One strategy's monthly cost before the outputs derived from it (cash flow, NPV, unit costs). */
export interface StrategyCost {
  id: StrategyId;
  eligible: boolean;
  ineligibleReason: IneligibleReason | null;
  part: PartCost;
  baselineGpus: number;
  burstUsefulGpuHours: number;
  /** The owned or reserved baseline (self-build, hybrid), priced on its own; null for rent/platform. */
  base: { kind: 'owned' | 'reserved'; gpus: number; part: PartCost } | null;
}

export function totalOf(breakdown: Breakdown): number {
  // The six categories in COST_CATEGORIES order, written out: this runs millions of times in sweeps.
  return (
    breakdown.compute +
    breakdown.energy +
    breakdown.time +
    breakdown.ops +
    breakdown.failure +
    breakdown.iteration
  );
}

/**
 * Demand above what an owned or reserved baseline serves goes to the pooled platform as burst
 * (seed 003 §6). When data must stay on premises there is no public burst: the work waits, and the
 * wait is valued at what the platform would have charged, in the time category.
 */
function burstPart(ctx: PricingContext, usefulGpuHours: number): PartCost {
  return burstPartInto(emptyPart(), ctx, usefulGpuHours);
}

/** `burstPart` written into `out` (for loops that keep only totals; parts.ts ownedPartInto). */
function burstPartInto(out: PartCost, ctx: PricingContext, usefulGpuHours: number): PartCost {
  const none = usefulGpuHours <= 0;
  if (!none && ctx.platformEligible) return platformPartInto(out, ctx, usefulGpuHours);
  // No burst, or (data on premises) the work waits, valued at the platform's price.
  zeroPartInto(out);
  out.breakdown.time = none ? 0 : (usefulGpuHours / ctx.platformUtilization) * ctx.platformCnyPerGpuHour;
  return out;
}

/**
 * `totalOf(addParts(a, b).breakdown)` without building the sum: the same additions in the same order
 * (each category's a + b, then the six in COST_CATEGORIES order), so the same number to the last bit.
 */
function totalOfSum(a: PartCost, b: PartCost): number {
  const x = a.breakdown;
  const y = b.breakdown;
  return (
    x.compute +
    y.compute +
    (x.energy + y.energy) +
    (x.time + y.time) +
    (x.ops + y.ops) +
    (x.failure + y.failure) +
    (x.iteration + y.iteration)
  );
}

/** An owned (or reserved) baseline plus burst for the rest. Self-build is this with the full capacity. */
function baselinePlusBurst(ctx: PricingContext, base: OwnedPart): { part: PartCost; burst: number } {
  const burst = Math.max(0, ctx.usefulGpuHoursPerMonth - base.usefulGpuHours);
  return { part: addParts(base, burstPart(ctx, burst)), burst };
}

export { burstPart };

/** A pricing cache for a context a strategy derived (memoised: sweeps price the same context often). */
function cacheFor(
  ctx: PricingContext,
  derived: PricingContext,
  cache?: PricingCache,
): PricingCache | undefined {
  if (derived === ctx) return cache;
  // A scaled context's strategy context is derived afresh each time (context.ts strategyContext).
  if (derived.scaledFrom !== null) return createPricingCache(derived);
  derived.ownPricingCache ??= createPricingCache(derived);
  return derived.ownPricingCache;
}

export function priceSelfBuild(reference: PricingContext, cache?: PricingCache): StrategyCost {
  const ctx = strategyContext(reference, 'selfBuild');
  cache = cacheFor(reference, ctx, cache);
  const base = ownedPart(ctx, ctx.selfBuildCapacityGpus, cache);
  const { part, burst } = baselinePlusBurst(ctx, base);
  return {
    id: 'selfBuild',
    eligible: true,
    ineligibleReason: null,
    part,
    baselineGpus: base.capacityGpus,
    burstUsefulGpuHours: burst,
    base: { kind: 'owned', gpus: base.capacityGpus, part: base },
  };
}

export function priceRent(reference: PricingContext): StrategyCost {
  const ctx = strategyContext(reference, 'rent');
  return {
    id: 'rent',
    eligible: ctx.rentEligible,
    ineligibleReason: ctx.rentEligible ? null : 'onPremPublicRent',
    part: rentPart(ctx, ctx.usefulGpuHoursPerMonth),
    baselineGpus: 0,
    burstUsefulGpuHours: 0,
    base: null,
  };
}

export function pricePlatform(reference: PricingContext): StrategyCost {
  const ctx = strategyContext(reference, 'platform');
  return {
    id: 'platform',
    eligible: ctx.platformEligible,
    ineligibleReason: ctx.platformEligible ? null : 'onPremPublicPlatform',
    part: platformPart(ctx, ctx.usefulGpuHoursPerMonth),
    baselineGpus: 0,
    burstUsefulGpuHours: ctx.usefulGpuHoursPerMonth,
    base: null,
  };
}

/** Hybrid with a given baseline (GPUs owned or reserved, per `hybrid.baselineMode`). */
export function priceHybridAt(
  reference: PricingContext,
  baselineGpus: number,
  cache?: PricingCache,
): StrategyCost {
  const ctx = strategyContext(reference, 'hybrid');
  cache = cacheFor(reference, ctx, cache);
  const kind = ctx.s.hybrid.baselineMode;
  const base =
    kind === 'owned' ? ownedPart(ctx, baselineGpus, cache) : reservedPart(ctx, baselineGpus, cache);
  const { part, burst } = baselinePlusBurst(ctx, base);
  return {
    id: 'hybrid',
    eligible: ctx.platformEligible,
    ineligibleReason: ctx.platformEligible ? null : 'onPremPublicBurst',
    part,
    baselineGpus: base.capacityGpus,
    burstUsefulGpuHours: burst,
    base: { kind, gpus: base.capacityGpus, part: base },
  };
}

/**
 * Monthly total of the hybrid at a baseline, without building its breakdown: the baseline part's total
 * plus the burst hours × the burst marginal cost (burst pricing is linear in the hours, parts.ts
 * burstMarginalCny), so it equals `totalOf(priceHybridAt(...).part.breakdown)` up to rounding.
 */
export function hybridTotalAt(
  ctx: PricingContext,
  baselineGpus: number,
  cache: PricingCache,
  mode: HybridBaselineMode = ctx.s.hybrid.baselineMode,
): number {
  // Only the total is kept, so an owned baseline is priced into a scratch part (no allocation).
  const base =
    mode === 'owned'
      ? ownedPartInto(scratchOwned, ctx, baselineGpus, cache)
      : reservedPart(ctx, baselineGpus, cache);
  const burst = Math.max(0, ctx.usefulGpuHoursPerMonth - base.usefulGpuHours);
  return totalOf(base.breakdown) + (burst > 0 ? burst * cache.burstMarginalCny : 0);
}

/** Reused by hybridTotalAt, which reads it before returning (the engine is synchronous). */
const scratchOwned = emptyOwnedPart();

/** Whole-server baselines the hybrid search tries: 0 up to the one whose usable part covers the peak. */
export function hybridBaselineSteps(
  ctx: PricingContext,
  mode: HybridBaselineMode = ctx.s.hybrid.baselineMode,
): { step: number; maxSteps: number } {
  const step = ctx.s.selfBuild.gpusPerServer;
  let peak = 0;
  // An indexed loop: a for-of here was not optimised away and allocated per week on every draw.
  const curve = ctx.curve;
  const scale = ctx.demandScale;
  for (let i = 0; i < curve.length; i++) peak = Math.max(peak, (curve[i] as number) * scale);
  const perStepUsable = step * (mode === 'owned' ? ctx.ownEfficiency : ctx.platformUtilization);
  return { step, maxSteps: perStepUsable > 0 ? Math.ceil(peak / perStepUsable) : 0 };
}

/**
 * The cheapest whole-server hybrid baseline from 0 up to the one that serves the peak week, with the
 * monthly totals it priced on the way.
 *
 * Over baselines above zero the hybrid's monthly cost is convex: fixed costs and staffing (a floor,
 * then linear) rise with the baseline, while the burst it saves is concave in it (each week's demand is
 * served up to the usable baseline) and runs on the baseline only while that is cheaper at the margin
 * (parts.ts ownedPart). So a binary search on the slope finds the cheapest server count in about
 * 2 × log₂(servers) pricings however large the cluster, and zero is compared on its own (the first
 * server carries the staffing floor). Ties, and differences within rounding, go to the smaller
 * baseline.
 */
export function searchHybridBaseline(
  ctx: PricingContext,
  cache: PricingCache,
  mode: HybridBaselineMode = ctx.s.hybrid.baselineMode,
): { baselineGpus: number; totalCny: number; priced: { baselineGpus: number; monthlyCny: number }[] } {
  const step = ctx.s.selfBuild.gpusPerServer;
  const bestK = searchHybridSteps(ctx, cache, mode);
  const priced: { baselineGpus: number; monthlyCny: number }[] = [];
  for (let i = 0; i < memoSize; i++) priced.push({ baselineGpus: memoK[i]! * step, monthlyCny: memoV[i]! });
  priced.sort((x, y) => x.baselineGpus - y.baselineGpus);
  return { baselineGpus: bestK * step, totalCny: memoGet(bestK), priced };
}

/** The baseline GPUs searchHybridBaseline picks, without the list of what it priced. */
export function searchHybridBaselineGpus(
  ctx: PricingContext,
  cache: PricingCache,
  mode: HybridBaselineMode = ctx.s.hybrid.baselineMode,
): number {
  return searchHybridSteps(ctx, cache, mode) * ctx.s.selfBuild.gpusPerServer;
}

/*
 * The search's memo: the server counts it priced and their totals, in the order priced. A binary
 * search prices about 2 × log₂(servers) + 2 of them, so a linear scan of two reused arrays is cheaper
 * than a Map and allocates nothing. Valid until the next search (the engine is synchronous).
 */
const memoK: number[] = [];
const memoV: number[] = [];
let memoSize = 0;

function memoGet(k: number): number {
  for (let i = 0; i < memoSize; i++) if (memoK[i] === k) return memoV[i]!;
  return Number.NaN;
}

/** The binary search of searchHybridBaseline, in whole servers; fills the memo. */
function searchHybridSteps(ctx: PricingContext, cache: PricingCache, mode: HybridBaselineMode): number {
  const { step, maxSteps } = hybridBaselineSteps(ctx, mode);
  memoSize = 0;
  let bestK = 0;
  let bestTotal = searchTotal(ctx, cache, mode, step, 0);
  if (maxSteps >= 1) {
    let lo = 1;
    let hi = maxSteps;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      // Move right only on a real decrease, so rounding noise on a flat stretch keeps the smaller one.
      const right = searchTotal(ctx, cache, mode, step, mid + 1);
      if (right < searchTotal(ctx, cache, mode, step, mid) * (1 - 1e-12)) lo = mid + 1;
      else hi = mid;
    }
    const atLo = searchTotal(ctx, cache, mode, step, lo);
    if (atLo < bestTotal * (1 - 1e-12)) {
      bestK = lo;
      bestTotal = atLo;
    }
  }
  return bestK;
}

/** The hybrid's monthly total at `k` servers, from the memo or priced (and remembered). */
function searchTotal(
  ctx: PricingContext,
  cache: PricingCache,
  mode: HybridBaselineMode,
  step: number,
  k: number,
): number {
  for (let i = 0; i < memoSize; i++) if (memoK[i] === k) return memoV[i] as number;
  const v = hybridTotalAt(ctx, k * step, cache, mode);
  memoK[memoSize] = k;
  memoV[memoSize] = v;
  memoSize++;
  return v;
}

/** The cheapest hybrid (searchHybridBaseline), priced in full. */
export function optimalHybrid(reference: PricingContext, cache?: PricingCache): StrategyCost {
  const ctx = strategyContext(reference, 'hybrid');
  const c = cacheFor(reference, ctx, cache) ?? createPricingCache(ctx);
  return priceHybridAt(ctx, searchHybridBaselineGpus(ctx, c), c);
}

export function priceHybrid(ctx: PricingContext, cache?: PricingCache): StrategyCost {
  const fixed = ctx.s.hybrid.baselineGpus;
  return fixed === null ? optimalHybrid(ctx, cache) : priceHybridAt(ctx, fixed, cache);
}

export function priceAll(ctx: PricingContext): Record<StrategyId, StrategyCost> {
  const cache = createPricingCache(ctx);
  return {
    selfBuild: priceSelfBuild(ctx, cache),
    rent: priceRent(ctx),
    platform: pricePlatform(ctx),
    hybrid: priceHybrid(ctx, cache),
  };
}

/**
 * What a strategy's pricing gives that the Monte Carlo and the crossover search keep: its monthly
 * total (`totalOf(cost.part.breakdown)`), eligibility, and for a hybrid its baseline and burst.
 */
export interface MonthlyCost {
  eligible: boolean;
  monthlyCny: number;
  baselineGpus: number;
  burstUsefulGpuHours: number;
}

export function emptyMonthlyCosts(): Record<StrategyId, MonthlyCost> {
  const one = (): MonthlyCost => ({
    eligible: false,
    monthlyCny: 0,
    baselineGpus: 0,
    burstUsefulGpuHours: 0,
  });
  return { selfBuild: one(), rent: one(), platform: one(), hybrid: one() };
}

/*
 * Reused parts for the monthly-only pricers below: each pricer writes them and reads its total before
 * returning (the engine is synchronous).
 */
const leanBase = emptyOwnedPart();
const leanBurst = emptyPart();
const leanService = emptyPart();

function setMonthly(
  out: MonthlyCost,
  eligible: boolean,
  monthlyCny: number,
  baselineGpus: number,
  burstUsefulGpuHours: number,
): void {
  out.eligible = eligible;
  out.monthlyCny = monthlyCny;
  out.baselineGpus = baselineGpus;
  out.burstUsefulGpuHours = burstUsefulGpuHours;
}

/** Self-build's monthly total, exactly `totalOf(priceSelfBuild(reference, cache).part.breakdown)`. */
export function selfBuildMonthlyCny(reference: PricingContext, cache?: PricingCache): number {
  const ctx = strategyContext(reference, 'selfBuild');
  const c = cacheFor(reference, ctx, cache);
  const base = ownedPartInto(leanBase, ctx, ctx.selfBuildCapacityGpus, c);
  const burst = Math.max(0, ctx.usefulGpuHoursPerMonth - base.usefulGpuHours);
  return totalOfSum(base, burstPartInto(leanBurst, ctx, burst));
}

/** Rent's monthly total, exactly `totalOf(priceRent(reference).part.breakdown)`. */
export function rentMonthlyCny(reference: PricingContext): number {
  const ctx = strategyContext(reference, 'rent');
  return totalOf(rentPartInto(leanService, ctx, ctx.usefulGpuHoursPerMonth).breakdown);
}

/** The platform's monthly total, exactly `totalOf(pricePlatform(reference).part.breakdown)`. */
export function platformMonthlyCny(reference: PricingContext): number {
  const ctx = strategyContext(reference, 'platform');
  return totalOf(platformPartInto(leanService, ctx, ctx.usefulGpuHoursPerMonth).breakdown);
}

/**
 * `priceAll` reduced to what MonthlyCost keeps, written into `out`: the same pricers, contexts, caches
 * and hybrid search, with the parts priced into reused objects, so the same numbers without the
 * allocations (a Monte Carlo run prices 10,000 scenarios).
 */
export function priceAllMonthly(reference: PricingContext, out: Record<StrategyId, MonthlyCost>): void {
  const cache = createPricingCache(reference);
  setMonthly(out.selfBuild, true, selfBuildMonthlyCny(reference, cache), 0, 0);
  const sb = strategyContext(reference, 'selfBuild');
  // priceSelfBuild's baseline and burst, re-read from the part just priced.
  out.selfBuild.baselineGpus = leanBase.capacityGpus;
  out.selfBuild.burstUsefulGpuHours = Math.max(0, sb.usefulGpuHoursPerMonth - leanBase.usefulGpuHours);
  const rentCtx = strategyContext(reference, 'rent');
  setMonthly(out.rent, rentCtx.rentEligible, rentMonthlyCny(reference), 0, 0);
  const platformCtx = strategyContext(reference, 'platform');
  setMonthly(
    out.platform,
    platformCtx.platformEligible,
    platformMonthlyCny(reference),
    0,
    platformCtx.usefulGpuHoursPerMonth,
  );

  // priceHybrid: a fixed baseline, or optimalHybrid's search, then priceHybridAt.
  const ctx = strategyContext(reference, 'hybrid');
  const fixed = reference.s.hybrid.baselineGpus;
  let c = cacheFor(reference, ctx, cache);
  let gpus: number;
  if (fixed === null) {
    c = c ?? createPricingCache(ctx);
    gpus = searchHybridBaselineGpus(ctx, c);
  } else gpus = fixed;
  const base =
    ctx.s.hybrid.baselineMode === 'owned'
      ? ownedPartInto(leanBase, ctx, gpus, c)
      : reservedPart(ctx, gpus, c);
  const burst = Math.max(0, ctx.usefulGpuHoursPerMonth - base.usefulGpuHours);
  setMonthly(
    out.hybrid,
    ctx.platformEligible,
    totalOfSum(base, burstPartInto(leanBurst, ctx, burst)),
    base.capacityGpus,
    burst,
  );
}

/** Net present value of monthly cash flows at a yearly discount rate (month 0 undiscounted). */
export function npv(cashflow: readonly number[], ratePerYear: number): number {
  let total = 0;
  for (let m = 0; m < cashflow.length; m++) total += (cashflow[m] ?? 0) / (1 + ratePerYear) ** (m / 12);
  return total;
}

function runningCash(p: PartCost): number {
  return Math.max(0, totalOf(p.breakdown) - p.nonCashCny - p.leadTimeCny);
}

/**
 * The running cash of a part by category: the cost less what is not monthly cash. Depreciation
 * (non-cash less iteration risk) sits in `compute`, iteration risk is wholly non-cash, and the
 * lead-time line (in `time`) is paid in the lead-time months instead (cash.ts). Sums to runningCash
 * wherever that is positive, which every priced part is.
 */
function runningCashByCategory(p: PartCost): Breakdown {
  const b = p.breakdown;
  return {
    compute: b.compute - (p.nonCashCny - b.iteration),
    energy: b.energy,
    time: b.time - p.leadTimeCny,
    ops: b.ops,
    failure: b.failure,
    iteration: 0,
  };
}

function addBreakdowns(x: Breakdown, y: Breakdown, scale = 1): Breakdown {
  return {
    compute: x.compute + scale * y.compute,
    energy: x.energy + scale * y.energy,
    time: x.time + scale * y.time,
    ops: x.ops + scale * y.ops,
    failure: x.failure + scale * y.failure,
    iteration: x.iteration + scale * y.iteration,
  };
}

/**
 * The cash model of a priced strategy (cash.ts): everything that follows the market path is priced at
 * factor 0 and 1 with the same choices (baseline, what the own cluster runs), since every such cost is
 * linear in today's GPU-time prices.
 */
export function cashModelOf(reference: PricingContext, cost: StrategyCost): CashModel {
  const ctx = strategyContext(reference, cost.id);
  const at0 = atMarketFactor(ctx, 0);
  const at1 = atMarketFactor(ctx, 1);
  const linear = (price: (c: PricingContext) => PartCost) => {
    const p0 = price(at0);
    const p1 = price(at1);
    const a = runningCash(p0);
    const aBy = runningCashByCategory(p0);
    return {
      a,
      b: runningCash(p1) - a,
      aBy,
      bBy: addBreakdowns(runningCashByCategory(p1), aBy, -1),
    };
  };
  if (cost.base === null) {
    const whole =
      cost.id === 'rent'
        ? linear((c) => rentPart(c, c.usefulGpuHoursPerMonth))
        : linear((c) => platformPart(c, c.usefulGpuHoursPerMonth));
    return {
      runningACny: whole.a,
      runningBCny: whole.b,
      runningAByCategoryCny: whole.aBy,
      runningBByCategoryCny: whole.bBy,
      owned: null,
    };
  }
  const burst = linear((c) => burstPart(c, cost.burstUsefulGpuHours));
  const base = cost.base;
  if (base.kind === 'reserved') {
    const reserved = linear((c) => reservedPart(c, base.gpus));
    return {
      runningACny: burst.a + reserved.a,
      runningBCny: burst.b + reserved.b,
      runningAByCategoryCny: addBreakdowns(burst.aBy, reserved.aBy),
      runningBByCategoryCny: addBreakdowns(burst.bBy, reserved.bBy),
      owned: null,
    };
  }
  const sb = ctx.s.selfBuild;
  const lead = leadTimeOption(ctx);
  const served = base.part.usefulGpuHours;
  return {
    runningACny: burst.a,
    runningBCny: burst.b,
    runningAByCategoryCny: burst.aBy,
    runningBByCategoryCny: burst.bBy,
    owned: {
      capexCny: base.part.capexCny,
      lifeMonths: sb.depreciationYears * 12,
      residualFraction: sb.residualFraction,
      resaleDeclineFractionPerYear: ctx.s.finance.resaleValueDeclineFractionPerYear,
      leadMonths: base.part.capexCny > 0 ? ctx.buildLeadTimeMonths : 0,
      runningCny: runningCash(base.part),
      runningByCategoryCny: runningCashByCategory(base.part),
      leadACny: lead ? lead.aCny * served : 0,
      leadBCny: lead ? lead.bCny * served : 0,
    },
  };
}

/** The full per-strategy result: totals, unit costs, cash flow (capex at delivery). */
export function toResult(
  ctx: PricingContext,
  cost: StrategyCost,
  cash: CashModel = cashModelOf(ctx, cost),
): StrategyResult {
  const { s } = ctx;
  const { part } = cost;
  const monthlyCny = totalOf(part.breakdown);
  // Unit costs are per useful hour of the reference GPU, so every strategy prices the same work.
  const reference = ctx.reference ?? ctx;
  const useful = reference.usefulGpuHoursPerMonth;
  const modelUseful = strategyContext(reference, cost.id).usefulGpuHoursPerMonth;
  // Below a billionth of a GPU-hour there is no demand to divide by: unit costs read 0, not infinity.
  const costPerUsefulGpuHourCny = useful > 1e-9 ? monthlyCny / useful : 0;
  const pflopsPerReferenceGpu = s.hardware.referenceDenseTflopsPerGpu / 1000;
  const units = s.throughput.unitsPerUsefulGpuHour;
  const cashflowCny = cashFlow(cash, s.finance.gpuTimePriceDeclineFractionPerYear, s.horizonMonths);
  const residualValueCny = endResaleValueCny(cash, s.horizonMonths);
  const rate = s.finance.discountRateFractionPerYear;
  return {
    id: cost.id,
    eligible: cost.eligible,
    ineligibleReason: cost.ineligibleReason,
    monthlyCny,
    annualCny: monthlyCny * 12,
    horizonCny: monthlyCny * s.horizonMonths,
    breakdownMonthlyCny: { ...part.breakdown },
    utilization: part.billedGpuHours > 0 ? part.usefulGpuHours / part.billedGpuHours : 0,
    costPerUsefulGpuHourCny,
    costPerUsefulPflopHourCny:
      pflopsPerReferenceGpu > 0 ? costPerUsefulGpuHourCny / pflopsPerReferenceGpu : 0,
    usefulModelGpuHoursPerMonth: modelUseful,
    costPerMillionUnitsCny: units !== null && units > 0 ? (costPerUsefulGpuHourCny / units) * 1e6 : null,
    cashflowCny,
    residualValueCny,
    // What the hardware still fetches at the horizon's end is credited, discounted like the cash.
    npvCny: npv(cashflowCny, rate) - residualValueCny / (1 + rate) ** (s.horizonMonths / 12),
    capexCny: part.capexCny,
    baselineGpus: cost.baselineGpus,
    averageBilledGpus: part.billedGpuHours / HOURS_PER_MONTH,
    burstShare: modelUseful > 1e-9 ? Math.min(1, cost.burstUsefulGpuHours / modelUseful) : 0,
    leadTimeMonthlyCny: part.leadTimeCny,
    failuresPerMonth: part.failures,
  };
}

export { createContext };
