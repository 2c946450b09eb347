import { describe, expect, it } from 'vitest';
import { evaluate, presets, type Scenario, sweepLoadRate } from '../../src/engine';
import {
  type ChartMoney,
  crossoverBandArea,
  crossoverMarks,
  crossoverRows,
  maxOf,
  niceScale,
} from '../../src/view-model/chart-data';
import {
  crossingNotes,
  crossoverChart,
  crossoverNotes,
  drawnBands,
  LOAD_SWEEP_POINTS,
  loadRateSweep,
} from '../../src/view-model/crossover-chart';
import { drawnStrategies, strategyLegend } from '../../src/view-model/strategy-legend';

const CNY: ChartMoney = { currency: 'CNY', cnyPerUsd: 7.2 };
const seed = presets.seedTeam as Scenario;
const onPrem: Scenario = { ...seed, compliance: 'onPrem' };
const bands = [
  { comparator: 'rent' as const, p10: 0.35, p90: 0.52, crossingShare: 0.9 },
  { comparator: 'platform' as const, p10: 0.6, p90: 0.8 },
];

describe('loadRateSweep', () => {
  it('is the engine’s sweep at one point per whole percent, 0 % to 100 %', () => {
    const sweep = loadRateSweep(seed);
    expect(LOAD_SWEEP_POINTS).toBe(101);
    expect(sweep).toEqual(sweepLoadRate(seed, 101));
    expect(sweep.map((p) => Math.round(p.loadRate * 100))).toEqual(Array.from({ length: 101 }, (_, k) => k));
  });
});

describe('crossingNotes', () => {
  it('says where self-build meets each comparator, and that it never meets one it never crosses', () => {
    const e = evaluate(seed);
    expect(e.comparisons.platform.crossoverLoadRate).toBeNull();
    expect(crossingNotes(e)).toEqual([
      { code: 'meet', comparator: 'rent', loadRate: e.comparisons.rent.crossoverLoadRate },
      { code: 'never', comparison: e.comparisons.platform },
    ]);
  });

  it('is one "no rental" note when the engine allows neither comparator', () => {
    expect(crossingNotes(evaluate(onPrem))).toEqual([{ code: 'noRental' }]);
  });
});

describe('drawnBands', () => {
  it('keeps the band of a crossing the engine finds, with its area, and drops one it says never happens', () => {
    expect(drawnBands(evaluate(seed), bands)).toEqual([
      { band: bands[0], area: crossoverBandArea(bands[0]) },
    ]);
  });

  it('draws no band when neither comparator is allowed', () => {
    expect(drawnBands(evaluate(onPrem), bands)).toEqual([]);
  });
});

describe('crossoverNotes', () => {
  it('on the seed: the crossings, the load where the own cluster is full, the bands, then the current load', () => {
    const e = evaluate(seed);
    const shown = drawnBands(e, bands);
    expect(crossoverNotes(e, shown)).toEqual([
      ...crossingNotes(e),
      { code: 'reach', onPrem: false, loadRate: e.ownEfficiency },
      { code: 'band', ...bands[0] },
      { code: 'current', onChart: true, loadRate: e.loadRate },
    ]);
  });

  it('on premises: each strategy left out with the engine’s reason first, and the on-premises reach note', () => {
    const e = evaluate(onPrem);
    expect(crossoverNotes(e, [])).toEqual([
      { code: 'omitted', strategy: 'rent', reason: e.strategies.rent.ineligibleReason },
      { code: 'omitted', strategy: 'platform', reason: e.strategies.platform.ineligibleReason },
      { code: 'omitted', strategy: 'hybrid', reason: e.strategies.hybrid.ineligibleReason },
      { code: 'noRental' },
      { code: 'reach', onPrem: true, loadRate: e.ownEfficiency },
      { code: 'current', onChart: true, loadRate: e.loadRate },
    ]);
  });

  it('places a current load above 100 % off the chart', () => {
    const e = { ...evaluate(seed), loadRate: 1.2 };
    expect(crossoverNotes(e, []).at(-1)).toEqual({ code: 'current', onChart: false, loadRate: 1.2 });
  });
});

describe('crossoverChart', () => {
  it('shapes the rows it is given with the engine’s drawn strategies, scale, marks, legend and notes', () => {
    const e = evaluate(seed);
    const rows = crossoverRows(loadRateSweep(seed), CNY);
    const chart = crossoverChart(e, rows, bands);
    expect(chart.rows).toBe(rows);
    expect(chart.drawn).toEqual(drawnStrategies(e));
    expect(chart.yScale).toEqual(niceScale(maxOf(rows, drawnStrategies(e)), 4));
    expect(chart.marks).toEqual(crossoverMarks(e, rows));
    expect(chart.marks.map((m) => m.loadRatePercent)).toEqual([e.comparisons.rent.crossoverLoadRate! * 100]);
    expect(chart.reach).toEqual({ x1: e.ownEfficiency * 100, x2: 100 });
    expect(chart.current).toEqual({ loadRate: e.loadRate, onChart: true });
    expect(chart.bands).toEqual(drawnBands(e, bands));
    expect(chart.legend).toEqual(strategyLegend(e));
    expect(chart.notes).toEqual(crossoverNotes(e, drawnBands(e, bands)));
  });
});
