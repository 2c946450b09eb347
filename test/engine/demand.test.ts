import { describe, expect, it } from 'vitest';
import { CURVE_KINDS, mean } from '../../src/engine';
import {
  demandStats,
  jobsPerMonth,
  loadRateOf,
  percentileSorted,
  scaleToLoadRate,
  usefulGpuHoursPerMonth,
} from '../../src/engine/demand';
import { generateCurve } from '../../src/engine/demand-generators';
import { makeScenario, makeWeeklyScenario } from '../factories';

describe('demand', () => {
  it('turns the job form into useful GPU-hours: 20 × 24 h × 8 GPUs × 50 % = 1,920', () => {
    expect(usefulGpuHoursPerMonth(makeScenario())).toBe(1_920);
  });

  it('turns a weekly curve into useful GPU-hours: mean GPUs × 730 h', () => {
    const s = makeWeeklyScenario([10, 20, 30, 40, ...new Array(22).fill(25)], 64);
    expect(usefulGpuHoursPerMonth(s)).toBeCloseTo(25 * 730, 9);
  });

  it('counts jobs in weekly mode from the job size: useful hours ÷ (hours × GPUs × rental utilization)', () => {
    const s = makeWeeklyScenario(new Array(26).fill(96 / 730), 8, {
      demand: { hoursPerJob: 24, gpusPerJob: 8 },
    });
    // 96 useful GPU-hours a month ÷ (24 × 8 × 0.5) = 1 job.
    expect(jobsPerMonth(s)).toBeCloseTo(1, 12);
  });

  it('defines the load rate as mean useful demand over owned capacity in whole servers', () => {
    // 1,920 ÷ 730 = 2.63 GPUs on one 8-GPU server (capacity 5 rounds up to 8).
    expect(loadRateOf(makeScenario({ selfBuild: { capacityGpus: 5 } }))).toBeCloseTo(1_920 / 730 / 8, 12);
  });

  it('scales a weekly curve to a load rate keeping its shape', () => {
    const curve = [10, 30, ...new Array(24).fill(20)];
    const scaled = scaleToLoadRate(makeWeeklyScenario(curve, 64), 0.5);
    expect(loadRateOf(scaled)).toBeCloseTo(0.5, 12);
    const w = scaled.demand.weeklyGpus;
    expect(w[1]! / w[0]!).toBeCloseTo(3, 12);
  });

  it('scales the job form by the number of jobs', () => {
    const scaled = scaleToLoadRate(makeScenario(), 0.8);
    expect(loadRateOf(scaled)).toBeCloseTo(0.8, 12);
    expect(scaled.demand.hoursPerJob).toBe(24);
    expect(scaled.demand.jobsPerMonth).toBeCloseTo((0.8 * 8 * 730) / 96, 9);
  });

  it('gives an all-zero curve a flat level when scaled', () => {
    const scaled = scaleToLoadRate(makeWeeklyScenario(new Array(26).fill(0), 16), 0.25);
    expect(scaled.demand.weeklyGpus.every((g) => g === 4)).toBe(true);
  });

  it('reports baseline (p15), peak (p95), trough and the peak-to-baseline ratio', () => {
    const curve = Array.from({ length: 101 }, (_, i) => i).slice(0, 100); // 0..99
    const s = makeWeeklyScenario(
      curve.slice(0, 100).filter((_, i) => i < 104),
      128,
    );
    const stats = demandStats(s);
    const sorted = [...curve].sort((a, b) => a - b);
    expect(stats.baselineGpus).toBeCloseTo(percentileSorted(sorted, 0.15), 12);
    expect(stats.peakGpus).toBeCloseTo(percentileSorted(sorted, 0.95), 12);
    expect(stats.troughGpus).toBe(0);
    expect(stats.maxGpus).toBe(99);
    expect(stats.peakToBaseline).toBeCloseTo(stats.peakGpus / stats.baselineGpus, 12);
  });

  it('interpolates percentiles linearly', () => {
    expect(percentileSorted([0, 10], 0.15)).toBeCloseTo(1.5, 12);
    expect(percentileSorted([], 0.5)).toBe(0);
  });

  it('labels a flat curve steady, campaigns pulse and a rising curve growth', () => {
    const weeks = 52;
    const shape = (kind: (typeof CURVE_KINDS)[number]) =>
      demandStats(makeWeeklyScenario(generateCurve(kind, { weeks, meanGpus: 50, seed: 7 }), 128)).shape;
    expect(shape('steady')).toBe('steady');
    expect(shape('pulse')).toBe('pulse');
    expect(shape('growth')).toBe('growth');
  });

  it('generates curves with exactly the requested mean, reproducibly from the seed', () => {
    for (const kind of CURVE_KINDS) {
      const a = generateCurve(kind, { weeks: 52, meanGpus: 40, seed: 3 });
      expect(a).toHaveLength(52);
      expect(mean(a)).toBeCloseTo(40, 9);
      expect(generateCurve(kind, { weeks: 52, meanGpus: 40, seed: 3 })).toEqual(a);
      expect(a.every((g) => g >= 0)).toBe(true);
    }
  });
});

describe('a curve whose baseline is (next to) zero', () => {
  // 15th percentile 1e-320 GPUs (a subnormal number): peak ÷ baseline would be Infinity.
  const weekly = Array.from({ length: 26 }, (_, i) => (i % 4 === 0 ? 40 : 1e-320));

  it('has no peak-to-baseline ratio and is not called steady', () => {
    const stats = demandStats(makeWeeklyScenario(weekly, 8));
    expect(stats.baselineGpus).toBe(1e-320);
    expect(stats.peakToBaseline).toBeNull();
    expect(stats.shape).toBe('pulse');
  });

  it('gives a flat subnormal curve no ratio either (below a billionth of a GPU is no baseline)', () => {
    const stats = demandStats(makeWeeklyScenario(Array(26).fill(1e-320), 8));
    expect(stats.peakToBaseline).toBeNull();
  });

  it('keeps the ratio for a real baseline', () => {
    const stats = demandStats(makeWeeklyScenario([...Array(20).fill(10), ...Array(6).fill(30)], 8));
    expect(stats.peakToBaseline).toBe(3);
  });
});
