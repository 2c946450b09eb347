import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate, presets, type Scenario, STRATEGY_IDS } from '../../src/engine';
import { makeScenario, makeWeeklyScenario } from '../factories';
import { arbScenario } from './arbitraries';

/*
 * One market for cost and deadlines (docs/model.md §10): each way's draw on the GPUs one can get on
 * demand, worked out by hand here from the curve, the efficiencies and the market's GPUs.
 */

const H = 730;

function withMarket(s: Scenario, onDemandGpus: number): Scenario {
  return { ...s, trainingPlan: { ...s.trainingPlan, onDemandGpus } };
}

/** Two weeks, 100 and 300 useful GPUs; jobs of 16 GPUs on 8-GPU servers (no rounding). */
function twoWeeks(onDemandGpus: number, hybrid: Partial<Scenario['hybrid']> = {}): Scenario {
  const s = makeWeeklyScenario([100, 300], 0, { demand: { gpusPerJob: 16 }, rent: { gpusPerServer: 8 } });
  return withMarket({ ...s, hybrid: { ...s.hybrid, ...hybrid } }, onDemandGpus);
}

describe('each way against the GPUs one can get on demand, by hand', () => {
  it('rent holds useful ÷ 50 % from the market: 400 GPUs serve 200 useful, a quarter of the work waits', () => {
    const e = evaluate(twoWeeks(400));
    expect(e.efficiencies.rent.value).toBe(0.5);
    const rent = e.market.ways.rent;
    // Work: (100 + 300) ÷ 2 × 730 = 146,000 useful GPU-hours a month; served: (100 + 200) ÷ 2 × 730.
    const served = ((100 + 200) / 2) * H;
    expect(rent?.beyondUsefulGpuHoursPerMonth).toBeCloseTo(146_000 - served, 6);
    expect(rent?.beyondShare).toBeCloseTo(36_500 / 146_000, 12);
    expect(rent?.peakGpus).toBeCloseTo(600, 9);
    expect(rent?.fits).toBe(false);
    expect(e.market.onDemandGpus).toBe(400);
  });

  it('the platform holds useful ÷ 75 %: 200 GPUs are 12 whole jobs of 16 (192), serving 144 useful', () => {
    const e = evaluate(twoWeeks(200));
    expect(e.efficiencies.platform.value).toBe(0.75);
    const platform = e.market.ways.platform;
    const served = ((100 + 144) / 2) * H;
    expect(platform?.beyondUsefulGpuHoursPerMonth).toBeCloseTo(146_000 - served, 6);
    expect(platform?.beyondShare).toBeCloseTo(56_940 / 146_000, 12);
    expect(platform?.peakGpus).toBeCloseTo(300 / 0.75, 9);
    expect(platform?.fits).toBe(false);
  });

  it('a platform GPU doing twice the work: the curve halves in its GPUs, 400 useful at peak held by 200', () => {
    const s = twoWeeks(208);
    const e = evaluate({
      ...s,
      hardware: { ...s.hardware, platform: { ...s.hardware.platform, throughputRatio: 2 } },
    });
    const platform = e.market.ways.platform;
    // Weeks of 50 and 150 platform GPUs of work; 208 GPUs (13 jobs of 16) hold 156 useful: all fits.
    expect(platform?.peakGpus).toBeCloseTo(150 / 0.75, 9);
    expect(platform?.fits).toBe(true);
    // 192 GPUs hold 144: the 150-GPU week leaves 6 useful GPUs waiting, half the weeks.
    const tight = evaluate({
      ...twoWeeks(192),
      hardware: { ...s.hardware, platform: { ...s.hardware.platform, throughputRatio: 2 } },
    });
    expect(tight.market.ways.platform?.beyondUsefulGpuHoursPerMonth).toBeCloseTo((6 / 2) * H, 6);
    expect(tight.market.ways.platform?.beyondShare).toBeCloseTo(3 / 100, 12);
  });

  it('the hybrid asks the market only for its burst above 80 reserved GPUs', () => {
    const e = evaluate(twoWeeks(100, { baselineMode: 'reserved', baselineGpus: 80 }));
    const hybrid = e.market.ways.hybrid;
    // Reserved 80 hold 60 useful; burst (40 + 240) ÷ 2 × 730 = 102,200; 100 platform GPUs are 6 whole
    // jobs of 16 (96), holding 72 useful more.
    const burst = ((40 + 240) / 2) * H;
    const byMarket = ((100 + 132) / 2 - 60) * H;
    expect(hybrid?.beyondUsefulGpuHoursPerMonth).toBeCloseTo(burst - byMarket, 6);
    expect(hybrid?.beyondShare).toBeCloseTo(61_320 / 146_000, 12);
    expect(hybrid?.peakGpus).toBeCloseTo(240 / 0.75, 9);
  });

  it('the seed example fits: 2.6 useful GPUs a month take 5.3 rented GPUs of 256; whole jobs of 8 only', () => {
    const e = evaluate(makeScenario());
    // 20 jobs × 24 h × 8 GPUs × 50 % = 1,920 useful GPU-hours, flat: 1,920 ÷ 730 useful GPUs.
    expect(e.market.ways.rent?.peakGpus).toBeCloseTo((1920 / H) * 2, 9);
    expect(e.market.ways.rent?.fits).toBe(true);
    expect(e.market.ways.rent?.beyondShare).toBe(0);
    // With 4 GPUs on demand not one 8-GPU job can start: all 1,920 hours wait, though the busiest
    // week's average is 5.3 GPUs held.
    const tight = evaluate(withMarket(makeScenario(), 4));
    expect(tight.market.ways.rent?.beyondUsefulGpuHoursPerMonth).toBeCloseTo(1920, 6);
    expect(tight.market.ways.rent?.fits).toBe(false);
    // 8 GPUs are one job's server: it holds 4 useful GPUs, more than the 2.6 of the month's work.
    expect(evaluate(withMarket(makeScenario(), 8)).market.ways.rent?.fits).toBe(true);
  });

  it('on premises nothing comes from the market: no rent, no platform, no burst', () => {
    const s = twoWeeks(10);
    const onPrem = evaluate({ ...s, compliance: 'onPrem' });
    for (const id of STRATEGY_IDS) expect(onPrem.market.ways[id]).toBeNull();
  });

  it('the steady lab asks 629 platform GPUs in its busiest week, more than the 360 its preset can get', () => {
    const s = presets.steadyLab as Scenario;
    const e = evaluate(s);
    const peak = Math.max(...s.demand.weeklyGpus);
    expect(e.market.ways.platform?.peakGpus).toBeCloseTo(peak / e.efficiencies.platform.value, 9);
    expect(s.trainingPlan.onDemandGpus).toBe(360);
    expect(e.market.ways.platform?.fits).toBe(false);
  });
});

describe('properties', () => {
  const RUNS = { numRuns: 80, seed: 20261205 };

  it('the share waiting is within 0…1, and zero exactly when the way fits', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const e = evaluate(s);
        for (const id of STRATEGY_IDS) {
          const w = e.market.ways[id];
          if (w === null) continue;
          expect(w.beyondShare).toBeGreaterThanOrEqual(0);
          expect(w.beyondShare).toBeLessThanOrEqual(1 + 1e-12);
          expect(w.fits).toBe(w.beyondShare === 0);
        }
      }),
      RUNS,
    );
  });

  it('more GPUs on demand never leave more work waiting, and a market above every peak leaves none', () => {
    fc.assert(
      fc.property(arbScenario, fc.integer({ min: 0, max: 5000 }), (s, gpus) => {
        const a = evaluate(withMarket(s, gpus)).market.ways;
        const b = evaluate(withMarket(s, gpus * 2 + 1)).market.ways;
        for (const id of STRATEGY_IDS) {
          const before = a[id]?.beyondUsefulGpuHoursPerMonth ?? 0;
          const after = b[id]?.beyondUsefulGpuHoursPerMonth ?? 0;
          expect(after).toBeLessThanOrEqual(before * (1 + 1e-12) + 1e-9);
        }
        // Whole jobs: a market above every peak by a whole job (and a whole server) more.
        const peaks = STRATEGY_IDS.map((id) => a[id]?.peakGpus ?? 0);
        const job = Math.ceil(s.demand.gpusPerJob / s.rent.gpusPerServer) * s.rent.gpusPerServer;
        const everyPeak = Math.ceil(Math.max(0, ...peaks)) + job + s.demand.gpusPerJob;
        const wide = evaluate(withMarket(s, everyPeak)).market.ways;
        for (const id of STRATEGY_IDS) expect(wide[id]?.beyondShare ?? 0).toBeLessThan(1e-9);
      }),
      RUNS,
    );
  });

  it('the market moves no cost: every way prices as it did', () => {
    fc.assert(
      fc.property(arbScenario, fc.integer({ min: 0, max: 5000 }), (s, gpus) => {
        const a = evaluate(withMarket(s, gpus));
        const b = evaluate(withMarket(s, gpus + 1000));
        for (const id of STRATEGY_IDS) expect(b.strategies[id].monthlyCny).toBe(a.strategies[id].monthlyCny);
      }),
      { numRuns: 30, seed: 20261205 },
    );
  });
});
