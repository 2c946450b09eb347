import { WEEKLY_CURVE_WEEKS } from '../engine';
import { MAX_CLUSTER_LOG_GPUS } from './cluster-log-limits';
import { MS_PER_HOUR, parseElapsedMs } from './cluster-log-time';
import { createLogTimeReader } from './cluster-log-time-reader';
import {
  type ClusterLogError,
  emptyNotes,
  JOULES_PER_KWH,
  type LineParser,
  MAX_LINE_ENERGY,
  MAX_LOG_ERRORS,
  quoted,
} from './cluster-log-types';
import { addGpuHoursByWeek, periodHours, weekAnchorMs, weekCount, weeklyGpusFrom } from './cluster-log-weeks';

/**
 * Slurm accounting as `sacct --parsable2` writes it: a header line, then one job per line, fields
 * separated by "|" (`--parsable`'s trailing "|" is accepted too). Needed columns: Start, End (or
 * Elapsed) and the allocated GPUs, from AllocTRES (`gres/gpu=N`, or `gres/gpu:type=N` summed when the
 * untyped count is absent) or AllocGRES (`gpu:N`, `gpu:type:N`). JobID and State are read when present,
 * and ConsumedEnergyRaw (joules) for the measured energy.
 *
 * Each job adds its GPUs × its hours to the weeks it ran in (a job over a week boundary is split by
 * the hours in each week). Job steps (JobID "123.batch", "123.0") run inside their job's allocation
 * and are left out; jobs that never started count nothing; a job without an end (still running)
 * counts up to start + Elapsed when the log has it, otherwise up to the last time the log shows.
 */

export interface SlurmColumns {
  start: number;
  end: number;
  elapsed: number;
  gpus: number;
  gpusKind: 'tres' | 'gres';
  jobId: number;
  state: number;
  /**
   * ConsumedEnergyRaw, -1 without it. Only the raw column: ConsumedEnergy is written with a unit
   * prefix ("1.23M"), rounded.
   */
  energy: number;
  names: string[];
  /** `--parsable` ends every line with the separator: one empty field more than the names. */
  trailingSeparator: boolean;
}

/** The header's columns, or the name of a needed column it lacks. */
export function slurmColumns(headerLine: string): SlurmColumns | { missing: string } {
  const trailingSeparator = headerLine.endsWith('|');
  const names = (trailingSeparator ? headerLine.slice(0, -1) : headerLine).split('|').map((n) => n.trim());
  const find = (name: string) => names.findIndex((n) => n.toLowerCase() === name.toLowerCase());
  const start = find('Start');
  const end = find('End');
  const elapsed = find('Elapsed');
  const tres = find('AllocTRES');
  const gres = find('AllocGRES');
  if (start < 0) return { missing: 'Start' };
  if (end < 0 && elapsed < 0) return { missing: 'End' };
  if (tres < 0 && gres < 0) return { missing: 'AllocTRES' };
  return {
    start,
    end,
    elapsed,
    gpus: tres >= 0 ? tres : gres,
    gpusKind: tres >= 0 ? 'tres' : 'gres',
    jobId: find('JobID'),
    state: find('State'),
    energy: find('ConsumedEnergyRaw'),
    names,
    trailingSeparator,
  };
}

const COUNT = /^\d+$/;

/**
 * A job's GPU count, or the entry that is not one (quoted in the error, not the whole cell):
 * `aboveMax` when it is a count, but of more GPUs than a cluster may have (a 309-digit count would
 * otherwise become Infinity, and the file "could not be read").
 */
export type GpuCount = { ok: true; gpus: number } | { ok: false; entry: string; aboveMax?: true };

const aboveMax = (entry: string): GpuCount => ({ ok: false, entry: entry.trim(), aboveMax: true });

/** GPUs in an AllocTRES value ("billing=8,cpu=8,gres/gpu=2,mem=64G,node=1"). */
export function gpusFromTres(value: string): GpuCount {
  let untyped: number | null = null;
  let typed = 0;
  // Only the entries that name a GPU are cut out of the value (most are cpu=, mem=, node=), in the
  // order they come, each once.
  for (let at = value.indexOf('gres/gpu'); at >= 0; ) {
    const from = value.lastIndexOf(',', at) + 1;
    const comma = value.indexOf(',', at);
    const to = comma < 0 ? value.length : comma;
    const entry = value.slice(from, to);
    at = comma < 0 ? -1 : value.indexOf('gres/gpu', to);
    const eq = entry.indexOf('=');
    const key = entry.slice(0, eq).trim();
    if (key !== 'gres/gpu' && !key.startsWith('gres/gpu:')) continue;
    const count = entry.slice(eq + 1).trim();
    if (!COUNT.test(count)) return { ok: false, entry: entry.trim() };
    const n = Number(count);
    if (n > MAX_CLUSTER_LOG_GPUS) return aboveMax(entry);
    // Slurm lists the untyped total beside the per-type counts: the total, when given, is the count.
    if (key === 'gres/gpu') untyped = n;
    else typed += n;
  }
  // Per-type counts each within the limit can still add up past it.
  if (untyped === null && typed > MAX_CLUSTER_LOG_GPUS) return aboveMax(value);
  return { ok: true, gpus: untyped ?? typed };
}

/** GPUs in an AllocGRES value ("gpu:2", "gpu:a100:4(IDX:0-3)"). */
export function gpusFromGres(value: string): GpuCount {
  let total = 0;
  for (const entry of value.replace(/\([^)]*\)/g, '').split(',')) {
    const parts = entry.trim().split(':');
    if (parts[0] !== 'gpu') continue;
    const count = parts.length > 1 ? (parts[parts.length - 1] ?? '') : '1';
    if (!COUNT.test(count)) return { ok: false, entry: entry.trim() };
    total += Number(count);
    if (total > MAX_CLUSTER_LOG_GPUS) return aboveMax(entry);
  }
  return { ok: true, gpus: total };
}

/** Joules as sacct writes them (an integer; a decimal or an exponent is read too). */
const JOULES = /^\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * A job's ConsumedEnergyRaw: joules, 0 when the job reports none (blank, or 0: Slurm writes 0 without
 * an energy plugin), null when it is no count of joules.
 */
export function joulesFrom(text: string): number | null {
  if (text === '') return 0;
  if (!JOULES.test(text)) return null;
  const joules = Number(text);
  return joules <= MAX_LINE_ENERGY ? joules : null;
}

/** Start or End values that mean "no time": the job has not started or not ended. */
const NO_TIME = new Set(['', 'unknown', 'none', 'n/a']);
const NO_TIME_MAX_CHARS = 7;

/** Whether a Start or End value means "no time" (a time is longer than any of those words: no lower-casing it). */
function noTime(text: string): boolean {
  return text.length <= NO_TIME_MAX_CHARS && NO_TIME.has(text.toLowerCase());
}

export function createSlurmParser(columns: SlurmColumns, headerLine: string): LineParser {
  const readTime = createLogTimeReader();
  const errors: ClusterLogError[] = [];
  const notes = emptyNotes();
  const starts: number[] = [];
  /** NaN: still running, ended at `elapsed` or at the last time the log shows. */
  const ends: number[] = [];
  const gpus: number[] = [];
  /** Each GPU job's ConsumedEnergyRaw (J); 0 when it reports none. */
  const joules: number[] = [];
  let firstMs = Number.POSITIVE_INFINITY;
  let lastMs = Number.NEGATIVE_INFINITY;
  const fieldCount = columns.names.length + (columns.trailingSeparator ? 1 : 0);
  const header = headerLine.trim();
  const headStart = header.slice(0, 8);
  /** Where each field of the current line starts (field 0 at 0). */
  const fieldStarts = new Int32Array(fieldCount);

  const fail = (error: ClusterLogError): boolean => {
    errors.push(error);
    return errors.length < MAX_LOG_ERRORS;
  };

  const name = (i: number) => columns.names[i] ?? '';
  /** Field `i` of a line whose field starts are in fieldStarts, trimmed ('' for a column the header lacks). */
  const fieldOf = (text: string, i: number): string =>
    i >= 0
      ? text
          .slice(
            fieldStarts[i] as number,
            i + 1 < fieldCount ? (fieldStarts[i + 1] as number) - 1 : text.length,
          )
          .trim()
      : '';

  return {
    line(text, lineNo) {
      // sacct repeats its header when outputs are appended one after another (a job line never
      // starts with the header's first column name, so most lines are told from it without a trim).
      if (text.includes(headStart) && text.trim() === header) return true;
      // Where each field starts (as text.split('|') would cut it), without cutting the fields this
      // reader never reads: a line has ten or more fields and five are read.
      let found = 1;
      for (let at = text.indexOf('|'); at >= 0; at = text.indexOf('|', at + 1)) {
        if (found < fieldStarts.length) fieldStarts[found] = at + 1;
        found++;
      }
      if (found !== fieldCount)
        return fail({ code: 'fieldCount', line: lineNo, value: String(found), expected: fieldCount });
      if (columns.jobId >= 0 && fieldOf(text, columns.jobId).includes('.')) {
        notes.jobSteps++;
        return true;
      }
      const startText = fieldOf(text, columns.start);
      if (noTime(startText)) {
        notes.notStartedJobs++;
        return true;
      }
      const start = readTime(startText);
      if (start === null)
        return fail({ code: 'badTime', line: lineNo, column: name(columns.start), value: quoted(startText) });
      const gpuText = fieldOf(text, columns.gpus);
      const count = columns.gpusKind === 'tres' ? gpusFromTres(gpuText) : gpusFromGres(gpuText);
      if (!count.ok)
        return fail({
          code: count.aboveMax ? 'gpusAboveMax' : 'badGpus',
          line: lineNo,
          column: name(columns.gpus),
          value: quoted(count.entry),
          ...(count.aboveMax ? { limit: MAX_CLUSTER_LOG_GPUS } : {}),
        });
      let end = Number.NaN;
      const endText = fieldOf(text, columns.end);
      if (columns.end >= 0 && !noTime(endText)) {
        const parsed = readTime(endText);
        if (parsed === null)
          return fail({ code: 'badTime', line: lineNo, column: name(columns.end), value: quoted(endText) });
        end = parsed;
      } else if (columns.elapsed >= 0) {
        const elapsedText = fieldOf(text, columns.elapsed);
        const elapsed = parseElapsedMs(elapsedText);
        if (elapsed === null)
          return fail({
            code: 'badElapsed',
            line: lineNo,
            column: name(columns.elapsed),
            value: quoted(elapsedText),
          });
        end = start + elapsed;
        // Elapsed of a job without an end is how long it had run when the log was written.
        if (columns.end >= 0 || /^running/i.test(fieldOf(text, columns.state))) notes.runningJobs++;
      } else {
        notes.runningJobs++;
      }
      if (end < start)
        return fail({
          code: 'endBeforeStart',
          line: lineNo,
          column: name(columns.end),
          value: quoted(endText),
        });
      firstMs = Math.min(firstMs, start);
      lastMs = Math.max(lastMs, start, Number.isNaN(end) ? start : end);
      if (count.gpus === 0) {
        notes.cpuOnlyJobs++;
        return true;
      }
      // Read for GPU jobs only: a CPU-only job's energy is counted nowhere, so it cannot spoil the file.
      let jobJoules = 0;
      if (columns.energy >= 0) {
        const energyText = fieldOf(text, columns.energy);
        const read = joulesFrom(energyText);
        if (read === null)
          return fail({
            code: 'badEnergy',
            line: lineNo,
            column: name(columns.energy),
            value: quoted(energyText),
          });
        jobJoules = read;
      }
      starts.push(start);
      ends.push(end);
      gpus.push(count.gpus);
      joules.push(jobJoules);
      return true;
    },

    finish() {
      if (errors.length > 0) return { ok: false, errors };
      if (starts.length === 0) return { ok: false, errors: [{ code: 'noGpuJobs' }] };
      // A running job without Elapsed ran until the log was written: the last time the log shows. Its
      // energy so far is not matched to that guess of its hours, so it measures nothing (below).
      const endGuessed = ends.map((e) => Number.isNaN(e));
      for (let i = 0; i < ends.length; i++) if (Number.isNaN(ends[i])) ends[i] = lastMs;
      const period = { startMs: firstMs, endMs: lastMs };
      const weeks = weekCount(period);
      // Counted before any week is: a period of thousands of years is refused, not allocated.
      if (weeks > WEEKLY_CURVE_WEEKS.max) return { ok: false, errors: [{ code: 'tooManyWeeks', weeks }] };
      const anchor = weekAnchorMs(period);
      const weekGpuHours = new Float64Array(weeks);
      let usefulGpuHours = 0;
      let energyJoules = 0;
      let energyGpuHours = 0;
      let energyJobs = 0;
      for (let i = 0; i < starts.length; i++) {
        const s = starts[i] ?? 0;
        const e = ends[i] ?? s;
        const g = gpus[i] ?? 0;
        addGpuHoursByWeek(weekGpuHours, anchor, s, e, g);
        const jobGpuHours = (g * (e - s)) / MS_PER_HOUR;
        usefulGpuHours += jobGpuHours;
        // The energy covers the GPU-hours counted for the job: only a job whose hours are known (an end or
        // an elapsed time) and not zero — joules over no hours would read as any draw at all.
        const j = joules[i] ?? 0;
        if (j > 0 && jobGpuHours > 0 && !endGuessed[i]) {
          energyJoules += j;
          energyGpuHours += jobGpuHours;
          energyJobs++;
        }
      }
      // GPUs held for no time at all measure nothing.
      if (usefulGpuHours === 0) return { ok: false, errors: [{ code: 'noGpuJobs' }] };
      return {
        ok: true,
        summary: {
          format: 'slurm',
          sourceColumn: columns.names[columns.gpus] ?? '',
          periodStartMs: period.startMs,
          periodEndMs: period.endMs,
          periodHours: periodHours(period),
          weeklyGpus: weeklyGpusFrom(period, weekGpuHours),
          usefulGpuHours,
          peakConcurrentGpus: peakConcurrent(starts, ends, gpus),
          gpusSeen: 0,
          sampleIntervalSeconds: 0,
          records: starts.length,
          ...(energyJobs > 0
            ? {
                energy: {
                  // The energy plugin measures the job's nodes (CPUs, memory, fans), not its GPUs alone.
                  scope: 'nodes' as const,
                  column: name(columns.energy),
                  kwh: energyJoules / JOULES_PER_KWH,
                  coveredGpuHours: energyGpuHours,
                  records: energyJobs,
                },
              }
            : {}),
          notes,
        },
      };
    },
  };
}

/**
 * The most GPUs allocated at one moment: a sweep over starts and ends in time order, ends first at
 * equal times (a job ending at 10:00 and one starting at 10:00 never held GPUs together).
 */
export function peakConcurrent(starts: readonly number[], ends: readonly number[], gpus: readonly number[]) {
  const n = starts.length;
  const times = new Float64Array(2 * n);
  const deltas = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    times[2 * i] = starts[i] ?? 0;
    deltas[2 * i] = gpus[i] ?? 0;
    times[2 * i + 1] = ends[i] ?? 0;
    deltas[2 * i + 1] = -(gpus[i] ?? 0);
  }
  const order = new Uint32Array(2 * n).map((_, i) => i);
  order.sort((a, b) => (times[a] ?? 0) - (times[b] ?? 0) || (deltas[a] ?? 0) - (deltas[b] ?? 0));
  let now = 0;
  let peak = 0;
  for (const i of order) {
    now += deltas[i] ?? 0;
    if (now > peak) peak = now;
  }
  return peak;
}
