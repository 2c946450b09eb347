import { HOURS_PER_MONTH, HOURS_PER_WEEK } from './constants';
import { planWeeklyCurve, runGpuHours } from './training-plan';
import type { Scenario } from './types';

/**
 * The training plan's GPU-hours as its total line shows them: the runs' (each on its own GPU model,
 * 6·N·D ÷ (peak × MFU), gpu-hours.ts) and the recurring work over the weeks the plan's curve spans
 * (its GPUs a month ÷ 730 h busy every hour, 168 h a week: the same recurring GPUs the curve adds to
 * every week, timeline.ts). A total of the runs alone left the recurring work out of a plan's size.
 */
export interface PlanTotal {
  runsGpuHours: number;
  recurringGpuHours: number;
  /** Weeks the plan's curve spans (to the end of its last run, at least the weekly form's minimum). */
  weeks: number;
  totalGpuHours: number;
}

export function planTotal(s: Pick<Scenario, 'trainingPlan' | 'hardware'>): PlanTotal {
  const plan = s.trainingPlan;
  const runsGpuHours = plan.runs.reduce((sum, run) => sum + runGpuHours(run), 0);
  const weeks = planWeeklyCurve(plan, s.hardware.referenceDenseTflopsPerGpu).length;
  const recurringGpus = Math.max(0, plan.recurringGpuHoursPerMonth) / HOURS_PER_MONTH;
  const recurringGpuHours = recurringGpus * HOURS_PER_WEEK * weeks;
  return { runsGpuHours, recurringGpuHours, weeks, totalGpuHours: runsGpuHours + recurringGpuHours };
}
