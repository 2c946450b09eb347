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
  RATIO,
  type Row,
} from './rows';
import { failuresPerUseful, serviceOpsPerUseful } from './service';

/**
 * Whole rented servers per useful GPU-hour (src/engine/model/rent.ts), held while jobs run, billed
 * whole: GPU-hours billed = useful ÷ rental utilization × whole-server rounding.
 */
export interface RentRows {
  /** GPU-hours billed per useful GPU-hour (whole-server rounding ÷ rental utilization). */
  billed: Row;
  /** Rent's cost of a useful GPU-hour by category at the demand's factor, from the sheet's rows. */
  average(id: StrategyId): Record<CostCategory, Expr>;
  /** Time + ops + failure at factor 0 (for rent and the baselines' lead-time rental). */
  other0: Row;
  /** Compute and the other categories at factor 1 (today's prices). */
  compute1: Row;
  other1: Row;
}

/** A useful GPU-hour on rented servers for one strategy's GPU model, at a market factor. */
interface RentUse {
  w: CostRows;
  x: CostInputs;
  id: StrategyId;
  f: Expr | number;
  billed: Row;
  ops: Row;
  failures: Row;
}

/** What the servers one job holds cost an hour: servers per job × the price per server-hour. */
const heldOf = ({ x, id, f }: RentUse): Expr => mul(x.serversPerJob, h(x.rentToday, id), f);

const RENT: CategoryExprs<RentUse> = {
  /** 1 compute: server-hours billed × the price per server-hour. */
  compute: ({ w, x, id, f, billed }) =>
    mul(div(h(billed, id), w.input('rent_gpusPerServer')), h(x.rentToday, id), f),
  /** 2 energy: included in the rental price. */
  energy: () => lit(0),
  /** 3 time: jobs × setup cost per job (manual environment setup on bare servers). */
  time: (u) => mul(h(u.x.jobsPerUsefulHere, u.id), setupPerJob(u)),
  /** 4 ops: a fraction of the staffing the same GPUs would need owned. */
  ops: ({ id, ops }) => h(ops, id),
  /** 5 failure: interruptions × cost per failure (manual recovery). */
  failure: (u) => mul(h(u.failures, u.id), costPerFailure(u)),
  /** 6 iteration risk: the provider's. */
  iteration: () => lit(0),
};

/** Setup per job: hand-done hours × (engineer rate + servers held); or the calibrated amount × f. */
function setupPerJob(u: RentUse): Expr {
  const { w, f } = u;
  const calibrated = w.input('calibration_rentSetupCnyPerJob');
  return iff(
    isNumber(calibrated),
    mul(calibrated, f),
    // Model v3: rented servers' hand-done hours are the average team's (not scaled by level).
    mul(w.input('operations_setupHoursRent'), add(w.input('operations_engineerCnyPerHour'), heldOf(u))),
  );
}

/**
 * Cost per failure with manual recovery: the servers held for the lost progress plus manual
 * detection and restart, plus the engineer's hours; or the calibrated amount × f.
 */
function costPerFailure(u: RentUse): Expr {
  const { w, x, f } = u;
  const calibrated = w.input('calibration_rentCostPerFailureCny');
  return iff(
    isNumber(calibrated),
    mul(calibrated, f),
    add(
      mul(
        heldOf(u),
        add(
          x.lostHours,
          add(w.input('operations_detectHoursManual'), w.input('operations_restartHoursManual')),
        ),
      ),
      mul(w.input('operations_engineerHoursPerFailureManual'), w.input('operations_engineerCnyPerHour')),
    ),
  );
}

/** Rent's section of the calculation sheet (the baselines rent the same way while they are built). */
export function rentRows(w: CostRows, x: CostInputs): RentRows {
  w.section('rent');
  const billed = w.line(
    'rentBilled',
    'ratio',
    () => div(x.rounding, w.input('engine_rentEfficiency')),
    RATIO,
  );
  const failures = w.line(
    'rentFailures',
    'perGpuHour',
    (id) => failuresPerUseful(w, h(billed, id), h(x.jobsPerUsefulHere, id)),
    PER_GPU_HOUR,
  );
  const ops = w.line(
    'rentOps',
    'cnyPerGpuHour',
    (id) => serviceOpsPerUseful(w, w.input('operations_rentOpsFraction'), h(billed, id), x.engineerMonth),
    RATE,
  );
  const at = (id: StrategyId, f: Expr | number) => categoriesOf(RENT, { w, x, id, f, billed, ops, failures });
  // Rent's own bills at the demand's factor; the rows at 0 and 1 also price the baselines' lead time.
  const onlyRent = (id: StrategyId) => id === 'rent';
  const rents = (id: StrategyId) => id !== 'platform';
  const avg = {
    compute: w.line(
      'rentComputeAvg',
      'cnyPerGpuHour',
      (id) => (onlyRent(id) ? at(id, x.demandFactor).compute : null),
      RATE,
    ),
    time: w.line(
      'rentTimeAvg',
      'cnyPerGpuHour',
      (id) => (onlyRent(id) ? at(id, x.demandFactor).time : null),
      RATE,
    ),
    failure: w.line(
      'rentFailureAvg',
      'cnyPerGpuHour',
      (id) => (onlyRent(id) ? at(id, x.demandFactor).failure : null),
      RATE,
    ),
  };
  const average = (id: StrategyId): Record<CostCategory, Expr> => ({
    compute: h(avg.compute, id),
    energy: lit(0),
    time: h(avg.time, id),
    ops: h(ops, id),
    failure: h(avg.failure, id),
    iteration: lit(0),
  });
  const other0 = w.line('rentOther0', 'cnyPerGpuHour', (id) => (rents(id) ? otherOf(at(id, 0)) : null), RATE);
  const compute1 = w.line(
    'rentCompute1',
    'cnyPerGpuHour',
    (id) => (rents(id) ? at(id, 1).compute : null),
    RATE,
  );
  const other1 = w.line('rentOther1', 'cnyPerGpuHour', (id) => (rents(id) ? otherOf(at(id, 1)) : null), RATE);
  return { billed, average, other0, compute1, other1 };
}
