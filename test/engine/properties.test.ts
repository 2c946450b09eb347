import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  COMPLIANCE_LEVELS,
  COST_CATEGORIES,
  evaluate,
  ownEfficiency,
  type Scenario,
  STRATEGY_IDS,
  TEAM_CAPABILITY_LEVELS,
} from '../../src/engine';
import { loadRateOf, scaleToLoadRate } from '../../src/engine/demand';
import { arbScenario } from './arbitraries';

// docs/model.md §7: properties over random valid scenarios.
const RUNS = { numRuns: 200 };

// Each property evaluates hundreds of scenarios: a ceiling for busy shared machines, not a speed check.
vi.setConfig({ testTimeout: 60_000 });

function relClose(a: number, b: number, tol = 1e-9): boolean {
  return Math.abs(a - b) <= tol * Math.max(1, Math.abs(a), Math.abs(b));
}

/**
 * The most `a` may be for "a ≤ b" to hold up to rounding: an absolute part as well as a relative one,
 * because costs can be subnormal (1e-323 jobs a month cost ~6e-322 CNY), where a purely relative
 * margin is below one rounding step (seed 1170073028 failed that way).
 */
function atMost(b: number, tol = 1e-9): number {
  return b + tol + tol * Math.abs(b);
}

function scaleDemand(s: Scenario, k: number): Scenario {
  const d = s.demand;
  if (d.mode === 'jobs') return { ...s, demand: { ...d, jobsPerMonth: d.jobsPerMonth * k } };
  // A plan's horizon also holds its recurring work after its weeks (model v4).
  const plan = { ...s.trainingPlan, recurringGpuHoursPerMonth: s.trainingPlan.recurringGpuHoursPerMonth * k };
  return { ...s, trainingPlan: plan, demand: { ...d, weeklyGpus: d.weeklyGpus.map((g) => g * k) } };
}

describe('docs/model.md §7 invariants', () => {
  it('every output is finite and ≥ 0, and the six categories sum to the total', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const e = evaluate(s);
        for (const id of STRATEGY_IDS) {
          const r = e.strategies[id];
          const numbers = [
            r.monthlyCny,
            r.annualCny,
            r.horizonCny,
            r.utilization,
            r.costPerUsefulGpuHourCny,
            r.npvCny,
            r.capexCny,
            r.residualValueCny,
            r.averageBilledGpus,
            r.burstShare,
            r.failuresPerMonth,
            ...r.cashflowCny,
            ...COST_CATEGORIES.map((c) => r.breakdownMonthlyCny[c]),
          ];
          // One assertion over all of them (a failure lists every offending number).
          expect(numbers.filter((x) => !(Number.isFinite(x) && x >= 0))).toEqual([]);
          const sum = COST_CATEGORIES.reduce((acc, c) => acc + r.breakdownMonthlyCny[c], 0);
          expect(relClose(sum, r.monthlyCny)).toBe(true);
          expect(relClose(r.annualCny, r.monthlyCny * 12)).toBe(true);
          expect(relClose(r.horizonCny, r.monthlyCny * s.horizonMonths)).toBe(true);
          expect(r.cashflowCny).toHaveLength(s.horizonMonths + 1);
        }
        expect(Number.isFinite(e.loadRate) && e.loadRate >= 0).toBe(true);
        for (const c of Object.values(e.comparisons)) {
          if (c.crossoverLoadRate !== null) {
            expect(c.crossoverLoadRate).toBeGreaterThanOrEqual(0);
            expect(c.crossoverLoadRate).toBeLessThanOrEqual(1);
          }
          if (c.paybackMonth !== null)
            expect(Number.isInteger(c.paybackMonth) && c.paybackMonth >= 1).toBe(true);
        }
      }),
      RUNS,
    );
    // A hang guard for 200 full evaluations on a shared machine, not a speed assertion.
  }, 60_000);

  it('self-build cost per useful GPU-hour falls as the load rate rises (up to the reachable load)', () => {
    fc.assert(
      fc.property(
        arbScenario.filter((s) => s.selfBuild.capacityGpus > 0 && s.demand.hoursPerJob > 0),
        fc.double({ min: 0.02, max: 1, noNaN: true }),
        fc.double({ min: 0.02, max: 1, noNaN: true }),
        (raw, a, b) => {
          const s: Scenario = { ...raw, demand: { ...raw.demand, mode: 'jobs', jobsPerMonth: 10 } };
          const cap = ownEfficiency(s);
          const lo = Math.min(a, b) * cap;
          const hi = Math.max(a, b) * cap;
          const costLo = evaluate(scaleToLoadRate(s, lo)).strategies.selfBuild.costPerUsefulGpuHourCny;
          const costHi = evaluate(scaleToLoadRate(s, hi)).strategies.selfBuild.costPerUsefulGpuHourCny;
          expect(costHi).toBeLessThanOrEqual(atMost(costLo));
        },
      ),
      RUNS,
    );
  });

  it('rent and platform costs scale in proportion to GPU-hours', () => {
    fc.assert(
      fc.property(arbScenario, fc.double({ min: 0.1, max: 10, noNaN: true }), (s, k) => {
        const base = evaluate(s).strategies;
        const scaled = evaluate(scaleDemand(s, k)).strategies;
        expect(relClose(scaled.rent.monthlyCny, base.rent.monthlyCny * k, 1e-9)).toBe(true);
        expect(relClose(scaled.platform.monthlyCny, base.platform.monthlyCny * k, 1e-9)).toBe(true);
      }),
      RUNS,
    );
  });

  it('platform ≤ rent when pooled utilization ≥ rental utilization and per-GPU prices are equal', () => {
    // The other per-job terms must favour the platform too, as the defaults do: shorter setup,
    // automatic recovery and fewer staff, no calibration overrides, a shared (not dedicated) pool.
    fc.assert(
      fc.property(arbScenario, (raw) => {
        const s: Scenario = structuredClone(raw);
        s.compliance =
          raw.compliance === 'dedicated' || raw.compliance === 'onPrem' ? 'none' : raw.compliance;
        s.platform.utilization = Math.max(s.platform.utilization, s.rent.utilization);
        // By rule (a measured value would be a different premise than these inputs).
        s.measured = { ...s.measured, rent: null, platform: null };
        s.platform.priceCnyPerGpuHour =
          s.rent.priceCnyPerServerHour / s.rent.gpusPerServer / (1 + s.platform.premiumFraction);
        const o = s.operations;
        o.setupHoursPlatform = Math.min(o.setupHoursPlatform, o.setupHoursRent * 0.5);
        o.platformOpsFraction = Math.min(o.platformOpsFraction, o.rentOpsFraction);
        o.detectHoursAutomatic = Math.min(o.detectHoursAutomatic, o.detectHoursManual * 0.5);
        o.restartHoursAutomatic = Math.min(o.restartHoursAutomatic, o.restartHoursManual * 0.5);
        o.engineerHoursPerFailureAutomatic = Math.min(
          o.engineerHoursPerFailureAutomatic,
          o.engineerHoursPerFailureManual * 0.5,
        );
        s.calibration = {
          rentSetupCnyPerJob: null,
          platformSetupCnyPerJob: null,
          rentCostPerFailureCny: null,
          platformCostPerFailureCny: null,
          note: null,
        };
        const e = evaluate(s);
        expect(e.strategies.platform.monthlyCny).toBeLessThanOrEqual(atMost(e.strategies.rent.monthlyCny));
      }),
      RUNS,
    );
  });

  it('each named crossover load rate, where it exists, is where self-build and that comparator meet', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const e = evaluate(s);
        for (const id of ['rent', 'platform'] as const) {
          const x = e.comparisons[id].crossoverLoadRate;
          if (x === null || x === 0) continue;
          const at = evaluate(scaleToLoadRate(s, x)).strategies;
          expect(relClose(at.selfBuild.monthlyCny, at[id].monthlyCny, 1e-6)).toBe(true);
          expect(relClose(loadRateOf(scaleToLoadRate(s, x)), x, 1e-9)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('raising team capability never makes self-build more expensive', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        let previous = Number.POSITIVE_INFINITY;
        for (const level of TEAM_CAPABILITY_LEVELS) {
          const cost = evaluate({ ...s, teamCapability: level }).strategies.selfBuild.monthlyCny;
          expect(cost).toBeLessThanOrEqual(atMost(previous));
          previous = cost;
        }
      }),
      RUNS,
    );
  });

  it('raising compliance never makes an ineligible strategy eligible', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const byLevel = COMPLIANCE_LEVELS.map((c) => evaluate({ ...s, compliance: c }).strategies);
        for (let i = 1; i < byLevel.length; i++) {
          for (const id of STRATEGY_IDS) {
            if (!byLevel[i - 1]![id].eligible) expect(byLevel[i]![id].eligible).toBe(false);
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('hybrid with baseline 0 equals all-platform, category by category (wherever the platform is eligible)', () => {
    fc.assert(
      fc.property(
        arbScenario.filter((s) => s.compliance !== 'onPrem'),
        (raw) => {
          const s: Scenario = { ...raw, hybrid: { ...raw.hybrid, baselineGpus: 0 } };
          const e = evaluate(s).strategies;
          for (const c of COST_CATEGORIES) {
            expect(relClose(e.hybrid.breakdownMonthlyCny[c], e.platform.breakdownMonthlyCny[c])).toBe(true);
          }
        },
      ),
      RUNS,
    );
  });

  it('hybrid with an owned baseline equal to the peak-sized capacity equals self-build, category by category', () => {
    fc.assert(
      fc.property(arbScenario, (raw) => {
        const peak = raw.demand.mode === 'weekly' ? Math.max(0, ...raw.demand.weeklyGpus) : 0;
        const capacity =
          Math.ceil(peak / raw.selfBuild.gpusPerServer) * raw.selfBuild.gpusPerServer ||
          raw.selfBuild.capacityGpus;
        const s: Scenario = {
          ...raw,
          selfBuild: { ...raw.selfBuild, capacityGpus: capacity },
          hybrid: { ...raw.hybrid, baselineMode: 'owned', baselineGpus: capacity },
        };
        const e = evaluate(s).strategies;
        for (const c of COST_CATEGORIES) {
          expect(relClose(e.hybrid.breakdownMonthlyCny[c], e.selfBuild.breakdownMonthlyCny[c])).toBe(true);
        }
      }),
      RUNS,
    );
  });
});
