import { describe, expect, it } from 'vitest';
import {
  defaultScenario,
  newTrainingRun,
  REPORTED_HOURS_OVERHEAD,
  runFlops,
  runGpuHours,
  runGpus,
  runMfu,
  runOverheadFactor,
  runSteadyGpuHours,
  type TrainingRun,
} from '../../../src/engine';
import { mfuDefaultFor } from '../../../src/engine/training-plan/defaults';

/** A run given by model size and tokens on a catalogue GPU, at its default MFU. */
function modelRun(paramsBillions: number, tokensTrillions: number, modelId: string): TrainingRun {
  return { ...newTrainingRun(defaultScenario), paramsBillions, tokensTrillions, modelId, sizeBy: 'model' };
}

const relative = (a: number, b: number) => Math.abs(a / b - 1);
const signed = (a: number, b: number) => a / b - 1;

// Worked by hand in every test below: GPU-hours = 6·N·D ÷ (peak FLOP/s × MFU) ÷ 3600 × overhead.
const H100_PEAK = 989e12;
const OVERHEAD = 1.1;

describe('a training run in GPU-hours (6·N·D ÷ (peak × MFU) × the reported-hours overhead)', () => {
  it('golden check: Llama 3.1 405B on 15.6T tokens on H100 at the large-model default (40 %) × 1.1 lands within ±20 % of Meta’s 30.84 M GPU-hours', () => {
    const run = modelRun(405, 15.6, 'h100');
    expect(relative(runFlops(run), 3.7908e25)).toBeLessThan(1e-12);
    expect(runMfu(run)).toBe(0.4);
    const hours = runGpuHours(run);
    // 3.7908e25 ÷ (989e12 × 0.40) ÷ 3600 = 26.62 M while training; × 1.1 = 29.28 M.
    expect(relative(hours, (3.7908e25 / (H100_PEAK * 0.4) / 3600) * OVERHEAD)).toBeLessThan(1e-12);
    expect(relative(hours, 29.28e6)).toBeLessThan(1e-3);
    // Meta, Llama 3.1 model card (Jul 2024): 30.84 M H100 GPU-hours → −5.1 %.
    expect(relative(hours, 30.84e6)).toBeLessThan(0.2);
  });

  it('golden check: a mid-size dense model — Llama 3 70B on 15T tokens on H100 at 35 % × 1.1 — lands within ±20 % of Meta’s 6.4 M GPU-hours, where the old 40 % without overhead was 31 % short', () => {
    const run = modelRun(70, 15, 'h100');
    expect(runMfu(run)).toBe(0.35);
    const hours = runGpuHours(run);
    // 6 × 70e9 × 15e12 = 6.3e24; ÷ (989e12 × 0.35) ÷ 3600 = 5.056 M; × 1.1 = 5.561 M.
    expect(relative(hours, ((6 * 70e9 * 15e12) / (H100_PEAK * 0.35) / 3600) * OVERHEAD)).toBeLessThan(1e-12);
    expect(relative(hours, 5.561e6)).toBeLessThan(1e-3);
    // Meta, Llama 3 model card (Apr 2024): 6.4 M H100 GPU-hours for the 70B → −13.1 %.
    expect(relative(hours, 6.4e6)).toBeLessThan(0.2);
    // The old default, 6.3e24 ÷ (989e12 × 0.40) ÷ 3600 = 4.42 M, understated it by 30.9 %.
    expect(signed(6.3e24 / (H100_PEAK * 0.4) / 3600, 6.4e6)).toBeCloseTo(-0.309, 3);
  });

  it('golden check: DeepSeek LLM 67B on H800, per trillion tokens, at 35 % × 1.1 lands within ±20 % of the reported 300.6 K GPU-hours', () => {
    const hours = runGpuHours(modelRun(67, 1, 'h800'));
    // 6 × 67e9 × 1e12 = 4.02e23; ÷ (989e12 × 0.35) ÷ 3600 × 1.1 = 354.9 K.
    expect(relative(hours, (4.02e23 / (H100_PEAK * 0.35) / 3600) * OVERHEAD)).toBeLessThan(1e-12);
    // DeepSeek-AI, "DeepSeek-V2" (May 2024): 300.6 K H800 GPU-hours per trillion tokens → +18.0 %.
    expect(signed(hours, 300.6e3)).toBeCloseTo(0.1805, 3);
    expect(relative(hours, 300.6e3)).toBeLessThan(0.2);
  });

  it('golden checks for a mixture of experts (30 % × 1.1 on any GPU): above DeepSeek-V3’s report (trained in FP8), below DeepSeek-V2’s (BF16), the default between the two', () => {
    const v3: TrainingRun = { ...modelRun(37, 14.8, 'h800'), mixtureOfExperts: true };
    expect(relative(runFlops(v3), 3.2856e24)).toBeLessThan(1e-12);
    expect(runMfu(v3)).toBe(0.3);
    const v3Hours = runGpuHours(v3);
    // 3.2856e24 ÷ (989e12 × 0.30) ÷ 3600 = 3.076 M; × 1.1 = 3.384 M.
    expect(relative(v3Hours, (3.2856e24 / (H100_PEAK * 0.3) / 3600) * OVERHEAD)).toBeLessThan(1e-12);
    // DeepSeek-AI, "DeepSeek-V3 Technical Report" (Dec 2024): 2.664 M H800 GPU-hours → +27.0 %:
    // V3 trained in FP8, which a plan priced at the BF16 peak does not credit.
    expect(signed(v3Hours, 2.664e6)).toBeCloseTo(0.27, 2);
    // DeepSeek-V2 (21B active, 8.1T tokens, BF16): 172.8 K GPU-hours per trillion tokens → −24.9 %.
    const v2Hours = runGpuHours({ ...modelRun(21, 8.1, 'h800'), mixtureOfExperts: true });
    expect(relative(v2Hours, ((6 * 21e9 * 8.1e12) / (H100_PEAK * 0.3) / 3600) * OVERHEAD)).toBeLessThan(
      1e-12,
    );
    expect(signed(v2Hours, 172.8e3 * 8.1)).toBeCloseTo(-0.249, 3);
    // MFU over reported hours: V2 6·21e9·1e12 ÷ (172.8e3 × 3600 × 989e12) = 20.5 %, V3 34.6 %;
    // the default's 0.30 ÷ 1.1 = 27.3 % lies between.
    const v2Reported = (6 * 21e9 * 1e12) / (172.8e3 * 3600 * H100_PEAK);
    const v3Reported = 3.2856e24 / (2.664e6 * 3600 * H100_PEAK);
    expect(v2Reported).toBeCloseTo(0.205, 3);
    expect(v3Reported).toBeCloseTo(0.346, 3);
    expect(0.3 / OVERHEAD).toBeGreaterThan(v2Reported);
    expect(0.3 / OVERHEAD).toBeLessThan(v3Reported);
  });

  it('on Hopper the default MFU follows the model size: 30 % below 20B, 35 % from 20B to below 150B, 40 % from 150B; a size not given is looked up as mid-size', () => {
    for (const gpu of ['h100', 'h800', 'h200']) {
      const at = (size: number | null) => mfuDefaultFor(gpu, false, size).mfuFraction;
      expect([at(7), at(19.9), at(20), at(70), at(149.9), at(150), at(405), at(null)]).toEqual([
        0.3, 0.3, 0.35, 0.35, 0.35, 0.4, 0.4, 0.35,
      ]);
    }
    expect(mfuDefaultFor('h100', false, 7).sizeBillions).toEqual({ from: 0, below: 20 });
    expect(mfuDefaultFor('h100', false, 405).source).toBe('Meta, "The Llama 3 Herd of Models", Jul 2024');
    expect(mfuDefaultFor('h100', false, 70).source).toContain('DeepSeek 67B on H800: 37.6 %');
    expect(mfuDefaultFor('h100', false, 7).source).toContain('8B: 15.6 %');
  });

  it('other GPUs keep one default for every size: A100 45 %, H20 40 %, Ascend 30 %, B200 35 % (an estimate)', () => {
    for (const size of [7, 70, 405]) {
      expect(mfuDefaultFor('a100', false, size).mfuFraction).toBe(0.45);
      expect(mfuDefaultFor('a800', false, size).mfuFraction).toBe(0.45);
      expect(mfuDefaultFor('h20', false, size).mfuFraction).toBe(0.4);
      expect(mfuDefaultFor('ascend910b', false, size).mfuFraction).toBe(0.3);
      expect(mfuDefaultFor('b200', false, size)).toMatchObject({ mfuFraction: 0.35, confidence: 'L' });
    }
  });

  it('a run’s default is looked up at its own size (parameters × tokens); sized by FLOPs, as mid-size; a mixture of experts is 30 % at any size', () => {
    expect(runMfu(modelRun(7, 1, 'h800'))).toBe(0.3);
    expect(runMfu(modelRun(405, 1, 'h800'))).toBe(0.4);
    // A FLOPs-sized run keeps a stale 405 in its hidden size field: not used.
    expect(runMfu({ ...modelRun(405, 1, 'h800'), sizeBy: 'flops', flops: 1e23 })).toBe(0.35);
    for (const size of [7, 70, 405])
      expect(runMfu({ ...modelRun(size, 2, 'h100'), mixtureOfExperts: true })).toBe(0.3);
    expect(mfuDefaultFor('h100', true).source).toBe(
      'Huawei, "Pangu Ultra MoE", May 2025; NVIDIA, NeMo performance summary, Feb 2026',
    );
  });

  it('a typed MFU stays the user’s at any size and GPU, and the overhead still applies to it', () => {
    for (const [size, gpu] of [
      [7, 'h100'],
      [70, 'h800'],
      [405, 'a100'],
    ] as const) {
      const run = { ...modelRun(size, 2, gpu), mfuFraction: 0.42 };
      expect(runMfu(run)).toBe(0.42);
      expect(runMfu({ ...run, mixtureOfExperts: true })).toBe(0.42);
    }
    const typed = { ...modelRun(70, 2, 'h100'), mfuFraction: 0.42 };
    // 6 × 70e9 × 2e12 = 8.4e23; ÷ (989e12 × 0.42) ÷ 3600 × 1.1.
    expect(relative(runGpuHours(typed), (8.4e23 / (H100_PEAK * 0.42) / 3600) * OVERHEAD)).toBeLessThan(1e-12);
  });

  it('the reported-hours overhead is ×1.1 for every run, sourced, and multiplies the hours while training', () => {
    expect(REPORTED_HOURS_OVERHEAD.factor).toBe(1.1);
    expect(REPORTED_HOURS_OVERHEAD.source).toMatch(/Llama 3.*2024.*BLOOM.*2022/);
    for (const run of [modelRun(7, 1, 'h100'), modelRun(405, 15, 'a100'), modelRun(37, 2, 'b200')]) {
      expect(runOverheadFactor(run)).toBe(1.1);
      expect(relative(runGpuHours(run), runSteadyGpuHours(run) * 1.1)).toBeLessThan(1e-12);
    }
  });

  it('follows the GPU model: the same 70B run on B200 (2,250 TFLOPS at 35 %) takes 989 × 0.35 ÷ (2,250 × 0.35) of the H100 hours', () => {
    const onH100 = runGpuHours(modelRun(70, 2, 'h100'));
    const onB200 = runGpuHours(modelRun(70, 2, 'b200'));
    expect(relative(onB200 / onH100, (989 * 0.35) / (2250 * 0.35))).toBeLessThan(1e-12);
  });

  it('adds a third with full activation recompute, and a given MFU replaces the default', () => {
    const run = modelRun(70, 2, 'h800');
    expect(relative(runGpuHours({ ...run, recompute: true }) / runGpuHours(run), 4 / 3)).toBeLessThan(1e-12);
    expect(relative(runGpuHours({ ...run, mfuFraction: 0.175 }) / runGpuHours(run), 2)).toBeLessThan(1e-12);
  });

  it('takes GPU-hours as given (the overhead is in them); FLOPs convert with the overhead added, and back', () => {
    const base = newTrainingRun(defaultScenario);
    const byHours = { ...base, sizeBy: 'gpuHours' as const, gpuHours: 12_345, modelId: 'h800' };
    expect(runGpuHours(byHours)).toBe(12_345);
    // Those hours hold 12,345 ÷ 1.1 of training at the mid-size 35 %.
    expect(relative(runFlops(byHours), (12_345 / 1.1) * 3600 * H100_PEAK * 0.35)).toBeLessThan(1e-12);
    const byFlops = {
      ...base,
      sizeBy: 'flops' as const,
      flops: H100_PEAK * 0.35 * 3600 * 1000,
      modelId: 'h800',
    };
    expect(relative(runSteadyGpuHours(byFlops), 1000)).toBeLessThan(1e-12);
    expect(relative(runGpuHours(byFlops), 1100)).toBeLessThan(1e-12);
    expect(relative(runGpuHours({ ...byFlops, flops: runFlops(byHours) }), 12_345)).toBeLessThan(1e-12);
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
