import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  evaluate,
  HARDWARE_STEADY_INITIAL,
  hardwarePathIndices,
  type PriceShape,
  presetHardwareShape,
  presets,
  type Scenario,
  STEADY_SHAPE,
  steadyShape,
  steadyShapeDecline,
} from '../../src/engine';
import { arbScenario } from './arbitraries';

// docs/model.md §2 "Hardware purchase and resale paths" (model v4, separate paths per market).
vi.setConfig({ testTimeout: 120_000 });

const shape = (points: { month: number; index: number }[]): PriceShape => ({
  preset: 'imported',
  name: 'test',
  source: '',
  points,
});

/**
 * The steady lab in the accounting view over 72 months, a 2-year life and no build lead time: the
 * cluster is bought at month 0 and replaced at months 24 and 48 (service months = horizon months).
 * Residual 50 %, resale falling 60 % a year: a 2-year-old batch fetches 0.4² = 16 % of the price it
 * would cost new that month, below its book (half of what it cost).
 */
function refreshLab(
  hardwarePriceShape: PriceShape | null,
  resalePriceShape: PriceShape | null,
  costView: Scenario['finance']['costView'] = 'accounting',
): Scenario {
  const s = presets.steadyLab as Scenario;
  return {
    ...s,
    horizonMonths: 72,
    selfBuild: { ...s.selfBuild, depreciationYears: 2, residualFraction: 0.5, buildLeadTimeMonths: 0 },
    finance: {
      ...s.finance,
      resaleValueDeclineFractionPerYear: 0.6,
      hardwarePriceShape,
      resalePriceShape,
      costView,
    },
  };
}

/** +50 % by month 24 and flat after: replacements at months 24 and 48 pay 1.5 × today's price. */
const RISE = shape([
  { month: 1, index: 1 },
  { month: 24, index: 1.5 },
]);

const AGE_2_YEARS = 0.4 ** 2;

describe('hardware purchase and resale on paths of their own', () => {
  it('a refresh pays the purchase path and sells at the resale path, by hand: cash, resale at the end, depreciation and iteration risk', () => {
    const base = evaluate(refreshLab(null, null)).strategies.selfBuild;
    const risen = evaluate(refreshLab(RISE, null)).strategies.selfBuild;
    const C = base.capexCny;
    // The first cluster is bought at today's price: the capex does not move.
    expect(risen.capexCny).toBe(C);
    // Without paths: each replacement costs C and sells the old batch for 16 % of C (below its book of C/2).
    // On the rise: it costs 1.5 C and the old batch fetches 1.5 C × 16 % (below its book: C/2, then 0.75 C).
    const replacementWithout = C - C * AGE_2_YEARS;
    const replacementRisen = 1.5 * C - 1.5 * C * AGE_2_YEARS;
    // Each month's running cash moves a little too (lost GPU time is valued at the cluster's own cost
    // a GPU-hour, which its depreciation raises), the same every month: the month before takes it out.
    const moved = (m: number) => (risen.cashflowCny[m] ?? 0) - (base.cashflowCny[m] ?? 0);
    for (const month of [24, 48])
      expect(moved(month) - moved(month - 1)).toBeCloseTo(replacementRisen - replacementWithout, 2);
    expect(risen.cashflowCny[0]).toBe(base.cashflowCny[0]);
    expect(risen.residualValueCny).toBeCloseTo(1.5 * C * AGE_2_YEARS, 2);
    expect(base.residualValueCny).toBeCloseTo(C * AGE_2_YEARS, 2);
    // Depreciation: 24 months of C, 48 of 1.5 C, each at (1 − 50 %) ÷ 24 a month — 4/3 of the first's.
    const depreciation = (C * 0.5) / 24;
    expect(risen.breakdownMonthlyCny.compute - base.breakdownMonthlyCny.compute).toBeCloseTo(
      depreciation * (96 / 72 - 1),
      4,
    );
    // Iteration risk: book − resale of the batch sold at 24 (C/2 − 0.24 C), at 48 (0.75 C − 0.24 C) and
    // of the one held at the end (0.75 C − 0.24 C), over 72 months.
    const sold = 1.5 * C * AGE_2_YEARS;
    expect(risen.breakdownMonthlyCny.iteration).toBeCloseTo((0.5 * C - sold + (0.75 * C - sold) * 2) / 72, 4);
    expect(base.breakdownMonthlyCny.iteration).toBeCloseTo((3 * (0.5 * C - C * AGE_2_YEARS)) / 72, 4);
  });

  it('the capital charge of a refresh on the purchase path, by hand: its capital cash as a level monthly amount at r less its plain average', () => {
    const s = refreshLab(RISE, null, 'economic');
    const r = s.finance.discountRateFractionPerYear;
    const own = evaluate(s).strategies.selfBuild;
    const C = own.capexCny;
    const sale = 1.5 * C * AGE_2_YEARS;
    const pv = (rate: number) =>
      C + (1.5 * C - sale) * (1 + rate) ** -2 + (1.5 * C - sale) * (1 + rate) ** -4 - sale * (1 + rate) ** -6;
    let annuity = 0;
    for (let m = 1; m <= 72; m++) annuity += (1 + r) ** (-m / 12);
    expect(own.capitalChargeMonthlyCny).toBeCloseTo(pv(r) / annuity - pv(0) / 72, 2);
  });

  it("resale on a path of its own while batches cost today's price, by hand", () => {
    const halved = shape([
      { month: 1, index: 1 },
      { month: 24, index: 0.5 },
    ]);
    const own = evaluate(refreshLab(null, halved)).strategies.selfBuild;
    // Every batch costs C: depreciation, so the running cash, does not move.
    const base = evaluate(refreshLab(null, null)).strategies.selfBuild;
    const C = own.capexCny;
    const sale = 0.5 * C * AGE_2_YEARS;
    expect(own.residualValueCny).toBeCloseTo(sale, 2);
    expect((own.cashflowCny[24] ?? 0) - (base.cashflowCny[24] ?? 0)).toBeCloseTo(C * AGE_2_YEARS - sale, 2);
    // Depreciation does not move: every batch costs C.
    expect(own.breakdownMonthlyCny.compute).toBeCloseTo(base.breakdownMonthlyCny.compute, 6);
    expect(own.breakdownMonthlyCny.iteration).toBeCloseTo((3 * (0.5 * C - sale)) / 72, 4);
  });

  it("paths of ones price every way as no paths (ones = today's price), on random scenarios", () => {
    const ones = shape([{ month: 1, index: 1 }]);
    fc.assert(
      fc.property(arbScenario, (drawn) => {
        const s: Scenario = {
          ...drawn,
          finance: { ...drawn.finance, hardwarePriceShape: null, resalePriceShape: null },
        };
        const flat: Scenario = {
          ...s,
          finance: { ...s.finance, hardwarePriceShape: ones, resalePriceShape: ones },
        };
        const a = evaluate(s).strategies;
        const b = evaluate(flat).strategies;
        for (const id of ['selfBuild', 'rent', 'platform', 'hybrid'] as const) {
          const tol = 1e-9 * Math.max(1, Math.abs(a[id].horizonCny));
          expect(Math.abs(b[id].horizonCny - a[id].horizonCny)).toBeLessThanOrEqual(tol);
          expect(Math.abs(b[id].npvCny - a[id].npvCny)).toBeLessThanOrEqual(tol);
          expect(Math.abs(b[id].residualValueCny - a[id].residualValueCny)).toBeLessThanOrEqual(tol);
        }
      }),
      { numRuns: 40, seed: 20_261_204 },
    );
  });

  it('the presets replay the dated server prices: +40 % in seven months (H800, 2023), −46 % in two years (H100 in China, 2024–2026)', () => {
    const s = (hardwarePriceShape: PriceShape): Scenario['finance'] => ({
      ...(presets.steadyLab as Scenario).finance,
      hardwarePriceShape,
    });
    const shortage = hardwarePathIndices(s(presetHardwareShape('shortage')), 36, 'hardware');
    expect(shortage[0]).toBe(1);
    // Mar 2023 → Oct 2023: month 8, 2.8 M ÷ 2.0 M.
    expect(shortage[7]).toBeCloseTo(2.8 / 2.0, 12);
    expect(shortage[35]).toBeCloseTo(1.4, 12);
    const falling = hardwarePathIndices(s(presetHardwareShape('observed')), 36, 'hardware');
    // Jul 2024 → Jul 2026: month 25, 1.45 M ÷ 2.7 M.
    expect(falling[24]).toBeCloseTo(1.45 / 2.7, 12);
    // Resale without a path of its own follows the purchase path.
    expect(hardwarePathIndices(s(presetHardwareShape('observed')), 36, 'resale')).toEqual(falling);
  });

  it('a steady hardware path is (1 − d)^((m − 1) ÷ 12) month by month to the last month a horizon reads, and gives its rate back', () => {
    for (const d of [STEADY_SHAPE.min, -0.05, 0, 0.2, HARDWARE_STEADY_INITIAL, STEADY_SHAPE.max]) {
      const shape = steadyShape(d);
      const finance = { ...(presets.steadyLab as Scenario).finance, hardwarePriceShape: shape };
      hardwarePathIndices(finance, STEADY_SHAPE.lastMonth, 'hardware').forEach((index, i) => {
        expect(index).toBeCloseTo((1 - d) ** (i / 12), 12);
      });
      expect(steadyShapeDecline(shape)).toBeCloseTo(d, 12);
      // Within a path's limits at either end of the allowed rates.
      const last = shape.points[1]!.index;
      expect(last).toBeGreaterThanOrEqual(0.01);
      expect(last).toBeLessThanOrEqual(100);
    }
    expect(steadyShapeDecline(presetHardwareShape('observed'))).toBeNull();
  });
});
