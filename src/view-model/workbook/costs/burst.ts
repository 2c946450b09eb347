import type { CostCategory, StrategyId } from '../../../engine';
import { cmp, div, type Expr, iff, lit, mul } from '../expr';
import type { CostInputs } from './inputs';
import type { PlatformRows } from './platform';
import { type CostRows, h } from './rows';

/**
 * Burst (src/engine/model/burst.ts): demand above what a baseline serves goes to the platform at its
 * rates; when data must stay on premises there is no public burst, the work waits, valued at the
 * platform's price in the time category.
 */
export interface BurstRates {
  /** What waiting costs per useful GPU-hour at a market factor: GPU-hours at pooled utilization × price. */
  wait(id: StrategyId, f: Expr | number): Expr;
  /** A useful GPU-hour of burst by category at the demand's factor (the platform's rows). */
  average(id: StrategyId): Record<CostCategory, Expr>;
  /** The same at a market factor (a plan's gate at the average, its burst at the burst's own). */
  at(id: StrategyId, f: Expr): Record<CostCategory, Expr>;
}

export function burstRates(w: CostRows, x: CostInputs, platform: PlatformRows): BurstRates {
  const pu = w.input('engine_platformEfficiency');
  const platformOk = cmp(w.input('engine_platformEligible'), '=', 1);
  const wait = (id: StrategyId, f: Expr | number) => mul(div(1, pu), h(x.platformToday, id), f);
  /** The platform's rates when it is eligible, else the wait in time. */
  const burstOf = (p: Record<CostCategory, Expr>, waitRate: Expr): Record<CostCategory, Expr> => ({
    compute: iff(platformOk, p.compute, 0),
    energy: lit(0),
    time: iff(platformOk, p.time, waitRate),
    ops: iff(platformOk, p.ops, 0),
    failure: iff(platformOk, p.failure, 0),
    iteration: lit(0),
  });
  return {
    wait,
    average: (id) => burstOf(platform.average(id), wait(id, x.demandFactor)),
    at: (id, f) => burstOf(platform.at(id, f), wait(id, f)),
  };
}
