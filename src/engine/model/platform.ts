import { breakdownOf, type CategoryFormulas } from './categories';
import type { PricingInputs } from './inputs';
import type { PartCost } from './part';
import { failuresOf, jobsFor, type ServiceUse, serviceOpsCny } from './service';

/**
 * The pooled platform, billed per GPU actually used (seed 000, 息壤智算的计费模型): GPU-hours billed =
 * useful ÷ pooled utilization, at the price per GPU-hour after its premium and compliance.
 */
export function platformPart(x: PricingInputs, usefulGpuHours: number): PartCost {
  const s = x.scenario;
  const billedGpuHours = usefulGpuHours / x.platformUtilization;
  const jobs = jobsFor(x, usefulGpuHours);
  const use: ServiceUse = {
    x,
    usefulGpuHours,
    billedGpuHours,
    jobs,
    heldCnyPerHour: s.demand.gpusPerJob * x.platformCnyPerGpuHour,
    failures: failuresOf(x, billedGpuHours, jobs),
  };
  return {
    breakdown: breakdownOf(PLATFORM, use),
    usefulGpuHours,
    billedGpuHours,
    capexCny: 0,
    nonCashCny: 0,
    leadTimeCny: 0,
    failures: use.failures,
  };
}

const PLATFORM: CategoryFormulas<ServiceUse> = {
  /** 1 compute: GPU-hours billed × the price per GPU-hour. */
  compute: ({ x, billedGpuHours }) => billedGpuHours * x.platformCnyPerGpuHour,
  /** 2 energy: included in the price. */
  energy: () => 0,
  /** 3 time: jobs × setup with preset images (≈ 15 min). */
  time: (use) => use.jobs * platformSetupCnyPerJob(use),
  /** 4 ops: a small fraction of owned staffing. */
  ops: ({ x, billedGpuHours }) => serviceOpsCny(x, billedGpuHours, x.scenario.operations.platformOpsFraction),
  /** 5 failure: interruptions × cost per failure (automatic checkpoint and resume). */
  failure: (use) => use.failures * platformCostPerFailureCny(use),
  /** 6 iteration risk: the platform's. */
  iteration: () => 0,
};

/** Setup per job: setup hours × (engineer rate + GPUs held); or the calibrated amount (docs/model.md §6). */
function platformSetupCnyPerJob({ x, heldCnyPerHour }: ServiceUse): number {
  const s = x.scenario;
  const ops = s.operations;
  if (s.calibration.platformSetupCnyPerJob !== null)
    return s.calibration.platformSetupCnyPerJob * x.marketFactor;
  return ops.setupHoursPlatform * (ops.engineerCnyPerHour + heldCnyPerHour);
}

/**
 * Cost per failure with automatic recovery: the GPUs held for the lost progress plus minutes of
 * detection and restart, plus the engineer's hours; or the calibrated amount.
 */
function platformCostPerFailureCny({ x, heldCnyPerHour }: ServiceUse): number {
  const s = x.scenario;
  const ops = s.operations;
  if (s.calibration.platformCostPerFailureCny !== null)
    return s.calibration.platformCostPerFailureCny * x.marketFactor;
  return (
    heldCnyPerHour * (x.lostHoursPerFailure + ops.detectHoursAutomatic + ops.restartHoursAutomatic) +
    ops.engineerHoursPerFailureAutomatic * ops.engineerCnyPerHour
  );
}
