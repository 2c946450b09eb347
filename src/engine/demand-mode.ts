import { HOURS_PER_MONTH } from './constants';
import { jobsPerMonth, usefulGpuHoursPerMonth } from './demand';
import { WEEKLY_CURVE_WEEKS } from './parameters';
import type { Scenario } from './types';

/** Weeks of the flat curve created when a job-form demand switches to the weekly form (one year). */
export const DEFAULT_FLAT_WEEKS = 52;

/**
 * Switching the demand form keeps the demand (the jobs ↔ weekly conversion): jobs → a flat weekly
 * curve at the same mean useful GPUs (a curve already kept from before is reused); weekly → the job
 * count the curve and the job size imply (demand.ts `jobsPerMonth`).
 */
export function switchDemandMode(s: Scenario, mode: Scenario['demand']['mode']): Scenario {
  if (mode === s.demand.mode) return s;
  if (mode === 'jobs') return { ...s, demand: { ...s.demand, mode, jobsPerMonth: jobsPerMonth(s) } };
  const d = s.demand;
  const meanGpus = usefulGpuHoursPerMonth(s) / HOURS_PER_MONTH;
  const weeklyGpus =
    d.weeklyGpus.length >= WEEKLY_CURVE_WEEKS.min
      ? d.weeklyGpus
      : new Array<number>(DEFAULT_FLAT_WEEKS).fill(meanGpus);
  return { ...s, demand: { ...d, mode, weeklyGpus } };
}
