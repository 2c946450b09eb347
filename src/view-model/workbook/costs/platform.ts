import type { CostCategory, StrategyId } from '../../../engine';
import { add, div, type Expr, iff, isNumber, lit, mul } from '../expr';
import type { CostInputs } from './inputs';
import {
  type CategoryExprs,
  type CostRows,
  categoriesOf,
  h,
  otherOf,
  PER_GPU_HOUR,
  RATE,
  type Row,
} from './rows';
import { failuresPerUseful, serviceOpsPerUseful } from './service';

/**
 * The pooled platform per useful GPU-hour (src/engine/model/platform.ts), billed per GPU used: GPU-hours
 * billed = useful ÷ pooled utilization, at the price per GPU-hour after its premium and compliance.
 */
export interface PlatformRows {
  /** The platform's cost of a useful GPU-hour by category at a market factor f. */
  at(id: StrategyId, f: Expr | number): Record<CostCategory, Expr>;
  /** The same at the demand's factor, from the sheet's rows. */
  average(id: StrategyId): Record<CostCategory, Expr>;
  /** Time + ops + failure at factor 0: the part of running cash that does not follow the market. */
  other0: Row;
  /** Compute and the other categories at factor 1 (today's prices). */
  compute1: Row;
  other1: Row;
}

/** A useful GPU-hour on the platform for one strategy's GPU model, at a market factor. */
interface PlatformUse {
  w: CostRows;
  x: CostInputs;
  id: StrategyId;
  f: Expr | number;
  ops: Row;
  failures: Row;
}

/** What the GPUs one job holds cost an hour: GPUs per job × the price per GPU-hour. */
const heldOf = ({ w, x, id, f }: PlatformUse): Expr =>
  mul(w.input('demand_gpusPerJob'), h(x.platformToday, id), f);

const PLATFORM: CategoryExprs<PlatformUse> = {
  /** 1 compute: GPU-hours billed × the price per GPU-hour. */
  compute: ({ w, x, id, f }) => mul(div(1, w.input('engine_platformEfficiency')), h(x.platformToday, id), f),
  /** 2 energy: included in the price. */
  energy: () => lit(0),
  /** 3 time: jobs × setup with preset images. */
  time: (u) => mul(h(u.x.jobsPerUsefulHere, u.id), setupPerJob(u)),
  /** 4 ops: a small fraction of owned staffing. */
  ops: ({ id, ops }) => h(ops, id),
  /** 5 failure: interruptions × cost per failure (automatic checkpoint and resume). */
  failure: (u) => mul(h(u.failures, u.id), costPerFailure(u)),
  /** 6 iteration risk: the platform's. */
  iteration: () => lit(0),
};

/** Setup per job: setup hours × (engineer rate + GPUs held); or the calibrated amount × f. */
function setupPerJob(u: PlatformUse): Expr {
  const { w, f } = u;
  const calibrated = w.input('calibration_platformSetupCnyPerJob');
  return iff(
    isNumber(calibrated),
    mul(calibrated, f),
    mul(w.input('operations_setupHoursPlatform'), add(w.input('operations_engineerCnyPerHour'), heldOf(u))),
  );
}

/**
 * Cost per failure with automatic recovery: the GPUs held for the lost progress plus detection and
 * restart, plus the engineer's hours; or the calibrated amount × f.
 */
function costPerFailure(u: PlatformUse): Expr {
  const { w, x, f } = u;
  const calibrated = w.input('calibration_platformCostPerFailureCny');
  return iff(
    isNumber(calibrated),
    mul(calibrated, f),
    add(
      mul(
        heldOf(u),
        add(
          x.lostHours,
          w.input('operations_detectHoursAutomatic'),
          w.input('operations_restartHoursAutomatic'),
        ),
      ),
      mul(w.input('operations_engineerHoursPerFailureAutomatic'), w.input('operations_engineerCnyPerHour')),
    ),
  );
}

/** The platform's section of the calculation sheet. */
export function platformRows(w: CostRows, x: CostInputs): PlatformRows {
  const pu = w.input('engine_platformEfficiency');
  w.section('platform');
  const failures = w.line(
    'platformFailures',
    'perGpuHour',
    (id) => failuresPerUseful(w, div(1, pu), h(x.jobsPerUsefulHere, id)),
    PER_GPU_HOUR,
  );
  const ops = w.line(
    'platformOps',
    'cnyPerGpuHour',
    () => serviceOpsPerUseful(w, w.input('operations_platformOpsFraction'), div(1, pu), x.engineerMonth),
    RATE,
  );
  const at = (id: StrategyId, f: Expr | number) => categoriesOf(PLATFORM, { w, x, id, f, ops, failures });
  const avg = {
    compute: w.line('platformComputeAvg', 'cnyPerGpuHour', (id) => at(id, x.demandFactor).compute, RATE),
    time: w.line('platformTimeAvg', 'cnyPerGpuHour', (id) => at(id, x.demandFactor).time, RATE),
    failure: w.line('platformFailureAvg', 'cnyPerGpuHour', (id) => at(id, x.demandFactor).failure, RATE),
  };
  const average = (id: StrategyId): Record<CostCategory, Expr> => ({
    compute: h(avg.compute, id),
    energy: lit(0),
    time: h(avg.time, id),
    ops: h(ops, id),
    failure: h(avg.failure, id),
    iteration: lit(0),
  });
  const other0 = w.line('platformOther0', 'cnyPerGpuHour', (id) => otherOf(at(id, 0)), RATE);
  const compute1 = w.line('platformCompute1', 'cnyPerGpuHour', (id) => at(id, 1).compute, RATE);
  const other1 = w.line('platformOther1', 'cnyPerGpuHour', (id) => otherOf(at(id, 1)), RATE);
  return { at, average, other0, compute1, other1 };
}
