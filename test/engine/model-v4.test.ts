import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  evaluate,
  flipPathShift,
  type PricePathPoint,
  presetShape,
  presets,
  type Scenario,
} from '../../src/engine';
import { efficiencies } from '../../src/engine/efficiency';
import { withPathShift } from '../../src/engine/price-path-flip';
import { COMPLIANCE_LEVELS } from '../../src/engine/types';
import { arbScenario } from './arbitraries';

// docs/model.md §10 (model v4): the properties of price paths, the cost of capital and one market.
const RUNS = { numRuns: 60 };

// Each property evaluates hundreds of scenarios: a ceiling for busy shared machines, not a speed check.
vi.setConfig({ testTimeout: 120_000 });

function atCompliance(s: Scenario, compliance: Scenario['compliance']): Scenario {
  return { ...s, compliance };
}

describe('the private pool follows the efficiency table at every compliance level', () => {
  it('the steady lab at team level 4 pools at 75 % on premises as with no compliance rule (was capped at 60 %)', () => {
    const s: Scenario = { ...presets.steadyLab!, teamCapability: 4 };
    // Table (docs/model.md §2): pooled 70 % at an average team, +5 points at level 4, ceiling the platform's 75 %.
    const expected = Math.min(s.selfBuild.pooledEfficiency + 0.05, s.platform.utilization);
    expect(expected).toBeCloseTo(0.75, 12);
    for (const level of COMPLIANCE_LEVELS)
      expect(efficiencies(atCompliance(s, level)).pooled).toBeCloseTo(expected, 12);
  });

  it('own, pooled and siloed efficiencies never depend on compliance', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const base = efficiencies(atCompliance(s, 'none'));
        for (const level of COMPLIANCE_LEVELS) {
          const e = efficiencies(atCompliance(s, level));
          expect(e.pooled).toBe(base.pooled);
          expect(e.siloed).toBe(base.siloed);
          expect(e.own.value).toBe(base.own.value);
        }
      }),
      RUNS,
    );
  });
});

/** Relative closeness (a month's bills can be billions). */
function relClose(a: number, b: number, tol = 1e-9): boolean {
  return Math.abs(a - b) <= tol * Math.max(1, Math.abs(a), Math.abs(b));
}

function withPath(s: Scenario, finance: Partial<Scenario['finance']>): Scenario {
  return { ...s, finance: { ...s.finance, ...finance } };
}

/** Flat prices: the steady path at 0 and no shape. */
function flatPrices(s: Scenario): Scenario {
  return withPath(s, { gpuTimePriceDeclineFractionPerYear: 0, gpuTimePriceShape: null });
}

/** Job-form or weekly demand (the same each month): the bills' factor is the horizon's plain average. */
function representative(s: Scenario): Scenario {
  return s.demand.mode === 'plan' ? { ...s, demand: { ...s.demand, mode: 'weekly' } } : s;
}

/**
 * A shaped path's index at month m, written here apart from the engine: flat before the first point
 * and after the last, and between two points e^(ln a + (ln b − ln a) × t).
 */
function indexAt(points: PricePathPoint[], m: number): number {
  if (m <= points[0]!.month) return points[0]!.index;
  const last = points[points.length - 1]!;
  if (m >= last.month) return last.index;
  const i = points.findIndex((p) => p.month >= m);
  const [a, b] = [points[i - 1]!, points[i]!];
  const t = (m - a.month) / (b.month - a.month);
  return Math.exp(Math.log(a.index) + (Math.log(b.index) - Math.log(a.index)) * t);
}

const arbPoints = fc
  .uniqueArray(fc.integer({ min: 1, max: 90 }), { minLength: 1, maxLength: 6 })
  .chain((months) =>
    fc.tuple(
      ...[...months]
        .sort((a, b) => a - b)
        .map((month) => fc.double({ min: 0.2, max: 4, noNaN: true }).map((index) => ({ month, index }))),
    ),
  );

describe('price paths (model v4)', () => {
  it('a path of ones prices every way exactly as flat prices', () => {
    fc.assert(
      fc.property(arbScenario, (raw) => {
        const flat = evaluate(flatPrices(raw)).strategies;
        const ones = evaluate(
          withPath(raw, {
            gpuTimePriceShape: {
              preset: 'imported',
              name: 'ones',
              source: '',
              points: [{ month: 1, index: 1 }],
            },
          }),
        ).strategies;
        for (const id of ['selfBuild', 'rent', 'platform', 'hybrid'] as const) {
          expect(ones[id].monthlyCny).toBe(flat[id].monthlyCny);
          expect(ones[id].cashflowCny).toEqual(flat[id].cashflowCny);
        }
      }),
      RUNS,
    );
  });

  it('on a shaped path, rent and platform compute is the flat compute × the average of the path’s monthly indices', () => {
    fc.assert(
      fc.property(arbScenario, arbPoints, (raw, points) => {
        const s = representative(raw);
        const shaped = evaluate(
          withPath(s, { gpuTimePriceShape: { preset: 'imported', name: 'file', source: '', points } }),
        ).strategies;
        const flat = evaluate(flatPrices(s)).strategies;
        let sum = 0;
        for (let m = 1; m <= s.horizonMonths; m++) sum += indexAt(points, m);
        const average = sum / s.horizonMonths;
        for (const id of ['rent', 'platform'] as const) {
          expect(
            relClose(shaped[id].breakdownMonthlyCny.compute, flat[id].breakdownMonthlyCny.compute * average),
          ).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('a steady rise (negative decline) bills month m at (1 + rise)^((m − 1) / 12) of today', () => {
    fc.assert(
      fc.property(arbScenario, fc.double({ min: 0.01, max: 0.3, noNaN: true }), (raw, rise) => {
        const s = withPath(representative(raw), {
          gpuTimePriceDeclineFractionPerYear: -rise,
          gpuTimePriceShape: null,
        });
        const rising = evaluate(s).strategies;
        const flat = evaluate(flatPrices(s)).strategies;
        let sum = 0;
        for (let m = 1; m <= s.horizonMonths; m++) sum += (1 + rise) ** ((m - 1) / 12);
        for (const id of ['rent', 'platform'] as const)
          expect(
            relClose(
              rising[id].breakdownMonthlyCny.compute,
              (flat[id].breakdownMonthlyCny.compute * sum) / s.horizonMonths,
            ),
          ).toBe(true);
      }),
      RUNS,
    );
  });

  it('a shaped path of the steady path’s own monthly indices prices every way as the steady path (within rounding)', () => {
    fc.assert(
      fc.property(arbScenario, fc.double({ min: -0.3, max: 0.6, noNaN: true }), (raw, decline) => {
        const steady = withPath(raw, {
          gpuTimePriceDeclineFractionPerYear: decline,
          gpuTimePriceShape: null,
        });
        // Month 1 and month 97 (beyond any horizon plus lead time): log-linear between them is geometric.
        const points = [
          { month: 1, index: 1 },
          { month: 97, index: (1 - decline) ** 8 },
        ];
        const shaped = withPath(raw, {
          gpuTimePriceShape: { preset: 'imported', name: 'steady', source: '', points },
        });
        const [a, b] = [evaluate(steady).strategies, evaluate(shaped).strategies];
        for (const id of ['selfBuild', 'rent', 'platform', 'hybrid'] as const)
          expect(relClose(a[id].monthlyCny, b[id].monthlyCny, 1e-9)).toBe(true);
      }),
      RUNS,
    );
  });

  it('the shortage preset rises 25 % over six months, then falls 15 %/yr', () => {
    const shape = presetShape('shortage')!;
    expect(indexAt(shape.points, 7)).toBeCloseTo(1.25, 12);
    expect(indexAt(shape.points, 4)).toBeCloseTo(1.25 ** 0.5, 12);
    expect(indexAt(shape.points, 19)).toBeCloseTo(1.25 * 0.85, 9);
    expect(indexAt(shape.points, 43)).toBeCloseTo(1.25 * 0.85 ** 3, 9);
  });

  it('the observed preset replays the H100 on-demand prices: 10 → 2.99 (−70 %) → 2.95 → 3.69 USD', () => {
    const shape = presetShape('observed')!;
    // Mid-2023 is month 1; Oct 2024 month 17, May 2026 month 36, Sep 2026 month 40.
    expect(shape.points).toEqual([
      { month: 1, index: 1 },
      { month: 17, index: 2.99 / 10 },
      { month: 36, index: 2.95 / 10 },
      { month: 40, index: 3.69 / 10 },
    ]);
  });
});

describe('the verdict’s flip along the path', () => {
  it('every flip, applied, makes the two ways cost the same within 0.5 %, and past it the other way wins', () => {
    const cases: Scenario[] = [];
    for (const s of Object.values(presets)) {
      cases.push(s);
      cases.push(withPath(s, { gpuTimePriceShape: presetShape('shortage') }));
      cases.push(withPath(s, { gpuTimePriceShape: presetShape('observed') }));
    }
    let flips = 0;
    for (const s of cases) {
      const flip = flipPathShift(s);
      if (flip === null) continue;
      flips++;
      const at = evaluate(withPathShift(s, flip.shiftFraction)).strategies;
      const [a, b] = [at[flip.from].monthlyCny, at[flip.to].monthlyCny];
      expect(Math.abs(a - b) / Math.min(a, b)).toBeLessThanOrEqual(0.005);
      const beyond = flip.shiftFraction + Math.sign(flip.shiftFraction) * 0.003;
      expect(evaluate(withPathShift(s, beyond)).recommendation.strategy).toBe(flip.to);
    }
    expect(flips).toBeGreaterThan(3);
  });

  it('prices below the path favour renting and pooling, never owning: the large lab (accounting view) flips away from owning below its path', () => {
    const lab = presets.largeLab!;
    const flip = flipPathShift({ ...lab, finance: { ...lab.finance, costView: 'accounting' } });
    expect(flip).not.toBeNull();
    expect(flip!.shiftFraction).toBeLessThan(0);
    expect(['rent', 'platform']).toContain(flip!.to);
  });
});
