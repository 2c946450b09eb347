import { HOURS_PER_MONTH, HOURS_PER_WEEK } from '../constants';
import { PLAN_LIMITS } from './defaults';
import { runGpus, runReferenceGpuHours, runThroughputRatio } from './gpu-hours';
import type { TrainingPlanInput } from './types';

/**
 * What one way of getting GPUs can give the plan, in useful GPUs of the reference model: `laterGpus`
 * from `fromTime` (weeks from 0: an own cluster after its build lead time), `earlyGpus` before.
 */
export interface CapacityProfile {
  earlyGpus: number;
  laterGpus: number;
  fromTime: number;
  /** Reference GPU-hours one of this way's GPUs does per hour (its throughput ratio). */
  throughputRatio: number;
  /**
   * Reference GPUs fewer than the profile in a week (1-based), or absent: commitments sized quarter by
   * quarter hold less than their whole band in some weeks (ladder/deadlines.ts).
   */
  shortfallAt?: (week: number) => number;
}

/** The failure model's wall-clock cost (docs/model.md, failures): interruptions × hours each loses. */
export interface FailureStretch {
  interruptionsPerGpuHour: number;
  /** Progress lost since the last checkpoint plus detection and restart, per interruption. */
  hoursLostPerInterruption: number;
}

export interface RunFinish {
  /** The week the run finishes in (1-based), or null when it never does within ten years. */
  finishWeek: number | null;
  /** Weeks after its deadline (0 on time), null without a deadline or when it never finishes. */
  slipWeeks: number | null;
  onTime: boolean;
}

function capacityAt(c: CapacityProfile, week: number): number {
  const less = c.shortfallAt ? c.shortfallAt(week) : 0;
  // A lead time ending inside the week gives the later capacity for that part of the week.
  const t0 = week - 1;
  if (t0 + 1 <= c.fromTime) return Math.max(0, c.earlyGpus - less);
  if (t0 >= c.fromTime) return Math.max(0, c.laterGpus - less);
  const share = t0 + 1 - c.fromTime;
  return Math.max(0, c.earlyGpus * (1 - share) + c.laterGpus * share - less);
}

/**
 * Follows the plan week by week on one way of getting GPUs: recurring work takes its GPUs first,
 * then runs that have started, earliest deadline first (then earliest start), each up to the GPUs it
 * was planned on. A synchronous job on g GPUs is interrupted g × rate times an hour, and each
 * interruption costs its lost progress and restart in wall-clock time, so a week on g GPUs does
 * 168 ÷ (1 + g · rate · hours lost) hours of work (Meta, "Revisiting Reliability in Large-Scale ML
 * Research Clusters", 2025: effective training time ≈ 0.9 on large jobs).
 */
export function scheduleOn(
  plan: TrainingPlanInput,
  referenceDenseTflopsPerGpu: number,
  capacity: CapacityProfile,
  failures: FailureStretch,
): RunFinish[] {
  const runs = plan.runs;
  const remaining = runs.map((r) => runReferenceGpuHours(r, referenceDenseTflopsPerGpu));
  const wantGpus = runs.map((r) => runGpus(r) * runThroughputRatio(r, referenceDenseTflopsPerGpu));
  const finishTime: (number | null)[] = runs.map(() => null);
  const order = runs
    .map((r, i) => ({ i, deadline: r.deadlineWeek ?? Number.POSITIVE_INFINITY, start: r.startWeek }))
    .sort((a, b) => a.deadline - b.deadline || a.start - b.start || a.i - b.i)
    .map((o) => o.i);
  const recurringGpus = plan.recurringGpuHoursPerMonth / HOURS_PER_MONTH;
  const ratio = capacity.throughputRatio > 0 ? capacity.throughputRatio : 1;
  let open = runs.length;
  for (let i = 0; i < runs.length; i++) {
    if ((remaining[i] as number) <= 0) {
      finishTime[i] = runs[i]!.startWeek - 1;
      open--;
    }
  }
  for (let week = 1; week <= PLAN_LIMITS.scheduleWeeks && open > 0; week++) {
    let free = Math.max(0, capacityAt(capacity, week) - recurringGpus);
    for (const i of order) {
      if (finishTime[i] !== null || runs[i]!.startWeek > week || free <= 0) continue;
      const gpus = Math.min(free, wantGpus[i] as number);
      if (gpus <= 0) continue;
      free -= gpus;
      const stretch =
        1 + (gpus / ratio) * failures.interruptionsPerGpuHour * failures.hoursLostPerInterruption;
      const workPerWeek = (gpus * HOURS_PER_WEEK) / stretch;
      const left = remaining[i] as number;
      if (workPerWeek >= left) {
        finishTime[i] = week - 1 + left / workPerWeek;
        remaining[i] = 0;
        open--;
      } else {
        remaining[i] = left - workPerWeek;
      }
    }
  }
  return runs.map((run, i) => {
    const t = finishTime[i];
    const finishWeek = t === null || t === undefined ? null : Math.max(run.startWeek, Math.ceil(t - 1e-9));
    const slipWeeks =
      run.deadlineWeek === null || finishWeek === null ? null : Math.max(0, finishWeek - run.deadlineWeek);
    const onTime = finishWeek !== null && (run.deadlineWeek === null || finishWeek <= run.deadlineWeek);
    return { finishWeek, slipWeeks, onTime };
  });
}
