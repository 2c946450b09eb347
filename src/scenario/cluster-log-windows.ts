import { MS_PER_HOUR } from './cluster-log-time';
import { type ClusterLogSummary, emptyNotes } from './cluster-log-types';
import { addGpuHoursByWeek, periodHours, weekAnchorMs, weekCount, weeklyGpusFrom } from './cluster-log-weeks';

/**
 * A period an aggregate report covers (an sreport report, an OpenCost step window): the GPU-hours
 * allocated in it and the GPU-hours the cluster held in it (sreport's reported, OpenCost's allocated
 * and idle).
 */
export interface UsageWindow {
  startMs: number;
  endMs: number;
  allocatedGpuHours: number;
  heldGpuHours: number;
}

/**
 * The summary of reports by period: each window's allocated GPU-hours spread evenly over it and summed
 * into the log's weeks; useful = Σ allocated; the cluster's GPUs = Σ held ÷ the windows' hours, in
 * whole GPUs (at least one) — or 0, the size unknown, when the report has no idle or reported
 * GPU-hours (`clusterKnown` false: OpenCost's CSV export) and the user confirms it; the busiest window's
 * average allocation as the peak. `windows` is not empty.
 */
export function windowsSummary(
  format: Extract<ClusterLogSummary['format'], 'sreport' | 'opencost' | 'opencostCsv'>,
  sourceColumn: string,
  windows: readonly UsageWindow[],
  records: number,
  clusterKnown = true,
): ClusterLogSummary {
  // A loop, not Math.min(...): a CSV of many days has too many windows to spread into arguments.
  const period = { startMs: Number.POSITIVE_INFINITY, endMs: Number.NEGATIVE_INFINITY };
  for (const w of windows) {
    if (w.startMs < period.startMs) period.startMs = w.startMs;
    if (w.endMs > period.endMs) period.endMs = w.endMs;
  }
  const anchor = weekAnchorMs(period);
  const weekGpuHours = new Float64Array(weekCount(period));
  let useful = 0;
  let held = 0;
  let windowHours = 0;
  let busiest = 0;
  for (const w of windows) {
    const hours = (w.endMs - w.startMs) / MS_PER_HOUR;
    addGpuHoursByWeek(weekGpuHours, anchor, w.startMs, w.endMs, w.allocatedGpuHours / hours);
    useful += w.allocatedGpuHours;
    held += w.heldGpuHours;
    windowHours += hours;
    busiest = Math.max(busiest, w.allocatedGpuHours / hours);
  }
  return {
    format,
    sourceColumn,
    periodStartMs: period.startMs,
    periodEndMs: period.endMs,
    periodHours: periodHours(period),
    weeklyGpus: weeklyGpusFrom(period, weekGpuHours),
    usefulGpuHours: useful,
    peakConcurrentGpus: busiest,
    gpusSeen: clusterKnown ? Math.max(1, Math.round(held / windowHours)) : 0,
    sampleIntervalSeconds: 0,
    records,
    notes: emptyNotes(),
  };
}
