import { HOURS_PER_MONTH } from './constants';
import {
  ownClusterGpus,
  ownedCapacityGpus,
  ownThroughputRatio,
  scaleToLoadRate,
  usefulGpuHoursPerJob,
  usefulGpuHoursPerMonth,
} from './demand';
import { parameter, WEEKLY_GPUS_MAX } from './parameters';
import type { Scenario } from './types';

/** Which allowed maximum stopped the load-rate scaling (null: the requested rate was reached). */
export type LoadRateLimit = 'jobsPerMonth' | 'weeklyGpus' | null;

export interface ScaledLoadRate {
  scenario: Scenario;
  /** The load rate asked for (negative rates count as 0). */
  requestedRate: number;
  /** The load rate reached: below the requested one when an input would leave its allowed range. */
  appliedRate: number;
  limit: LoadRateLimit;
}

/**
 * The highest load rate the demand can be scaled to with every demand input inside its allowed range
 * (PARAMETERS, the same table the scenario schema reads): jobs a month at most the jobs input's
 * maximum, every week at most WEEKLY_GPUS_MAX. Infinity when nothing bounds it.
 */
export function maxLoadRate(s: Scenario): number {
  const capacity = ownClusterGpus(s);
  if (capacity <= 0) return Number.POSITIVE_INFINITY;
  const d = s.demand;
  if (d.mode === 'jobs') {
    const perJob = usefulGpuHoursPerJob(s);
    if (perJob <= 0) return Number.POSITIVE_INFINITY;
    const maxJobs = parameter('demand.jobsPerMonth').max;
    return (maxJobs * perJob) / HOURS_PER_MONTH / ownThroughputRatio(s) / capacity;
  }
  const meanGpus = usefulGpuHoursPerMonth(s) / HOURS_PER_MONTH;
  let peak = 0;
  for (const g of d.weeklyGpus) if (g > peak) peak = g;
  // A zero curve scales to a flat one: its mean may then reach the weekly maximum.
  if (meanGpus <= 0 || peak <= 0) return WEEKLY_GPUS_MAX / ownThroughputRatio(s) / capacity;
  return ((WEEKLY_GPUS_MAX / peak) * meanGpus) / ownThroughputRatio(s) / capacity;
}

/**
 * The load-rate slider's scaling (demand.ts `scaleToLoadRate`, shape kept), stopped at the highest rate
 * the inputs allow, and saying so. The result is always within the allowed ranges, so the scenario
 * schema accepts it and the share link reopens.
 */
export function scaleToLoadRateWithinLimits(s: Scenario, rate: number): ScaledLoadRate {
  const requestedRate = Math.max(0, rate);
  if (s.demand.mode === 'plan') return sizeClusterToRate(s, requestedRate);
  const ceiling = maxLoadRate(s);
  if (requestedRate <= ceiling) {
    return {
      scenario: scaleToLoadRate(s, requestedRate),
      requestedRate,
      appliedRate: requestedRate,
      limit: null,
    };
  }
  const scaled = clampDemand(scaleToLoadRate(s, ceiling));
  return {
    scenario: scaled,
    requestedRate,
    appliedRate: ceiling,
    limit: s.demand.mode === 'jobs' ? 'jobsPerMonth' : 'weeklyGpus',
  };
}

/** Floating-point rounding at the ceiling may land a hair above a maximum; pin it to the maximum. */
function clampDemand(s: Scenario): Scenario {
  const d = s.demand;
  if (d.mode === 'jobs') {
    const maxJobs = parameter('demand.jobsPerMonth').max;
    return { ...s, demand: { ...d, jobsPerMonth: Math.min(maxJobs, d.jobsPerMonth) } };
  }
  return { ...s, demand: { ...d, weeklyGpus: d.weeklyGpus.map((g) => Math.min(WEEKLY_GPUS_MAX, g)) } };
}

/**
 * A training plan's demand is what its runs need (training-plan/), so the load-rate slider cannot
 * scale it: it sizes the own cluster instead, in whole servers, to the nearest size at which the
 * plan's mean demand is that share of it (within the cluster size's allowed range).
 */
function sizeClusterToRate(s: Scenario, requestedRate: number): ScaledLoadRate {
  const sb = s.selfBuild;
  const range = parameter('selfBuild.capacityGpus');
  const meanGpus = usefulGpuHoursPerMonth(s) / HOURS_PER_MONTH / ownThroughputRatio(s);
  const wanted = requestedRate > 0 ? meanGpus / requestedRate : range.max;
  const servers = Math.max(1, Math.round(wanted / sb.gpusPerServer));
  const capacityGpus = Math.min(range.max, Math.max(range.min, servers * sb.gpusPerServer));
  // A size chosen on the slider is the user's: new demand keeps it (cluster-sizing.ts sizedToDemand).
  const scenario: Scenario = { ...s, selfBuild: { ...sb, capacityGpus, capacitySizedBy: 'user' } };
  const capacity = ownedCapacityGpus(capacityGpus, sb.gpusPerServer);
  const appliedRate = capacity > 0 ? meanGpus / capacity : 0;
  return { scenario, requestedRate, appliedRate, limit: null };
}
