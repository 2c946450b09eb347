import {
  ENERGY_RANGES,
  MEASURED_EFFICIENCY,
  type MeasuredEnergyApplied,
  type MeasuredOrigin,
  parameter,
  type Scenario,
  WEEKLY_CURVE_WEEKS,
  withMeasuredEnergy,
  withWeeklyCurve,
} from '../engine';
import { isoDay } from './cluster-log-time';
import type { ClusterLogEnergy, ClusterLogSummary } from './cluster-log-types';

/**
 * From a log's summary to what an import applies (docs/model.md §2: allocation efficiency = useful ÷ held
 * GPU-hours):
 * - Slurm: useful = the GPU-hours allocated to jobs; held = cluster GPUs × hours in the period. The
 *   log does not say how many GPUs the cluster has: by default the most GPUs allocated at one moment,
 *   rounded up to whole servers; the user confirms or corrects it (never below that peak, which the
 *   cluster evidently had).
 * - Telemetry: useful = Σ utilization × sample interval; held = GPUs seen × hours in the period.
 * The weekly curve is the GPUs doing work in each week (allocated, or busy), the demand in useful GPUs.
 */

/**
 * The log does not say how many GPUs the cluster has (Slurm accounting, OpenCost's CSV without idle
 * rows): the user confirms it.
 */
export function clusterSizeToConfirm(summary: ClusterLogSummary): boolean {
  return summary.gpusSeen === 0;
}

/**
 * The cluster size a log suggests: the GPUs it names, or else its peak allocation (at one moment, or
 * in its busiest day) in whole servers.
 */
export function defaultClusterGpus(summary: ClusterLogSummary, gpusPerServer: number): number {
  if (!clusterSizeToConfirm(summary)) return summary.gpusSeen;
  const perServer = Math.max(1, Math.round(gpusPerServer));
  return Math.ceil(summary.peakConcurrentGpus / perServer) * perServer;
}

/**
 * The fewest and most cluster GPUs a user may confirm for a log that does not name its size: at least
 * the most GPUs a Slurm log shows allocated at once (the cluster evidently had them).
 */
export function clusterGpusRange(summary: ClusterLogSummary): { min: number; max: number } {
  const { max } = parameter('selfBuild.capacityGpus');
  if (!clusterSizeToConfirm(summary)) return { min: summary.gpusSeen, max: summary.gpusSeen };
  // OpenCost's CSV counts each row as a whole day, so its busiest day is no floor for the size.
  if (summary.format === 'opencostCsv') return { min: 1, max };
  return { min: Math.max(1, Math.ceil(summary.peakConcurrentGpus)), max };
}

export interface MeasuredUsage {
  origin: Extract<MeasuredOrigin, 'schedulerLog' | 'telemetry'>;
  clusterGpus: number;
  usefulGpuHours: number;
  heldGpuHours: number;
  /** useful ÷ held as measured, before it is kept within the range a measured value may take. */
  measuredEfficiency: number;
  /** What is applied: the measured value within 5–95 %, to 0.01 % (a link need not carry 17 digits). */
  efficiency: number;
  /** The measured value lay outside 5–95 % and was kept at the nearest end. */
  clamped: 'low' | 'high' | null;
  weeks: number;
  /** Useful GPU-hours ÷ hours in the period. */
  meanGpus: number;
  peakWeekGpus: number;
  /** The weekly curve to apply, to 0.01 GPU; null when the log covers too few weeks for one. */
  weeklyGpus: number[] | null;
  /** First and last day of the period, YYYY-MM-DD. */
  fromDay: string;
  toDay: string;
  /**
   * The energy the log measured and its mean draw per GPU it covers (kWh ÷ GPU-hours = kW per GPU);
   * null when the log measured none, or over no GPU-hours.
   */
  energy: LogEnergy | null;
}

export interface LogEnergy extends ClusterLogEnergy {
  /** kwh ÷ coveredGpuHours: one GPU's mean draw (kW) over the hours measured (Slurm: its share of its nodes'). */
  kwPerGpu: number;
}

function logEnergy(energy: ClusterLogEnergy | undefined): LogEnergy | null {
  if (!energy || !(energy.coveredGpuHours > 0)) return null;
  return { ...energy, kwPerGpu: energy.kwh / energy.coveredGpuHours };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export function measuredUsage(summary: ClusterLogSummary, clusterGpus: number): MeasuredUsage {
  const heldGpuHours = clusterGpus * summary.periodHours;
  const measuredEfficiency = heldGpuHours > 0 ? summary.usefulGpuHours / heldGpuHours : 0;
  const kept = Math.min(MEASURED_EFFICIENCY.max, Math.max(MEASURED_EFFICIENCY.min, measuredEfficiency));
  const weeks = summary.weeklyGpus.length;
  return {
    origin: summary.format === 'nvidiaSmi' || summary.format === 'dcgm' ? 'telemetry' : 'schedulerLog',
    clusterGpus,
    usefulGpuHours: summary.usefulGpuHours,
    heldGpuHours,
    measuredEfficiency,
    efficiency: round(kept, 4),
    clamped:
      measuredEfficiency < MEASURED_EFFICIENCY.min
        ? 'low'
        : measuredEfficiency > MEASURED_EFFICIENCY.max
          ? 'high'
          : null,
    weeks,
    meanGpus: summary.periodHours > 0 ? summary.usefulGpuHours / summary.periodHours : 0,
    peakWeekGpus: summary.weeklyGpus.reduce((m, g) => Math.max(m, g), 0),
    weeklyGpus: weeks >= WEEKLY_CURVE_WEEKS.min ? summary.weeklyGpus.map((g) => round(g, 2)) : null,
    fromDay: isoDay(summary.periodStartMs),
    // The period's end is the first moment after it: its last day is the day before a midnight end.
    toDay: isoDay(Math.max(summary.periodStartMs, summary.periodEndMs - 1)),
    energy: logEnergy(summary.energy),
  };
}

/** Labels are at most 200 characters (schema); a long file name is cut to leave room for the period. */
export const LABEL_FILE_CHARS = 120;

/**
 * The scenario with the measured efficiency as the own cluster's and, when the log covers enough
 * weeks, the weekly curve as its demand; self-build is then sized to the curve's peak at the measured
 * efficiency (the efficiency is set first, so the engine's one sizing rule reads it), unless the user
 * sized it by hand: their size stays (engine `sizedToDemand`).
 */
export function withMeasuredUsage(s: Scenario, usage: MeasuredUsage, label: string): Scenario {
  const measured: Scenario = {
    ...s,
    measured: { ...s.measured, selfBuild: { value: usage.efficiency, origin: usage.origin, label } },
  };
  const curved = usage.weeklyGpus ? withWeeklyCurve(measured, usage.weeklyGpus, true) : measured;
  return measuredEnergyOf(curved, usage, label)?.scenario ?? curved;
}

/**
 * Why a log's measured energy cannot be kept: a draw per GPU no server has (`tooHigh`), or more kWh or
 * GPU-hours than a scenario holds (`tooLarge`); null when it can (or there is none).
 */
export function logEnergyRefusal(usage: MeasuredUsage): 'tooHigh' | 'tooLarge' | null {
  const e = usage.energy;
  if (e === null) return null;
  if (!(e.kwPerGpu <= ENERGY_RANGES.measuredKwPerGpu.max)) return 'tooHigh';
  if (
    !(
      e.kwh <= ENERGY_RANGES.measuredKwh.max && e.coveredGpuHours <= ENERGY_RANGES.measuredCoveredGpuHours.max
    )
  )
    return 'tooLarge';
  return null;
}

/**
 * What the log's measured energy does to the scenario (engine measured-energy.ts): null when the log
 * measured none or it cannot be kept (`logEnergyRefusal`; the file is then read for its usage only).
 */
export function measuredEnergyOf(
  s: Scenario,
  usage: MeasuredUsage,
  label: string,
): MeasuredEnergyApplied | null {
  const e = usage.energy;
  if (e === null || logEnergyRefusal(usage) !== null) return null;
  return withMeasuredEnergy(s, {
    origin: usage.origin,
    scope: e.scope,
    kwh: e.kwh,
    coveredGpuHours: e.coveredGpuHours,
    kwPerGpu: e.kwPerGpu,
    label,
  });
}
