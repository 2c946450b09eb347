import { HOURS_PER_MONTH } from '../constants';
import type { PricingInputs } from './inputs';

/**
 * What a rented or platform part counts before its categories are priced: the useful work it does,
 * the GPU-hours it bills, the jobs that fall to it, and what a job's GPUs cost an hour there.
 */
export interface ServiceUse {
  x: PricingInputs;
  usefulGpuHours: number;
  billedGpuHours: number;
  /** Jobs that fall to this part: jobs are split over the parts pro rata to useful GPU-hours. */
  jobs: number;
  /** What the GPUs one job holds cost an hour (lost progress and setup are paid at this rate). */
  heldCnyPerHour: number;
  /** Interruptions a month: λ × GPU-hours billed + p_sw × jobs (docs/data-sources.md, the failure inputs). */
  failures: number;
}

export function jobsFor(x: PricingInputs, usefulGpuHours: number): number {
  return x.jobsPerUsefulGpuHour * usefulGpuHours;
}

export function failuresOf(x: PricingInputs, billedGpuHours: number, jobs: number): number {
  const ops = x.scenario.operations;
  return ops.hwInterruptionsPerGpuHour * billedGpuHours + ops.swFailureProbabilityPerJob * jobs;
}

/**
 * Engineers for rented or platform GPUs: a fraction of what the same GPUs would need owned by an
 * average team (docs/data-sources.md: one engineer per 200 GPUs). Not scaled by team level, which docs/model.md §2
 * reserves for the own cluster (§9: team capability never counts against owning). Proportional, no
 * floor, so the cost scales with GPU-hours (§7).
 */
export function serviceOpsCny(x: PricingInputs, billedGpuHours: number, fraction: number): number {
  const gpus = billedGpuHours / HOURS_PER_MONTH;
  return ((fraction * gpus) / x.scenario.operations.gpusPerEngineer) * x.engineerCnyPerMonth;
}
