import { type CostCategory, HOURS_PER_MONTH, type StrategyId } from '../../../engine';
import { cmp, type Expr, iff, lit, mul, sub } from '../expr';
import { PRECISE_FORMAT } from '../number-format';
import type { CostInputs } from './inputs';
import type { PlatformRows } from './platform';
import { type CategoryExprs, type CostRows, categoriesOf, h, type Row } from './rows';

/**
 * The hybrid's baseline (src/engine/model/hybrid.ts): owned like the self-build's cluster
 * (./self-build.ts) or reserved on the platform at a commitment discount, billed every hour whether
 * used or not, serving demand up to pooled utilization; the demand it does not serve bursts.
 */

/** 1 when the hybrid owns its baseline, else it reserves it. */
export function hybridOwns(w: CostRows): Expr {
  return cmp(w.input('hybrid_baselineOwned'), '=', 1);
}

/** The hybrid's baseline switch: the owned baseline's figure, or the reserved one's. */
export function ownedOrReserved(w: CostRows, owned: Expr | number, reserved: Expr | number): Expr {
  return iff(hybridOwns(w), owned, reserved);
}

/** The reserved baseline's section: the GPUs it can use (reservedPart). */
export function reservedRows(w: CostRows): { usable: Row } {
  w.section('reserved');
  const gpus = w.input('engine_hybridBaselineGpus');
  const usable = w.line(
    'reservedUsable',
    'gpus',
    (id) =>
      id === 'hybrid' ? iff(cmp(gpus, '>', 0), mul(gpus, w.input('engine_platformEfficiency')), 0) : null,
    PRECISE_FORMAT,
  );
  return { usable };
}

/** A reserved baseline's month, serving `served` useful GPU-hours. */
interface ReservedUse {
  w: CostRows;
  x: CostInputs;
  id: StrategyId;
  platform: PlatformRows;
  served: Expr;
}

/**
 * The reservation billed every hour: GPUs × hours × today's price × (1 − the commitment discount), at
 * a market factor `f` (or, for running cash, today's price).
 */
export function reservationBill(w: CostRows, x: CostInputs, id: StrategyId, f?: Expr): Expr {
  const discount = sub(1, w.input('hybrid_reservedDiscountFraction'));
  const gpus = w.input('engine_hybridBaselineGpus');
  return f
    ? mul(gpus, HOURS_PER_MONTH, h(x.platformToday, id), f, discount)
    : mul(gpus, HOURS_PER_MONTH, h(x.platformToday, id), discount);
}

const RESERVED: CategoryExprs<ReservedUse> = {
  /** 1 compute: the reservation, held every month, so at the horizon's average of the term path. */
  compute: ({ w, x, id }) => reservationBill(w, x, id, x.heldFactor),
  /** 2 energy: included in the price. */
  energy: () => lit(0),
  /** 3–5 time, ops, failure: those of platform work of the same useful hours. */
  time: ({ id, platform, served }) => mul(served, platform.average(id).time),
  ops: ({ id, platform, served }) => mul(served, platform.average(id).ops),
  failure: ({ id, platform, served }) => mul(served, platform.average(id).failure),
  /** 6 iteration risk: the platform's. */
  iteration: () => lit(0),
};

/** A reserved baseline's monthly cost by category, serving `served` useful GPU-hours a month. */
export function reservedCategories(
  w: CostRows,
  x: CostInputs,
  id: StrategyId,
  platform: PlatformRows,
  served: Expr,
): Record<CostCategory, Expr> {
  return categoriesOf(RESERVED, { w, x, id, platform, served });
}
