import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COST_CATEGORIES,
  cashReport,
  defaultScenario,
  evaluate,
  irr,
  presets,
  type Scenario,
  STRATEGY_IDS,
} from '../../src/engine';
import { discountedPaybackPeriod, presentValue } from '../../src/engine/irr';
import { vatFactor } from '../../src/engine/vat';
import { arbScenario } from './arbitraries';

/** The scale of a strategy's cash, for relative tolerances. */
function scaleOf(xs: readonly number[]): number {
  return Math.max(1, ...xs.map(Math.abs));
}

describe('IRR and discounted payback (hand-worked flows)', () => {
  it('finds 13.07 % for −100, +60, +60 a year', () => {
    // 100 = 60/(1+r) + 60/(1+r)²  ⇒  r = (−0.4 + √(0.16 + 2.4))/2 … = 0.130662 (to 6 places)
    const r = irr([-100, 60, 60], 1);
    expect(r).not.toBeNull();
    expect(r!).toBeCloseTo(0.130662, 5);
  });

  it('finds 10 % for −100, +110 and 0 % for −100, +50, +50', () => {
    expect(irr([-100, 110], 1)!).toBeCloseTo(0.1, 8);
    expect(irr([-100, 50, 50], 1)!).toBeCloseTo(0, 8);
  });

  it('finds a negative IRR when the money never comes back in full: −100, +40, +40 → −14.7 %', () => {
    // 100(1+r)² = 40(1+r) + 40  ⇒  1+r = (0.4 + √(0.16+1.6))/2 = 0.86332
    expect(irr([-100, 40, 40], 1)!).toBeCloseTo(-0.136675, 5);
  });

  it('has no IRR when the flow never changes sign', () => {
    expect(irr([-100, -10, -10], 1)).toBeNull();
    expect(irr([100, 10], 12)).toBeNull();
    expect(irr([0, 0, 0], 12)).toBeNull();
  });

  it('reads monthly flows on the engine’s convention: −100 now, +110 in month 12 is 10 % a year', () => {
    const flows = new Array(13).fill(0);
    flows[0] = -100;
    flows[12] = 110;
    expect(irr(flows, 12)!).toBeCloseTo(0.1, 8);
  });

  it('pays back in the period the discounted total turns non-negative, or never', () => {
    // At 10 %: −100, +60/1.1 = 54.55, +60/1.21 = 49.59 → cumulative −45.45, then +4.13: period 2.
    expect(discountedPaybackPeriod([-100, 60, 60], 0.1, 1)).toBe(2);
    // At 20 %: 50 + 41.67 = 91.67 < 100: never within the flows.
    expect(discountedPaybackPeriod([-100, 60, 60], 0.2, 1)).toBeNull();
    // No outlay at all: repaid from the start.
    expect(discountedPaybackPeriod([0, 10, 10], 0.1, 1)).toBe(0);
    // Repaid, then under water again at the end: never.
    expect(discountedPaybackPeriod([-100, 150, -100], 0, 1)).toBeNull();
  });

  it('has a present value of zero at the IRR (random flows with one sign change)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e7, noNaN: true }),
        fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 60 }),
        (outlay, inflows) => {
          const flows = [-outlay, ...inflows];
          const r = irr(flows, 12);
          if (inflows.every((x) => x === 0)) expect(r).toBeNull();
          if (r === null) return;
          expect(Math.abs(presentValue(flows, r, 12))).toBeLessThan(1e-6 * scaleOf(flows));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('cash report', () => {
  it('takes the default scenario apart exactly: Σ categories per month = the engine cash, year by year', () => {
    const report = cashReport(defaultScenario);
    const e = evaluate(defaultScenario);
    for (const id of STRATEGY_IDS) {
      const s = report.strategies[id];
      const cash = e.strategies[id].cashflowCny;
      const total = cash.reduce((a, b) => a + b, 0);
      expect(s.years.map((y) => y.months)).toEqual([12, 12, 12]);
      expect(s.totalCashCny).toBeCloseTo(total, 4);
      for (const y of s.years) {
        const opex = COST_CATEGORIES.reduce((a, c) => a + y.opexCny[c], 0);
        expect(y.opexTotalCny).toBeCloseTo(opex, 6);
        expect(y.cashOutCny).toBeCloseTo(y.capexCny + y.resaleCny + opex, 4);
      }
      expect(s.npvCny).toBeCloseTo(e.strategies[id].npvCny, 4);
      expect(s.residualValueCny).toBe(e.strategies[id].residualValueCny);
    }
  });

  it('reproduces the worked example’s month in cash: rent 57,000 and platform 37,500 a month, 684,000 and 450,000 a year', () => {
    const report = cashReport(defaultScenario);
    // GPU-time prices are flat in the example and rent and platform have no hardware: cash = cost.
    expect(report.strategies.rent.years.map((y) => y.cashOutCny)).toEqual([684_000, 684_000, 684_000]);
    expect(report.strategies.platform.years[0]!.cashOutCny).toBeCloseTo(450_000, 6);
    expect(report.strategies.rent.years[0]!.capexCny).toBe(0);
  });

  it('puts the self-build capex in the year of delivery and none of the iteration risk in cash', () => {
    const report = cashReport(defaultScenario);
    const e = evaluate(defaultScenario);
    const sb = report.strategies.selfBuild;
    expect(sb.years.reduce((a, y) => a + y.capexCny, 0)).toBeGreaterThanOrEqual(
      e.strategies.selfBuild.capexCny,
    );
    expect(sb.years[0]!.capexCny).toBeCloseTo(e.strategies.selfBuild.capexCny, 6);
    for (const y of sb.years) expect(y.opexCny.iteration).toBe(0);
  });

  it('matches the engine on random scenarios: Σ years = total cash, NPV = npvCny, cumulative = running sum', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const report = cashReport(s);
        const e = evaluate(s);
        for (const id of STRATEGY_IDS) {
          const cash = e.strategies[id].cashflowCny;
          const tol = 1e-9 * scaleOf(cash) * cash.length + 1e-6;
          const r = report.strategies[id];
          expect(Math.abs(r.totalCashCny - cash.reduce((a, b) => a + b, 0))).toBeLessThan(tol);
          expect(Math.abs(r.years.reduce((a, y) => a + y.cashOutCny, 0) - r.totalCashCny)).toBeLessThan(tol);
          expect(Math.abs(r.npvCny - e.strategies[id].npvCny)).toBeLessThan(tol);
          let running = 0;
          for (const y of r.years) {
            running += y.cashOutCny;
            expect(Math.abs(y.cumulativeCny - running)).toBeLessThan(tol);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('defines self-build against each comparator consistently: NPV difference, zero NPV at the IRR, payback', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const report = cashReport(s);
        const rate = report.discountRateFractionPerYear;
        for (const c of ['rent', 'platform'] as const) {
          const ret = report.selfBuildVs[c];
          const flow = ret.savingCny.slice();
          flow[flow.length - 1] = (flow.at(-1) ?? 0) + ret.endResaleCreditCny;
          const tol = 1e-8 * scaleOf(flow) * flow.length + 1e-6;
          const npvGap = report.strategies[c].npvCny - report.strategies.selfBuild.npvCny;
          expect(Math.abs(ret.incrementalNpvCny - npvGap)).toBeLessThan(tol);
          if (ret.irrFractionPerYear !== null) {
            // Zero NPV at the IRR: the present value changes sign across it (a bisection's root; where
            // the flow's PV is very steep, e.g. near −100 %, its value at the root itself is not small).
            const r = ret.irrFractionPerYear;
            const eps = 1e-8 * Math.max(1, Math.abs(r));
            const [below, above] = [presentValue(flow, r - eps, 12), presentValue(flow, r + eps, 12)];
            const small = 1e-6 * scaleOf(flow) * flow.length;
            expect(
              Math.sign(below) !== Math.sign(above) || Math.min(Math.abs(below), Math.abs(above)) < small,
            ).toBe(true);
          }
          const p = ret.discountedPaybackMonth;
          let cumulative = 0;
          const discounted = ret.savingCny.map((x, m) => (cumulative += x / (1 + rate) ** (m / 12)));
          if (p === null) expect(discounted.at(-1)!).toBeLessThan(1e-3);
          else {
            for (let m = p; m < discounted.length; m++) expect(discounted[m]!).toBeGreaterThanOrEqual(-1e-3);
            if (p > 0) expect(discounted[p - 1]!).toBeLessThan(-1e-3);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('says self-build never pays back against a comparator it costs more than at every month', () => {
    // The worked example: one 8-GPU server bought for 2.44 M to replace a 57,000-a-month rental.
    const report = cashReport(defaultScenario);
    const vsRent = report.selfBuildVs.rent;
    expect(vsRent.incrementalNpvCny).toBeLessThan(0);
    expect(vsRent.discountedPaybackMonth).toBeNull();
  });

  it('a large steady lab over five years at a 5 %/yr GPU-time price decline: self-build beats renting servers, with an IRR above the discount rate and a payback month', () => {
    const steady = presets.steadyLab!;
    const lab = {
      ...steady,
      horizonMonths: 60,
      finance: { ...steady.finance, gpuTimePriceDeclineFractionPerYear: 0.05 },
    };
    const ret = cashReport(lab).selfBuildVs.rent;
    expect(ret.incrementalNpvCny).toBeGreaterThan(0);
    expect(ret.irrFractionPerYear!).toBeGreaterThan(lab.finance.discountRateFractionPerYear);
    expect(ret.discountedPaybackMonth).not.toBeNull();
    expect(ret.discountedPaybackMonth!).toBeGreaterThan(0);
    expect(ret.discountedPaybackMonth!).toBeLessThanOrEqual(60);
  });
});

describe('VAT view', () => {
  const withVat = (s: Scenario, vat: Partial<Scenario['vat']>): Scenario => ({
    ...s,
    vat: { ...s.vat, ...vat },
  });

  it('changes nothing when off, whatever the rates: the worked example stays 57,000 / 37,500', () => {
    const off = withVat(defaultScenario, {
      enabled: false,
      hardwareRateFraction: 0.3,
      servicesRateFraction: 0.3,
    });
    expect(evaluate(off).strategies.rent.monthlyCny).toBe(57_000);
    expect(evaluate(off).strategies.platform.monthlyCny).toBe(37_500);
    expect(cashReport(off)).toEqual({ ...cashReport(defaultScenario), vat: off.vat });
    expect(cashReport(off).vatBasis).toBe('asEntered');
  });

  it('has the four factors of the table in vat.ts', () => {
    const base = defaultScenario.vat;
    const on = { ...base, enabled: true, hardwareRateFraction: 0.13, servicesRateFraction: 0.06 };
    expect(vatFactor({ ...on, pricesIncludeVat: true, inputVatDeductible: true }, 'hardware')).toBeCloseTo(
      1 / 1.13,
      12,
    );
    expect(vatFactor({ ...on, pricesIncludeVat: true, inputVatDeductible: false }, 'services')).toBe(1);
    expect(vatFactor({ ...on, pricesIncludeVat: false, inputVatDeductible: true }, 'hardware')).toBe(1);
    expect(vatFactor({ ...on, pricesIncludeVat: false, inputVatDeductible: false }, 'services')).toBeCloseTo(
      1.06,
      12,
    );
    expect(vatFactor({ ...on, pricesIncludeVat: false, inputVatDeductible: false }, 'none')).toBe(1);
  });

  it('restates rented servers net of 13 % (leasing), the platform net of 6 % and self-build’s capex net of 13 % when prices include deductible VAT', () => {
    const s = withVat(defaultScenario, { enabled: true, pricesIncludeVat: true, inputVatDeductible: true });
    const off = cashReport(defaultScenario);
    const on = cashReport(s);
    expect(on.vatBasis).toBe('net');
    const y0 = (r: typeof on, id: 'rent' | 'selfBuild' | 'platform') => r.strategies[id].years[0]!;
    expect(y0(on, 'rent').opexCny.compute).toBeCloseTo(y0(off, 'rent').opexCny.compute / 1.13, 6);
    expect(y0(on, 'platform').opexCny.compute).toBeCloseTo(y0(off, 'platform').opexCny.compute / 1.06, 6);
    // Setup and failures are time and staff: no VAT.
    expect(y0(on, 'rent').opexCny.time).toBe(y0(off, 'rent').opexCny.time);
    expect(y0(on, 'selfBuild').capexCny).toBeCloseTo(y0(off, 'selfBuild').capexCny / 1.13, 6);
    expect(y0(on, 'selfBuild').opexCny.ops).toBe(y0(off, 'selfBuild').opexCny.ops);
  });

  it('restates the own cluster’s maintenance at the leasing rate (repairs) and its colocation at the services rate', () => {
    const s = withVat(defaultScenario, {
      enabled: true,
      pricesIncludeVat: true,
      inputVatDeductible: true,
      leasingRateFraction: 0.13,
      servicesRateFraction: 0.06,
    });
    const sb = defaultScenario.selfBuild;
    const offYear = cashReport(defaultScenario).strategies.selfBuild.years[0]!;
    // Independently: maintenance = capex × share a year ÷ 12; colocation = servers × max kW × price.
    const maintenance = (offYear.capexCny * sb.maintenanceFractionPerYear) / 12;
    const servers = sb.capacityGpus / sb.gpusPerServer;
    const colocation = servers * sb.powerMaxKwPerServer * sb.colocationCnyPerKwMonth;
    const monthsInService = offYear.opexCny.compute / (maintenance + colocation);
    expect(monthsInService).toBeCloseTo(11, 9); // months 2–12: delivered at the end of month 1
    const onYear = cashReport(s).strategies.selfBuild.years[0]!;
    expect(onYear.opexCny.compute).toBeCloseTo(11 * (maintenance / 1.13 + colocation / 1.06), 6);
    // A leasing rate equal to the services rate restates compute as one rate, as before schema v8.
    const one = cashReport(withVat(s, { leasingRateFraction: 0.06 })).strategies.selfBuild.years[0]!;
    expect(one.opexCny.compute).toBeCloseTo(offYear.opexCny.compute / 1.06, 6);
  });

  it('adds VAT to prices entered without it when it cannot be deducted', () => {
    const s = withVat(defaultScenario, { enabled: true, pricesIncludeVat: false, inputVatDeductible: false });
    const on = cashReport(s);
    expect(on.vatBasis).toBe('gross');
    expect(on.strategies.selfBuild.residualValueCny).toBeCloseTo(
      cashReport(defaultScenario).strategies.selfBuild.residualValueCny * 1.13,
      6,
    );
  });
});
