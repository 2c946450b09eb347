import {
  COST_CATEGORIES,
  evaluate,
  ownedCapacityGpus,
  presets,
  type Scenario,
  STRATEGY_IDS,
  usefulCurve,
} from '../../src/engine';
import { scaleToLoadRate } from '../../src/engine/demand';
import {
  breakdownRows,
  type ChartMoney,
  crossoverMarks,
  crossoverSeries,
  cumulativeSeries,
  curveMeetings,
  demandSeries,
  displayToCny,
  FLAT_DEMAND_WEEKS,
  groupCloseReferences,
  labelWidthPx,
  layoutLabels,
  maxOf,
  niceScale,
  paybackPlacements,
  reachAreaOf,
  valueAt,
} from '../../src/view-model/chart-data';
import { inAccountingView } from '../factories';

const CNY: ChartMoney = { currency: 'CNY', cnyPerUsd: 7.2 };
const USD: ChartMoney = { currency: 'USD', cnyPerUsd: 7.2 };

function preset(id: string): Scenario {
  const s = presets[id];
  if (!s) throw new Error(`missing preset ${id}`);
  // The regime these tests read (crossovers, owning a base) is the accounting view's, not the view's own.
  return inAccountingView(s);
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

  it('puts each engine crossover where self-build meets that comparator, not the cheapest rental', () => {
    const e = evaluate(steady);
    const rate = e.comparisons.rent.crossoverLoadRate;
    expect(rate).not.toBeNull();
    const at = evaluate(scaleToLoadRate(steady, rate ?? 0)).strategies;
    expect(at.selfBuild.monthlyCny).toBeCloseTo(at.rent.monthlyCny, 0);
  });
});

/** Self-build with cheaper servers crosses both comparators inside 0–100 %. */
const cheapServers: Scenario = { ...seed, selfBuild: { ...seed.selfBuild, serverPriceCny: 500_000 } };

describe('crossoverMarks', () => {
  const SERIES_POINTS = 101;

  it('marks both intersections, each at the engine crossover and where the drawn curves meet', () => {
    const e = evaluate(cheapServers);
    const series = crossoverSeries(cheapServers, SERIES_POINTS, CNY);
    const marks = crossoverMarks(e, series);
    expect(marks.map((m) => m.comparator)).toEqual(['rent', 'platform']);
    for (const m of marks) {
      expect(m.loadRatePercent).toBeCloseTo(
        (e.comparisons[m.comparator].crossoverLoadRate ?? Number.NaN) * 100,
        9,
      );
      // The drawn lines meet once, and the mark is there within the 1-point sampling of the lines.
      const meetings = curveMeetings(series, 'loadRatePercent', 'selfBuild', m.comparator);
      expect(meetings).toHaveLength(1);
      expect(Math.abs((meetings[0] ?? Number.NaN) - m.loadRatePercent)).toBeLessThan(0.5);
      // The mark's height is the self-build line's (and so the comparator's) cost there.
      const other = valueAt(series, 'loadRatePercent', m.comparator, m.loadRatePercent);
      expect(m.cost).not.toBeNull();
      expect(Math.abs((m.cost ?? 0) - (other ?? 0)) / (other ?? 1)).toBeLessThan(0.01);
    }
  });

  it('marks only the pair that crosses, at the default scenario (self-build vs renting)', () => {
    const e = evaluate(seed);
    const series = crossoverSeries(seed, SERIES_POINTS, CNY);
    const marks = crossoverMarks(e, series);
    expect(marks.map((m) => m.comparator)).toEqual(['rent']);
    expect(e.comparisons.platform.crossoverLoadRate).toBeNull();
    expect(curveMeetings(series, 'loadRatePercent', 'selfBuild', 'platform')).toEqual([]);
    const [meeting] = curveMeetings(series, 'loadRatePercent', 'selfBuild', 'rent');
    expect(Math.abs((meeting ?? Number.NaN) - (marks[0]?.loadRatePercent ?? 0))).toBeLessThan(0.5);
  });

  it('marks nothing against a comparator that is not allowed', () => {
    const s = onPrem(cheapServers);
    expect(crossoverMarks(evaluate(s), crossoverSeries(s, 11, CNY))).toEqual([]);
  });
});

describe('curveMeetings and valueAt', () => {
  const rows = [
    { x: 0, a: 10, b: 4 },
    { x: 10, a: 6, b: 5 },
    { x: 20, a: 2, b: 6 },
  ];

  it('finds where a falls to b by linear interpolation', () => {
    const [x] = curveMeetings(rows, 'x', 'a', 'b');
    // a − b: 6, 1, −4 → zero at 10 + 10 × 1/5 = 12.
    expect(x).toBeCloseTo(12, 9);
    expect(curveMeetings(rows, 'x', 'b', 'a')).toEqual([0]);
  });

  it('reads a series between its points', () => {
    expect(valueAt(rows, 'x', 'a', 15)).toBeCloseTo(4, 9);
    expect(valueAt(rows, 'x', 'a', 25)).toBeNull();
  });
});

describe('reachAreaOf', () => {
  it('shades from the own cluster efficiency (the load it can reach) to 100 %', () => {
    const e = evaluate(seed);
    expect(reachAreaOf(e)).toEqual({ x1: e.ownEfficiency * 100, x2: 100 });
    expect(reachAreaOf({ ...e, ownEfficiency: 1 })).toBeNull();
  });
});

describe('layoutLabels', () => {
  it('puts labels far apart in one row and close ones in separate rows', () => {
    const placed = layoutLabels(
      [
        { key: 'a', x: 10, text: 'Meets Rent servers 10.0%' },
        { key: 'b', x: 80, text: 'Now 80.0%' },
        { key: 'c', x: 12, text: 'Meets Pooled platform 12.0%' },
      ],
      600,
    );
    const lane = Object.fromEntries(placed.map((p) => [p.key, p.lane]));
    expect(lane.a).toBe(0);
    expect(lane.b).toBe(0);
    expect(lane.c).toBe(1);
  });

  it('never lets two labels of one row overlap, at any width (estimated text widths)', () => {
    const labels = [5, 20, 21, 45, 46, 47, 90, 99].map((x, i) => ({
      key: String(i),
      x,
      text: `Label ${x}% long`,
    }));
    for (const width of [240, 390, 640]) {
      const placed = layoutLabels(labels, width);
      const spans = placed.map((p) => {
        const from = (p.x / 100) * width + p.dx;
        return { lane: p.lane, from, to: from + labelWidthPx(p.text) };
      });
      for (const a of spans)
        for (const b of spans)
          if (a !== b && a.lane === b.lane) expect(a.to <= b.from || b.to <= a.from).toBe(true);
      // Labels stay inside the plot's width.
      for (const s of spans) {
        expect(s.from).toBeGreaterThanOrEqual(-1e-9);
        expect(s.to).toBeLessThanOrEqual(width + 1e-9);
      }
    }
  });

  it('puts a label right of its mark, left of it near the right edge', () => {
    const [right, left] = layoutLabels(
      [
        { key: 'a', x: 10, text: 'Now 10%' },
        { key: 'b', x: 99, text: 'Now 99%' },
      ],
      400,
    );
    expect(right?.dx).toBeGreaterThan(0);
    expect(left?.dx).toBeLessThan(0);
  });

  it('counts Chinese characters as wider than Latin ones', () => {
    expect(labelWidthPx('与租用交于')).toBeGreaterThan(labelWidthPx('abcdefg'));
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

  it("pays self-build's capex on delivery, after the build lead time (rental meanwhile)", () => {
    const e = evaluate(steady);
    const series = cumulativeSeries(e, CNY);
    const lead = e.buildLeadTimeMonths;
    expect(series[0]?.selfBuild).toBe(0);
    const jump = (series[lead]?.selfBuild ?? 0) - (series[lead - 1]?.selfBuild ?? 0);
    expect(jump).toBeGreaterThanOrEqual(e.strategies.selfBuild.capexCny);
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

describe('paybackPlacements', () => {
  const withPaybacks = (rent: number | null, platform: number | null) => {
    const e = evaluate(steady);
    return {
      ...e,
      comparisons: {
        rent: { ...e.comparisons.rent, paybackMonth: rent },
        platform: { ...e.comparisons.platform, paybackMonth: platform },
      },
    };
  };

  it("places each comparator's payback month within the horizon, beyond it, or never", () => {
    expect(paybackPlacements(withPaybacks(10, 43), 36)).toEqual([
      { comparator: 'rent', placement: { kind: 'within', month: 10 } },
      { comparator: 'platform', placement: { kind: 'beyond', month: 43 } },
    ]);
    expect(paybackPlacements(withPaybacks(null, 36), 36)).toEqual([
      { comparator: 'rent', placement: { kind: 'never' } },
      { comparator: 'platform', placement: { kind: 'within', month: 36 } },
    ]);
  });

  it('takes the engine paybacks and says when a comparator is not allowed', () => {
    const e = evaluate(onPrem(steady));
    expect(paybackPlacements(e, 36).map((p) => p.placement.kind)).toEqual(['notAllowed', 'notAllowed']);
    const lab = evaluate(inAccountingView(presets.largeLab!));
    const month = lab.comparisons.rent.paybackMonth;
    if (month === null) throw new Error('the large lab pays back against renting');
    // A horizon that ends the month before the payback places it beyond the horizon.
    expect(month).toBeGreaterThan(1);
    expect(paybackPlacements(lab, month - 1)[0]).toEqual({
      comparator: 'rent',
      placement: { kind: 'beyond', month },
    });
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
