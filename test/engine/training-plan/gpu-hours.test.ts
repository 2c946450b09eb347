import { describe, expect, it } from 'vitest';
import {
  defaultScenario,
  mfuDefaultFor,
  newTrainingRun,
  runFlops,
  runGpuHours,
  runGpus,
  runMfu,
  type TrainingRun,
} from '../../../src/engine';

/** A run given by model size and tokens on a catalogue GPU, at that GPU's default MFU. */
function modelRun(paramsBillions: number, tokensTrillions: number, modelId: string): TrainingRun {
  return { ...newTrainingRun(defaultScenario), paramsBillions, tokensTrillions, modelId, sizeBy: 'model' };
}

const relative = (a: number, b: number) => Math.abs(a / b - 1);

describe('a training run in GPU-hours (6·N·D ÷ (peak × MFU))', () => {
  it('golden check: Llama 3.1 405B on 15.6T tokens is 6 × 405e9 × 15.6e12 FLOPs, and on H100 at the default MFU lands within ±20 % of Meta’s 30.84 M GPU-hours', () => {
    const run = modelRun(405, 15.6, 'h100');
    expect(relative(runFlops(run), 3.7908e25)).toBeLessThan(1e-12);
    // Meta, Llama 3.1 model card (Jul 2024): 30.84 M H100 GPU-hours.
    const hours = runGpuHours(run);
    expect(relative(hours, 30.84e6)).toBeLessThan(0.2);
    // 3.7908e25 ÷ (989e12 × 0.40) ÷ 3600 = 26.6 M (the reported figure includes restarts and evaluation).
    expect(relative(hours, 3.7908e25 / (989e12 * 0.4) / 3600)).toBeLessThan(1e-12);
  });

  it('golden check: DeepSeek-V3 (a mixture of experts, 37B active) on 14.8T tokens is 3.2856e24 FLOPs, and on H800 at the mixture-of-experts default MFU (30 %) lands within ±20 % of the reported 2.664 M GPU-hours', () => {
    const run: TrainingRun = { ...modelRun(37, 14.8, 'h800'), mixtureOfExperts: true };
    expect(relative(runFlops(run), 6 * 37e9 * 14.8e12)).toBeLessThan(1e-12);
    expect(relative(runFlops(run), 3.2856e24)).toBeLessThan(1e-12);
    expect(runMfu(run)).toBe(0.3);
    // 3.2856e24 ÷ (989e12 × 0.30) ÷ 3600 = 3.076 M, +15.5 % of the report.
    const hours = runGpuHours(run);
    expect(relative(hours, 3.2856e24 / (989e12 * 0.3) / 3600)).toBeLessThan(1e-12);
    // DeepSeek-AI, DeepSeek-V3 Technical Report (Dec 2024): 2.664 M H800 GPU-hours of pre-training.
    expect(relative(hours, 2.664e6)).toBeLessThan(0.2);
  });

  it('defaults a mixture of experts to 30 % MFU on any GPU, with its sources; a given MFU still wins', () => {
    for (const modelId of ['h100', 'a100', 'b200', 'ascend910b']) {
      const moe: TrainingRun = { ...modelRun(37, 2, modelId), mixtureOfExperts: true };
      expect(runMfu(moe)).toBe(0.3);
      expect(runMfu({ ...moe, mfuFraction: 0.42 })).toBe(0.42);
    }
    expect(mfuDefaultFor('h100', true).source).toBe(
      'Huawei, "Pangu Ultra MoE", May 2025; NVIDIA, NeMo performance summary, Feb 2026',
    );
    // Unset or false: the GPU's own default (a run saved before the choice existed is dense).
    expect(runMfu(modelRun(37, 2, 'h100'))).toBe(0.4);
    expect(runMfu({ ...modelRun(37, 2, 'h100'), mixtureOfExperts: false })).toBe(0.4);
  });

  it('takes its default MFU from the GPU generation, each with its source', () => {
    expect(mfuDefaultFor('h100')).toMatchObject({ mfuFraction: 0.4 });
    expect(mfuDefaultFor('h100').source).toBe('Meta, "The Llama 3 Herd of Models", Jul 2024');
    expect(mfuDefaultFor('a100').mfuFraction).toBe(0.45);
    expect(mfuDefaultFor('ascend910b').mfuFraction).toBe(0.3);
    expect(mfuDefaultFor('b200').confidence).toBe('L');
  });

  it('follows the GPU model: the same run on B200 (2,250 TFLOPS at 35 %) takes 989 × 0.40 ÷ (2,250 × 0.35) of the H100 hours', () => {
    const onH100 = runGpuHours(modelRun(70, 2, 'h100'));
    const onB200 = runGpuHours(modelRun(70, 2, 'b200'));
    expect(relative(onB200 / onH100, (989 * 0.4) / (2250 * 0.35))).toBeLessThan(1e-12);
  });

  it('adds a third with full activation recompute, and a given MFU replaces the default', () => {
    const run = modelRun(70, 2, 'h800');
    expect(relative(runGpuHours({ ...run, recompute: true }) / runGpuHours(run), 4 / 3)).toBeLessThan(1e-12);
    expect(relative(runGpuHours({ ...run, mfuFraction: 0.2 }) / runGpuHours(run), 2)).toBeLessThan(1e-12);
  });

  it('takes FLOPs or GPU-hours as given', () => {
    const base = newTrainingRun(defaultScenario);
    expect(runGpuHours({ ...base, sizeBy: 'gpuHours', gpuHours: 12_345 })).toBe(12_345);
    const byFlops = { ...base, sizeBy: 'flops' as const, flops: 989e12 * 0.4 * 3600 * 1000, modelId: 'h800' };
    expect(relative(runGpuHours(byFlops), 1000)).toBeLessThan(1e-12);
  });

  it('without a GPU count uses the fewest whole GPUs that finish by the deadline', () => {
    const run = {
      ...newTrainingRun(defaultScenario),
      sizeBy: 'gpuHours' as const,
      gpuHours: 168 * 10 * 64,
    };
    expect(runGpus({ ...run, gpus: null, startWeek: 1, deadlineWeek: 10 })).toBe(64);
    expect(runGpus({ ...run, gpus: null, startWeek: 1, deadlineWeek: 9 })).toBe(72);
  });
});
