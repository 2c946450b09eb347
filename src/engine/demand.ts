import { HOURS_PER_MONTH, NO_BASELINE_GPUS } from './constants';
import { datedDemand } from './horizon-demand';
import type { DemandStats, Scenario } from './types';

/** Linear-interpolated percentile (q in 0–1) of an already sorted array. */
export function percentileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const pos = (sorted.length - 1) * Math.min(1, Math.max(0, q));
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] ?? 0;
  const b = sorted[hi] ?? a;
  return a + (b - a) * (pos - lo);
}

/** Whole-server rounding of rented jobs: GPUs paid ÷ GPUs a job uses (1 when jobs fill servers). */
export function serverRoundingFactor(gpusPerJob: number, gpusPerServer: number): number {
  if (gpusPerJob <= 0 || gpusPerServer <= 0) return 1;
  return (Math.ceil(gpusPerJob / gpusPerServer) * gpusPerServer) / gpusPerJob;
}

/**
 * Useful GPU-hours per month.
 * - jobs mode (seed 000): jobs × hours × GPUs is the GPU time the jobs hold on whole rented servers,
 *   of which `rent.utilization` is useful work (20 × 24 × 8 × 50 % = 1,920).
 * - weekly mode: mean weekly useful GPUs × 730 h.
 * - plan mode: the horizon's useful GPU-hours ÷ its months — the plan's weeks once, recurring work
 *   every month, nothing after the horizon (horizon-demand.ts; docs/model.md §10).
 */
export function usefulGpuHoursPerMonth(s: Scenario): number {
  const d = s.demand;
  if (d.mode === 'jobs') return d.jobsPerMonth * d.hoursPerJob * d.gpusPerJob * s.rent.utilization;
  const dated = datedDemand(s);
  if (dated) return dated.usefulGpuHoursPerMonth;
  return mean(d.weeklyGpus) * HOURS_PER_MONTH;
}

/** Useful GPU-hours one job does: its held GPU-hours at siloed (rented-server) utilization. */
export function usefulGpuHoursPerJob(s: Scenario): number {
  return s.demand.hoursPerJob * s.demand.gpusPerJob * s.rent.utilization;
}

/** Jobs per month: given in jobs mode, derived from the curve and the job size in weekly mode. */
export function jobsPerMonth(s: Scenario): number {
  return s.demand.mode === 'jobs' ? s.demand.jobsPerMonth : jobsPerMonthAt(s, usefulGpuHoursPerMonth(s));
}

/** jobsPerMonth for a scenario whose useful GPU-hours a month are already known (the kernel's contexts). */
export function jobsPerMonthAt(s: Scenario, usefulGpuHoursPerMonth: number): number {
  if (s.demand.mode === 'jobs') return s.demand.jobsPerMonth;
  const perJob = usefulGpuHoursPerJob(s);
  return perJob > 0 ? usefulGpuHoursPerMonth / perJob : 0;
}

/** The weekly useful-GPU curve the strategies price; a job-form demand is one flat week. */
export function usefulCurve(s: Scenario): readonly number[] {
  if (s.demand.mode !== 'jobs') return s.demand.weeklyGpus;
  return [usefulGpuHoursPerMonth(s) / HOURS_PER_MONTH];
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return 0;
  let sum = 0;
  // Indexed, not for-of: the iterator was not optimised away and allocated per week on every draw.
  for (let i = 0; i < values.length; i++) sum += values[i] as number;
  return sum / values.length;
}

/** Owned capacity in GPUs after rounding up to whole servers. */
export function ownedCapacityGpus(gpus: number, gpusPerServer: number): number {
  if (gpus <= 0) return 0;
  return Math.ceil(gpus / gpusPerServer) * gpusPerServer;
}

/**
 * The own cluster's GPUs: the self-build capacity in whole servers, and never fewer than the servers
 * already owned (schema v16, existing-cluster.ts: they are kept, new servers added above them).
 */
export function ownClusterGpus(s: Scenario): number {
  const sized = ownedCapacityGpus(s.selfBuild.capacityGpus, s.selfBuild.gpusPerServer);
  const existing = s.existing;
  if (existing === null) return sized;
  return Math.max(sized, existing.servers * s.selfBuild.gpusPerServer);
}

/** Load rate (负载率) = mean useful demand ÷ self-built capacity (docs/model.md §1); 0 without capacity. */
export function loadRateOf(s: Scenario): number {
  const capacity = ownClusterGpus(s);
  if (capacity <= 0) return 0;
  // Demand is in reference GPU-hours; the own cluster's GPUs do `throughputRatio` of them an hour.
  return usefulGpuHoursPerMonth(s) / HOURS_PER_MONTH / ownThroughputRatio(s) / capacity;
}

/** Work one own-cluster GPU does per hour in reference GPU-hours (1 without hardware choices). */
export function ownThroughputRatio(s: Scenario): number {
  return s.hardware.selfBuild.throughputRatio;
}

/**
 * The scenario with its demand scaled, shape kept, so that the load rate equals `rate`
 * (docs/model.md §1: the load-rate slider scales the curve). A zero curve becomes flat at the target.
 */
export function scaleToLoadRate(s: Scenario, rate: number): Scenario {
  const capacity = ownClusterGpus(s);
  if (capacity <= 0) return s;
  // Target mean demand in reference GPUs: the own GPUs busy at `rate`, each doing `ratio` of the work.
  const targetMeanGpus = Math.max(0, rate) * capacity * ownThroughputRatio(s);
  const current = usefulGpuHoursPerMonth(s) / HOURS_PER_MONTH;
  const d = s.demand;
  if (d.mode === 'jobs') {
    const perJob = usefulGpuHoursPerJob(s);
    const jobs = perJob > 0 ? (targetMeanGpus * HOURS_PER_MONTH) / perJob : 0;
    return { ...s, demand: { ...d, jobsPerMonth: jobs } };
  }
  if (current <= 0) {
    const weeks = d.weeklyGpus.length;
    const flat = { ...s, demand: { ...d, weeklyGpus: new Array<number>(weeks).fill(targetMeanGpus) } };
    return withRecurringGpuHours(flat, targetMeanGpus * HOURS_PER_MONTH);
  }
  const factor = targetMeanGpus / current;
  const scaled = { ...s, demand: { ...d, weeklyGpus: d.weeklyGpus.map((g) => g * factor) } };
  if (d.mode !== 'plan') return scaled;
  return withRecurringGpuHours(scaled, s.trainingPlan.recurringGpuHoursPerMonth * factor);
}

/**
 * A plan's horizon holds recurring work after its weeks (horizon-demand.ts), so scaling its demand
 * scales that too; other demand forms do not read it.
 */
function withRecurringGpuHours(s: Scenario, gpuHoursPerMonth: number): Scenario {
  if (s.demand.mode !== 'plan') return s;
  return { ...s, trainingPlan: { ...s.trainingPlan, recurringGpuHoursPerMonth: gpuHoursPerMonth } };
}

/**
 * Baseline, peak, trough and load shape of the demand (seed 003 §5 step 1).
 * Baseline = 15th percentile, peak = 95th percentile of weekly demand.
 */
export function demandStats(s: Scenario): DemandStats {
  const curve = usefulCurve(s);
  const sorted = [...curve].sort((a, b) => a - b);
  // A plan's mean is over the horizon (its weeks once, then recurring work); its percentiles are its
  // own weeks', so a short run still sets the peak a cluster is sized to.
  const meanGpus = s.demand.mode === 'plan' ? usefulGpuHoursPerMonth(s) / HOURS_PER_MONTH : mean(curve);
  const baselineGpus = percentileSorted(sorted, 0.15);
  const peakGpus = percentileSorted(sorted, 0.95);
  return {
    weeks: s.demand.mode !== 'jobs' ? curve.length : 0,
    usefulGpuHoursPerMonth: usefulGpuHoursPerMonth(s),
    meanGpus,
    baselineGpus,
    peakGpus,
    maxGpus: sorted[sorted.length - 1] ?? 0,
    troughGpus: sorted[0] ?? 0,
    peakToBaseline: baselineGpus > NO_BASELINE_GPUS ? peakGpus / baselineGpus : null,
    shape: classifyShape(curve, baselineGpus, peakGpus, meanGpus),
    jobsPerMonth: jobsPerMonth(s),
  };
}

/**
 * A curve is steady when its peak (p95) is within this many times its baseline (p15): seed 003 §5
 * step 1's "基线高且平稳". The load shape below and the self-assessment's curve verdict
 * (self-assessment.ts) both read it from here.
 */
export const STEADY_PEAK_TO_BASELINE = 1.5;

/**
 * steady: peak within 1.5× of the baseline (STEADY_PEAK_TO_BASELINE); growth: the last quarter averages ≥ 1.5× the first and the
 * curve rises more often than it falls; pulse: everything else (campaigns and quiet weeks).
 */
function classifyShape(
  curve: readonly number[],
  baseline: number,
  peak: number,
  meanGpus: number,
): DemandStats['shape'] {
  if (meanGpus <= 0) return 'empty';
  if (baseline > NO_BASELINE_GPUS && peak / baseline <= STEADY_PEAK_TO_BASELINE) return 'steady';
  const quarter = Math.max(1, Math.floor(curve.length / 4));
  const first = mean(curve.slice(0, quarter));
  const last = mean(curve.slice(curve.length - quarter));
  if (curve.length >= 8 && last >= 1.5 * first) {
    let rises = 0;
    let falls = 0;
    for (let i = 1; i < curve.length; i++) {
      const delta = (curve[i] ?? 0) - (curve[i - 1] ?? 0);
      if (delta > 0) rises++;
      else if (delta < 0) falls++;
    }
    if (rises >= falls) return 'growth';
  }
  return 'pulse';
}
