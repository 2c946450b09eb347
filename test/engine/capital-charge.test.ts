import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate, presets, type Scenario, STRATEGY_IDS } from '../../src/engine';
import { annuityFactor } from '../../src/engine/capital-charge';
import { makeScenario } from '../factories';
import { arbScenario } from './arbitraries';

const RUNS = { numRuns: 40, seed: 20261203 };

function inView(s: Scenario, costView: Scenario['finance']['costView'], rate?: number): Scenario {
  return {
    ...s,
    finance: {
      ...s.finance,
      costView,
      discountRateFractionPerYear: rate ?? s.finance.discountRateFractionPerYear,
    },
  };
}

/** Σ over months 1..n of (1 + r)^(−m/12), summed here term by term, not with the engine's function. */
function annuity(r: number, n: number): number {
  const q = (1 + r) ** (-1 / 12);
  return (q * (1 - q ** n)) / (1 - q);
}

const relClose = (a: number, b: number, tol: number) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));

describe('capital has a cost: the economic view (docs/model.md §10)', () => {
  it('the seed example stays 57,000 / 37,500 CNY a month, −34.2 %, 234,000 a year in both views', () => {
    for (const view of ['economic', 'accounting'] as const) {
      const st = evaluate(inView(presets.seedTeam!, view)).strategies;
      expect(st.rent.monthlyCny).toBeCloseTo(57_000, 6);
      expect(st.platform.monthlyCny).toBeCloseTo(37_500, 6);
      expect((st.platform.monthlyCny - st.rent.monthlyCny) / st.rent.monthlyCny).toBeCloseTo(-0.342, 3);
      expect((st.rent.monthlyCny - st.platform.monthlyCny) * 12).toBeCloseTo(234_000, 5);
      expect(st.rent.capitalChargeMonthlyCny).toBe(0);
      expect(st.platform.capitalChargeMonthlyCny).toBe(0);
    }
  });

  it('one 8-GPU server: the charge is the level amount of its capital cash at 8 % less its plain average', () => {
    // Capex 2,440,000 paid at delivery; after 36 months of a 5-year life its book value is
    // 1 − 0.9 × 36/60 = 0.46 of capex and it sells for min(0.46, 0.67³) of capex (resale −33 %/yr).
    const s = makeScenario({ selfBuild: { buildLeadTimeMonths: 0 } });
    const capex = 2_440_000;
    const resale = capex * Math.min(0.46, 0.67 ** 3);
    const atRate = (capex - resale * 1.08 ** -3) / annuity(0.08, 36);
    const atZero = (capex - resale) / 36;
    const economic = evaluate(s).strategies.selfBuild;
    const accounting = evaluate(inView(s, 'accounting')).strategies.selfBuild;
    expect(economic.capexCny).toBeCloseTo(capex, 6);
    expect(economic.capitalChargeMonthlyCny).toBeCloseTo(atRate - atZero, 6);
    expect(economic.breakdownMonthlyCny.compute).toBeCloseTo(
      accounting.breakdownMonthlyCny.compute + atRate - atZero,
      6,
    );
    expect(economic.monthlyCny).toBeCloseTo(accounting.monthlyCny + atRate - atZero, 6);
    expect(accounting.capitalChargeMonthlyCny).toBe(0);
  });

  it('without a lead time and with running cash the same every month, self-build’s economic figure is its cash at present value, levelled', () => {
    // Flat prices, a demand the one server holds (no burst): every month of service pays the same.
    const s = makeScenario({
      selfBuild: { buildLeadTimeMonths: 0 },
      finance: { gpuTimePriceDeclineFractionPerYear: 0 },
    });
    const r = evaluate(s).strategies.selfBuild;
    const n = s.horizonMonths;
    let pv = 0;
    r.cashflowCny.forEach((cash, m) => {
      pv += cash * 1.08 ** (-m / 12);
    });
    pv -= r.residualValueCny * 1.08 ** (-n / 12);
    expect(relClose(r.monthlyCny, pv / annuity(0.08, n), 1e-9)).toBe(true);
  });

  it('the annuity of a constant stream is the constant', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.integer({ min: 1, max: 120 }),
        (amount, rate, months) => {
          // The present value of `amount` every month 1..months, summed here month by month; the
          // level amount with that present value is the engine's annuity of it.
          let pv = 0;
          for (let m = 1; m <= months; m++) pv += amount / (1 + rate) ** (m / 12);
          expect(relClose(pv / annuityFactor(rate, months), amount, 1e-12)).toBe(true);
        },
      ),
      { numRuns: 200, seed: 20261203 },
    );
  });

  it('at a cost of capital of 0 the two views give the same horizon total for every way', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const economic = evaluate(inView(s, 'economic', 0)).strategies;
        const accounting = evaluate(inView(s, 'accounting', 0)).strategies;
        for (const id of STRATEGY_IDS) {
          expect(relClose(economic[id].horizonCny, accounting[id].horizonCny, 1e-9)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it("raising the cost of capital never makes owning cheaper against renting or the platform (hardware bought later at no more than today's price)", () => {
    fc.assert(
      fc.property(
        arbScenario,
        fc.double({ min: 0, max: 0.25, noNaN: true }),
        fc.double({ min: 0, max: 0.25, noNaN: true }),
        (drawn, a, b) => {
          // A hardware path that rises puts the dearer refreshes later, where money weighs less (the
          // next test): the property is for a purchase path that never rises (the drawn falling ones,
          // else today's price); resale on any path.
          const shape = drawn.finance.hardwarePriceShape;
          const rises = (shape?.points ?? []).some(
            (p, i, points) => p.index > (i === 0 ? 1 : points[i - 1]!.index),
          );
          const s: Scenario = rises
            ? { ...drawn, finance: { ...drawn.finance, hardwarePriceShape: null } }
            : drawn;
          const [low, high] = a <= b ? [a, b] : [b, a];
          const at = (r: number) => evaluate(inView(s, 'economic', r)).strategies;
          const l = at(low);
          const h = at(high);
          for (const other of ['rent', 'platform'] as const) {
            const gapLow = l.selfBuild.monthlyCny - l[other].monthlyCny;
            const gapHigh = h.selfBuild.monthlyCny - h[other].monthlyCny;
            expect(gapHigh).toBeGreaterThanOrEqual(gapLow - 1e-9 * Math.max(1, Math.abs(gapLow)));
          }
        },
      ),
      RUNS,
    );
  });

  it('on a hardware path rising fourfold with yearly refreshes, a higher cost of capital favours owning: its spending comes later', () => {
    const lab = presets.steadyLab as Scenario;
    const rising: Scenario = {
      ...lab,
      horizonMonths: 72,
      selfBuild: { ...lab.selfBuild, depreciationYears: 1, buildLeadTimeMonths: 0 },
      finance: {
        ...lab.finance,
        hardwarePriceShape: {
          preset: 'imported',
          name: 'rising',
          source: '',
          points: [
            { month: 1, index: 1 },
            { month: 60, index: 4 },
          ],
        },
      },
    };
    const charge = (r: number) =>
      evaluate(inView(rising, 'economic', r)).strategies.selfBuild.capitalChargeMonthlyCny;
    // Five refreshes, each dearer and later than the last: the level amount at r is below the plain
    // average, more so at a higher r (docs/model.md, hardware paths).
    expect(charge(0)).toBe(0);
    expect(charge(0.1)).toBeLessThan(0);
    expect(charge(0.25)).toBeLessThan(charge(0.1));
  });

  it('the charge is a cost, not cash: cash flows and NPV are the same in both views, and the categories sum to the total', () => {
    fc.assert(
      fc.property(arbScenario, (s0) => {
        // The same decisions in both views: the unpinned hybrid's cheapest baseline may move with the
        // view (the charge is a cost), so its baseline is pinned at the accounting view's choice.
        const chosen = evaluate(inView(s0, 'accounting')).strategies.hybrid.baselineGpus;
        const s: Scenario = { ...s0, hybrid: { ...s0.hybrid, baselineGpus: chosen } };
        const economic = evaluate(inView(s, 'economic')).strategies;
        const accounting = evaluate(inView(s, 'accounting')).strategies;
        for (const id of STRATEGY_IDS) {
          const e = economic[id];
          const a = accounting[id];
          expect(relClose(e.npvCny, a.npvCny, 1e-9)).toBe(true);
          e.cashflowCny.forEach((cash, m) => {
            expect(relClose(cash, a.cashflowCny[m]!, 1e-9)).toBe(true);
          });
          const sum = Object.values(e.breakdownMonthlyCny).reduce((x, y) => x + y, 0);
          expect(relClose(sum, e.monthlyCny, 1e-12)).toBe(true);
          expect(e.capitalChargeMonthlyCny).toBeGreaterThanOrEqual(0);
          expect(relClose(e.monthlyCny, a.monthlyCny + e.capitalChargeMonthlyCny, 1e-9)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('the large lab: owning loses its lead once capital costs 8 % a year', () => {
    const lab = presets.largeLab!;
    const accounting = evaluate(inView(lab, 'accounting'));
    const economic = evaluate(inView(lab, 'economic'));
    const share =
      economic.strategies.selfBuild.capitalChargeMonthlyCny / accounting.strategies.selfBuild.monthlyCny;
    // A five-year life at 8 %: the charge adds a tenth or more to the owned cluster.
    expect(share).toBeGreaterThan(0.1);
    expect(share).toBeLessThan(0.2);
    expect(['selfBuild', 'hybrid']).toContain(accounting.recommendation.strategy);
    expect(economic.recommendation.strategy).toBe('platform');
  });
});
