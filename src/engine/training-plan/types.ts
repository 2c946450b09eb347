/**
 * A training plan (schema v6): the runs an engineering lead arrives with — "a 70B model on 2T tokens
 * in Q2, then monthly fine-tunes, done by September" — which the engine turns into GPU-hours and a
 * weekly demand curve (the weekly form's curve, priced the same way).
 *
 * Weeks are counted from 1: week 1 is the first week of the plan, which is also month 0 of the
 * horizon (the day an own cluster is ordered). A run starting in week s begins at time s − 1 (in
 * weeks); "deadline week d" means done by the end of week d.
 */

/** How a run's size is given: model size × tokens (6·N·D), total FLOPs, or GPU-hours directly. */
export const RUN_SIZE_KINDS = ['model', 'flops', 'gpuHours'] as const;
export type RunSizeKind = (typeof RUN_SIZE_KINDS)[number];

export interface TrainingRun {
  name: string;
  sizeBy: RunSizeKind;
  /** Parameters per token in billions: all of them for a dense model, the active ones for a mixture of experts. */
  paramsBillions: number;
  /** Training tokens in trillions. */
  tokensTrillions: number;
  /** Total training FLOPs (`sizeBy: 'flops'`). */
  flops: number;
  /** GPU-hours of the run's own GPU model (`sizeBy: 'gpuHours'`). */
  gpuHours: number;
  /** Catalogue id of the GPU the run is planned on (its peak FLOPS and default MFU). */
  modelId: string;
  /**
   * A mixture-of-experts model (its size is the active parameters per token): its MFU defaults to
   * the mixture-of-experts figure instead of the GPU's. Absent (runs saved before it existed): dense.
   */
  mixtureOfExperts?: boolean | undefined;
  /**
   * Model FLOPs utilization while the job runs; null: the default for its GPU and model size
   * (runMfuDefault). A typed value is the user's and is never replaced by a default.
   */
  mfuFraction: number | null;
  /**
   * Reported GPU-hours ÷ GPU-hours while training (evaluation, ramp-up, checkpoints, slow nodes; not
   * interruptions, which the failure model prices); null: the sourced default (REPORTED_HOURS_OVERHEAD).
   */
  reportedHoursOverhead: number | null;
  /** Full activation recomputation: × 4/3 FLOPs (Korthikanti et al., NVIDIA, 2022). */
  recompute: boolean;
  startWeek: number;
  /** GPUs of the run's model it uses; null: as few as meet the deadline. */
  gpus: number | null;
  /** Done by the end of this week; null: no deadline. */
  deadlineWeek: number | null;
}

export interface TrainingPlanInput {
  runs: TrainingRun[];
  /** Recurring work (fine-tunes, evaluations) in GPU-hours of the reference GPU a month. */
  recurringGpuHoursPerMonth: number;
  /**
   * GPUs a rental or the platform can hand over on demand (of their GPU model); default from the
   * catalogue's availability note of the rented model, scaled with the scenario (model/market-default.ts).
   */
  onDemandGpus: number;
}
