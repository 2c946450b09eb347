import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultScenario,
  evaluate,
  hybridAnalysis,
  presets,
  type TornadoResult,
  tornado,
} from '../../../src/engine';
import { monteCarlo } from '../../../src/engine/uncertainty';
import {
  crossoverBandsOf,
  hybridBaselineLineOf,
  roundedPercents,
  tornadoAxis,
  tornadoBars,
} from '../../../src/features/analysis/analysis-data';
import { crossoverBandArea, demandSeries } from '../../../src/view-model/chart-data';

const CNY = { currency: 'CNY', cnyPerUsd: 7.2 } as const;

describe('roundedPercents', () => {
  it('keeps ruled-out strategies null and makes the shown percents add up to 100', () => {
    expect(roundedPercents([0.001, 0.0718, 0.9272, 0])).toEqual([0, 7, 93, 0]);
    expect(roundedPercents([1 / 3, 1 / 3, 1 / 3, null])).toEqual([34, 33, 33, null]);
  });

  it('sums to 100 for any shares that sum to 1', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 4 }), (ints) => {
        const total = ints.reduce((a, b) => a + b, 0);
        fc.pre(total > 0);
        const shown = roundedPercents(ints.map((n) => n / total));
        expect(shown.reduce<number>((a, b) => a + (b ?? 0), 0)).toBe(100);
      }),
    );
  });
});

describe('crossover band', () => {
  it('takes P10 and P90 of each comparator the draws cross, with the share of draws that cross, named', () => {
    const mc = monteCarlo(defaultScenario, { draws: 1_000, seed: 1 });
    const bands = crossoverBandsOf(mc);
    const crossing = (['rent', 'platform'] as const).filter((id) => mc.crossover[id].loadRate !== null);
    expect(bands.map((b) => b.comparator)).toEqual(crossing);
    for (const band of bands) {
      const x = mc.crossover[band.comparator];
      expect(band).toEqual({
        comparator: band.comparator,
        p10: x.loadRate?.p10,
        p50: x.loadRate?.p50,
        p90: x.loadRate?.p90,
        crossingShare: x.crossingShare,
      });
    }
  });

  it('is absent before a result and for a comparator no draw crosses', () => {
    expect(crossoverBandsOf(null)).toEqual([]);
    const mc = monteCarlo(defaultScenario, { draws: 200, seed: 1 });
    const none = { sampledDraws: 10, crossingShare: 0, loadRate: null };
    expect(crossoverBandsOf({ ...mc, crossover: { rent: none, platform: none } })).toEqual([]);
    const rentOnly = {
      ...mc,
      crossover: {
        rent: { sampledDraws: 10, crossingShare: 0.5, loadRate: { p10: 0.4, p50: 0.5, p90: 0.6 } },
        platform: none,
      },
    };
    expect(crossoverBandsOf(rentOnly).map((b) => b.comparator)).toEqual(['rent']);
  });

  it('becomes an area in percent on the chart, clipped to 0–100 %', () => {
    expect(crossoverBandArea({ p10: 0.56, p90: 0.83 })).toEqual({ x1: 56.00000000000001, x2: 83 });
    expect(crossoverBandArea({ p10: 0.9, p90: 1.4 })).toEqual({ x1: 90, x2: 100 });
    expect(crossoverBandArea({ p10: 1.2, p90: 1.4 })).toBeNull();
    expect(crossoverBandArea(null)).toBeNull();
  });

  it('widens a band narrower than half a point so it stays visible', () => {
    expect(crossoverBandArea({ p10: 0.5, p90: 0.5 })).toEqual({ x1: 49.75, x2: 50.25 });
  });
});

describe('hybrid baseline on the demand chart', () => {
  it('is drawn at the useful GPUs the optimal baseline serves', () => {
    // Cheaper servers, so the optimal hybrid owns a baseline (at today's prices it is pure burst).
    const growing = presets.growingCompany!;
    const s = { ...growing, selfBuild: { ...growing.selfBuild, serverPriceCny: 500_000 } };
    const h = hybridAnalysis(s);
    expect(h.baselineGpus).toBeGreaterThan(0);
    expect(hybridBaselineLineOf(h)).toBe(h.usableBaselineGpus);
    const series = demandSeries(s, evaluate(s), hybridBaselineLineOf(h));
    expect(series.references.find((r) => r.kind === 'hybrid')).toEqual({
      kind: 'hybrid',
      gpus: h.usableBaselineGpus,
    });
  });

  it('is not drawn for a zero baseline (pure burst) or without a result', () => {
    const h = hybridAnalysis(defaultScenario);
    expect(h.baselineGpus).toBe(0);
    expect(hybridBaselineLineOf(h)).toBeNull();
    expect(hybridBaselineLineOf(null)).toBeNull();
    const series = demandSeries(defaultScenario, evaluate(defaultScenario));
    expect(series.references.map((r) => r.kind)).toEqual(['capacity', 'peak', 'baseline', 'trough']);
  });
});

describe('tornado bars', () => {
  const hand: TornadoResult = {
    baseGapCny: 100,
    rows: [
      { path: 'a', low: 0, high: 1, gapLowCny: -720, gapHighCny: 1440, swingCny: 2160, breakEven: null },
      { path: 'b', low: 0, high: 1, gapLowCny: 72, gapHighCny: 144, swingCny: 72, breakEven: null },
      { path: 'c', low: 0, high: 1, gapLowCny: 0, gapHighCny: 7.2, swingCny: 7.2, breakEven: null },
    ],
  };

  it('keeps the engine order (largest swing first), limits the rows and converts to the display currency', () => {
    const bars = tornadoBars(hand, 2, { currency: 'USD', cnyPerUsd: 7.2 }, (p) => `label ${p}`);
    expect(bars).toEqual([
      { path: 'a', label: 'label a', gapLow: -100, gapHigh: 200, swingCny: 2160 },
      { path: 'b', label: 'label b', gapLow: 10, gapHigh: 20, swingCny: 72 },
    ]);
  });

  it('covers every bar and 0 in round steps, without an empty half', () => {
    const axis = tornadoAxis(tornadoBars(hand, 3, CNY, String), 100);
    expect(axis).toEqual({ domain: [-1000, 1500], ticks: [-1000, -500, 0, 500, 1000, 1500] });
  });

  it('bars all right of 0 start the axis at 0 (equal cost) and use the width', () => {
    const right: TornadoResult = {
      baseGapCny: 37_000,
      rows: [
        {
          path: 'a',
          low: 0,
          high: 1,
          gapLowCny: 14_000,
          gapHighCny: 60_000,
          swingCny: 46_000,
          breakEven: null,
        },
      ],
    };
    const axis = tornadoAxis(tornadoBars(right, 1, CNY, String), 37_000);
    expect(axis.domain).toEqual([0, 60_000]);
    expect(axis.ticks[0]).toBe(0);
  });

  it('on the seed example ranks the server price first, as the engine does', () => {
    const bars = tornadoBars(tornado(defaultScenario), 10, CNY, String);
    expect(bars[0]?.path).toBe('selfBuild.serverPriceCny');
    expect(bars.map((b) => b.swingCny)).toEqual([...bars.map((b) => b.swingCny)].sort((x, y) => y - x));
  });
});
