import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { datedDemand, evaluate, type Scenario, TEAM_CAPABILITY_LEVELS } from '../../src/engine';
import { scaleToLoadRate } from '../../src/engine/demand';
import { generateCurve } from '../../src/engine/demand-generators';
import { efficiencies } from '../../src/engine/efficiency';
import { hardwareLife, marketFactorAtMonth } from '../../src/engine/market';
import { makeDefaultInputs } from '../../src/engine/presets';
import { makeWeeklyScenario } from '../factories';
import { arbScenario } from './arbitraries';

// docs/model.md §2 and §7 (v2): one utilization model, the market price path, resale-based iteration
// risk, build lead time, named comparators and right-sizing.
const RUNS = { numRuns: 150 };

function relClose(a: number, b: number, tol = 1e-9): boolean {
  // Absolute floor as well as relative: values can be tiny (subnormal demand).
  return Math.abs(a - b) <= tol * Math.max(1, Math.abs(a), Math.abs(b));
}

function flat(s: Scenario): Scenario {
  return {
    ...s,
    finance: {
      ...s.finance,
      gpuTimePriceDeclineFractionPerYear: 0,
      gpuTimePriceShape: null,
      resaleValueDeclineFractionPerYear: 0,
      // Hardware at today's price (schema v15): no path moves a batch's price or resale either.
      hardwarePriceShape: null,
      resalePriceShape: null,
    },
  };
}

describe('one utilization model (allocation efficiency = useful ÷ held)', () => {
  it('gives 35/40/45/50/55 % siloed and 60/65/70/75/75 % pooled by team level at the defaults', () => {
    const s = makeDefaultInputs('levels');
    const by = TEAM_CAPABILITY_LEVELS.map((level) => efficiencies(s, level));
    expect(by.map((e) => Math.round(e.siloed * 100))).toEqual([35, 40, 45, 50, 55]);
    expect(by.map((e) => Math.round(e.pooled * 100))).toEqual([60, 65, 70, 75, 75]);
  });

  it('keeps siloed ≤ pooled ≤ the platform at every team level, whatever the inputs', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        for (const level of TEAM_CAPABILITY_LEVELS) {
          const e = efficiencies(s, level);
          expect(e.siloed).toBeLessThanOrEqual(e.pooled);
          expect(e.pooled).toBeLessThanOrEqual(Math.max(s.platform.utilization, 0.05));
        }
      }),
      RUNS,
    );
  });

  it('an own cluster never serves more useful work than capacity × its efficiency; the rest bursts', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const e = evaluate(s);
        const self = e.strategies.selfBuild;
        const held = self.baselineGpus * 730 * e.ownEfficiency;
        const useful = e.demand.usefulGpuHoursPerMonth;
        expect(useful * (1 - self.burstShare)).toBeLessThanOrEqual(held * (1 + 1e-9) + 1e-9);
      }),
      RUNS,
    );
  });

  it('sized to the same demand of day-long jobs (no workload gain), a private pool costs 25–40 % less per useful GPU-hour than silos (levels 1–4), ≈30 % at level 3', () => {
    const savings = TEAM_CAPABILITY_LEVELS.map((level) => {
      const base = makeWeeklyScenario(new Array<number>(52).fill(300), 0, {
        teamCapability: level,
        selfBuild: { buildLeadTimeMonths: 0 },
        demand: { hoursPerJob: 24, gpusPerJob: 64 },
      });
      const sized = (pool: boolean) => {
        const s = { ...base, selfBuild: { ...base.selfBuild, privatePool: pool } };
        const own = pool ? efficiencies(s).pooled : efficiencies(s).siloed;
        const capacityGpus = Math.ceil(300 / own / 8) * 8;
        return evaluate({ ...s, selfBuild: { ...s.selfBuild, capacityGpus } }).strategies.selfBuild;
      };
      const silo = sized(false);
      const pool = sized(true);
      expect(silo.burstShare).toBe(0);
      expect(pool.burstShare).toBe(0);
      return 1 - pool.costPerUsefulGpuHourCny / silo.costPerUsefulGpuHourCny;
    });
    for (const saving of savings.slice(0, 4)) {
      expect(saving).toBeGreaterThanOrEqual(0.25);
      expect(saving).toBeLessThanOrEqual(0.4);
    }
    expect(savings[2]).toBeGreaterThan(0.27);
    expect(savings[2]).toBeLessThan(0.35);
    // Level 5: silos already run at 55 % and pooling is capped at the platform's 75 %, so the gain is
    // smaller (about a quarter) — stated, not bent.
    expect(savings[4]).toBeGreaterThan(0.2);
    expect(savings[4]).toBeLessThan(savings[0]!);
  });

  it('on a level-5 pooled own cluster, unit cost at 40 % load is 1.6–2.0× that at 75 %, with default prices', () => {
    const s = makeDefaultInputs('ratio');
    s.teamCapability = 5;
    s.selfBuild.privatePool = true;
    s.selfBuild.capacityGpus = 512;
    s.demand.gpusPerJob = 64;
    s.demand.hoursPerJob = 72;
    const at = (rate: number) =>
      evaluate(scaleToLoadRate(s, rate)).strategies.selfBuild.costPerUsefulGpuHourCny;
    const ratio = at(0.4) / at(0.75);
    expect(ratio).toBeGreaterThanOrEqual(1.6);
    expect(ratio).toBeLessThanOrEqual(2.0);
  });
});

describe('market price path', () => {
  it('with both declines at 0 the bills are flat month by month and there is no iteration risk', () => {
    fc.assert(
      fc.property(arbScenario, (raw) => {
        const s = flat(raw);
        const e = evaluate(s);
        // A training plan's bills follow its months' demand (model v4); other demand is the same each month.
        const byMonth = datedDemand(s)?.usefulGpuHoursByMonth ?? null;
        const meanUseful = byMonth ? byMonth.reduce((a, u) => a + u, 0) / byMonth.length : 0;
        for (const id of ['rent', 'platform'] as const) {
          const r = e.strategies[id];
          for (let m = 1; m <= s.horizonMonths; m++) {
            const share = byMonth === null ? 1 : meanUseful > 0 ? byMonth[m - 1]! / meanUseful : 1;
            expect(relClose(r.cashflowCny[m]!, r.monthlyCny * share)).toBe(true);
          }
        }
        expect(e.strategies.selfBuild.breakdownMonthlyCny.iteration).toBe(0);
      }),
      RUNS,
    );
  });

  it('rent and platform compute equals the flat compute × the average monthly market factor, and falls month by month', () => {
    fc.assert(
      fc.property(arbScenario, fc.double({ min: 0.01, max: 0.6, noNaN: true }), (raw, decline) => {
        // The steady path at `decline` (a shaped path of model v4 has its own test).
        const s = {
          ...raw,
          finance: { ...raw.finance, gpuTimePriceDeclineFractionPerYear: decline, gpuTimePriceShape: null },
        };
        const path = evaluate(s).strategies;
        const still = evaluate(flat(s)).strategies;
        // Each month's bills at that month's price: weighted by the month's demand for a training plan
        // (model v4), so the average factor when every month holds the same demand.
        const byMonth = datedDemand(s)?.usefulGpuHoursByMonth ?? new Array(s.horizonMonths).fill(1);
        let sum = 0;
        let weight = 0;
        for (let m = 1; m <= s.horizonMonths; m++) {
          sum += byMonth[m - 1] * marketFactorAtMonth(decline, m);
          weight += byMonth[m - 1];
        }
        let average = weight > 0 ? sum / weight : 0;
        if (weight <= 0) {
          for (let m = 1; m <= s.horizonMonths; m++) average += marketFactorAtMonth(decline, m);
          average /= s.horizonMonths;
        }
        for (const id of ['rent', 'platform'] as const) {
          expect(
            relClose(path[id].breakdownMonthlyCny.compute, still[id].breakdownMonthlyCny.compute * average),
          ).toBe(true);
          // The bills for a month's demand fall month by month.
          const first = byMonth[0];
          const last = byMonth[s.horizonMonths - 1];
          if (first > 0 && last > 0)
            expect(path[id].cashflowCny[s.horizonMonths]! / last).toBeLessThanOrEqual(
              (path[id].cashflowCny[1]! / first) * (1 + 1e-12),
            );
        }
      }),
      RUNS,
    );
  });

  it('iteration risk is book − resale value at the horizon end (never negative), and the resale is credited', () => {
    const life = hardwareLife(1_000_000, 0.1, 60, 0.33, 36);
    expect(life.endMarketValueCny).toBeCloseTo(1_000_000 * 0.67 ** 3, 6);
    expect(life.iterationLossCny).toBeCloseTo(1_000_000 * (1 - 0.9 * 0.6) - 1_000_000 * 0.67 ** 3, 6);
    // Resale never above book value: with no decline the loss is 0, not negative.
    expect(hardwareLife(1_000_000, 0.1, 60, 0, 36).iterationLossCny).toBe(0);
    fc.assert(
      fc.property(arbScenario, (raw) => {
        const s = { ...raw, selfBuild: { ...raw.selfBuild, buildLeadTimeMonths: 0 } };
        const r = evaluate(s).strategies.selfBuild;
        expect(r.breakdownMonthlyCny.iteration).toBeGreaterThanOrEqual(0);
        const cash = r.cashflowCny.reduce((a, b) => a + b, 0);
        // The economic view's capital charge is a cost, not cash (0 in the accounting view).
        const charged = r.capitalChargeMonthlyCny * s.horizonMonths;
        expect(relClose(cash - r.residualValueCny, r.horizonCny - charged, 1e-7)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('build lead time and setup', () => {
  it("a longer lead time never costs less (hardware at today's price)", () => {
    fc.assert(
      fc.property(arbScenario, fc.integer({ min: 0, max: 11 }), (drawn, months) => {
        // On a falling hardware path a later delivery buys its refresh for less, rightly: the property
        // is the lead time's own cost, with every batch at today's price.
        const raw: Scenario = {
          ...drawn,
          finance: { ...drawn.finance, hardwarePriceShape: null, resalePriceShape: null },
        };
        const at = (m: number) =>
          evaluate({ ...raw, selfBuild: { ...raw.selfBuild, buildLeadTimeMonths: m } }).strategies.selfBuild
            .monthlyCny;
        expect(at(months + 1)).toBeGreaterThanOrEqual(at(months) * (1 - 1e-12));
      }),
      RUNS,
    );
  });

  it('a site that already runs (lead time 0) has no lead-time line, and capex is paid in month 0', () => {
    const s = makeDefaultInputs('running');
    s.selfBuild.buildLeadTimeMonths = 0;
    const e = evaluate(s).strategies.selfBuild;
    // The own GPU-hour is valued at compute without the economic view's capital charge.
    const ownCompute = e.breakdownMonthlyCny.compute - e.capitalChargeMonthlyCny;
    const setupOnly = 20 * 0.25 * (250 + (8 * ownCompute) / 5_840);
    expect(e.breakdownMonthlyCny.time).toBeCloseTo(setupOnly, 6);
    expect(e.cashflowCny[0]).toBeCloseTo(e.capexCny, 6);
  });

  it('rented, platform and own-cluster setup are three separate inputs', () => {
    const s = makeDefaultInputs('setup');
    s.selfBuild.buildLeadTimeMonths = 0;
    const base = evaluate(s).strategies;
    const rentSetup = evaluate({ ...s, operations: { ...s.operations, setupHoursRent: 6 } }).strategies;
    expect(rentSetup.rent.monthlyCny).toBeGreaterThan(base.rent.monthlyCny);
    expect(rentSetup.selfBuild.monthlyCny).toBe(base.selfBuild.monthlyCny);
    expect(rentSetup.platform.monthlyCny).toBe(base.platform.monthlyCny);
    const ownSetup = evaluate({ ...s, operations: { ...s.operations, setupHoursOwn: 2 } }).strategies;
    expect(ownSetup.selfBuild.monthlyCny).toBeGreaterThan(base.selfBuild.monthlyCny);
    expect(ownSetup.rent.monthlyCny).toBe(base.rent.monthlyCny);
  });
});

describe('right-sizing and load shape', () => {
  it('the right-sized owned capacity never costs more than the configured cluster', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const e = evaluate(s);
        expect(e.rightSize.monthlyCny).toBeLessThanOrEqual(
          e.strategies.selfBuild.monthlyCny * (1 + 1e-9) + 1e-9,
        );
        expect(e.rightSize.gpus % s.selfBuild.gpusPerServer).toBe(0);
      }),
      RUNS,
    );
  });

  it('bursty demand favours renting or pooling: the same mean in pulses widens self-build’s gap', () => {
    const steady = generateCurve('steady', { weeks: 52, meanGpus: 200, seed: 3 });
    const pulse = generateCurve('pulse', { weeks: 52, meanGpus: 200, seed: 3 });
    const gap = (curve: number[]) => {
      const peak = Math.max(...curve);
      const s = makeWeeklyScenario(curve, Math.ceil(peak / 0.45 / 8) * 8, {});
      const e = evaluate(s).strategies;
      return e.selfBuild.monthlyCny - Math.min(e.rent.monthlyCny, e.platform.monthlyCny);
    };
    expect(gap(pulse)).toBeGreaterThan(gap(steady));
  });
});
