import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  COMPARATOR_IDS,
  defaultScenario,
  evaluate,
  flipDecline,
  presets,
  type Scenario,
  TEAM_CAPABILITY_LEVELS,
} from '../../src/engine';
import { sizeClusterToCurve } from '../../src/engine/cluster-sizing';
import { efficiencies, STEADY_GAIN_REDUCTION } from '../../src/engine/efficiency';
import { makeWeeklyScenario } from '../factories';
import { arbScenario } from './arbitraries';

// docs/model.md §9 (model v3) and the properties it adds to §7, over random valid scenarios.
const RUNS = { numRuns: 60 };

// Each property evaluates hundreds of scenarios: a ceiling for busy shared machines, not a speed check.
vi.setConfig({ testTimeout: 120_000 });

/** A value that may be "never" (null) as a number: never is beyond every month or load. */
function orInfinity(value: number | null): number {
  return value === null ? Number.POSITIVE_INFINITY : value;
}

function measuredOwn(s: Scenario, value: number | null): Scenario {
  return {
    ...s,
    measured: { ...s.measured, selfBuild: value === null ? null : { value, origin: 'typed', label: null } },
  };
}

function withDecline(s: Scenario, decline: number): Scenario {
  return { ...s, finance: { ...s.finance, gpuTimePriceDeclineFractionPerYear: decline } };
}

describe('measured beats assumed', () => {
  it('uses a measured efficiency as given, even above the platform’s, and says it is measured', () => {
    const s = measuredOwn(presets.steadyLab!, 0.9);
    expect(s.platform.utilization).toBeLessThan(0.9);
    const e = evaluate(s);
    expect(e.ownEfficiency).toBe(0.9);
    expect(e.efficiencies.own).toMatchObject({ value: 0.9, origin: 'typed', byRule: 0.7 });
  });

  it('a measured rent or platform efficiency changes that way’s billed hours and cost whenever it changes its held hours', () => {
    fc.assert(
      fc.property(
        arbScenario,
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        (s, a, b) => {
          fc.pre(Math.abs(a - b) > 1e-6);
          const at = (way: 'rent' | 'platform', value: number) =>
            evaluate({ ...s, measured: { ...s.measured, [way]: { value, origin: 'typed', label: null } } })
              .strategies[way];
          for (const way of ['rent', 'platform'] as const) {
            const [ra, rb] = [at(way, a), at(way, b)];
            if (!ra.eligible || ra.averageBilledGpus <= 1e-9) continue;
            // held = useful ÷ efficiency: billed hours move inversely with the measured value …
            expect(ra.averageBilledGpus).not.toBe(rb.averageBilledGpus);
            // … and so does the bill.
            expect(ra.monthlyCny).not.toBe(rb.monthlyCny);
            expect(a < b ? ra.monthlyCny > rb.monthlyCny : ra.monthlyCny < rb.monthlyCny).toBe(true);
          }
        },
      ),
      RUNS,
    );
  });

  it('a measured own-cluster efficiency changes self-build’s cost whenever it changes the work the cluster holds', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const low = evaluate(measuredOwn(s, 0.3)).strategies.selfBuild;
        const high = evaluate(measuredOwn(s, 0.9)).strategies.selfBuild;
        // More of the demand fits in the cluster at 90 %: less bursts (or waits), never more.
        expect(high.burstShare).toBeLessThanOrEqual(low.burstShare + 1e-12);
        if (high.burstShare !== low.burstShare) expect(high.monthlyCny).not.toBe(low.monthlyCny);
      }),
      RUNS,
    );
  });
});

describe('efficiency follows the workload', () => {
  it('leaves the seed example as it is: rent 50 %, a siloed cluster 45 %, platform 75 %', () => {
    const e = efficiencies(defaultScenario);
    expect(e.rent.value).toBe(0.5);
    expect(e.own.value).toBe(0.45);
    expect(e.platform.value).toBe(0.75);
    expect(e.workload.frequency).toBe(0);
    expect(evaluate(defaultScenario).strategies.rent.monthlyCny).toBe(57_000);
  });

  it('leaves a third of pooling’s gain for a steady curve of week-long whole-server jobs', () => {
    const s = makeWeeklyScenario(new Array<number>(52).fill(300), 0, {
      demand: { hoursPerJob: 168, gpusPerJob: 64 },
    });
    const e = efficiencies(s);
    expect(e.workload).toEqual({ steadiness: 1, frequency: 1 });
    const platform = s.platform.utilization;
    expect(e.rent.value).toBeCloseTo(platform - (platform - s.rent.utilization) / 3, 12);
    const siloedByTable = s.selfBuild.siloedEfficiency;
    expect(e.siloed).toBeCloseTo(e.pooled - (e.pooled - siloedByTable) / 3, 12);
    expect(STEADY_GAIN_REDUCTION).toBeCloseTo(2 / 3, 12);
  });

  it('keeps the §2 values for pulsed demand (peak ≥ 3× the quietest week) or jobs of half a server', () => {
    const pulsed = makeWeeklyScenario([100, 300, 100, 300], 0, {
      demand: { hoursPerJob: 168, gpusPerJob: 64 },
    });
    expect(efficiencies(pulsed).rent.value).toBe(pulsed.rent.utilization);
    const halfServer = makeWeeklyScenario(new Array<number>(52).fill(300), 0, {
      demand: { hoursPerJob: 168, gpusPerJob: 4 },
    });
    expect(efficiencies(halfServer).rent.value).toBe(halfServer.rent.utilization);
  });

  it('never moves an efficiency when only the demand’s size changes (the load-rate slider)', () => {
    fc.assert(
      fc.property(arbScenario, fc.double({ min: 0.1, max: 10, noNaN: true }), (s, k) => {
        const scaled: Scenario =
          s.demand.mode === 'weekly'
            ? { ...s, demand: { ...s.demand, weeklyGpus: s.demand.weeklyGpus.map((g) => g * k) } }
            : { ...s, demand: { ...s.demand, jobsPerMonth: s.demand.jobsPerMonth * k } };
        const [a, b] = [efficiencies(s), efficiencies(scaled)];
        expect(b.rent.value).toBeCloseTo(a.rent.value, 12);
        expect(b.own.value).toBeCloseTo(a.own.value, 12);
      }),
      RUNS,
    );
  });
});

describe('team capability never counts against owning', () => {
  it('prices rented servers the same at every team level (their hand-done hours are not the team’s)', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const costs = TEAM_CAPABILITY_LEVELS.map(
          (level) => evaluate({ ...s, teamCapability: level }).strategies.rent.monthlyCny,
        );
        for (const cost of costs) expect(cost).toBe(costs[0]);
      }),
      RUNS,
    );
  });

  it('raising it never raises self-build’s cost, its crossover load against either comparator, or its payback month', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const by = TEAM_CAPABILITY_LEVELS.map((level) => evaluate({ ...s, teamCapability: level }));
        for (let i = 1; i < by.length; i++) {
          const [lower, higher] = [by[i - 1]!, by[i]!];
          const slack = (x: number) => 1e-9 * Math.max(1, Math.abs(x));
          const own = lower.strategies.selfBuild.monthlyCny;
          expect(higher.strategies.selfBuild.monthlyCny).toBeLessThanOrEqual(own + slack(own));
          for (const id of COMPARATOR_IDS) {
            const x0 = orInfinity(lower.comparisons[id].crossoverLoadRate);
            const x1 = orInfinity(higher.comparisons[id].crossoverLoadRate);
            // The crossover search stops within 1e-6 of the meeting point.
            if (Number.isFinite(x0)) expect(x1).toBeLessThanOrEqual(x0 + 1e-6);
            else expect(x1 <= x0).toBe(true);
            const p0 = orInfinity(lower.comparisons[id].paybackMonth);
            const p1 = orInfinity(higher.comparisons[id].paybackMonth);
            expect(p1 <= p0).toBe(true);
          }
        }
      }),
      RUNS,
    );
  });
});

describe('two sizes, named once', () => {
  it('every weekly preset owns enough to serve its peak at the efficiency it reaches', () => {
    for (const [name, s] of Object.entries(presets)) {
      if (s.demand.mode !== 'weekly') continue;
      expect(s.selfBuild.capacityGpus, name).toBe(sizeClusterToCurve(s, s.demand.weeklyGpus));
    }
  });

  it('the unpinned hybrid owns the right size', () => {
    for (const [name, s] of Object.entries(presets)) {
      const e = evaluate(s);
      if (s.hybrid.baselineMode === 'owned' && s.hybrid.baselineGpus === null)
        expect(e.strategies.hybrid.baselineGpus, name).toBe(e.rightSize.gpus);
    }
  });

  it('a measured efficiency above the rule sizes a smaller cluster than the rule', () => {
    const s = presets.steadyLab!;
    const measured = measuredOwn(s, 0.85);
    expect(sizeClusterToCurve(measured, s.demand.weeklyGpus)).toBeLessThan(s.selfBuild.capacityGpus);
  });
});

describe('the deciding assumption: the GPU-time price decline', () => {
  it('at the flip decline the two strategies cost the same within 0.5 %', () => {
    const cases = [...Object.values(presets), measuredOwn(presets.steadyLab!, 0.85)];
    let flips = 0;
    for (const s of cases) {
      const flip = flipDecline(s);
      if (flip === null) continue;
      flips++;
      const at = evaluate(withDecline(s, flip.declineFractionPerYear)).strategies;
      const [a, b] = [at[flip.from].monthlyCny, at[flip.to].monthlyCny];
      expect(Math.abs(a - b) / Math.min(a, b)).toBeLessThanOrEqual(0.005);
      // And on either side of it the winner is the one it names.
      const beyond = flip.side === 'lower' ? -0.002 : 0.002;
      const beyondDecline = flip.declineFractionPerYear + beyond;
      if (beyondDecline >= 0)
        expect(evaluate(withDecline(s, beyondDecline)).recommendation.strategy).toBe(flip.to);
    }
    expect(flips).toBeGreaterThan(0);
  });

  it('the steady lab rents at 15 %/yr and its own cluster wins below the flip decline', () => {
    const s = presets.steadyLab!;
    expect(evaluate(s).recommendation.strategy).toBe('platform');
    const flip = flipDecline(s);
    expect(flip).toMatchObject({ from: 'platform', side: 'lower' });
    expect(['selfBuild', 'hybrid']).toContain(flip?.to);
  });

  it('a measured 85 % on the steady lab changes the winner at 5 %/yr', () => {
    const at5 = withDecline(presets.steadyLab!, 0.05);
    const byRule = evaluate(at5).recommendation.strategy;
    const measured = measuredOwn(at5, 0.85);
    const resized = {
      ...measured,
      selfBuild: {
        ...measured.selfBuild,
        capacityGpus: sizeClusterToCurve(measured, measured.demand.weeklyGpus),
      },
    };
    expect(byRule).toBe('platform');
    expect(evaluate(resized).recommendation.strategy).not.toBe(byRule);
  });

  it('the seed-003 preset owns (self-build or a hybrid owning its base) below its flip decline, against both comparators', () => {
    const s = presets.largeLab!;
    expect(s.demand.mode === 'weekly' && Math.min(...s.demand.weeklyGpus)).toBeGreaterThan(900);
    expect(s.horizonMonths).toBe(60);
    expect(s.measured.selfBuild).not.toBeNull();
    const flip = flipDecline(s);
    const below =
      flip === null ? s.finance.gpuTimePriceDeclineFractionPerYear : flip.declineFractionPerYear * 0.9;
    const e = evaluate(withDecline(s, below));
    expect(['selfBuild', 'hybrid']).toContain(e.recommendation.strategy);
    const own = Math.min(e.strategies.selfBuild.monthlyCny, e.strategies.hybrid.monthlyCny);
    expect(own).toBeLessThan(e.strategies.rent.monthlyCny);
    expect(own).toBeLessThan(e.strategies.platform.monthlyCny);
    // The reasons name the four factors of the industry article.
    const factors = new Set(e.recommendation.reasons.map((r) => r.factor));
    for (const factor of ['load', 'scale', 'team', 'compliance']) expect(factors).toContain(factor);
  });
});

describe('honest ties', () => {
  it('never reports a saving that would print as 0.0 %: such costs are a tie with its reason', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const rec = evaluate(s).recommendation;
        if (rec.runnerUp === null) return;
        if (rec.savingFraction < 0.0005) expect(rec.tie).not.toBeNull();
        else expect(rec.tie).toBeNull();
      }),
      RUNS,
    );
  });
});
