import { addParts, zeroPart } from '../model';
import type { Breakdown, HybridBaselineMode, StrategyId } from '../types';
import { strategyContext } from './context';
import {
  burstContext,
  burstMarginalAbove,
  burstPartInto,
  createPricingCache,
  ownedPart,
  ownedPartInto,
  platformPart,
  platformPartInto,
  rentPart,
  rentPartInto,
  reservedPart,
} from './parts';
import type {
  KernelState,
  MonthlyCost,
  OwnedPart,
  PartCost,
  PricingCache,
  PricingContext,
  StrategyCost,
} from './types';

/*
 * The four strategies priced by the kernel: with breakdowns (priceAll, for sweeps' points) or monthly
 * totals only into reused objects (priceAllMonthly, the Monte Carlo; the crossover's monthly
 * pricers), and the hybrid's baseline search. The same numbers as the model's (src/engine/model).
 */

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

/**
 * A way that sells the cluster already owned carries the lens's lines for selling (the model's
 * model/existing.ts withExistingSold): written into `part`, the same additions in the same order.
 */
function sellExistingInto<P extends PartCost>(ctx: PricingContext, part: P): P {
  const existing = ctx.existing;
  if (existing === null) return part;
  const lines = existing.sell;
  part.breakdown.compute = part.breakdown.compute + lines.capitalChargeCny;
  part.breakdown.iteration = part.breakdown.iteration + lines.iterationCny;
  part.nonCashCny = part.nonCashCny + lines.capitalChargeCny + lines.iterationCny;
  return part;
}

/** `totalOfSum(a, b)` of a way that sells the cluster already owned (sellExistingInto on the sum). */
function totalOfSumSold(ctx: PricingContext, a: PartCost, b: PartCost): number {
  const existing = ctx.existing;
  if (existing === null) return totalOfSum(a, b);
  const x = a.breakdown;
  const y = b.breakdown;
  const lines = existing.sell;
  return (
    x.compute +
    y.compute +
    lines.capitalChargeCny +
    (x.energy + y.energy) +
    (x.time + y.time) +
    (x.ops + y.ops) +
    (x.failure + y.failure) +
    (x.iteration + y.iteration + lines.iterationCny)
  );
}

/** An owned (or reserved) baseline plus burst for the rest. Self-build is this with the full capacity. */
function baselinePlusBurst(ctx: PricingContext, base: OwnedPart): { part: PartCost; burst: number } {
  const burst = Math.max(0, ctx.usefulGpuHoursPerMonth - base.usefulGpuHours);
  return {
    part: addParts(base, burstPartInto(zeroPart(), burstContext(ctx, base.usableGpus), burst)),
    burst,
  };
}

/** A pricing cache for a context a strategy derived (memoised: sweeps price the same context often). */
function cacheFor(
  k: KernelState,
  ctx: PricingContext,
  derived: PricingContext,
  cache?: PricingCache,
): PricingCache | undefined {
  if (derived === ctx) return cache;
  // A scaled context's strategy context is derived afresh each time (context.ts strategyContext).
  if (derived.scaledFrom !== null) return createPricingCache(k, derived);
  derived.ownPricingCache ??= createPricingCache(k, derived);
  return derived.ownPricingCache;
}

export function priceSelfBuild(
  k: KernelState,
  reference: PricingContext,
  cache?: PricingCache,
): StrategyCost {
  const ctx = strategyContext(reference, 'selfBuild');
  const c = cacheFor(k, reference, ctx, cache);
  const base = ownedPart(k, ctx, ctx.selfBuildCapacityGpus, c);
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
    part: sellExistingInto(ctx, rentPart(ctx, ctx.usefulGpuHoursPerMonth)),
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
    part: sellExistingInto(ctx, platformPart(ctx, ctx.usefulGpuHoursPerMonth)),
    baselineGpus: 0,
    burstUsefulGpuHours: ctx.usefulGpuHoursPerMonth,
    base: null,
  };
}

/** Hybrid with a given baseline (GPUs owned or reserved, per `hybrid.baselineMode`). */
export function priceHybridAt(
  k: KernelState,
  reference: PricingContext,
  baselineGpus: number,
  cache?: PricingCache,
): StrategyCost {
  const ctx = strategyContext(reference, 'hybrid');
  const c = cacheFor(k, reference, ctx, cache);
  const kind = ctx.s.hybrid.baselineMode;
  const base = kind === 'owned' ? ownedPart(k, ctx, baselineGpus, c) : reservedPart(ctx, baselineGpus, c);
  const { part: kept, burst } = baselinePlusBurst(ctx, base);
  // A reserved baseline sells the cluster already owned; an owned one keeps it.
  const part = kind === 'reserved' ? sellExistingInto(ctx, kept) : kept;
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
 * Monthly total of the hybrid at a baseline, as the baseline search ranks it: the baseline part's
 * total plus the burst hours × the burst marginal cost (burst pricing is linear in the hours).
 */
export function hybridTotalAt(
  k: KernelState,
  ctx: PricingContext,
  baselineGpus: number,
  cache: PricingCache,
  mode: HybridBaselineMode = ctx.s.hybrid.baselineMode,
): number {
  // Only the total is kept, so an owned baseline is priced into a scratch part (no allocation).
  const base =
    mode === 'owned'
      ? ownedPartInto(k, k.scratchOwned, ctx, baselineGpus, cache)
      : reservedPart(ctx, baselineGpus, cache);
  const burst = Math.max(0, ctx.usefulGpuHoursPerMonth - base.usefulGpuHours);
  const total =
    totalOf(base.breakdown) + (burst > 0 ? burst * burstMarginalAbove(k, ctx, base.usableGpus, cache) : 0);
  // A reserved baseline sells a cluster already owned (the model's hybrid.ts hybridMonthlyCnyAt).
  const existing = ctx.existing;
  return mode === 'reserved' && existing !== null
    ? total + existing.sell.capitalChargeCny + existing.sell.iterationCny
    : total;
}

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
 * The cheapest whole-server hybrid baseline (the model's hybrid.ts cheapestBaseline: a binary search
 * on the slope of a convex cost, zero compared on its own, ties to the smaller), with the monthly
 * totals it priced on the way.
 */
export function searchHybridBaseline(
  k: KernelState,
  ctx: PricingContext,
  cache: PricingCache,
  mode: HybridBaselineMode = ctx.s.hybrid.baselineMode,
): { baselineGpus: number; totalCny: number; priced: { baselineGpus: number; monthlyCny: number }[] } {
  const step = ctx.s.selfBuild.gpusPerServer;
  const bestK = searchHybridSteps(k, ctx, cache, mode);
  const priced: { baselineGpus: number; monthlyCny: number }[] = [];
  for (let i = 0; i < k.memoSize; i++)
    priced.push({ baselineGpus: k.memoK[i]! * step, monthlyCny: k.memoV[i]! });
  priced.sort((x, y) => x.baselineGpus - y.baselineGpus);
  return { baselineGpus: bestK * step, totalCny: searchTotal(k, ctx, cache, mode, step, bestK), priced };
}

/** The baseline GPUs searchHybridBaseline picks, without the list of what it priced. */
export function searchHybridBaselineGpus(
  k: KernelState,
  ctx: PricingContext,
  cache: PricingCache,
  mode: HybridBaselineMode = ctx.s.hybrid.baselineMode,
): number {
  return searchHybridSteps(k, ctx, cache, mode) * ctx.s.selfBuild.gpusPerServer;
}

/** The binary search of searchHybridBaseline, in whole servers; fills the memo. */
function searchHybridSteps(
  k: KernelState,
  ctx: PricingContext,
  cache: PricingCache,
  mode: HybridBaselineMode,
): number {
  const { step, maxSteps } = hybridBaselineSteps(ctx, mode);
  k.memoSize = 0;
  let bestK = 0;
  let bestTotal = searchTotal(k, ctx, cache, mode, step, 0);
  // Owned baselines up to the servers already owned price as them (the model's hybrid.ts
  // cheapestBaseline): the search starts above that flat stretch.
  const from = mode === 'owned' && ctx.existing !== null ? Math.max(1, ctx.existing.servers) : 1;
  if (maxSteps >= from) {
    let lo = from;
    let hi = maxSteps;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      // Move right only on a real decrease, so rounding noise on a flat stretch keeps the smaller one.
      const right = searchTotal(k, ctx, cache, mode, step, mid + 1);
      if (right < searchTotal(k, ctx, cache, mode, step, mid) * (1 - 1e-12)) lo = mid + 1;
      else hi = mid;
    }
    const atLo = searchTotal(k, ctx, cache, mode, step, lo);
    if (atLo < bestTotal * (1 - 1e-12)) {
      bestK = lo;
      bestTotal = atLo;
    }
  }
  return bestK;
}

/**
 * The hybrid's monthly total at `servers` servers, from the memo or priced (and remembered). The memo
 * is a linear scan of two reused arrays: a search prices about 2 × log₂(servers) + 2 of them, so that
 * is cheaper than a Map and allocates nothing.
 */
function searchTotal(
  k: KernelState,
  ctx: PricingContext,
  cache: PricingCache,
  mode: HybridBaselineMode,
  step: number,
  servers: number,
): number {
  for (let i = 0; i < k.memoSize; i++) if (k.memoK[i] === servers) return k.memoV[i] as number;
  const v = hybridTotalAt(k, ctx, servers * step, cache, mode);
  k.memoK[k.memoSize] = servers;
  k.memoV[k.memoSize] = v;
  k.memoSize++;
  return v;
}

/** The cheapest hybrid (searchHybridBaseline), priced in full. */
function optimalHybrid(k: KernelState, reference: PricingContext, cache?: PricingCache): StrategyCost {
  const ctx = strategyContext(reference, 'hybrid');
  const c = cacheFor(k, reference, ctx, cache) ?? createPricingCache(k, ctx);
  return priceHybridAt(k, ctx, searchHybridBaselineGpus(k, ctx, c), c);
}

export function priceHybrid(k: KernelState, ctx: PricingContext, cache?: PricingCache): StrategyCost {
  const fixed = ctx.s.hybrid.baselineGpus;
  return fixed === null ? optimalHybrid(k, ctx, cache) : priceHybridAt(k, ctx, fixed, cache);
}

/**
 * Every strategy priced on one cache (the kernel ≡ model property test's entry; the app prices through
 * createPricer).
 * @internal exported for tests
 */
export function priceAll(k: KernelState, ctx: PricingContext): Record<StrategyId, StrategyCost> {
  const cache = createPricingCache(k, ctx);
  return {
    selfBuild: priceSelfBuild(k, ctx, cache),
    rent: priceRent(ctx),
    platform: pricePlatform(ctx),
    hybrid: priceHybrid(k, ctx, cache),
  };
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

/** Self-build's monthly total, exactly `totalOf(priceSelfBuild(k, reference, cache).part.breakdown)`. */
export function selfBuildMonthlyCny(k: KernelState, reference: PricingContext, cache?: PricingCache): number {
  const ctx = strategyContext(reference, 'selfBuild');
  const c = cacheFor(k, reference, ctx, cache);
  const base = ownedPartInto(k, k.leanBase, ctx, ctx.selfBuildCapacityGpus, c);
  const burst = Math.max(0, ctx.usefulGpuHoursPerMonth - base.usefulGpuHours);
  return totalOfSum(base, burstPartInto(k.leanBurst, burstContext(ctx, base.usableGpus), burst));
}

/** Rent's monthly total, exactly `totalOf(priceRent(reference).part.breakdown)`. */
export function rentMonthlyCny(k: KernelState, reference: PricingContext): number {
  const ctx = strategyContext(reference, 'rent');
  return totalOf(
    sellExistingInto(ctx, rentPartInto(k.leanService, ctx, ctx.usefulGpuHoursPerMonth)).breakdown,
  );
}

/** The platform's monthly total, exactly `totalOf(pricePlatform(reference).part.breakdown)`. */
export function platformMonthlyCny(k: KernelState, reference: PricingContext): number {
  const ctx = strategyContext(reference, 'platform');
  return totalOf(
    sellExistingInto(ctx, platformPartInto(k.leanService, ctx, ctx.usefulGpuHoursPerMonth)).breakdown,
  );
}

/**
 * `priceAll` reduced to what MonthlyCost keeps, written into `out`: the same pricers, contexts, caches
 * and hybrid search, with the parts priced into reused objects, so the same numbers without the
 * allocations (a Monte Carlo run prices 10,000 scenarios).
 */
export function priceAllMonthly(
  k: KernelState,
  reference: PricingContext,
  out: Record<StrategyId, MonthlyCost>,
): void {
  const cache = createPricingCache(k, reference);
  setMonthly(out.selfBuild, true, selfBuildMonthlyCny(k, reference, cache), 0, 0);
  const sb = strategyContext(reference, 'selfBuild');
  // priceSelfBuild's baseline and burst, re-read from the part just priced.
  out.selfBuild.baselineGpus = k.leanBase.capacityGpus;
  out.selfBuild.burstUsefulGpuHours = Math.max(0, sb.usefulGpuHoursPerMonth - k.leanBase.usefulGpuHours);
  const rentCtx = strategyContext(reference, 'rent');
  setMonthly(out.rent, rentCtx.rentEligible, rentMonthlyCny(k, reference), 0, 0);
  const platformCtx = strategyContext(reference, 'platform');
  setMonthly(
    out.platform,
    platformCtx.platformEligible,
    platformMonthlyCny(k, reference),
    0,
    platformCtx.usefulGpuHoursPerMonth,
  );

  // priceHybrid: a fixed baseline, or optimalHybrid's search, then priceHybridAt.
  const ctx = strategyContext(reference, 'hybrid');
  const fixed = reference.s.hybrid.baselineGpus;
  let c = cacheFor(k, reference, ctx, cache);
  let gpus: number;
  if (fixed === null) {
    c = c ?? createPricingCache(k, ctx);
    gpus = searchHybridBaselineGpus(k, ctx, c);
  } else gpus = fixed;
  const base =
    ctx.s.hybrid.baselineMode === 'owned'
      ? ownedPartInto(k, k.leanBase, ctx, gpus, c)
      : reservedPart(ctx, gpus, c);
  const burst = Math.max(0, ctx.usefulGpuHoursPerMonth - base.usefulGpuHours);
  const burstPart = burstPartInto(k.leanBurst, burstContext(ctx, base.usableGpus), burst);
  setMonthly(
    out.hybrid,
    ctx.platformEligible,
    ctx.s.hybrid.baselineMode === 'owned'
      ? totalOfSum(base, burstPart)
      : totalOfSumSold(ctx, base, burstPart),
    base.capacityGpus,
    burst,
  );
}
