import { sizedToDemand } from './cluster-sizing';
import { HOURS_PER_MONTH } from './constants';
import { jobsPerMonth, usefulGpuHoursPerMonth } from './demand';
import { WEEKLY_CURVE_WEEKS } from './parameters';
import { withPlanCurve } from './training-plan/plan';
import type { Scenario } from './types';

/** Weeks of the flat curve created when a job-form demand switches to the weekly form (one year). */
export const DEFAULT_FLAT_WEEKS = 52;

/**
 * The flat weekly curve a job-form demand implies: its mean useful GPUs (useful GPU-hours ÷ 730 h)
 * in every week of a year. The same demand, so every cost stays what the job form gave.
 */
export function impliedFlatCurve(s: Scenario): number[] {
  const meanGpus = usefulGpuHoursPerMonth(s) / HOURS_PER_MONTH;
  return new Array<number>(DEFAULT_FLAT_WEEKS).fill(meanGpus);
}

/**
 * Switching the demand form keeps the demand (the jobs ↔ weekly conversion): jobs → a flat weekly
 * curve at the same mean useful GPUs (a curve already kept from before is reused); weekly → the job
 * count the curve and the job size imply (demand.ts `jobsPerMonth`); plan → the weekly curve it made.
 */
export function switchDemandMode(s: Scenario, mode: Scenario['demand']['mode']): Scenario {
  if (mode === s.demand.mode) return s;
  // To the plan: its curve becomes the demand. From the plan: its curve is kept, editable by hand.
  if (mode === 'plan') return withPlanCurve({ ...s, demand: { ...s.demand, mode } });
  if (mode === 'jobs') return { ...s, demand: { ...s.demand, mode, jobsPerMonth: jobsPerMonth(s) } };
  const d = s.demand;
  const weeklyGpus = d.weeklyGpus.length >= WEEKLY_CURVE_WEEKS.min ? d.weeklyGpus : impliedFlatCurve(s);
  return { ...s, demand: { ...d, mode, weeklyGpus } };
}

/**
 * The user switching the demand form: the demand converts (`switchDemandMode`) and, being a new
 * description of the work, sizes self-build by the one rule unless the user sized it by hand
 * (cluster-sizing.ts `sizedToDemand`, issue 44). The same form is no change.
 */
export function switchDemandForm(s: Scenario, mode: Scenario['demand']['mode']): Scenario {
  return mode === s.demand.mode ? s : sizedToDemand(switchDemandMode(s, mode));
}
