/**
 * Synthetic cluster logs from known jobs and samples, with the numbers a reader must find computed
 * here independently: hour by hour, by brute force, with no code from src. Jobs and samples sit on
 * whole hours, so every GPU-hour is an integer and the expected weeks are exact.
 */

const HOUR_MS = 3_600_000;

export interface SyntheticJob {
  /** Hours from the log's first midnight. */
  startHour: number;
  hours: number;
  gpus: number;
}

/** Midnight of Monday 2026-01-05 (wall clock, as the logs write it). */
export const LOG_EPOCH_MS = Date.UTC(2026, 0, 5);

function wallClock(ms: number, separator: '-' | '/', between: 'T' | ' '): string {
  const iso = new Date(ms).toISOString(); // 2026-01-05T10:00:00.000Z
  return `${iso.slice(0, 10).replaceAll('-', separator)}${between}${iso.slice(11, 19)}`;
}

/** `sacct --parsable2 -o JobID,JobName,Start,End,Elapsed,State,AllocTRES`, one step line per job too. */
export function sacctText(jobs: readonly SyntheticJob[]): string {
  const lines = ['JobID|JobName|Start|End|Elapsed|State|AllocTRES'];
  jobs.forEach((job, i) => {
    const start = LOG_EPOCH_MS + job.startHour * HOUR_MS;
    const end = start + job.hours * HOUR_MS;
    const elapsed = `${String(job.hours).padStart(2, '0')}:00:00`;
    const tres = `billing=${job.gpus * 4},cpu=${job.gpus * 4},gres/gpu=${job.gpus},mem=64G,node=1`;
    const id = 1000 + i;
    lines.push(
      `${id}|train-${i}|${wallClock(start, '-', 'T')}|${wallClock(end, '-', 'T')}|${elapsed}|COMPLETED|${tres}`,
    );
    // The batch step repeats the allocation: a reader that counted it would count the job twice.
    lines.push(
      `${id}.batch|batch|${wallClock(start, '-', 'T')}|${wallClock(end, '-', 'T')}|${elapsed}|COMPLETED|${tres}`,
    );
  });
  return `${lines.join('\n')}\n`;
}

export interface ExpectedSlurm {
  weeklyGpus: number[];
  usefulGpuHours: number;
  periodHours: number;
  peakConcurrentGpus: number;
}

/** Hour by hour: GPUs running in each hour, summed into weeks of 168 hours from the first midnight. */
export function expectedSlurm(jobs: readonly SyntheticJob[]): ExpectedSlurm {
  const first = Math.min(...jobs.map((j) => j.startHour));
  const last = Math.max(...jobs.map((j) => j.startHour + j.hours));
  const firstMidnight = Math.floor(first / 24) * 24;
  const weeks = Math.max(1, Math.ceil((last - firstMidnight) / 168));
  const gpuHours = new Array<number>(weeks).fill(0);
  const observed = new Array<number>(weeks).fill(0);
  let peak = 0;
  for (let h = first; h < last; h++) {
    const running = jobs
      .filter((j) => j.startHour <= h && h < j.startHour + j.hours)
      .reduce((sum, j) => sum + j.gpus, 0);
    const w = Math.floor((h - firstMidnight) / 168);
    gpuHours[w] = (gpuHours[w] ?? 0) + running;
    observed[w] = (observed[w] ?? 0) + 1;
    peak = Math.max(peak, running);
  }
  return {
    weeklyGpus: gpuHours.map((g, w) => ((observed[w] ?? 0) > 0 ? g / (observed[w] ?? 1) : 0)),
    usefulGpuHours: gpuHours.reduce((a, b) => a + b, 0),
    periodHours: last - first,
    peakConcurrentGpus: peak,
  };
}

/** Hourly samples of each GPU: utilization in whole percent, by hour then GPU. */
export interface SyntheticTelemetry {
  /** Hours from the log's first midnight at which sampling starts. */
  startHour: number;
  /** utilization[hour][gpu], percent. */
  utilization: number[][];
}

/** `nvidia-smi --query-gpu=timestamp,index,utilization.gpu --format=csv -l 3600`. */
export function nvidiaSmiText(t: SyntheticTelemetry): string {
  const lines = ['timestamp, index, utilization.gpu [%]'];
  t.utilization.forEach((row, h) => {
    const time = `${wallClock(LOG_EPOCH_MS + (t.startHour + h) * HOUR_MS, '/', ' ')}.000`;
    row.forEach((u, gpu) => {
      lines.push(`${time}, ${gpu}, ${u} %`);
    });
  });
  return `${lines.join('\n')}\n`;
}

/** A DCGM export CSV of the same samples: ISO times with a zone, SM activity as a fraction. */
export function dcgmText(t: SyntheticTelemetry, host = 'node-01'): string {
  const lines = ['timestamp,Hostname,gpu,modelName,DCGM_FI_PROF_SM_ACTIVE'];
  t.utilization.forEach((row, h) => {
    const time = new Date(LOG_EPOCH_MS + (t.startHour + h) * HOUR_MS).toISOString();
    row.forEach((u, gpu) => {
      lines.push(`${time},${host},${gpu},"NVIDIA H100 80GB HBM3",${u / 100}`);
    });
  });
  return `${lines.join('\n')}\n`;
}

export interface ExpectedTelemetry {
  weeklyGpus: number[];
  usefulGpuHours: number;
  periodHours: number;
  gpusSeen: number;
}

/** Each hourly sample is an hour of its GPU at that utilization; the period ends an hour after the last. */
export function expectedTelemetry(t: SyntheticTelemetry): ExpectedTelemetry {
  const hours = t.utilization.length;
  const firstMidnight = Math.floor(t.startHour / 24) * 24;
  const weeks = Math.max(1, Math.ceil((t.startHour + hours - firstMidnight) / 168));
  const busy = new Array<number>(weeks).fill(0);
  const observed = new Array<number>(weeks).fill(0);
  t.utilization.forEach((row, h) => {
    const w = Math.floor((t.startHour + h - firstMidnight) / 168);
    busy[w] = (busy[w] ?? 0) + row.reduce((a, u) => a + u / 100, 0);
    observed[w] = (observed[w] ?? 0) + 1;
  });
  return {
    weeklyGpus: busy.map((b, w) => ((observed[w] ?? 0) > 0 ? b / (observed[w] ?? 1) : 0)),
    usefulGpuHours: busy.reduce((a, b) => a + b, 0),
    periodHours: hours,
    gpusSeen: t.utilization[0]?.length ?? 0,
  };
}
