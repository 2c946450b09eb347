import { gpuModelById } from '../catalog/models';
import { HOURS_PER_WEEK } from '../constants';
import {
  FLOPS_PER_PARAM_TOKEN,
  type MfuDefault,
  mfuDefaultFor,
  RECOMPUTE_FACTOR,
  REPORTED_HOURS_OVERHEAD,
} from './defaults';
import type { TrainingRun } from './types';

const SECONDS_PER_HOUR = 3600;

/** Peak dense BF16 FLOP/s of one GPU of the run's model (the catalogue's figure). */
export function peakFlopsPerSecond(modelId: string): number {
  const model = gpuModelById(modelId);
  return (model?.denseTflopsPerGpu.value ?? 0) * 1e12;
}

/**
 * The default MFU of a run: for a mixture of experts, the mixture-of-experts figure; else its GPU's
 * figure for its model size (a run sized by FLOPs or GPU-hours gives no size: the mid-size band).
 */
export function runMfuDefault(run: TrainingRun): MfuDefault {
  const paramsBillions = run.sizeBy === 'model' ? run.paramsBillions : null;
  return mfuDefaultFor(run.modelId, run.mixtureOfExperts === true, paramsBillions);
}

/** The MFU a run is priced at: its own (typed, always the user's), or its default. */
export function runMfu(run: TrainingRun): number {
  return run.mfuFraction ?? runMfuDefault(run).mfuFraction;
}

/**
 * Reported GPU-hours ÷ GPU-hours while running, for this run (evaluation, ramp-up, checkpoints,
 * slow nodes; not interruptions, which the failure model prices): the run's own factor, or the
 * sourced default (defaults.ts, REPORTED_HOURS_OVERHEAD).
 */
export function runOverheadFactor(run: TrainingRun): number {
  return run.reportedHoursOverhead ?? REPORTED_HOURS_OVERHEAD.factor;
}

/**
 * Model FLOPs of a run: 6·N·D for a model size (N active parameters, D tokens), as given for FLOPs;
 * for a run given in GPU-hours, the FLOPs those hours do at its MFU once its overhead is taken out
 * (so every form converts both ways). Recompute is not in here: it is hardware work, added in
 * `runSteadyGpuHours`.
 */
export function runFlops(run: TrainingRun): number {
  if (run.sizeBy === 'model')
    return FLOPS_PER_PARAM_TOKEN * run.paramsBillions * 1e9 * run.tokensTrillions * 1e12;
  if (run.sizeBy === 'flops') return run.flops;
  const steadyHours = run.gpuHours / runOverheadFactor(run);
  return steadyHours * SECONDS_PER_HOUR * peakFlopsPerSecond(run.modelId) * runMfu(run);
}

/**
 * GPU-hours of the run's own GPU model while the job trains: FLOPs (× 4/3 with recompute) ÷ (peak ×
 * MFU) ÷ 3600. A run given in GPU-hours: those hours without their overhead.
 */
export function runSteadyGpuHours(run: TrainingRun): number {
  if (run.sizeBy === 'gpuHours') return run.gpuHours / runOverheadFactor(run);
  const perGpu = peakFlopsPerSecond(run.modelId) * runMfu(run);
  if (perGpu <= 0) return 0;
  const flops = runFlops(run) * (run.recompute ? RECOMPUTE_FACTOR : 1);
  return flops / perGpu / SECONDS_PER_HOUR;
}

/**
 * GPU-hours a run's budget counts, of its own GPU model: the hours while training × the reported-hours
 * overhead (docs/model.md, training plan). A run given in GPU-hours is taken as given: those are the
 * hours someone budgeted. Interruptions and idle allocation are not in here: the failure model and
 * the allocation efficiency price them (training-plan research: do not count them twice).
 */
export function runGpuHours(run: TrainingRun): number {
  if (run.sizeBy === 'gpuHours') return run.gpuHours;
  return runSteadyGpuHours(run) * runOverheadFactor(run);
}

/**
 * Work one GPU of the run's model does per hour in GPU-hours of the reference GPU (demand is
 * measured in those): its peak ÷ the reference's, as the hardware choices' default throughput ratio.
 */
export function runThroughputRatio(run: TrainingRun, referenceDenseTflopsPerGpu: number): number {
  if (referenceDenseTflopsPerGpu <= 0) return 1;
  return peakFlopsPerSecond(run.modelId) / 1e12 / referenceDenseTflopsPerGpu;
}

/** The run's work in reference GPU-hours (what the demand curve and every strategy price). */
export function runReferenceGpuHours(run: TrainingRun, referenceDenseTflopsPerGpu: number): number {
  return runGpuHours(run) * runThroughputRatio(run, referenceDenseTflopsPerGpu);
}

/**
 * GPUs of its model the run uses: as given, or the fewest whole GPUs that finish it by its deadline
 * at full speed (0 when it has neither, which validation refuses).
 */
export function runGpus(run: TrainingRun): number {
  if (run.gpus !== null) return run.gpus;
  if (run.deadlineWeek === null) return 0;
  const weeks = run.deadlineWeek - run.startWeek + 1;
  if (weeks <= 0) return 0;
  return Math.max(1, Math.ceil(runGpuHours(run) / (weeks * HOURS_PER_WEEK)));
}

/** Weeks the run takes at its GPUs with nothing in its way (fractional; Infinity without GPUs). */
export function runDurationWeeks(run: TrainingRun): number {
  const gpus = runGpus(run);
  const hours = runGpuHours(run);
  if (hours <= 0) return 0;
  return gpus > 0 ? hours / (gpus * HOURS_PER_WEEK) : Number.POSITIVE_INFINITY;
}
