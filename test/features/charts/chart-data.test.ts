import {
  COST_CATEGORIES,
  evaluate,
  ownedCapacityGpus,
  presets,
  type Scenario,
  STRATEGY_IDS,
  scaleToLoadRate,
  usefulCurve,
} from '../../../src/engine';
import {
  breakdownRows,
  breakEvenPlacement,
  type ChartMoney,
  crossoverSeries,
  cumulativeSeries,
  demandSeries,
  displayToCny,
  FLAT_DEMAND_WEEKS,
  groupCloseReferences,
  maxOf,
  niceScale,
} from '../../../src/features/charts/chart-data';

const CNY: ChartMoney = { currency: 'CNY', cnyPerUsd: 7.2 };
const USD: ChartMoney = { currency: 'USD', cnyPerUsd: 7.2 };

function preset(id: string): Scenario {
  const s = presets[id];
  if (!s) throw new Error(`missing preset ${id}`);
  return s;
}

const seed = preset('seedTeam');
const steady = preset('steadyLab');
const scenarios: [string, Scenario][] = Object.entries(presets);

function onPrem(s: Scenario): Scenario {
  return { ...s, compliance: 'onPrem' };
}

describe('crossoverSeries', () => {
  it.each(scenarios)('matches evaluate() of the scenario scaled to each load rate (%s)', (_name, s) => {
    const series = crossoverSeries(s, 11, CNY);
    expect(series).toHaveLength(11);
    for (const point of series) {
      const rate = point.loadRatePercent / 100;
      // Load rate 0 has no demand to scale, so compare from the first positive point.
      if (rate === 0) continue;
      const expected = evaluate(scaleToLoadRate(s, rate));
      for (const id of STRATEGY_IDS) {
        const value = point[id];
        expect(value).not.toBeNull();
        expect(value ?? Number.NaN).toBeCloseTo(expected.strategies[id].monthlyCny, 4);
      }
    }
  });

  it('spans load rates 0 to 100 percent in even steps', () => {
    const series = crossoverSeries(seed, 101, CNY);
    expect(series.map((p) => p.loadRatePercent)).toEqual(
      Array.from({ length: 101 }, (_, i) => expect.closeTo(i, 9)),
    );
  });

  it('converts every cost into dollars at the stated exchange rate', () => {
    const cny = crossoverSeries(steady, 6, CNY);
    const usd = crossoverSeries(steady, 6, USD);
    cny.forEach((p, i) => {
      for (const id of STRATEGY_IDS) {
        expect(usd[i]?.[id]).toBeCloseTo((p[id] ?? Number.NaN) / 7.2, 6);
      }
    });
  });

  it('leaves strategies ruled out by on-premises compliance empty at every load rate', () => {
    const series = crossoverSeries(onPrem(steady), 11, CNY);
    const e = evaluate(onPrem(steady));
    for (const id of STRATEGY_IDS) {
      const empty = series.every((p) => p[id] === null);
      expect(empty).toBe(!e.strategies[id].eligible);
    }
  });

  it('puts the engine crossover where self-build meets the cheapest rental', () => {
    const e = evaluate(steady);
    const rate = e.crossoverLoadRate;
    expect(rate).not.toBeNull();
    const at = evaluate(scaleToLoadRate(steady, rate ?? 0)).strategies;
    const rental = Math.min(at.rent.monthlyCny, at.platform.monthlyCny);
    expect(at.selfBuild.monthlyCny).toBeCloseTo(rental, 0);
  });
});

describe('cumulativeSeries', () => {
  it.each(scenarios)('is the running sum of each cash flow, month 0 to the horizon (%s)', (_name, s) => {
    const e = evaluate(s);
    const series = cumulativeSeries(e, CNY);
    expect(series).toHaveLength(s.horizonMonths + 1);
    series.forEach((point, m) => {
      expect(point.month).toBe(m);
      for (const id of STRATEGY_IDS) {
        const flow = e.strategies[id].cashflowCny.slice(0, m + 1);
        const expected = flow.reduce((a, b) => a + b, 0);
        expect(point[id] ?? Number.NaN).toBeCloseTo(expected, 4);
      }
    });
  });

  it('starts self-build at its capex in month 0', () => {
    const e = evaluate(steady);
    expect(cumulativeSeries(e, CNY)[0]?.selfBuild).toBeCloseTo(e.strategies.selfBuild.capexCny, 4);
  });

  it('converts cumulative cash into dollars', () => {
    const e = evaluate(steady);
    const cny = cumulativeSeries(e, CNY);
    const usd = cumulativeSeries(e, USD);
    expect(usd.at(-1)?.rent).toBeCloseTo((cny.at(-1)?.rent ?? Number.NaN) / 7.2, 4);
  });

  it('leaves ineligible strategies empty', () => {
    const e = evaluate(onPrem(steady));
    const series = cumulativeSeries(e, CNY);
    for (const id of STRATEGY_IDS) {
      if (!e.strategies[id].eligible) expect(series.every((p) => p[id] === null)).toBe(true);
    }
    expect(series.every((p) => p.selfBuild !== null)).toBe(true);
  });
});

describe('breakEvenPlacement', () => {
  it('reports a break-even month inside the horizon as within it', () => {
    const e = { ...evaluate(steady), breakEvenMonth: 10 };
    expect(breakEvenPlacement(e, 36)).toEqual({ kind: 'within', month: 10 });
  });

  it('reports a break-even month after the horizon as beyond it', () => {
    const e = { ...evaluate(steady), breakEvenMonth: 43 };
    expect(breakEvenPlacement(e, 36)).toEqual({ kind: 'beyond', month: 43 });
  });

  it('reports no break-even as never', () => {
    const e = { ...evaluate(steady), breakEvenMonth: null };
    expect(breakEvenPlacement(e, 36)).toEqual({ kind: 'never' });
  });
});

describe('breakdownRows', () => {
  it.each(scenarios)('gives each strategy its six engine categories and their sum (%s)', (_name, s) => {
    const e = evaluate(s);
    const rows = breakdownRows(e, CNY);
    expect(rows.map((r) => r.strategy)).toEqual([...STRATEGY_IDS]);
    for (const row of rows) {
      const engine = e.strategies[row.strategy];
      for (const c of COST_CATEGORIES) expect(row[c]).toBe(engine.breakdownMonthlyCny[c]);
      expect(row.total).toBeCloseTo(engine.monthlyCny, 6);
    }
  });

  it('keeps ineligible strategies with their reason', () => {
    const e = evaluate(onPrem(steady));
    for (const row of breakdownRows(e, CNY)) {
      expect(row.eligible).toBe(e.strategies[row.strategy].eligible);
      expect(row.ineligibleReason).toBe(e.strategies[row.strategy].ineligibleReason);
    }
    expect(breakdownRows(e, CNY).some((r) => !r.eligible)).toBe(true);
  });

  it('converts every category into dollars', () => {
    const e = evaluate(seed);
    const usd = breakdownRows(e, USD);
    for (const row of usd) {
      for (const c of COST_CATEGORIES) {
        expect(row[c]).toBeCloseTo(e.strategies[row.strategy].breakdownMonthlyCny[c] / 7.2, 6);
      }
    }
  });
});

describe('demandSeries', () => {
  it('draws a weekly curve exactly as the engine prices it', () => {
    const e = evaluate(steady);
    const series = demandSeries(steady, e);
    expect(series.flat).toBe(false);
    expect(series.points.map((p) => p.gpus)).toEqual([...usefulCurve(steady)]);
    expect(series.points[0]?.week).toBe(1);
  });

  it('draws a job-form demand flat over a year and says so', () => {
    const e = evaluate(seed);
    const series = demandSeries(seed, e);
    expect(series.flat).toBe(true);
    expect(series.points).toHaveLength(FLAT_DEMAND_WEEKS);
    const [value] = usefulCurve(seed);
    expect(series.points.every((p) => p.gpus === value)).toBe(true);
  });

  it('marks baseline, peak and trough from the evaluation and the whole-server self-build capacity', () => {
    const e = evaluate(preset('burstyResearch'));
    const refs = Object.fromEntries(
      demandSeries(preset('burstyResearch'), e).references.map((r) => [r.kind, r.gpus]),
    );
    const sb = preset('burstyResearch').selfBuild;
    expect(refs).toEqual({
      baseline: e.demand.baselineGpus,
      peak: e.demand.peakGpus,
      trough: e.demand.troughGpus,
      capacity: ownedCapacityGpus(sb.capacityGpus, sb.gpusPerServer),
    });
    expect(refs.capacity).toBe(e.strategies.selfBuild.baselineGpus);
  });

  it('puts the top of the y axis above every line and reference', () => {
    const s = preset('growingCompany');
    const series = demandSeries(s, evaluate(s));
    for (const p of series.points) expect(series.yMax).toBeGreaterThan(p.gpus);
    for (const r of series.references) expect(series.yMax).toBeGreaterThan(r.gpus);
  });
});

describe('groupCloseReferences', () => {
  it('merges lines with equal values into one group', () => {
    const groups = groupCloseReferences(
      [
        { kind: 'baseline', value: 2.6 },
        { kind: 'peak', value: 2.6 },
        { kind: 'capacity', value: 8 },
      ],
      0.5,
    );
    expect(groups.map((g) => g.members.map((m) => m.kind))).toEqual([['baseline', 'peak'], ['capacity']]);
  });

  it('keeps lines farther apart than the tolerance separate', () => {
    const groups = groupCloseReferences(
      [
        { kind: 'a', value: 0 },
        { kind: 'b', value: 2 },
        { kind: 'c', value: 4 },
      ],
      1,
    );
    expect(groups).toHaveLength(3);
  });
});

describe('niceScale, maxOf and displayToCny', () => {
  it('steps the axis in 1, 2, 2.5 or 5 times a power of ten, ending at or above the maximum', () => {
    expect(niceScale(3_217_263, 4)).toEqual({ top: 4_000_000, ticks: [0, 1e6, 2e6, 3e6, 4e6] });
    expect(niceScale(251, 5).ticks).toEqual([0, 50, 100, 150, 200, 250, 300]);
    expect(niceScale(10_120_000, 4).top).toBe(12_500_000);
    expect(niceScale(8.96, 5).ticks).toEqual([0, 2, 4, 6, 8, 10]);
  });

  it('ends exactly at a maximum that is already a whole step', () => {
    expect(niceScale(100, 4)).toEqual({ top: 100, ticks: [0, 25, 50, 75, 100] });
  });

  it('gives a unit axis when there is nothing to draw', () => {
    expect(niceScale(0, 4)).toEqual({ top: 1, ticks: [0, 1] });
  });

  it('finds the largest value across the given keys, ignoring nulls', () => {
    const rows = [
      { a: 1, b: null },
      { a: 3, b: 7 },
    ];
    expect(maxOf(rows, ['a'])).toBe(3);
    expect(maxOf(rows, ['a', 'b'])).toBe(7);
  });

  it('undoes the display conversion', () => {
    expect(displayToCny(100, USD)).toBeCloseTo(720, 9);
    expect(displayToCny(100, CNY)).toBe(100);
  });
});
