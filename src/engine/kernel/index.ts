import type { Scenario, StrategyId } from '../types';
import { createContext, rescaleContext, scaledContext, strategyContext } from './context';
import { createPricingCache } from './parts';
import { createKernelState } from './state';
import {
  emptyMonthlyCosts,
  hybridTotalAt,
  platformMonthlyCny,
  priceAllMonthly,
  rentMonthlyCny,
  searchHybridBaseline,
  selfBuildMonthlyCny,
} from './strategies';
import type { KernelState, MonthlyCost, PricingCache, PricingContext } from './types';

export type { MonthlyCost, PricingCache, PricingContext } from './types';
export { emptyMonthlyCosts };

/**
 * The engine's fast path (README.md in this folder): prices the four strategies of a scenario at any
 * demand scale and point of the market path with the very numbers of the model (src/engine/model),
 * for the loops that price thousands of scenarios — load-rate sweeps, crossover searches, the Monte
 * Carlo. A pricer owns every scratch object and memo it uses; make one per loop (they are cheap), and
 * use its contexts only with the pricer that made them. Only the engine imports the kernel.
 */
export interface Pricer {
  /** A context for `scenario`, its demand scaled by `demandScale`, bills at `marketFactor` (default:
   * the horizon's average). */
  context(scenario: Scenario, demandScale?: number, marketFactor?: number): PricingContext;
  /** `ctx` with the demand scaled by `demandScale` relative to the scenario's own (a cheap copy). */
  scaled(ctx: PricingContext, demandScale: number): PricingContext;
  /** A context made by `scaled`, re-pointed to another demand scale in place (no copy). */
  rescale(scaled: PricingContext, demandScale: number): PricingContext;
  /** The context a strategy is priced in (its GPU model's hours; `ctx` itself without hardware choices). */
  strategyContext(ctx: PricingContext, id: StrategyId): PricingContext;
  /** A pricing cache on `ctx` for pricing many capacities. */
  cache(ctx: PricingContext): PricingCache;
  /** The four strategies' monthly totals, written into `out` (no allocation per call). */
  priceAllMonthly(ctx: PricingContext, out: Record<StrategyId, MonthlyCost>): void;
  selfBuildMonthlyCny(ctx: PricingContext, cache?: PricingCache): number;
  rentMonthlyCny(ctx: PricingContext): number;
  platformMonthlyCny(ctx: PricingContext): number;
  /** The hybrid's baseline search (as the model's), with the totals it priced. */
  searchHybridBaseline(
    ctx: PricingContext,
    cache: PricingCache,
  ): { baselineGpus: number; totalCny: number; priced: { baselineGpus: number; monthlyCny: number }[] };
  /**
   * An owned baseline of `gpus` with the rest bursting, as the hybrid search ranks it (the model's
   * hybridMonthlyCnyAt in owned mode), on a self-build context: its monthly total and the burst
   * hours, written into `out` (the sizing curve prices every whole server this way).
   */
  ownedWithBurst(ctx: PricingContext, gpus: number, cache: PricingCache, out: OwnedWithBurst): void;
}

/** What `Pricer.ownedWithBurst` writes. */
export interface OwnedWithBurst {
  monthlyCny: number;
  burstUsefulGpuHours: number;
}

/** A new pricer; `k` is its state (a test passes its own to price breakdowns on the same state). */
export function createPricer(k: KernelState = createKernelState()): Pricer {
  return new KernelPricer(k);
}

/** The Pricer over one state: methods on the prototype, so making a pricer allocates one object. */
class KernelPricer implements Pricer {
  private readonly k: KernelState;
  constructor(k: KernelState) {
    this.k = k;
  }
  context(scenario: Scenario, demandScale = 1, marketFactor?: number): PricingContext {
    return createContext(this.k, scenario, demandScale, marketFactor);
  }
  scaled(ctx: PricingContext, demandScale: number): PricingContext {
    return scaledContext(ctx, demandScale);
  }
  rescale(scaled: PricingContext, demandScale: number): PricingContext {
    return rescaleContext(scaled, demandScale);
  }
  strategyContext(ctx: PricingContext, id: StrategyId): PricingContext {
    return strategyContext(ctx, id);
  }
  cache(ctx: PricingContext): PricingCache {
    return createPricingCache(this.k, ctx);
  }
  priceAllMonthly(ctx: PricingContext, out: Record<StrategyId, MonthlyCost>): void {
    priceAllMonthly(this.k, ctx, out);
  }
  selfBuildMonthlyCny(ctx: PricingContext, cache?: PricingCache): number {
    return selfBuildMonthlyCny(this.k, ctx, cache);
  }
  rentMonthlyCny(ctx: PricingContext): number {
    return rentMonthlyCny(this.k, ctx);
  }
  platformMonthlyCny(ctx: PricingContext): number {
    return platformMonthlyCny(this.k, ctx);
  }
  searchHybridBaseline(
    ctx: PricingContext,
    cache: PricingCache,
  ): { baselineGpus: number; totalCny: number; priced: { baselineGpus: number; monthlyCny: number }[] } {
    return searchHybridBaseline(this.k, ctx, cache);
  }
  ownedWithBurst(ctx: PricingContext, gpus: number, cache: PricingCache, out: OwnedWithBurst): void {
    out.monthlyCny = hybridTotalAt(this.k, ctx, gpus, cache, 'owned');
    // hybridTotalAt priced the owned part into the state's scratch part just now.
    out.burstUsefulGpuHours = Math.max(0, ctx.usefulGpuHoursPerMonth - this.k.scratchOwned.usefulGpuHours);
  }
}
