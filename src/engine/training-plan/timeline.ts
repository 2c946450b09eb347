import { HOURS_PER_MONTH } from '../constants';
import { WEEKLY_CURVE_WEEKS } from '../parameters';
import { PLAN_LIMITS } from './defaults';
import { runDurationWeeks, runGpus, runThroughputRatio } from './gpu-hours';
import type { TrainingPlanInput } from './types';

/** One run laid on the timeline as planned: a band from `startTime` to `endTime` (in weeks, from 0). */
export interface RunBand {
  index: number;
  name: string;
  startTime: number;
  endTime: number;
  /** Useful GPUs of the reference model the run keeps busy while it runs. */
  referenceGpus: number;
}

export function planBands(plan: TrainingPlanInput, referenceDenseTflopsPerGpu: number): RunBand[] {
  return plan.runs.map((run, index) => {
    const startTime = run.startWeek - 1;
    return {
      index,
      name: run.name,
      startTime,
      endTime: startTime + runDurationWeeks(run),
      referenceGpus: runGpus(run) * runThroughputRatio(run, referenceDenseTflopsPerGpu),
    };
  });
}

/** Weeks the plan's curve spans: to the end of its last run, at least the weekly form's minimum. */
export function planWeeks(bands: readonly RunBand[]): number {
  let end = 0;
  for (const b of bands) if (Number.isFinite(b.endTime)) end = Math.max(end, Math.ceil(b.endTime - 1e-9));
  return Math.min(PLAN_LIMITS.maxWeeks, Math.max(WEEKLY_CURVE_WEEKS.min, end));
}

/**
 * The weekly demand curve a plan produces: per week, the useful reference GPUs of the runs in it
 * (a run covering part of a week counts for that part) plus the recurring work's mean GPUs
 * (GPU-hours a month ÷ 730). The same kind of curve the weekly form prices, so a plan and its curve
 * cost the same (test/engine/training-plan-prices.test.ts).
 */
export function planWeeklyCurve(plan: TrainingPlanInput, referenceDenseTflopsPerGpu: number): number[] {
  const bands = planBands(plan, referenceDenseTflopsPerGpu);
  const weeks = planWeeks(bands);
  const recurringGpus = plan.recurringGpuHoursPerMonth / HOURS_PER_MONTH;
  const curve = new Array<number>(weeks).fill(recurringGpus);
  for (const b of bands) {
    if (!(b.endTime > b.startTime) || b.referenceGpus <= 0) continue;
    const last = Math.min(weeks, Math.ceil(b.endTime));
    for (let w = Math.max(0, Math.floor(b.startTime)); w < last; w++) {
      const overlap = Math.min(w + 1, b.endTime) - Math.max(w, b.startTime);
      if (overlap > 0) curve[w] = (curve[w] as number) + b.referenceGpus * overlap;
    }
  }
  return curve;
}

/** The first week of a plan's curve above a limit, and what puts GPUs in it. */
export interface PlanWeekAboveLimit {
  /** 1-based, as the plan's weeks are numbered. */
  week: number;
  /** That week's useful reference GPUs. */
  gpus: number;
  /** Recurring work adds GPUs to that week (it adds to every week). */
  recurring: boolean;
  /**
   * Runs with GPUs in that week (their indexes); empty when the recurring work alone is above the
   * limit, since then no run can bring the week within it.
   */
  runs: number[];
}

/**
 * The first week in which the plan's curve (planWeeklyCurve) holds more GPUs than `limitGpus`, or null.
 * The scenario schema refuses such a plan at the fields that fill that week — the recurring work and
 * the runs in it — because the curve itself is never typed: naming its week would blame a value the
 * person never entered.
 */
export function planWeekAboveLimit(
  plan: TrainingPlanInput,
  referenceDenseTflopsPerGpu: number,
  limitGpus: number,
): PlanWeekAboveLimit | null {
  const curve = planWeeklyCurve(plan, referenceDenseTflopsPerGpu);
  const w = curve.findIndex((gpus) => gpus > limitGpus);
  if (w < 0) return null;
  const recurringGpus = plan.recurringGpuHoursPerMonth / HOURS_PER_MONTH;
  const runs =
    recurringGpus > limitGpus
      ? []
      : planBands(plan, referenceDenseTflopsPerGpu)
          .filter((b) => b.referenceGpus > 0 && b.startTime < w + 1 && b.endTime > w)
          .map((b) => b.index);
  return { week: w + 1, gpus: curve[w] as number, recurring: recurringGpus > 0, runs };
}
