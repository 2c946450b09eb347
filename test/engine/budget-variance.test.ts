import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Breakdown,
  budgetVariance,
  COST_CATEGORIES,
  STRATEGY_IDS,
  type VarianceDrivers,
  type VarianceSplit,
  varianceShares,
  varianceSplit,
  varianceWaterfall,
  type WayMonthFigures,
} from '../../src/engine';

const RUNS = { numRuns: 200 };

/** Within ~1e-9 of the larger magnitude: what floating rounding of a few operations can leave. */
const relClose = (a: number, b: number, scale: number) =>
  Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(scale), Math.abs(a), Math.abs(b));

const partsSum = (s: VarianceSplit) => s.volumeCny + s.efficiencyCny + s.priceCny;

const isFiniteSplit = (s: VarianceSplit) =>
  [s.differenceCny, s.volumeCny, s.efficiencyCny, s.priceCny].every(Number.isFinite);

// Budget: 1,000 useful GPU-hours on 1,250 held (efficiency 1,000 ÷ 1,250 = 0.8) at 10 CNY per held
// GPU-hour: 1,250 × 10 = 12,500 CNY.
const BUDGET: VarianceDrivers = { usefulGpuHours: 1_000, heldGpuHours: 1_250, spendCny: 12_500 };
// Actual: 1,200 useful on 1,600 held (0.75) at 11 CNY per held GPU-hour: 1,600 × 11 = 17,600 CNY.
const ACTUAL: VarianceDrivers = { usefulGpuHours: 1_200, heldGpuHours: 1_600, spendCny: 17_600 };

describe('the flexible-budget split of one cell (docs/model.md §10 "Budget vs actual")', () => {
  it('splits 17,600 − 12,500 = 5,100 CNY into volume 2,500, efficiency 1,000 and price 1,600', () => {
    // volume     = (1,200 − 1,000) ÷ 0.8 × 10 = 250 × 10 = 2,500
    // efficiency = (1,200 ÷ 0.75 − 1,200 ÷ 0.8) × 10 = (1,600 − 1,500) × 10 = 1,000
    // price      = 1,600 × (11 − 10) = 1,600;   2,500 + 1,000 + 1,600 = 5,100
    const split = varianceSplit(BUDGET, ACTUAL);
    expect(split.differenceCny).toBe(5_100);
    expect(split.volumeCny).toBeCloseTo(2_500, 9);
    expect(split.efficiencyCny).toBeCloseTo(1_000, 9);
    expect(split.priceCny).toBeCloseTo(1_600, 9);
  });

  it('puts exactly 0 on volume when the useful GPU-hours match: 1,000 useful on 1,400 held at 11 → 0 / 1,500 / 1,400', () => {
    // Actual 1,400 × 11 = 15,400; efficiency = (1,400 − 1,000 ÷ 0.8) × 10 = (1,400 − 1,250) × 10 = 1,500;
    // price = 1,400 × (11 − 10) = 1,400; 0 + 1,500 + 1,400 = 2,900 = 15,400 − 12,500.
    const split = varianceSplit(BUDGET, { usefulGpuHours: 1_000, heldGpuHours: 1_400, spendCny: 15_400 });
    expect(split.volumeCny).toBe(0);
    expect(split.efficiencyCny).toBeCloseTo(1_500, 9);
    expect(split.priceCny).toBeCloseTo(1_400, 9);
    expect(split.differenceCny).toBe(2_900);
  });

  it('puts exactly 0 on efficiency when useful ÷ held matches: 1,200 on 1,500 held (0.8) at 11 → 2,500 / 0 / 1,500', () => {
    // Actual 1,500 × 11 = 16,500; volume = 200 ÷ 0.8 × 10 = 2,500; price = 1,500 × 1 = 1,500;
    // 2,500 + 0 + 1,500 = 4,000 = 16,500 − 12,500.
    const split = varianceSplit(BUDGET, { usefulGpuHours: 1_200, heldGpuHours: 1_500, spendCny: 16_500 });
    expect(split.volumeCny).toBeCloseTo(2_500, 9);
    expect(split.efficiencyCny).toBe(0);
    expect(split.priceCny).toBeCloseTo(1_500, 9);
    expect(split.differenceCny).toBe(4_000);
  });

  it('leaves no rounding residue on efficiency at 70 % both sides: 1,000 on 1,000 ÷ 0.7 held, 1,200 on 1,200 ÷ 0.7', () => {
    // In doubles 1,200 ÷ 0.7 − 1,200 × (1,000 ÷ 0.7) ÷ 1,000 is 2.3e-13, not 0, though both sides'
    // useful ÷ held are the same double: the part must still be exactly 0.
    const budget = { usefulGpuHours: 1_000, heldGpuHours: 1_000 / 0.7, spendCny: (1_000 / 0.7) * 10 };
    const actual = { usefulGpuHours: 1_200, heldGpuHours: 1_200 / 0.7, spendCny: (1_200 / 0.7) * 11 };
    expect(actual.usefulGpuHours / actual.heldGpuHours).toBe(budget.usefulGpuHours / budget.heldGpuHours);
    expect(varianceSplit(budget, actual).efficiencyCny).toBe(0);
  });

  it('puts exactly 0 on price when spend ÷ held matches: 1,200 on 1,600 held at 10 → 2,500 / 1,000 / 0', () => {
    // Actual 1,600 × 10 = 16,000; 2,500 + 1,000 + 0 = 3,500 = 16,000 − 12,500.
    const split = varianceSplit(BUDGET, { usefulGpuHours: 1_200, heldGpuHours: 1_600, spendCny: 16_000 });
    expect(split.volumeCny).toBeCloseTo(2_500, 9);
    expect(split.efficiencyCny).toBeCloseTo(1_000, 9);
    expect(split.priceCny).toBe(0);
    expect(split.differenceCny).toBe(3_500);
  });

  it('gives all parts exactly 0 when actual equals budget', () => {
    expect(varianceSplit(BUDGET, BUDGET)).toEqual({
      differenceCny: 0,
      volumeCny: 0,
      efficiencyCny: 0,
      priceCny: 0,
    });
  });

  it('puts the whole difference on volume when the budget has no useful or no held GPU-hours', () => {
    const noUseful = varianceSplit({ usefulGpuHours: 0, heldGpuHours: 500, spendCny: 5_000 }, ACTUAL);
    expect(noUseful).toEqual({ differenceCny: 12_600, volumeCny: 12_600, efficiencyCny: 0, priceCny: 0 });
    const noHeld = varianceSplit({ usefulGpuHours: 0, heldGpuHours: 0, spendCny: 0 }, ACTUAL);
    expect(noHeld).toEqual({ differenceCny: 17_600, volumeCny: 17_600, efficiencyCny: 0, priceCny: 0 });
  });

  it('with nothing held in the actual, the budget spend comes off as volume and any actual spend is price', () => {
    // Nothing used, nothing held, nothing spent: volume = (0 − 1,000) ÷ 0.8 × 10 = −12,500.
    expect(varianceSplit(BUDGET, { usefulGpuHours: 0, heldGpuHours: 0, spendCny: 0 })).toEqual({
      differenceCny: -12_500,
      volumeCny: -12_500,
      efficiencyCny: 0,
      priceCny: 0,
    });
    // A 300 CNY fee with nothing held: volume −12,500, efficiency (0 − 0) × 10 = 0, price 300 − 0 × 10.
    const fee = varianceSplit(BUDGET, { usefulGpuHours: 0, heldGpuHours: 0, spendCny: 300 });
    expect(fee).toEqual({ differenceCny: -12_200, volumeCny: -12_500, efficiencyCny: 0, priceCny: 300 });
  });
});

/** Hours and efficiencies in a realistic range; `nonNegative` allows the zeros of degenerate cells. */
const arbHours = fc.double({ min: 1, max: 1e5, noNaN: true });
const arbEfficiency = fc.double({ min: 0.05, max: 1, noNaN: true });
const arbSpend = fc.double({ min: 0, max: 1e7, noNaN: true });
const arbDrivers = fc.record({ useful: arbHours, efficiency: arbEfficiency, spendCny: arbSpend }).map(
  ({ useful, efficiency, spendCny }): VarianceDrivers => ({
    usefulGpuHours: useful,
    heldGpuHours: useful / efficiency,
    spendCny,
  }),
);
const orZero = (arb: fc.Arbitrary<number>) => fc.oneof(fc.constant(0), arb);
const arbDegenerateDrivers = fc.record({
  usefulGpuHours: orZero(arbHours),
  heldGpuHours: orZero(arbHours),
  spendCny: orZero(arbSpend),
});

describe('properties of the split', () => {
  it('the three parts sum to actual − budget spend (random positive cells)', () => {
    fc.assert(
      fc.property(arbDrivers, arbDrivers, (budget, actual) => {
        const split = varianceSplit(budget, actual);
        const scale = Math.max(budget.spendCny, actual.spendCny);
        expect(split.differenceCny).toBe(actual.spendCny - budget.spendCny);
        expect(relClose(partsSum(split), actual.spendCny - budget.spendCny, scale)).toBe(true);
      }),
      RUNS,
    );
  });

  it('each part equals its textbook form written with e = useful ÷ held and p = spend ÷ held', () => {
    fc.assert(
      fc.property(arbDrivers, arbDrivers, (b, a) => {
        const eb = b.usefulGpuHours / b.heldGpuHours;
        const ea = a.usefulGpuHours / a.heldGpuHours;
        const pb = b.spendCny / b.heldGpuHours;
        const pa = a.spendCny / a.heldGpuHours;
        const split = varianceSplit(b, a);
        const scale = Math.max(b.spendCny, a.spendCny) * (1 + a.usefulGpuHours / b.usefulGpuHours);
        expect(relClose(split.volumeCny, ((a.usefulGpuHours - b.usefulGpuHours) / eb) * pb, scale)).toBe(
          true,
        );
        expect(
          relClose(split.efficiencyCny, (a.usefulGpuHours / ea - a.usefulGpuHours / eb) * pb, scale),
        ).toBe(true);
        expect(relClose(split.priceCny, a.heldGpuHours * (pa - pb), scale)).toBe(true);
      }),
      RUNS,
    );
  });

  it('volume is exactly 0 when the actual has the budget’s useful GPU-hours', () => {
    fc.assert(
      fc.property(arbDrivers, arbEfficiency, arbSpend, (budget, efficiency, spendCny) => {
        const useful = budget.usefulGpuHours;
        const actual = { usefulGpuHours: useful, heldGpuHours: useful / efficiency, spendCny };
        expect(varianceSplit(budget, actual).volumeCny).toBe(0);
      }),
      RUNS,
    );
  });

  it('efficiency is exactly 0 when useful ÷ held is the same (a × n ÷ b × n on both sides, integers)', () => {
    // Whole hours a × n useful on b × n held: both quotients round the same real a ÷ b, so they are equal.
    const arbInt = fc.integer({ min: 1, max: 2_000 });
    fc.assert(
      fc.property(arbInt, arbInt, arbInt, arbInt, arbSpend, arbSpend, (a, extra, nb, na, sb, sa) => {
        const held = a + extra;
        const budget = { usefulGpuHours: a * nb, heldGpuHours: held * nb, spendCny: sb };
        const actual = { usefulGpuHours: a * na, heldGpuHours: held * na, spendCny: sa };
        expect(varianceSplit(budget, actual).efficiencyCny).toBe(0);
      }),
      RUNS,
    );
  });

  it('efficiency is exactly 0 whenever the two useful ÷ held are the same double (held = useful ÷ budget e)', () => {
    fc.assert(
      fc.property(arbDrivers, arbHours, arbSpend, (budget, useful, spendCny) => {
        const actual = {
          usefulGpuHours: useful,
          heldGpuHours: useful / (budget.usefulGpuHours / budget.heldGpuHours),
          spendCny,
        };
        // Rounding sometimes moves the quotient by an ulp; those draws are not "the same efficiency".
        fc.pre(actual.usefulGpuHours / actual.heldGpuHours === budget.usefulGpuHours / budget.heldGpuHours);
        expect(varianceSplit(budget, actual).efficiencyCny).toBe(0);
      }),
      RUNS,
    );
  });

  it('price is exactly 0 when spend ÷ held is the same (q × n ÷ r × n on both sides, integers)', () => {
    const arbInt = fc.integer({ min: 1, max: 2_000 });
    fc.assert(
      fc.property(arbInt, arbInt, arbInt, arbInt, arbHours, arbHours, (q, r, nb, na, ub, ua) => {
        const budget = { usefulGpuHours: Math.min(ub, r * nb), heldGpuHours: r * nb, spendCny: q * nb };
        const actual = { usefulGpuHours: Math.min(ua, r * na), heldGpuHours: r * na, spendCny: q * na };
        expect(varianceSplit(budget, actual).priceCny).toBe(0);
      }),
      RUNS,
    );
  });

  it('degenerate cells (zeros anywhere) give finite parts, never NaN, that still sum to the difference', () => {
    fc.assert(
      fc.property(arbDegenerateDrivers, arbDegenerateDrivers, (budget, actual) => {
        const split = varianceSplit(budget, actual);
        expect(isFiniteSplit(split)).toBe(true);
        const scale = Math.max(budget.spendCny, actual.spendCny);
        expect(relClose(partsSum(split), actual.spendCny - budget.spendCny, scale)).toBe(true);
      }),
      RUNS,
    );
  });
});

const spend = (partial: Partial<Breakdown>): Breakdown => ({
  compute: 0,
  energy: 0,
  time: 0,
  ops: 0,
  failure: 0,
  iteration: 0,
  ...partial,
});

describe('budget vs actual by month, way and category', () => {
  // Month 1, rent: the worked example, its spend split into compute (8 CNY per held hour budgeted,
  // 9 actual) and ops (2 both): budget 10,000 + 2,500 = 12,500, actual 14,400 + 3,200 = 17,600.
  // Month 1, platform: budgeted (500 useful on 625 held, compute 5,000), not used.
  // Month 2, self-build: used (100 useful on 200 held; compute 3,000, energy 800), not budgeted.
  const budget: WayMonthFigures[] = [
    {
      month: 1,
      way: 'platform',
      usefulGpuHours: 500,
      heldGpuHours: 625,
      spendByCategoryCny: spend({ compute: 5_000 }),
    },
    {
      month: 1,
      way: 'rent',
      usefulGpuHours: 1_000,
      heldGpuHours: 1_250,
      spendByCategoryCny: spend({ compute: 10_000, ops: 2_500 }),
    },
  ];
  const actual: WayMonthFigures[] = [
    {
      month: 2,
      way: 'selfBuild',
      usefulGpuHours: 100,
      heldGpuHours: 200,
      spendByCategoryCny: spend({ compute: 3_000, energy: 800 }),
    },
    {
      month: 1,
      way: 'rent',
      usefulGpuHours: 1_200,
      heldGpuHours: 1_600,
      spendByCategoryCny: spend({ compute: 14_400, ops: 3_200 }),
    },
  ];
  const v = budgetVariance(budget, actual);
  const parts = (s: VarianceSplit) => [s.differenceCny, s.volumeCny, s.efficiencyCny, s.priceCny];

  it('lists the cells by month, then rent before platform (STRATEGY_IDS order)', () => {
    expect(v.cells.map((c) => [c.month, c.way])).toEqual([
      [1, 'rent'],
      [1, 'platform'],
      [2, 'selfBuild'],
    ]);
  });

  it('splits each category with its way-month’s hours: rent compute 2,000 / 800 / 1,600, ops 500 / 200 / 0', () => {
    const rent = v.cells[0]!;
    // Compute at 8 per held hour: volume 200 ÷ 0.8 × 8 = 2,000; efficiency 100 × 8 = 800;
    // price 1,600 × (9 − 8) = 1,600; 4,400 = 14,400 − 10,000.
    expect(parts(rent.byCategory.compute.split)).toEqual([4_400, 2_000, 800, 1_600]);
    // Ops at 2 per held hour both sides: volume 250 × 2 = 500; efficiency 100 × 2 = 200; price 0.
    expect(parts(rent.byCategory.ops.split)).toEqual([700, 500, 200, 0]);
    expect(parts(rent.byCategory.energy.split)).toEqual([0, 0, 0, 0]);
    // The cell: 2,500 / 1,000 / 1,600, the one-cell worked example.
    expect(parts(rent.split)).toEqual([5_100, 2_500, 1_000, 1_600]);
    expect([rent.budgetSpendCny, rent.actualSpendCny]).toEqual([12_500, 17_600]);
  });

  it('counts a missing cell as zeros: the unused platform is −5,000 of volume, the unbudgeted self-build +3,800', () => {
    const [, platform, selfBuild] = v.cells;
    expect(parts(platform!.split)).toEqual([-5_000, -5_000, 0, 0]);
    expect([platform!.budgetSpendCny, platform!.actualSpendCny]).toEqual([5_000, 0]);
    expect(parts(selfBuild!.split)).toEqual([3_800, 3_800, 0, 0]);
    expect(parts(selfBuild!.byCategory.energy.split)).toEqual([800, 800, 0, 0]);
    expect([selfBuild!.budgetSpendCny, selfBuild!.actualSpendCny]).toEqual([0, 3_800]);
  });

  it('totals by month, way and category and the grand total: 17,500 → 21,400 = 1,300 + 1,000 + 1,600', () => {
    // Month 1: 12,500 + 5,000 = 17,500 → 17,600: volume 2,500 − 5,000 = −2,500, efficiency 1,000, price 1,600.
    expect(v.byMonth.map((m) => [m.month, m.budgetSpendCny, m.actualSpendCny, ...parts(m.split)])).toEqual([
      [1, 17_500, 17_600, 100, -2_500, 1_000, 1_600],
      [2, 0, 3_800, 3_800, 3_800, 0, 0],
    ]);
    expect(v.byWay.map((w) => [w.way, ...parts(w.split)])).toEqual([
      ['selfBuild', 3_800, 3_800, 0, 0],
      ['rent', 5_100, 2_500, 1_000, 1_600],
      ['platform', -5_000, -5_000, 0, 0],
    ]);
    // Compute: 15,000 → 17,400; volume 2,000 − 5,000 + 3,000 = 0, efficiency 800, price 1,600.
    expect(parts(v.byCategory.compute.split)).toEqual([2_400, 0, 800, 1_600]);
    expect([v.byCategory.compute.budgetSpendCny, v.byCategory.compute.actualSpendCny]).toEqual([
      15_000, 17_400,
    ]);
    expect(parts(v.byCategory.ops.split)).toEqual([700, 500, 200, 0]);
    expect(parts(v.byCategory.energy.split)).toEqual([800, 800, 0, 0]);
    expect(parts(v.byCategory.failure.split)).toEqual([0, 0, 0, 0]);
    // Grand total: 21,400 − 17,500 = 3,900 = (2,500 − 5,000 + 3,800) + 1,000 + 1,600.
    expect([v.total.budgetSpendCny, v.total.actualSpendCny]).toEqual([17_500, 21_400]);
    expect(parts(v.total.split)).toEqual([3_900, 1_300, 1_000, 1_600]);
  });

  it('adds up two rows for the same month and way on one side before splitting', () => {
    const half = (f: WayMonthFigures): WayMonthFigures => ({
      ...f,
      usefulGpuHours: f.usefulGpuHours / 2,
      heldGpuHours: f.heldGpuHours / 2,
      spendByCategoryCny: spend({
        compute: f.spendByCategoryCny.compute / 2,
        ops: f.spendByCategoryCny.ops / 2,
      }),
    });
    const rentActual = actual[1]!;
    const twice = budgetVariance(budget, [actual[0]!, half(rentActual), half(rentActual)]);
    expect(twice.cells).toHaveLength(3);
    expect(parts(twice.cells[0]!.split)).toEqual([5_100, 2_500, 1_000, 1_600]);
  });

  it('is empty, with zero totals, for no cells on either side', () => {
    const none = budgetVariance([], []);
    expect([none.cells, none.byMonth, none.byWay]).toEqual([[], [], []]);
    expect(parts(none.total.split)).toEqual([0, 0, 0, 0]);
    expect(parts(none.byCategory.compute.split)).toEqual([0, 0, 0, 0]);
  });
});

const arbCell = fc
  .record({
    month: fc.integer({ min: 0, max: 4 }),
    way: fc.constantFrom(...STRATEGY_IDS),
    useful: orZero(arbHours),
    efficiency: arbEfficiency,
    spend: fc.tuple(...COST_CATEGORIES.map(() => orZero(arbSpend))),
  })
  .map(
    ({ month, way, useful, efficiency, spend: cny }): WayMonthFigures => ({
      month,
      way,
      usefulGpuHours: useful,
      heldGpuHours: useful / efficiency,
      spendByCategoryCny: Object.fromEntries(COST_CATEGORIES.map((c, i) => [c, cny[i]!])) as Breakdown,
    }),
  );
const arbCells = fc.array(arbCell, { maxLength: 10 });

const totalSpend = (cells: readonly WayMonthFigures[]) =>
  cells.reduce((sum, c) => sum + COST_CATEGORIES.reduce((s, k) => s + c.spendByCategoryCny[k], 0), 0);

describe('properties of the aggregation', () => {
  it('every grouping sums its cells’ parts, and the grand difference is Σ actual − Σ budget spend', () => {
    fc.assert(
      fc.property(arbCells, arbCells, (budget, actual) => {
        const v = budgetVariance(budget, actual);
        const budgetCny = totalSpend(budget);
        const actualCny = totalSpend(actual);
        const scale = Math.max(budgetCny, actualCny);
        const close = (a: number, b: number) => expect(relClose(a, b, scale)).toBe(true);
        const keys = ['differenceCny', 'volumeCny', 'efficiencyCny', 'priceCny'] as const;

        close(v.total.budgetSpendCny, budgetCny);
        close(v.total.actualSpendCny, actualCny);
        close(v.total.split.differenceCny, actualCny - budgetCny);
        close(partsSum(v.total.split), actualCny - budgetCny);
        for (const key of keys) {
          const cellSum = v.cells.reduce((s, c) => s + c.split[key], 0);
          close(v.total.split[key], cellSum);
          close(
            v.byMonth.reduce((s, m) => s + m.split[key], 0),
            cellSum,
          );
          close(
            v.byWay.reduce((s, w) => s + w.split[key], 0),
            cellSum,
          );
          close(
            COST_CATEGORIES.reduce((s, c) => s + v.byCategory[c].split[key], 0),
            cellSum,
          );
        }
        for (const cell of v.cells) {
          expect(isFiniteSplit(cell.split)).toBe(true);
          for (const c of COST_CATEGORIES) {
            const { split, budgetSpendCny, actualSpendCny } = cell.byCategory[c];
            expect(isFiniteSplit(split)).toBe(true);
            close(partsSum(split), actualSpendCny - budgetSpendCny);
          }
        }
      }),
      RUNS,
    );
  });

  it('pairs each (month, way) once, sorted by month then STRATEGY_IDS order', () => {
    fc.assert(
      fc.property(arbCells, arbCells, (budget, actual) => {
        const { cells } = budgetVariance(budget, actual);
        const expected = [...new Set([...budget, ...actual].map((c) => `${c.month}|${c.way}`))].sort(
          (x, y) => {
            const [mx, wx] = x.split('|') as [string, (typeof STRATEGY_IDS)[number]];
            const [my, wy] = y.split('|') as [string, (typeof STRATEGY_IDS)[number]];
            return Number(mx) - Number(my) || STRATEGY_IDS.indexOf(wx) - STRATEGY_IDS.indexOf(wy);
          },
        );
        expect(cells.map((c) => `${c.month}|${c.way}`)).toEqual(expected);
      }),
      RUNS,
    );
  });

  it('a cell only in the budget splits as against an actual of zeros, and one only in the actual as against a budget of zeros', () => {
    const zeros = { usefulGpuHours: 0, heldGpuHours: 0, spendByCategoryCny: spend({}) };
    fc.assert(
      fc.property(arbCell, (cell) => {
        const other = { ...zeros, month: cell.month, way: cell.way };
        expect(budgetVariance([cell], [])).toEqual(budgetVariance([cell], [other]));
        expect(budgetVariance([], [cell])).toEqual(budgetVariance([other], [cell]));
      }),
      RUNS,
    );
  });
});

describe('shares and the waterfall', () => {
  const split = varianceSplit(BUDGET, ACTUAL);

  it('shares the worked example’s 5,100 as 2,500 / 1,000 / 1,600 of it', () => {
    const shares = varianceShares(split)!;
    expect(shares.volume).toBeCloseTo(2_500 / 5_100, 12);
    expect(shares.efficiency).toBeCloseTo(1_000 / 5_100, 12);
    expect(shares.price).toBeCloseTo(1_600 / 5_100, 12);
  });

  it('gives shares above 1 and below 0 when parts pull in opposite directions (1,200 useful on 1,300 held at 10)', () => {
    // Actual 1,300 × 10 = 13,000: volume 2,500, efficiency (1,300 − 1,500) × 10 = −2,000, price 0;
    // difference 500, so shares 5, −4 and 0.
    const opposite = varianceShares(
      varianceSplit(BUDGET, { usefulGpuHours: 1_200, heldGpuHours: 1_300, spendCny: 13_000 }),
    )!;
    expect(opposite.volume).toBeCloseTo(5, 12);
    expect(opposite.efficiency).toBeCloseTo(-4, 12);
    expect(opposite.price).toBe(0);
  });

  it('has no shares when there is no difference', () => {
    expect(varianceShares(varianceSplit(BUDGET, BUDGET))).toBeNull();
  });

  it('draws the waterfall 0 → 12,500 → 15,000 → 16,000 → 17,600, and the actual 0 → 17,600', () => {
    const bars = varianceWaterfall(12_500, split).map((b) => [b.kind, b.startCny, b.endCny]);
    expect(bars).toEqual([
      ['budget', 0, 12_500],
      ['volume', 12_500, 15_000],
      ['efficiency', 15_000, 16_000],
      ['price', 16_000, 17_600],
      ['actual', 0, 17_600],
    ]);
  });
});
