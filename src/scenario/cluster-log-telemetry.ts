import { WEEKLY_CURVE_WEEKS } from '../engine';
import { createCsvFieldReader, splitCsvLine } from './cluster-log-csv-line';
import { MS_PER_DAY, MS_PER_HOUR } from './cluster-log-time';
import { createLogTimeReader } from './cluster-log-time-reader';
import {
  type ClusterLogError,
  type ClusterLogFormat,
  emptyNotes,
  type LineParser,
  MAX_LINE_ENERGY,
  MAX_LOG_ERRORS,
  quoted,
} from './cluster-log-types';
import { periodHours, weekAnchorMs, weekCount, weeklyGpusFrom } from './cluster-log-weeks';

/**
 * GPU telemetry CSV: how busy each GPU was, sample by sample.
 * - nvidia-smi `--query-gpu=timestamp,index,utilization.gpu --format=csv` (header
 *   "timestamp, index, utilization.gpu [%]", lines "2026/01/05 10:00:00.000, 0, 87 %"); uuid or
 *   pci.bus_id identify the GPU when queried; `nounits` values ("87") are read too.
 * - A DCGM export CSV: columns timestamp (ISO 8601 or Unix seconds), gpu (or uuid), optionally
 *   Hostname, and DCGM_FI_DEV_GPU_UTIL (percent, what nvidia-smi reports) or, without it,
 *   DCGM_FI_PROF_SM_ACTIVE / DCGM_FI_PROF_GR_ENGINE_ACTIVE (fractions 0–1) — the shape dcgm-exporter's
 *   metrics take when exported from Prometheus as CSV.
 * - Power, when queried (nvidia-smi `power.draw [W]`, DCGM `DCGM_FI_DEV_POWER_USAGE`, watts): the
 *   measured energy, Σ power × sample interval of the samples counted.
 *
 * Useful GPU-hours = Σ utilization × sample interval, where the interval is the typical (median) time
 * between two samples of one GPU; held GPU-hours = GPUs seen × the period, so time without samples
 * counts as idle. Each sample counts in the day it was taken.
 */

export interface TelemetryColumns {
  format: Exclude<ClusterLogFormat, 'slurm'>;
  time: number;
  gpu: number;
  host: number;
  utilization: number;
  /** The utilization column holds percent (0–100) or a fraction (0–1). */
  scale: 'percent' | 'fraction';
  /** The board's power draw in watts, -1 without it. */
  power: number;
  names: string[];
}

const TIME_NAMES = ['timestamp', 'time', 'ts', 'datetime', 'date'];
const SMI_GPU_NAMES = ['uuid', 'pci.bus_id', 'index'];
const DCGM_GPU_NAMES = ['uuid', 'gpu_uuid', 'gpu', 'gpu_index', 'gpu_id', 'device', 'index'];
const HOST_NAMES = ['hostname', 'host', 'instance', 'node', 'nodename'];
/**
 * nvidia-smi's power columns, best first: `power.draw` (on newer drivers a one-second average), else
 * its explicit average or instant reading. The header names the unit whether or not the values do.
 */
const SMI_POWER_NAMES = [
  'power.draw [w]',
  'power.draw',
  'power.draw.average [w]',
  'power.draw.average',
  'power.draw.instant [w]',
  'power.draw.instant',
];
const DCGM_POWER_NAMES = ['dcgm_fi_dev_power_usage'];
const DCGM_METRICS: readonly [string, TelemetryColumns['scale']][] = [
  ['dcgm_fi_dev_gpu_util', 'percent'],
  ['dcgm_fi_prof_sm_active', 'fraction'],
  ['dcgm_fi_prof_gr_engine_active', 'fraction'],
];

/** The telemetry columns of a CSV header, null when it is no telemetry header, or what it lacks. */
export function telemetryColumns(headerLine: string): TelemetryColumns | { missing: string } | null {
  const names = splitCsvLine(headerLine);
  const lower = names.map((n) => n.toLowerCase());
  const first = (candidates: readonly string[]) => {
    for (const c of candidates) {
      const i = lower.indexOf(c);
      if (i >= 0) return i;
    }
    return -1;
  };
  const smi = lower.findIndex((n) => n.startsWith('utilization.gpu'));
  const metric = DCGM_METRICS.find(([m]) => lower.includes(m));
  if (smi < 0 && !metric) return null;
  const format = smi >= 0 ? 'nvidiaSmi' : 'dcgm';
  const time = first(format === 'nvidiaSmi' ? ['timestamp'] : TIME_NAMES);
  const gpu = first(format === 'nvidiaSmi' ? SMI_GPU_NAMES : DCGM_GPU_NAMES);
  if (time < 0) return { missing: 'timestamp' };
  if (gpu < 0) return { missing: format === 'nvidiaSmi' ? 'index' : 'gpu' };
  return {
    format,
    time,
    gpu,
    host: format === 'dcgm' ? first(HOST_NAMES) : -1,
    utilization: smi >= 0 ? smi : lower.indexOf(metric?.[0] ?? ''),
    scale: smi >= 0 ? 'percent' : (metric?.[1] ?? 'percent'),
    power: first(format === 'nvidiaSmi' ? SMI_POWER_NAMES : DCGM_POWER_NAMES),
    names,
  };
}

/** nvidia-smi's words for a value it could not read. */
const NO_VALUE = /^\[?(n\/a|not supported|unknown error|gpu is lost)\]?$/i;
const NUMBER = /^\d+(?:\.\d+)?$/;
/** Watts as nvidia-smi and DCGM write them (a Prometheus export may write an exponent). */
const WATTS = /^\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * A sample's power in watts: "312.45 W" or, with `nounits`, "312.45"; null when the sample has none
 * ([N/A], [Not Supported], blank), NaN when it is no count of watts.
 */
export function wattsFrom(raw: string): number | null {
  const text = raw.endsWith('W') ? raw.slice(0, -1).trimEnd() : raw;
  // Any other bracketed word is nvidia-smi saying it could not read the value ([Insufficient
  // Permissions], [Unknown Error]…): no value for that sample, never a refused file.
  if (text === '' || NO_VALUE.test(text) || /^\[[^\]]*\]$/.test(text)) return null;
  if (!WATTS.test(text)) return Number.NaN;
  const watts = Number(text);
  return watts <= MAX_LINE_ENERGY ? watts : Number.NaN;
}

export function createTelemetryParser(columns: TelemetryColumns, headerLine: string): LineParser {
  const readTime = createLogTimeReader();
  const errors: ClusterLogError[] = [];
  const notes = emptyNotes();
  const header = headerLine.trim();
  /** Last time each GPU was sampled, by its identity (host and GPU). */
  const lastSeen = new Map<string, number>();
  /** Gaps between two samples of one GPU, ms → how often: the median is the sample interval. */
  const gaps = new Map<number, number>();
  /** Σ utilization (as a fraction) of the samples taken each day, by day number since 1970. */
  const utilizationByDay = new Map<number, number>();
  let currentDay = Number.NaN;
  let currentSum = 0;
  const headStart = header.slice(0, 8);
  const fields = createCsvFieldReader();
  let firstMs = Number.POSITIVE_INFINITY;
  let lastMs = Number.NEGATIVE_INFINITY;
  let samples = 0;
  /** Σ power (W) of the counted samples that carry one, and how many do. */
  let powerSumW = 0;
  let powerSamples = 0;
  const fail = (error: ClusterLogError): boolean => {
    errors.push(error);
    return errors.length < MAX_LOG_ERRORS;
  };
  const name = (i: number) => columns.names[i] ?? '';
  const width = columns.names.length;

  return {
    line(text, lineNo) {
      // A log appended to after nvidia-smi restarted carries its header again (a sample line never
      // holds the header's first column name, so most lines are told from it without a trim).
      if (text.includes(headStart) && text.trim() === header) return true;
      const found = fields.read(text);
      if (found !== width)
        return fail({ code: 'fieldCount', line: lineNo, value: String(found), expected: width });
      const timeText = fields.field(columns.time);
      const time = readTime(timeText);
      if (time === null)
        return fail({ code: 'badTime', line: lineNo, column: name(columns.time), value: quoted(timeText) });
      const raw = fields.field(columns.utilization);
      // "87 %" → "87" (what /\s*%$/ removed, without a regular expression per sample).
      const valueText = raw.endsWith('%') ? raw.slice(0, -1).trimEnd() : raw;
      if (valueText === '' || NO_VALUE.test(valueText)) {
        notes.samplesWithoutValue++;
        return true;
      }
      const value = NUMBER.test(valueText) ? Number(valueText) : Number.NaN;
      const max = columns.scale === 'percent' ? 100 : 1;
      if (!(value >= 0 && value <= max))
        return fail({
          code: 'badUtilization',
          line: lineNo,
          column: name(columns.utilization),
          value: quoted(raw),
        });
      // Power is read for the samples counted above: its energy covers exactly the sampled hours
      // the utilization does.
      if (columns.power >= 0) {
        const powerText = fields.field(columns.power);
        const watts = wattsFrom(powerText);
        if (watts !== null && Number.isNaN(watts))
          return fail({
            code: 'badEnergy',
            line: lineNo,
            column: name(columns.power),
            value: quoted(powerText),
          });
        if (watts !== null) {
          powerSumW += watts;
          powerSamples++;
        }
      }
      // Host and GPU as one key; without a host column, the GPU alone (no string built per sample).
      const gpu =
        columns.host >= 0
          ? `${fields.field(columns.host)}\u0000${fields.field(columns.gpu)}`
          : fields.field(columns.gpu);
      const previous = lastSeen.get(gpu);
      if (previous !== undefined && previous !== time) {
        const gap = Math.abs(time - previous);
        gaps.set(gap, (gaps.get(gap) ?? 0) + 1);
      }
      lastSeen.set(gpu, time);
      // The day's sum is kept in hand while samples stay in one day, and written back when the day
      // changes: the same additions in the same order as adding into the map sample by sample.
      const day = Math.floor(time / MS_PER_DAY);
      if (day !== currentDay) {
        if (!Number.isNaN(currentDay)) utilizationByDay.set(currentDay, currentSum);
        currentDay = day;
        currentSum = utilizationByDay.get(day) ?? 0;
      }
      currentSum += value / max;
      firstMs = Math.min(firstMs, time);
      lastMs = Math.max(lastMs, time);
      samples++;
      return true;
    },

    finish() {
      if (errors.length > 0) return { ok: false, errors };
      if (!Number.isNaN(currentDay)) utilizationByDay.set(currentDay, currentSum);
      const intervalMs = medianGap(gaps);
      if (samples === 0 || intervalMs === 0) return { ok: false, errors: [{ code: 'noSamples' }] };
      // The last sample stands for the interval after it, like every other sample.
      const period = { startMs: firstMs, endMs: lastMs + intervalMs };
      const anchor = weekAnchorMs(period);
      const weeks = weekCount(period);
      // Counted before any week is: a period of thousands of years is refused, not allocated.
      if (weeks > WEEKLY_CURVE_WEEKS.max) return { ok: false, errors: [{ code: 'tooManyWeeks', weeks }] };
      const weekGpuHours = new Float64Array(weeks);
      const intervalHours = intervalMs / MS_PER_HOUR;
      let usefulGpuHours = 0;
      for (const [day, utilization] of utilizationByDay) {
        const week = Math.floor((day * MS_PER_DAY - anchor) / (7 * MS_PER_DAY));
        weekGpuHours[week] = (weekGpuHours[week] ?? 0) + utilization * intervalHours;
        usefulGpuHours += utilization * intervalHours;
      }
      return {
        ok: true,
        summary: {
          format: columns.format,
          sourceColumn: name(columns.utilization),
          periodStartMs: period.startMs,
          periodEndMs: period.endMs,
          periodHours: periodHours(period),
          weeklyGpus: weeklyGpusFrom(period, weekGpuHours),
          usefulGpuHours,
          peakConcurrentGpus: lastSeen.size,
          gpusSeen: lastSeen.size,
          sampleIntervalSeconds: intervalMs / 1000,
          records: samples,
          ...(powerSamples > 0
            ? {
                energy: {
                  // The board's own reading: the GPU alone, not its server.
                  scope: 'gpus' as const,
                  column: name(columns.power),
                  // W × h = Wh; each sample stands for one interval, like its utilization.
                  kwh: (powerSumW * intervalHours) / 1000,
                  coveredGpuHours: powerSamples * intervalHours,
                  records: powerSamples,
                },
              }
            : {}),
          notes,
        },
      };
    },
  };
}

/** The median of the gaps (the lower middle one for an even count); 0 when there are none. */
function medianGap(gaps: ReadonlyMap<number, number>): number {
  let total = 0;
  for (const n of gaps.values()) total += n;
  if (total === 0) return 0;
  let seen = 0;
  for (const gap of [...gaps.keys()].sort((a, b) => a - b)) {
    seen += gaps.get(gap) ?? 0;
    if (seen * 2 >= total) return gap;
  }
  return 0;
}
