import type { AvailabilityStatus } from '../catalog/types';

/**
 * Sourced defaults of the plan converter (the team's training-plan research file, with each figure's
 * publisher, title and date).
 */

/** Training compute ≈ 6·N·D (Kaplan et al., OpenAI, 2020; Hoffmann et al., DeepMind, 2022). */
export const FLOPS_PER_PARAM_TOKEN = 6;

/**
 * Full activation checkpointing recomputes the forward pass: hardware FLOPs ≈ 4/3 of model FLOPs
 * (Korthikanti et al., "Reducing Activation Recomputation in Large Transformer Models", NVIDIA, 2022).
 */
export const RECOMPUTE_FACTOR = 4 / 3;

export interface MfuDefault {
  mfuFraction: number;
  /** Publisher, title and date as a reader would cite them (shown beside the field); an estimate cites the runs it is set from. */
  source: string;
  confidence: 'H' | 'M' | 'L';
}

const META_LLAMA3: MfuDefault = {
  mfuFraction: 0.4,
  // 38–43 % on 16,384 H100.
  source: 'Meta, "The Llama 3 Herd of Models", Jul 2024',
  confidence: 'H',
};
const BYTEDANCE_MEGASCALE: MfuDefault = {
  mfuFraction: 0.45,
  // 55.2 % on 12,288 A100 by an expert team; 45 % for an ordinary one (the research file's default).
  source: 'ByteDance, "MegaScale", NSDI 2024',
  confidence: 'M',
};
const HUAWEI_PANGU: MfuDefault = {
  mfuFraction: 0.3,
  // 30.0 % on 6,000 Ascend NPUs.
  source: 'Huawei, "Pangu Ultra MoE", May 2025',
  confidence: 'H',
};
const ESTIMATE: MfuDefault = {
  mfuFraction: 0.35,
  // Between the H100 and Ascend figures until a published large run exists; the UI says "estimate"
  // and cites the two runs it lies between, so a reader can check it.
  source:
    'Meta, "The Llama 3 Herd of Models", Jul 2024 (H100, 38–43 %); Huawei, "Pangu Ultra MoE", May 2025 (Ascend, 30.0 %)',
  confidence: 'L',
};

/**
 * Default MFU by catalogue GPU. H20 keeps 40 % of its low peak (its memory bandwidth is the H100's);
 * inference cards and B200 have no published large-run figure, so they get the estimate.
 */
export const MFU_DEFAULTS: Readonly<Record<string, MfuDefault>> = {
  h100: META_LLAMA3,
  h800: META_LLAMA3,
  h200: META_LLAMA3,
  h20: META_LLAMA3,
  a100: BYTEDANCE_MEGASCALE,
  a800: BYTEDANCE_MEGASCALE,
  ascend910b: HUAWEI_PANGU,
  b200: ESTIMATE,
  l40s: ESTIMATE,
  rtx4090: ESTIMATE,
};

/**
 * A mixture of experts runs lower than a dense model on the same GPUs (all-to-all traffic between
 * experts, uneven expert load): 30.0 % on 6,000 Ascend NPUs for Pangu Ultra MoE, ≈ 34 % for Nemotron
 * 120B MoE on 64 H100. The research file's default for every GPU is 30 %.
 */
const MIXTURE_OF_EXPERTS: MfuDefault = {
  mfuFraction: 0.3,
  source: 'Huawei, "Pangu Ultra MoE", May 2025; NVIDIA, NeMo performance summary, Feb 2026',
  confidence: 'H',
};

/** The MFU a run defaults to: 30 % for a mixture of experts whatever its GPU, else its GPU's figure. */
export function mfuDefaultFor(modelId: string, mixtureOfExperts = false): MfuDefault {
  if (mixtureOfExperts) return MIXTURE_OF_EXPERTS;
  return MFU_DEFAULTS[modelId] ?? ESTIMATE;
}

/**
 * GPUs one can get on demand, by the catalogue's availability note of the rented GPU (estimates, L):
 * a product sold freely rents in large blocks; a discontinued one only from the fleets already
 * installed; a restricted or grey-market one in small lots. Editable: a quote from a provider wins.
 */
export const ON_DEMAND_GPUS_BY_AVAILABILITY: Readonly<Record<AvailabilityStatus, number>> = {
  available: 1024,
  domesticOnly: 512,
  discontinued: 256,
  restricted: 128,
  greyMarket: 64,
};

/** Limits of a plan, so a link stays small and a recompute stays within the slider budget. */
export const PLAN_LIMITS = {
  maxRuns: 60,
  /** Weeks the plan's curve may span: the weekly form's limit. */
  maxWeeks: 104,
  /** How far a strategy's schedule is followed before a run is said never to finish (10 years). */
  scheduleWeeks: 520,
  maxParamsBillions: 100_000,
  maxTokensTrillions: 10_000,
  maxFlops: 1e30,
  maxGpuHours: 1e10,
  maxGpus: 1_000_000,
  maxRecurringGpuHoursPerMonth: 1e9,
  nameMaxChars: 60,
} as const;
