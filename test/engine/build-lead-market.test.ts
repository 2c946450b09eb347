import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultScenario, evaluate, presets, type Scenario, STRATEGY_IDS } from '../../src/engine';
import { switchDemandMode } from '../../src/engine/demand-mode';
import { datedDemand } from '../../src/engine/horizon-demand';
import { makeWeeklyScenario } from '../factories';
import { arbScenario } from './arbitraries';

/*
 * One market for cost and deadlines (docs/model.md §10): while an own cluster is built, the work its
 * new servers will do is bought by the hour meanwhile (the build lead time line), on top of its burst.
 * That draw on the GPUs one can get on demand is worked out by hand here.
 */

const H = 730;

function withMarket(s: Scenario, onDemandGpus: number): Scenario {
  return { ...s, trainingPlan: { ...s.trainingPlan, onDemandGpus } };
}

/**
 * Weeks of 100 and 300 useful GPUs; jobs of 16 GPUs on 8-GPU servers; an own cluster of 160 GPUs
 * held 45 % usefully (72 usable), built in 3 months; 200 GPUs on demand (12 jobs of 16 = 192).
 */
function building(overrides: Partial<Scenario> = {}): Scenario {
  const s = makeWeeklyScenario([100, 300], 160, {
    demand: { gpusPerJob: 16 },
    rent: { gpusPerServer: 8 },
    selfBuild: { buildLeadTimeMonths: 3 },
  });
  return withMarket({ ...s, ...overrides }, 200);
}

describe('an own cluster’s build months against the market, by hand', () => {
  it('the platform serves the build months: all the work above nothing owned, 400 GPUs at peak', () => {
    const e = evaluate(building());
    expect(e.efficiencies.own.value).toBe(0.45);
    const lead = e.market.ways.selfBuild?.buildLeadTime;
    expect(lead?.via).toBe('platform');
    expect(lead?.months).toBe(3);
    // 300 useful GPUs ÷ 75 % platform efficiency.
    expect(lead?.peakGpus).toBeCloseTo(300 / 0.75, 9);
    // 192 market GPUs hold 144 useful: the weeks get 100 and 144 of 100 and 300.
    expect(lead?.askedUsefulGpuHours).toBeCloseTo(((100 + 300) / 2) * H * 3, 6);
    expect(lead?.beyondUsefulGpuHours).toBeCloseTo(((300 - 144) / 2) * H * 3, 6);
    expect(lead?.beyondShare).toBeCloseTo(156 / 400, 12);
    expect(lead?.fits).toBe(false);
    // The running cluster's burst above its 72 usable GPUs is the figure it had before.
    expect(e.market.ways.selfBuild?.peakGpus).toBeCloseTo((300 - 72) / 0.75, 9);
  });

  it('rented servers serve the build months: the market takes their band first, the platform the rest', () => {
    const s = building();
    const e = evaluate({
      ...s,
      platform: { ...s.platform, priceCnyPerGpuHour: s.platform.priceCnyPerGpuHour * 10 },
    });
    const lead = e.market.ways.selfBuild?.buildLeadTime;
    expect(lead?.via).toBe('rent');
    // Rent holds 2 GPUs a useful one (50 %); its band is the cluster's 72 usable, the burst above
    // goes to the platform. 192 GPUs of 16-GPU jobs hold 96 useful rented: the band (72, 144 GPUs)
    // fits; 56 GPUs are left, 3 platform jobs of 16 (48 GPUs) holding 36 useful.
    // Week 100: band 72 + burst 28 (served 28). Week 300: band 72 + burst 228 (served 36).
    expect(lead?.peakGpus).toBeCloseTo(72 * 2 + 228 / 0.75, 9);
    expect(lead?.beyondShare).toBeCloseTo((228 - 36) / 400, 12);
    expect(lead?.beyondUsefulGpuHours).toBeCloseTo(((228 - 36) / 2) * H * 3, 6);
  });

  it('servers already owned serve from month 1: only the work above them is bought meanwhile', () => {
    // 5 servers × 8 GPUs × 45 % = 18 useful GPUs already owned.
    const e = evaluate(
      building({ existing: { servers: 5, ageMonths: 12, pricePaidCnyPerServer: 2_000_000 } }),
    );
    const lead = e.market.ways.selfBuild?.buildLeadTime;
    expect(lead?.via).toBe('platform');
    expect(lead?.peakGpus).toBeCloseTo((300 - 18) / 0.75, 9);
    // Weeks of 82 and 282 asked; 144 useful from the market: 82 + 144 served.
    expect(lead?.beyondShare).toBeCloseTo((282 - 144) / (82 + 282), 12);
  });

  it('a training plan counts only the build months’ pieces, the last month by its fraction', () => {
    // Recurring work of 14,600 GPU-hours a month (20 GPUs) only: the plan's months before its start
    // have none. Built in 7.5 months; 16 GPUs on demand (2 jobs of 8) hold 12 useful of 20.
    const plan = switchDemandMode(defaultScenario, 'plan');
    const s: Scenario = {
      ...plan,
      selfBuild: { ...plan.selfBuild, buildLeadTimeMonths: 7.5, capacityGpus: 8 },
      trainingPlan: { ...plan.trainingPlan, runs: [], recurringGpuHoursPerMonth: 14_600, onDemandGpus: 16 },
    };
    const byMonth = datedDemand(s)?.usefulGpuHoursByMonth ?? [];
    const asked = byMonth.slice(0, 7).reduce((a, b) => a + b, 0) + (byMonth[7] ?? 0) / 2;
    expect(asked).toBeGreaterThan(0);
    const lead = evaluate(s).market.ways.selfBuild?.buildLeadTime;
    expect(lead?.via).toBe('platform');
    expect(lead?.askedUsefulGpuHours).toBeCloseTo(asked, 6);
    expect(lead?.peakGpus).toBeCloseTo(20 / 0.75, 9);
    expect(lead?.beyondShare).toBeCloseTo(8 / 20, 12);
  });

  it('no draw without a build: a reserved baseline, no lead time, or data on premises', () => {
    const s = building();
    // The hybrid on 80 reserved GPUs takes its burst from the market, and builds nothing.
    const reserved = evaluate({ ...s, hybrid: { ...s.hybrid, baselineMode: 'reserved', baselineGpus: 80 } });
    expect(reserved.market.ways.hybrid).not.toBeNull();
    expect(reserved.market.ways.hybrid?.buildLeadTime).toBeNull();
    const now = evaluate({ ...s, selfBuild: { ...s.selfBuild, buildLeadTimeMonths: 0 } });
    expect(now.market.ways.selfBuild?.buildLeadTime).toBeNull();
    expect(evaluate({ ...s, compliance: 'onPrem' }).market.ways.selfBuild).toBeNull();
  });

  it('a platform GPU doing twice the work: the busiest week takes half as many platform GPUs', () => {
    const s = building();
    const e = evaluate({
      ...s,
      hardware: { ...s.hardware, platform: { ...s.hardware.platform, throughputRatio: 2 } },
    });
    const lead = e.market.ways.selfBuild?.buildLeadTime;
    expect(lead?.via).toBe('platform');
    // 300 useful GPUs of the own model ÷ (75 % × 2) per platform GPU; 192 GPUs hold 288 useful.
    expect(lead?.peakGpus).toBeCloseTo(300 / 1.5, 9);
    expect(lead?.beyondShare).toBeCloseTo((300 - 288) / 400, 12);
  });

  it('the steady lab: 629 platform GPUs for 4 months while its cluster is built, more than its 360', () => {
    const s = presets.steadyLab as Scenario;
    const e = evaluate(s);
    const lead = e.market.ways.selfBuild?.buildLeadTime;
    expect(lead?.months).toBe(4);
    expect(lead?.via).toBe('platform');
    expect(lead?.peakGpus).toBeCloseTo(Math.max(...s.demand.weeklyGpus) / e.efficiencies.platform.value, 9);
    expect(s.trainingPlan.onDemandGpus).toBe(360);
    expect(lead?.fits).toBe(false);
  });
});

describe('properties of the build months’ draw', () => {
  const RUNS = { numRuns: 60, seed: 20261205 };

  it('its share is within 0…1 and zero exactly when it fits; a whole rented job more on demand never leaves more waiting', () => {
    fc.assert(
      fc.property(arbScenario, fc.integer({ min: 0, max: 5000 }), (s, gpus) => {
        const a = evaluate(withMarket(s, gpus)).market.ways;
        // The rented servers take the market first, in whole jobs of whole servers: one such job more
        // leaves the platform at least what it had (one GPU more may not: docs/model.md "One market").
        const rentJob = Math.ceil(s.demand.gpusPerJob / s.rent.gpusPerServer) * s.rent.gpusPerServer;
        const b = evaluate(withMarket(s, gpus + rentJob)).market.ways;
        for (const id of STRATEGY_IDS) {
          const lead = a[id]?.buildLeadTime ?? null;
          if (lead === null) continue;
          expect(id === 'selfBuild' || id === 'hybrid').toBe(true);
          expect(lead.beyondShare).toBeGreaterThanOrEqual(0);
          expect(lead.beyondShare).toBeLessThanOrEqual(1 + 1e-12);
          expect(lead.fits).toBe(lead.beyondShare === 0);
          expect(lead.beyondUsefulGpuHours).toBeLessThanOrEqual(lead.askedUsefulGpuHours * (1 + 1e-12));
          const after = b[id]?.buildLeadTime?.beyondUsefulGpuHours ?? 0;
          expect(after).toBeLessThanOrEqual(lead.beyondUsefulGpuHours * (1 + 1e-12) + 1e-9);
        }
      }),
      RUNS,
    );
  });

  it('a longer build asks more of the market, never a different share of a representative period', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        if (s.demand.mode === 'plan') return;
        const lead = (months: number) =>
          evaluate({ ...s, selfBuild: { ...s.selfBuild, buildLeadTimeMonths: months } }).market.ways.selfBuild
            ?.buildLeadTime ?? null;
        const short = lead(2);
        const long = lead(4);
        if (short === null || long === null) return;
        expect(long.askedUsefulGpuHours).toBeCloseTo(short.askedUsefulGpuHours * 2, 6);
        expect(long.beyondShare).toBeCloseTo(short.beyondShare, 12);
        expect(long.peakGpus).toBe(short.peakGpus);
      }),
      RUNS,
    );
  });
});
