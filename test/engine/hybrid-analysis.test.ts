import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate, hybridAnalysis, presets, type Scenario } from '../../src/engine';
import { baselineSteps, cheapestBaseline, pricingInputs, totalOf } from '../../src/engine/model';
import { priceHybridAt } from '../../src/engine/model/strategies';
import { makeScenario, makeWeeklyScenario } from '../factories';

/**
 * Hybrid monthly cost at a fixed baseline, priced by the model as `evaluate` prices a pinned baseline
 * (independent of the search).
 */
function hybridAt(s: Scenario, baselineGpus: number): number {
  return totalOf(priceHybridAt(pricingInputs(s), baselineGpus).part.breakdown);
}

const relClose = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

describe('optimal hybrid baseline', () => {
  it('matches brute force over every whole-server baseline on random weekly curves', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 400, noNaN: true }), { minLength: 26, maxLength: 60 }),
        fc.constantFrom('owned' as const, 'reserved' as const),
        fc.double({ min: 1_200_000, max: 2_800_000, noNaN: true }),
        fc.double({ min: 8, max: 25, noNaN: true }),
        fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const, 5 as const),
        fc.integer({ min: 10, max: 500 }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        (curve, mode, serverPriceCny, platformPrice, teamCapability, gpusPerEngineer, minEngineers) => {
          // Team level, staffing ratio and its floor move the bends the candidate search relies on.
          const s = makeWeeklyScenario(curve, 512, {
            teamCapability,
            hybrid: { baselineMode: mode },
            selfBuild: { serverPriceCny },
            platform: { priceCnyPerGpuHour: platformPrice },
            operations: { gpusPerEngineer, minEngineers },
          });
          const a = hybridAnalysis(s);
          const peak = Math.max(...curve);
          // The lowest own-cluster efficiency at the default inputs is 35 % (level 1, siloed).
          const maxK = Math.ceil(peak / 8 / 0.35) + 3;
          let best = Number.POSITIVE_INFINITY;
          for (let k = 0; k <= maxK; k++) best = Math.min(best, hybridAt(s, k * 8));
          expect(relClose(a.monthlyCny, best)).toBe(true);
          expect(relClose(hybridAt(s, a.baselineGpus), a.monthlyCny)).toBe(true);
        },
      ),
      // Each run prices every whole-server baseline up to the peak (up to ~150 model pricings).
      { numRuns: 60 },
    );
    // A hang guard for 60 brute-force searches on a shared machine, not a speed assertion.
  }, 60_000);

  it('with a cluster already owned, matches brute force over every whole-server baseline: servers are added above it where that is cheaper', () => {
    // The preset that owns 64 H800 servers, with dearer platforms and cheaper servers, so that the
    // cheapest baseline often lies above the servers owned (a search that stops at their flat
    // stretch keeps just them).
    const owned = presets.ownedH800s as Scenario;
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 90 }),
        fc.double({ min: 12, max: 25, noNaN: true }),
        fc.double({ min: 1_200_000, max: 2_200_000, noNaN: true }),
        (servers, platformPrice, serverPriceCny) => {
          const s: Scenario = {
            ...owned,
            existing: { ...owned.existing!, servers },
            platform: { ...owned.platform, priceCnyPerGpuHour: platformPrice },
            selfBuild: { ...owned.selfBuild, serverPriceCny },
          };
          const a = hybridAnalysis(s);
          const maxK = Math.ceil(Math.max(...s.demand.weeklyGpus) / 8 / 0.35) + 3;
          let best = Number.POSITIVE_INFINITY;
          for (let k = 0; k <= Math.max(maxK, servers + 3); k++) best = Math.min(best, hybridAt(s, k * 8));
          expect(relClose(a.monthlyCny, best)).toBe(true);
          expect(a.baselineGpus).toBeGreaterThanOrEqual(servers * 8);
          // The evaluation's hybrid (the kernel's search) and the right size find the same.
          const e = evaluate(s);
          expect(relClose(e.strategies.hybrid.monthlyCny, best)).toBe(true);
          expect(relClose(e.rightSize.monthlyCny, best)).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
    // A hang guard for 25 brute-force searches on a shared machine, not a speed assertion.
  }, 60_000);

  it('prices about 2 × log₂(servers) baselines, however large the demand', () => {
    const huge = makeScenario({ demand: { jobsPerMonth: 100_000, hoursPerJob: 2_000, gpusPerJob: 100_000 } });
    const x = pricingInputs(huge);
    const search = cheapestBaseline(x, huge.hybrid.baselineMode);
    const servers = baselineSteps(x, huge.hybrid.baselineMode).maxSteps;
    expect(servers).toBeGreaterThan(1_000_000);
    expect(search.priced.length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(servers)) + 3);
    expect(Number.isFinite(evaluate(huge).strategies.hybrid.monthlyCny)).toBe(true);
  });

  it('agrees with the hybrid the evaluation picks', () => {
    for (const s of Object.values(presets)) {
      const e = evaluate(s).strategies.hybrid;
      const a = hybridAnalysis(s);
      expect(a.baselineGpus).toBe(e.baselineGpus);
      expect(relClose(a.monthlyCny, e.monthlyCny)).toBe(true);
      expect(a.burstShare).toBeCloseTo(e.burstShare, 12);
    }
  });

  it('reports the saving against each pure strategy as its cost minus the hybrid cost', () => {
    const s = presets.growingCompany!;
    const e = evaluate(s).strategies;
    const a = hybridAnalysis(s);
    expect(a.savingVsCny.platform).toBeCloseTo(e.platform.monthlyCny - a.monthlyCny, 4);
    expect(a.savingVsCny.rent).toBeCloseTo(e.rent.monthlyCny - a.monthlyCny, 4);
    expect(a.savingVsCny.selfBuild).toBeCloseTo(e.selfBuild.monthlyCny - a.monthlyCny, 4);
  });

  it('owns nothing when a baseline GPU costs more than bursting it all month', () => {
    const s = makeWeeklyScenario(new Array(52).fill(100), 128, { selfBuild: { serverPriceCny: 10_000_000 } });
    const a = hybridAnalysis(s);
    expect(a.baselineGpus).toBe(0);
    expect(a.burstShare).toBe(1);
  });

  it('covers a flat curve entirely when owning is cheap, bursting nothing', () => {
    const s = makeWeeklyScenario(new Array(52).fill(68), 128, { selfBuild: { serverPriceCny: 200_000 } });
    const a = hybridAnalysis(s);
    expect(a.usableBaselineGpus).toBeGreaterThanOrEqual(68);
    expect(a.burstShare).toBe(0);
    expect(a.baselinePercentile).toBe(1);
  });

  it('owns the quiet level and bursts the busy weeks when the critical percentile is below the quiet share', () => {
    // 40 quiet weeks at 80 GPUs and 12 busy weeks at 200: a GPU above 80 is busy 12/52 of the time.
    const curve = [...new Array(40).fill(80), ...new Array(12).fill(200)];
    // A site that already runs (no lead time) at flat GPU-time prices, so only the newsvendor trade-off acts.
    const a = hybridAnalysis(
      makeWeeklyScenario(curve, 256, {
        selfBuild: { serverPriceCny: 600_000, buildLeadTimeMonths: 0 },
        finance: { gpuTimePriceDeclineFractionPerYear: 0 },
      }),
    );
    expect(a.criticalPercentile!).toBeLessThan(40 / 52);
    // Within one server of the quiet level: a server holds 8 × 45 % = 3.6 useful GPUs (siloed, level 3).
    const serverUsable = 8 * 0.45;
    expect(a.usableBaselineGpus).toBeGreaterThan(80 - serverUsable);
    expect(a.usableBaselineGpus).toBeLessThan(80 + serverUsable);
    expect(a.baselinePercentile).toBeGreaterThanOrEqual(0);
    expect(a.baselinePercentile).toBeLessThanOrEqual(40 / 52);
  });

  it('owns up to the busy level when the critical percentile is above the quiet share', () => {
    const curve = [...new Array(40).fill(80), ...new Array(12).fill(200)];
    const a = hybridAnalysis(
      makeWeeklyScenario(curve, 256, {
        teamCapability: 5,
        selfBuild: { serverPriceCny: 100_000, buildLeadTimeMonths: 0, privatePool: true },
        operations: { setupHoursOwn: 0 },
        finance: { gpuTimePriceDeclineFractionPerYear: 0 },
      }),
    );
    expect(a.criticalPercentile!).toBeGreaterThan(40 / 52);
    expect(a.usableBaselineGpus).toBeGreaterThan(200 - 8);
  });
});
