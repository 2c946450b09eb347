import { HOURS_PER_MONTH } from '../../../engine';
import { add, div, type Expr, mul } from '../expr';
import type { CostRows } from './rows';

/**
 * What every part counts the same way (src/engine/model/service.ts), per useful GPU-hour: failures
 * and, for rented or platform GPUs, the engineers' share.
 */

/** Interruptions per useful GPU-hour: λ × GPU-hours billed + p_sw × jobs (model/service.ts failuresOf). */
export function failuresPerUseful(w: CostRows, billedPerUseful: Expr, jobsPerUseful: Expr): Expr {
  return add(
    mul(w.input('operations_hwInterruptionsPerGpuHour'), billedPerUseful),
    mul(w.input('operations_swFailureProbabilityPerJob'), jobsPerUseful),
  );
}

/**
 * Engineers for rented or platform GPUs per useful GPU-hour: a fraction of what the same GPUs would
 * need owned (model/service.ts serviceOpsCny).
 */
export function serviceOpsPerUseful(
  w: CostRows,
  fraction: Expr,
  billedPerUseful: Expr,
  engineerMonth: Expr,
): Expr {
  return mul(
    div(div(mul(fraction, billedPerUseful), HOURS_PER_MONTH), w.input('operations_gpusPerEngineer')),
    engineerMonth,
  );
}
