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
  /** MFU while the job runs (steady training), the figure engineers measure and type. */
  mfuFraction: number;
  /** Publisher, title and date as a reader would cite them (shown beside the field); an estimate cites the runs it is set from. */
  source: string;
  confidence: 'H' | 'M' | 'L';
  /**
   * The model sizes (active parameters, billions) this default is for, [from, below); absent: every
   * size (the GPU's published runs show no trend with size, or there are none).
   */
  sizeBillions?: { from: number; below: number };
}

/*
 * MFU over a run's *reported* GPU-hours (6·N·D ÷ (reported GPU-hours × 3,600 × peak)), derived here
 * from published runs (docs/data-sources.md, "Training plans", has the arithmetic):
 *   H100  Llama 3 8B, 15T tokens, 1.3 M h ............ 15.6 %   Meta, Llama 3 model card, Apr 2024
 *   H100  Llama 3 70B, 15T tokens, 6.4 M h ........... 27.6 %   same
 *   H100  Llama 3.1 405B, 15.6T tokens, 30.84 M h .... 34.5 %   Meta, Llama 3.1 model card, Jul 2024
 *   H800  DeepSeek LLM 67B, 300.6 K h per 1T tokens .. 37.6 %   DeepSeek-AI, "DeepSeek-V2", May 2024
 *   A100  Llama 2 7B / 13B / 34B / 70B, 2T tokens .... 40.6 / 37.7 / 35.0 / 43.5 %   Meta, "Llama 2", Jul 2023
 *   A100  BLOOM 176B, 366B tokens, 1,082,990 h ....... 31.8 %   Luccioni et al., "Estimating the
 *         Carbon Footprint of BLOOM", 2022 (JMLR 2023)
 * and while running: Llama 3 405B 38–43 % (16,384 H100); Olmo 3 7B ≈ 33 % and 32B ≈ 37 % on H100
 * (7,700 and 1,900 tokens/s per GPU). On Hopper, mid-size dense runs report well below the 405B's
 * 40 %: a small model's matrices are too small to keep a 989-TFLOPS GPU busy and its communication is
 * a larger share. The defaults below are MFU *while running*; the reported-hours overhead
 * (REPORTED_HOURS_OVERHEAD) turns them into what a budget counts.
 */

const META_LLAMA3: MfuDefault = {
  mfuFraction: 0.4,
  // 38–43 % on 16,384 H100.
  source: 'Meta, "The Llama 3 Herd of Models", Jul 2024',
  confidence: 'H',
};
/** Hopper, dense, below 20B active parameters: between a tuned open run and Meta's reported hours. */
const HOPPER_SMALL: MfuDefault = {
  mfuFraction: 0.3,
  source:
    'Ai2, "Olmo 3", Nov 2025 (7B: ≈ 33 % while running); Meta, Llama 3 model card, Apr 2024 (8B: 15.6 % over its reported GPU-hours)',
  confidence: 'M',
  sizeBillions: { from: 0, below: 20 },
};
/** Hopper, dense, 20–150B: Olmo 3 32B running, DeepSeek 67B and Llama 3 70B over reported hours. */
const HOPPER_MID: MfuDefault = {
  mfuFraction: 0.35,
  source:
    'Ai2, "Olmo 3", Nov 2025 (32B: ≈ 37 % while running); DeepSeek-AI, "DeepSeek-V2", May 2024 (DeepSeek 67B on H800: 37.6 % over its reported GPU-hours); Meta, Llama 3 model card, Apr 2024 (70B: 27.6 %)',
  confidence: 'M',
  sizeBillions: { from: 20, below: 150 },
};
/** Hopper, dense, 150B and up: the Llama 3 405B run. */
const HOPPER_LARGE: MfuDefault = {
  ...META_LLAMA3,
  sizeBillions: { from: 150, below: Number.POSITIVE_INFINITY },
};
const BYTEDANCE_MEGASCALE: MfuDefault = {
  mfuFraction: 0.45,
  // 55.2 % on 12,288 A100 by an expert team; 45 % for an ordinary one (the research file's default).
  // Llama 2's four sizes report 35.0–43.5 % over their counted hours with no trend in size, so A100
  // keeps one figure for every size (45 % ÷ the 1.10 overhead = 40.9 % over reported hours).
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

/** Hopper's dense defaults by model size, smallest first; the last band has no upper end. */
const HOPPER_BY_SIZE: readonly MfuDefault[] = [HOPPER_SMALL, HOPPER_MID, HOPPER_LARGE];

/**
 * Default MFU by catalogue GPU, as bands by model size (one band: every size). Hopper (H100, H800,
 * H200) by size, from the runs above; H20 keeps 40 % of its low peak at every size (its memory
 * bandwidth is the H100's, its compute a seventh, so small matrices keep it busy); inference cards
 * and B200 have no published large-run figure, so they get the estimate.
 */
export const MFU_DEFAULTS: Readonly<Record<string, readonly MfuDefault[]>> = {
  h100: HOPPER_BY_SIZE,
  h800: HOPPER_BY_SIZE,
  h200: HOPPER_BY_SIZE,
  h20: [META_LLAMA3],
  a100: [BYTEDANCE_MEGASCALE],
  a800: [BYTEDANCE_MEGASCALE],
  ascend910b: [HUAWEI_PANGU],
  b200: [ESTIMATE],
  l40s: [ESTIMATE],
  rtx4090: [ESTIMATE],
};

/**
 * The size a run's default MFU is looked up at when the run does not give one (sized by FLOPs or
 * GPU-hours): a mid-size model, the middle band — neither the small band's caution nor the largest
 * runs' figure.
 */
const SIZE_UNKNOWN_PARAMS_BILLIONS = 70;

/**
 * A mixture of experts runs lower than a dense model on the same GPUs (all-to-all traffic between
 * experts, uneven expert load): 30.0 % on 6,000 Ascend NPUs for Pangu Ultra MoE, ≈ 34 % for Nemotron
 * 120B MoE on 64 H100. The research file's default for every GPU is 30 %. Over reported hours the
 * published MoE runs on H800 span 20.5 % (DeepSeek-V2, BF16) to 34.6 % (DeepSeek-V3, trained in FP8):
 * 30 % ÷ the 1.10 overhead = 27.3 % lies between them.
 */
const MIXTURE_OF_EXPERTS: MfuDefault = {
  mfuFraction: 0.3,
  source: 'Huawei, "Pangu Ultra MoE", May 2025; NVIDIA, NeMo performance summary, Feb 2026',
  confidence: 'H',
};

/**
 * The MFU a run defaults to: 30 % for a mixture of experts whatever its GPU; else its GPU's figure for
 * a dense model of `paramsBillions` (null: size not given, looked up as a mid-size model).
 */
export function mfuDefaultFor(
  modelId: string,
  mixtureOfExperts = false,
  paramsBillions: number | null = null,
): MfuDefault {
  if (mixtureOfExperts) return MIXTURE_OF_EXPERTS;
  const bands = MFU_DEFAULTS[modelId];
  if (bands === undefined) return ESTIMATE;
  const size = paramsBillions ?? SIZE_UNKNOWN_PARAMS_BILLIONS;
  return bands.find((b) => b.sizeBillions === undefined || size < b.sizeBillions.below) ?? ESTIMATE;
}

export interface OverheadDefault {
  /** Reported GPU-hours ÷ the hours at the MFU while running (≥ 1). */
  factor: number;
  source: string;
  confidence: 'H' | 'M' | 'L';
}

/**
 * Reported-hours overhead: the GPU-hours a run's budget counts beyond steady training at its MFU —
 * evaluation passes, warm-up and batch-size ramp-up, checkpoint writes, slow nodes, rollbacks after
 * loss spikes. *Interruptions are not in it*: the failure model prices each failure's lost progress
 * and restart (docs/model.md §3, category 5) and stretches the deadlines by them, so counting them
 * here too would count them twice.
 *
 * Published runs: Llama 3.1 405B reports 30.84 M H100 GPU-hours against 26.3 M at its 400 TFLOPS per
 * GPU while running (×1.17 in all, Meta, Llama 3.1 model card and "The Llama 3 Herd of Models",
 * Jul 2024), with more than 90 % effective training time (interruptions ≤ ×1.11), leaving ≈ ×1.05
 * besides; BLOOM reports 1,082,990 A100 GPU-hours against 0.92 M at 156 TFLOPS per GPU (hardware
 * FLOPs with recompute, so 37.5 % MFU while running): ×1.18 in all, restarts included (GENCI, news
 * of BLOOM's HPCwire award, Nov 2022; Luccioni et al., 2022). ×1.10 lies between the two: an
 * estimate.
 *
 * A constant until the scenario carries a per-run overhead (schema v9): then a run's own factor
 * (typed) wins and this is the default of a new run.
 */
export const REPORTED_HOURS_OVERHEAD: OverheadDefault = {
  factor: 1.1,
  source:
    'Meta, Llama 3.1 model card and "The Llama 3 Herd of Models", Jul 2024 (405B: reported ÷ running hours ×1.17, of which interruptions ≤ ×1.11); GENCI, Nov 2022, and Luccioni et al., "Estimating the Carbon Footprint of BLOOM", Nov 2022 (176B: ×1.18, restarts included)',
  confidence: 'L',
};

/**
 * GPUs one can get on demand, by the catalogue's availability note of the rented GPU (estimates, L):
 * a product sold freely rents in large blocks; a discontinued one only from the fleets already
 * installed; a restricted or grey-market one in small lots. Editable: a quote from a provider wins.
 * The default never falls below these (model/market-default.ts): a small team can get a few dozen servers.
 */
export const ON_DEMAND_GPUS_BY_AVAILABILITY: Readonly<Record<AvailabilityStatus, number>> = {
  available: 1024,
  domesticOnly: 512,
  discontinued: 256,
  restricted: 128,
  greyMarket: 64,
};

/**
 * The share of the GPUs renting all the work would hold in its busiest week that one can get on
 * demand, by the same availability note (estimates, L; model/market-default.ts): a larger buyer gets
 * larger blocks, in proportion — twice its peak for a GPU sold freely, then half as much for each
 * step down, in the same ratios as the floors above. No published figure gives these; a provider's
 * quote replaces them.
 */
export const ON_DEMAND_SHARE_OF_RENT_PEAK_BY_AVAILABILITY: Readonly<Record<AvailabilityStatus, number>> = {
  available: 2,
  domesticOnly: 1,
  discontinued: 0.5,
  restricted: 0.25,
  greyMarket: 0.125,
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
