import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  atSite,
  defaultScenario,
  type EnergyReport,
  energyReport,
  evaluate,
  newTrainingRun,
  planWeeklyCurve,
  presets,
  type Scenario,
  STRATEGY_IDS,
} from '../../src/engine';
import { priceStrategies, pricingInputs } from '../../src/engine/model';
import { arbScenario } from './arbitraries';

const RUNS = { numRuns: 60, seed: 20261207 };

/** Random scenarios with random energy factors within the schema's ranges. */
const arbEnergyScenario: fc.Arbitrary<Scenario> = fc
  .record({
    s: arbScenario,
    grid: fc.double({ min: 0, max: 1, noNaN: true }),
    providerGrid: fc.double({ min: 0, max: 1, noNaN: true }),
    providerPue: fc.double({ min: 1, max: 3, noNaN: true }),
    embodied: fc.double({ min: 0, max: 10_000, noNaN: true }),
    cap: fc.option(fc.double({ min: 0.001, max: 100, noNaN: true })),
    carbon: fc.double({ min: 0, max: 500, noNaN: true }),
  })
  .map(({ s, grid, providerGrid, providerPue, embodied, cap, carbon }) => ({
    ...s,
    energy: {
      gridKgCo2ePerKwh: grid,
      providerGridKgCo2ePerKwh: providerGrid,
      providerPue,
      embodiedKgCo2ePerGpu: embodied,
      powerCapMw: cap,
      carbonPriceCnyPerTonne: carbon,
      measured: null,
    },
  }));

const close = (a: number, b: number, rel = 1e-9) =>
  expect(Math.abs(a - b)).toBeLessThanOrEqual(rel * Math.max(1, Math.abs(a), Math.abs(b)));

describe('energy and emissions of the seed example (hand-worked)', () => {
  const s = presets.seedTeam as Scenario;
  const r = energyReport(s);

  it('has the inputs the arithmetic below is written from', () => {
    expect(s.demand).toMatchObject({ jobsPerMonth: 20, hoursPerJob: 24, gpusPerJob: 8 });
    expect(s.rent.utilization).toBe(0.5);
    expect(s.platform.utilization).toBe(0.75);
    expect(s.horizonMonths).toBe(36);
    expect(s.selfBuild).toMatchObject({
      capacityGpus: 8,
      gpusPerServer: 8,
      powerIdleKwPerServer: 3,
      powerBusyKwPerServer: 8.2,
      powerMaxKwPerServer: 10.2,
      pue: 1.3,
      electricityCnyPerKwh: 0.6,
      depreciationYears: 5,
    });
    expect(s.energy).toEqual({
      gridKgCo2ePerKwh: 0.5306,
      powerCapMw: null,
      providerPue: 1.49,
      providerGridKgCo2ePerKwh: 0.5306,
      embodiedKgCo2ePerGpu: 165,
      carbonPriceCnyPerTonne: 0,
      measured: null,
    });
  });

  it('rent: 3,840 GPU-hours held a month, half useful → 48,061.44 kWh, 25.50 t scope 2, 0.174 t scope 3 a year', () => {
    // 20 jobs × 24 h × 8 GPUs = 3,840 GPU-hours held; useful at 50 % = 1,920.
    // Per GPU: (3 + (8.2 − 3) × 0.5) kW ÷ 8 = 0.7 kW; × 1.49 PUE × 3,840 h = 4,005.12 kWh a month.
    const kwhYear = 3_840 * 12 * ((3 + 5.2 * 0.5) / 8) * 1.49;
    expect(kwhYear).toBeCloseTo(48_061.44, 6);
    const y = r.ways.rent.years;
    expect(y).toHaveLength(3);
    for (const year of y) {
      expect(year.months).toBe(12);
      close(year.kwh, kwhYear);
      close(year.providerKwh, kwhYear);
      expect(year.ownedKwh).toBe(0);
      // Scope 2: 48,061.44 × 0.5306 = 25,501.40 kg.
      close(year.scope2Kg / 1000, 25.501400064);
      // Scope 3: 46,080 GPU-hours a year × 165 kg ÷ (5 years × 8,760 h) = 173.589 kg.
      close(year.scope3Kg / 1000, (46_080 * 165) / 43_800 / 1000);
    }
    expect(r.ways.rent.providerShare).toBe(1);
    close(r.ways.rent.usefulGpuHours, 1_920 * 36);
  });

  it('platform: 1,920 useful ÷ 75 % = 2,560 held → 39,479.04 kWh, 20.95 t scope 2 a year', () => {
    // Per GPU: (3 + 5.2 × 0.75) ÷ 8 = 0.8625 kW; × 1.49 × 2,560 h × 12 = 39,479.04 kWh.
    const kwhYear = 2_560 * 12 * ((3 + 5.2 * 0.75) / 8) * 1.49;
    expect(kwhYear).toBeCloseTo(39_479.04, 6);
    const year = r.ways.platform.years[0]!;
    close(year.kwh, kwhYear);
    close(year.scope2Kg / 1000, 20.947578624);
    close(year.scope3Kg, (2_560 * 12 * 165) / 43_800);
    close(r.ways.platform.total.kwh, 3 * kwhYear);
    // Its hybrid has no baseline here (the cheapest is none): the platform's figures.
    close(r.ways.hybrid.total.kwh, r.ways.platform.total.kwh);
  });

  it('self-build: one 8-GPU server, 1,920 of its 5,840 GPU-hours busy → 53,632.8 kWh, 28.46 t scope 2, 0.264 t scope 3 a year', () => {
    // (3 + 5.2 × 1,920 ÷ 5,840) kW × 1.3 PUE × 730 h = 4,469.4 kWh a month (the model's 2,681.64 CNY ÷ 0.6).
    const kwhMonth = (3 + (5.2 * 1_920) / 5_840) * 1.3 * 730;
    expect(kwhMonth).toBeCloseTo(4_469.4, 6);
    const year = r.ways.selfBuild.years[0]!;
    close(year.ownedKwh, 12 * kwhMonth);
    expect(year.providerKwh).toBe(0);
    close(year.scope2Kg / 1000, (12 * kwhMonth * 0.5306) / 1000);
    expect(year.scope2Kg / 1000).toBeCloseTo(28.457564, 6);
    // 8 GPUs × 165 kg ÷ 60 months = 22 kg a month.
    close(year.scope3Kg, 264);
    expect(r.ways.selfBuild.providerShare).toBe(0);
    // (28,457.5 + 264) kg × 3 years ÷ 69,120 useful GPU-hours.
    close(r.ways.selfBuild.kgPerUsefulGpuHour, (3 * (12 * kwhMonth * 0.5306 + 264)) / (1_920 * 36));
  });

  it('draws 10.2 kW × 1.3 = 13.26 kW at the meter; no cap, so never over it', () => {
    close(r.ownDrawMw, 0.01326);
    expect(r.overPowerCap).toBe(false);
  });

  it("the default scenario's owned kWh is the model's energy category ÷ the price per kWh", () => {
    const d = defaultScenario;
    const energyCny = evaluate(d).strategies.selfBuild.breakdownMonthlyCny.energy;
    close(
      energyReport(d).ways.selfBuild.years[0]!.ownedKwh / 12,
      energyCny / d.selfBuild.electricityCnyPerKwh,
      1e-9,
    );
  });
});

describe('energy and emissions: properties', () => {
  const allPresets = Object.values(presets) as Scenario[];

  it("every owned cluster's kWh a month (self-build's, the hybrid's owned baseline) is its energy cost ÷ the price", () => {
    for (const s of allPresets) {
      const costs = priceStrategies(pricingInputs(s));
      const r = energyReport(s);
      for (const way of ['selfBuild', 'hybrid'] as const) {
        const base = costs[way].base;
        const kwhMonth = r.ways[way].total.ownedKwh / s.horizonMonths;
        const modelKwh =
          base?.kind === 'owned' ? base.part.breakdown.energy / s.selfBuild.electricityCnyPerKwh : 0;
        close(kwhMonth, modelKwh);
      }
    }
  });

  const doubledGrid = (s: Scenario): Scenario => ({
    ...s,
    energy: {
      ...s.energy,
      gridKgCo2ePerKwh: 2 * s.energy.gridKgCo2ePerKwh,
      providerGridKgCo2ePerKwh: 2 * s.energy.providerGridKgCo2ePerKwh,
    },
  });

  it('doubling both grid factors doubles scope 2 exactly and leaves kWh and scope 3 as they are (presets)', () => {
    for (const s of allPresets) {
      const a = energyReport(s);
      const b = energyReport(doubledGrid(s));
      for (const way of STRATEGY_IDS) {
        expect(b.ways[way].total.kwh).toBe(a.ways[way].total.kwh);
        expect(b.ways[way].total.scope2Kg).toBe(2 * a.ways[way].total.scope2Kg);
        expect(b.ways[way].total.scope3Kg).toBe(a.ways[way].total.scope3Kg);
        b.ways[way].years.forEach((y, i) => {
          expect(y.scope2Kg).toBe(2 * a.ways[way].years[i]!.scope2Kg);
        });
      }
    }
  });

  it('doubling both grid factors doubles scope 2 (random scenarios; exact but for underflow)', () => {
    fc.assert(
      fc.property(arbEnergyScenario, (s) => {
        const a = energyReport(s);
        const b = energyReport(doubledGrid(s));
        for (const way of STRATEGY_IDS) {
          expect(b.ways[way].total.kwh).toBe(a.ways[way].total.kwh);
          // Doubling is exact in binary floating point; only a product below the normal range
          // (a curve of 1e-320 GPUs) rounds, by a few units of 5e-324.
          expect(Math.abs(b.ways[way].total.scope2Kg - 2 * a.ways[way].total.scope2Kg)).toBeLessThanOrEqual(
            1e-300,
          );
          expect(b.ways[way].total.scope3Kg).toBe(a.ways[way].total.scope3Kg);
        }
      }),
      RUNS,
    );
  });

  it('a zero-carbon site and providers (both grid factors 0) emit no scope 2', () => {
    fc.assert(
      fc.property(arbEnergyScenario, (s) => {
        const r = energyReport({
          ...s,
          energy: { ...s.energy, gridKgCo2ePerKwh: 0, providerGridKgCo2ePerKwh: 0 },
        });
        for (const way of STRATEGY_IDS) {
          expect(r.ways[way].total.scope2Kg).toBe(0);
          for (const y of r.ways[way].years) expect(y.scope2Kg).toBe(0);
        }
      }),
      RUNS,
    );
  });

  it('moving the own cluster from the coastal city to the western hub never raises its energy cost (presets)', () => {
    for (const s of allPresets) {
      const coastal = evaluate(atSite(s, 'coastalCity')).strategies.selfBuild.breakdownMonthlyCny.energy;
      const western = evaluate(atSite(s, 'westernHub')).strategies.selfBuild.breakdownMonthlyCny.energy;
      expect(western).toBeLessThanOrEqual(coastal);
    }
  });

  function checkConsistent(s: Scenario, r: EnergyReport): void {
    const months = s.horizonMonths;
    const costs = priceStrategies(pricingInputs(s));
    expect(Number.isFinite(r.ownDrawMw) && r.ownDrawMw >= 0).toBe(true);
    for (const way of STRATEGY_IDS) {
      const w = r.ways[way];
      expect(w.way).toBe(way);
      expect(w.years).toHaveLength(Math.ceil(months / 12));
      expect(w.years.map((y) => y.year)).toEqual(w.years.map((_, i) => i + 1));
      expect(w.years.map((y) => y.months).reduce((a, b) => a + b, 0)).toBe(months);
      expect(w.total.months).toBe(months);
      const figures = [w.usefulGpuHours, w.kgPerUsefulGpuHour, w.providerShare];
      for (const y of [...w.years, w.total]) {
        figures.push(y.ownedKwh, y.providerKwh, y.kwh, y.scope2Kg, y.scope3Kg);
        close(y.kwh, y.ownedKwh + y.providerKwh, 1e-12);
      }
      for (const v of figures) expect(Number.isFinite(v) && v >= 0).toBe(true);
      expect(w.providerShare).toBeLessThanOrEqual(1);
      for (const key of ['ownedKwh', 'providerKwh', 'kwh', 'scope2Kg', 'scope3Kg'] as const) {
        close(
          w.years.reduce((sum, y) => sum + y[key], 0),
          w.total[key],
          1e-12,
        );
      }
      // The timeline moves hours between months, never adds or drops them: the horizon holds the
      // priced month's useful hours × months, and an own cluster's energy cost × months in kWh.
      close(w.usefulGpuHours, costs[way].part.usefulGpuHours * months, 1e-9);
      const base = costs[way].base;
      const ownedKwhMonth =
        base?.kind === 'owned' ? base.part.breakdown.energy / s.selfBuild.electricityCnyPerKwh : 0;
      close(w.total.ownedKwh, ownedKwhMonth * months, 1e-9);
    }
  }

  it('per-year figures sum to the total; all finite and ≥ 0; the timeline keeps the hours (presets)', () => {
    for (const s of allPresets) checkConsistent(s, energyReport(s));
  });

  it('per-year figures sum to the total; all finite and ≥ 0; the timeline keeps the hours (random scenarios)', () => {
    fc.assert(
      fc.property(arbEnergyScenario, (s) => checkConsistent(s, energyReport(s))),
      RUNS,
    );
  });

  it("a dated plan's years follow its runs: a run in year 2 only leaves years 1 and 3 the own cluster's idle power", () => {
    const s = structuredClone(presets.seedTeam as Scenario);
    // Three servers: 24 GPUs hold the 8-GPU run at the own cluster's 45 % (no burst).
    s.selfBuild.capacityGpus = 24;
    s.trainingPlan.recurringGpuHoursPerMonth = 0;
    // Weeks 60–79: months 14–19 (after any build lead time, so the own cluster takes the work).
    s.trainingPlan.runs = [
      {
        ...newTrainingRun(s),
        sizeBy: 'gpuHours' as const,
        gpuHours: 8 * 168 * 20,
        modelId: s.hardware.referenceModelId ?? 'h800',
        startWeek: 60,
        gpus: 8,
      },
    ];
    s.demand = {
      ...s.demand,
      mode: 'plan',
      weeklyGpus: planWeeklyCurve(s.trainingPlan, s.hardware.referenceDenseTflopsPerGpu),
    };
    const r = energyReport(s);
    const sb = s.selfBuild;
    for (const way of ['rent', 'platform'] as const) {
      expect(r.ways[way].years[0]!.kwh).toBe(0);
      expect(r.ways[way].years[1]!.kwh).toBeGreaterThan(0);
      expect(r.ways[way].years[2]!.kwh).toBe(0);
    }
    // Three servers idle all year: 3 × 3 kW × 1.3 × 8,760 h.
    const idleYear = 3 * sb.powerIdleKwPerServer * sb.pue * 8_760;
    const own = r.ways.selfBuild.years;
    close(own[0]!.ownedKwh, idleYear);
    close(own[2]!.ownedKwh, idleYear);
    expect(own[1]!.ownedKwh).toBeGreaterThan(idleYear);
    expect(r.ways.selfBuild.total.providerKwh).toBe(0);
    checkConsistent(s, r);
  });

  it('a horizon not a whole number of years ends on a short year', () => {
    const s: Scenario = { ...(presets.seedTeam as Scenario), horizonMonths: 30 };
    const r = energyReport(s);
    expect(r.ways.rent.years.map((y) => y.months)).toEqual([12, 12, 6]);
    close(r.ways.rent.years[2]!.kwh * 2, r.ways.rent.years[0]!.kwh);
  });
});

describe('the power cap', () => {
  const s = presets.largeLab as Scenario;
  const draw = energyReport(s).ownDrawMw;

  it('the own cluster draws its servers at maximum power × PUE', () => {
    const sb = s.selfBuild;
    const gpus = priceStrategies(pricingInputs(s)).selfBuild.baselineGpus;
    close(draw, ((gpus / sb.gpusPerServer) * sb.powerMaxKwPerServer * sb.pue) / 1000);
    expect(draw).toBeGreaterThan(0);
  });

  it('is over the cap when the cap is below the draw, not when it is above or there is none', () => {
    const withCap = (powerCapMw: number | null): Scenario => ({ ...s, energy: { ...s.energy, powerCapMw } });
    expect(energyReport(withCap(draw / 2)).overPowerCap).toBe(true);
    expect(energyReport(withCap(draw * 2)).overPowerCap).toBe(false);
    expect(energyReport(withCap(null)).overPowerCap).toBe(false);
  });
});
