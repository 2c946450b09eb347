/**
 * What reading a cluster's own logs gives (docs/model.md §9, "measured beats assumed"): the weekly curve of
 * GPUs doing work and the numbers behind the measured allocation efficiency (useful ÷ held GPU-hours,
 * docs/model.md §2). Parsers return these, never throw; every bad line comes back with its line and column.
 */

/**
 * Slurm accounting (`sacct --parsable2`), nvidia-smi's CSV query, a DCGM export CSV, or Slurm's
 * `sreport cluster utilization` for the GPU TRES, or OpenCost's allocation export (JSON) or its daily
 * CSV export.
 */
export type ClusterLogFormat = 'slurm' | 'nvidiaSmi' | 'dcgm' | 'sreport' | 'opencost' | 'opencostCsv';

export type ClusterLogErrorCode =
  | 'empty'
  | 'tooLarge'
  /** The browser could not read the file, or the reader failed to start. */
  | 'unreadable'
  /** The first line is the header of none of the three formats. */
  | 'unknownFormat'
  /** The header lacks a column the format needs; `column` names what is missing. */
  | 'missingColumn'
  /** A line with more or fewer fields than the header (`value`: fields found). */
  | 'fieldCount'
  | 'badTime'
  | 'badElapsed'
  | 'endBeforeStart'
  | 'badGpus'
  /** A job holding more GPUs than a cluster may have (`limit`). */
  | 'gpusAboveMax'
  | 'badUtilization'
  /**
   * A job's ConsumedEnergyRaw that is no count of joules, or a sample's power that is no count of watts
   * (a negative or non-numeric value; `[N/A]` and blanks are no value, not an error).
   */
  | 'badEnergy'
  /** No job in the log held a GPU. */
  | 'noGpuJobs'
  /** No usable sample, or no GPU sampled twice (the sample interval is then unknown). */
  | 'noSamples'
  | 'tooManyWeeks'
  /** More GPUs in use at once (`gpus`) than a cluster may have (`limit`). */
  | 'peakAboveMax'
  /** sreport in percent (`-t percent`): no GPU-hours to read. */
  | 'sreportPercent'
  /** sreport without the GPU TRES (run it with --tres=gres/gpu). */
  | 'sreportNoGpu'
  /** An sreport row before any "Cluster Utilization <start> - <end>" line (written with -n). */
  | 'sreportNoPeriod'
  /** JSON that is not OpenCost's allocation export (no `data` of allocation sets). */
  | 'opencostNotAllocation'
  /** An OpenCost export without `__idle__`: the cluster's GPU-hours are unknown. */
  | 'opencostNoIdle'
  /** An allocation's window or gpuHours that is not a time or a count (`column` is its path). */
  | 'opencostBadValue';

export interface ClusterLogError {
  code: ClusterLogErrorCode;
  /** 1-based line in the file. */
  line?: number;
  /** The column's header as written in the file. */
  column?: string;
  /** The offending text, cut to 40 characters. */
  value?: string;
  /** Fields the header has (for `fieldCount`). */
  expected?: number;
  weeks?: number;
  /** GPUs the log shows (for `peakAboveMax`). */
  gpus?: number;
  /** The most GPUs a cluster may have (for `gpusAboveMax`, `peakAboveMax`). */
  limit?: number;
}

/** Lines the reader left out or completed, each said in the preview. */
export interface ClusterLogNotes {
  /** Jobs still running (no end): counted up to the last time the log shows. */
  runningJobs: number;
  /** Jobs that never started (pending, or cancelled before starting): nothing to count. */
  notStartedJobs: number;
  /** Job steps (JobID with a dot): they run inside their job's allocation, so counting them would count it twice. */
  jobSteps: number;
  /** Jobs that held no GPU. */
  cpuOnlyJobs: number;
  /** Telemetry lines without a value (nvidia-smi's [N/A], [Not Supported]). */
  samplesWithoutValue: number;
}

export interface ClusterLogSummary {
  format: ClusterLogFormat;
  /** The column the GPUs or the utilization came from, as written in the header. */
  sourceColumn: string;
  periodStartMs: number;
  periodEndMs: number;
  /** Hours from the first time the log shows to the last. */
  periodHours: number;
  /**
   * Average GPUs doing work in each week of the period (weeks from the midnight before the first
   * time): for Slurm the GPUs allocated to jobs, for telemetry utilization × GPUs.
   */
  weeklyGpus: number[];
  /**
   * Useful GPU-hours over the period: GPU-hours allocated to jobs (Slurm) or Σ utilization × sample
   * interval (telemetry).
   */
  usefulGpuHours: number;
  /** Slurm: the most GPUs allocated at one moment. Telemetry: the GPUs seen. */
  peakConcurrentGpus: number;
  /**
   * Telemetry: distinct GPUs in the file (host and index, or UUID); sreport and OpenCost: the GPUs the
   * cluster held on average; 0 when the log does not say (Slurm, OpenCost's CSV without idle rows) and
   * the user confirms the cluster's size.
   */
  gpusSeen: number;
  /** Telemetry: the typical time between two samples of one GPU (median), seconds; Slurm: 0. */
  sampleIntervalSeconds: number;
  /** Jobs (Slurm) or samples (telemetry) counted. */
  records: number;
  /**
   * OpenCost's allocation JSON with DCGM usage (`gpuAllocation.gpuUsageAverage`, the engine activity
   * averaged over a container's GPUs, 0–1): of the allocated GPU-hours whose allocation reports it
   * (`coveredGpuHours`), those the GPUs were busy (`busyGpuHours`, each allocation's gpuHours × its
   * usage). Shown beside the measured efficiency, never in it: allocation efficiency counts GPUs held
   * by work, busy or not (docs/model.md §2). Absent when no allocation reports usage.
   */
  busy?: { busyGpuHours: number; coveredGpuHours: number };
  /**
   * Energy the log measured (docs/model.md §11 "Measured replaces estimated"), IT energy without PUE.
   * Slurm: Σ ConsumedEnergyRaw (joules, the energy of the job's nodes as Slurm's energy plugin measured
   * it) of the GPU jobs that report one (> 0), over those jobs' allocated GPU-hours. Telemetry: Σ power
   * (W; nvidia-smi `power.draw [W]`, DCGM `DCGM_FI_DEV_POWER_USAGE`) × the sample interval, the GPU
   * boards only, over the sampled GPU-hours. Absent when no line carries it.
   */
  energy?: ClusterLogEnergy;
  notes: ClusterLogNotes;
}

/** The energy a log measured (ClusterLogSummary.energy). */
export interface ClusterLogEnergy {
  /** Slurm measures the job's whole nodes; telemetry the GPU boards alone. */
  scope: 'nodes' | 'gpus';
  /** The column it came from, as written in the header. */
  column: string;
  kwh: number;
  /** GPU-hours the measured energy covers (jobs' allocated GPU-hours, or sampled GPU-hours). */
  coveredGpuHours: number;
  /** Jobs or samples that carried a value. */
  records: number;
}

export type ClusterLogResult =
  | { ok: true; summary: ClusterLogSummary }
  | { ok: false; errors: ClusterLogError[] };

/** Errors kept before the reader stops: enough to fix a file, few enough to read. */
export const MAX_LOG_ERRORS = 20;

export function emptyNotes(): ClusterLogNotes {
  return { runningJobs: 0, notStartedJobs: 0, jobSteps: 0, cpuOnlyJobs: 0, samplesWithoutValue: 0 };
}

/** The text quoted in an error: short enough for a message. */
export function quoted(text: string): string {
  return text.trim().slice(0, 40);
}

export const JOULES_PER_KWH = 3.6e6;

/**
 * The largest energy (J) or power (W) one line may carry: far above any job or GPU board, and low
 * enough that a log's sum of them stays finite (the worker's answer refuses Infinity).
 */
export const MAX_LINE_ENERGY = Number.MAX_SAFE_INTEGER;

/** A format's reader: fed the lines after the header one by one, then asked for the result. */
export interface LineParser {
  /** Reads one non-blank line after the header; false once enough errors are kept to stop. */
  line(text: string, lineNo: number): boolean;
  finish(): ClusterLogResult;
}
