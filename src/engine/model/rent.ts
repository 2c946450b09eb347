import { serverRoundingFactor } from '../demand';
import { breakdownOf, type CategoryFormulas } from './categories';
import type { PricingInputs } from './inputs';
import type { PartCost } from './part';
import { failuresOf, jobsFor, type ServiceUse, serviceOpsCny } from './service';

/**
 * Whole GPU servers rented by the hour (seed 000, 租GPU模式): held while jobs run, billed whole.
 *
 * GPU-hours billed = useful ÷ rental utilization × whole-server rounding (a 4-GPU job still pays for
 * an 8-GPU server). Hand-done hours are the defaults' average; team level scales only an own
 * cluster's (docs/model.md §2 and §9: team capability never counts against owning).
 */
export function rentPart(x: PricingInputs, usefulGpuHours: number): PartCost {
  const s = x.scenario;
  const rounding = serverRoundingFactor(s.demand.gpusPerJob, s.rent.gpusPerServer);
  const billedGpuHours = (usefulGpuHours / x.rentUtilization) * rounding;
  const jobs = jobsFor(x, usefulGpuHours);
  const serversPerJob = Math.ceil(s.demand.gpusPerJob / s.rent.gpusPerServer);
  const use: ServiceUse = {
    x,
    usefulGpuHours,
    billedGpuHours,
    jobs,
    heldCnyPerHour: serversPerJob * x.rentCnyPerServerHour,
    failures: failuresOf(x, billedGpuHours, jobs),
  };
  return {
    breakdown: breakdownOf(RENT, use),
    usefulGpuHours,
    billedGpuHours,
    capexCny: 0,
    nonCashCny: 0,
    leadTimeCny: 0,
    failures: use.failures,
  };
}

const RENT: CategoryFormulas<ServiceUse> = {
  /** 1 compute: server-hours billed × the price per server-hour. */
  compute: ({ x, billedGpuHours }) =>
    (billedGpuHours / x.scenario.rent.gpusPerServer) * x.rentCnyPerServerHour,
  /** 2 energy: included in the rental price. */
  energy: () => 0,
  /** 3 time: jobs × setup cost per job (manual environment setup on bare servers, seed 000: ≈ 2 h). */
  time: (use) => use.jobs * rentSetupCnyPerJob(use),
  /** 4 ops: a fraction of the staffing the same GPUs would need owned. */
  ops: ({ x, billedGpuHours }) => serviceOpsCny(x, billedGpuHours, x.scenario.operations.rentOpsFraction),
  /** 5 failure: interruptions × cost per failure (manual recovery). */
  failure: (use) => use.failures * rentCostPerFailureCny(use),
  /** 6 iteration risk: the provider's. */
  iteration: () => 0,
};

/**
 * Setup per job: hand-done setup hours × (engineer rate + the servers held meanwhile); or the
 * calibrated amount per job, which follows the market path like the bills (docs/model.md §6).
 */
function rentSetupCnyPerJob({ x, heldCnyPerHour }: ServiceUse): number {
  const s = x.scenario;
  const ops = s.operations;
  if (s.calibration.rentSetupCnyPerJob !== null) return s.calibration.rentSetupCnyPerJob * x.marketFactor;
  return ops.setupHoursRent * (ops.engineerCnyPerHour + heldCnyPerHour);
}

/**
 * Cost per failure with manual recovery (docs/data-sources.md, the failure inputs): the servers held for the progress
 * lost since the last checkpoint plus manual detection and restart, plus the engineer's hours; or
 * the calibrated amount.
 */
function rentCostPerFailureCny({ x, heldCnyPerHour }: ServiceUse): number {
  const s = x.scenario;
  const ops = s.operations;
  if (s.calibration.rentCostPerFailureCny !== null)
    return s.calibration.rentCostPerFailureCny * x.marketFactor;
  return (
    heldCnyPerHour * (x.lostHoursPerFailure + ops.detectHoursManual + ops.restartHoursManual) +
    ops.engineerHoursPerFailureManual * ops.engineerCnyPerHour
  );
}
