import {
  presets,
  type Scenario,
  sweepCompliance,
  sweepLoadRate,
  sweepTeamCapability,
} from '../../src/engine';
import { scaleToLoadRate } from '../../src/engine/demand';
import {
  clearSweepCaches,
  LruCache,
  loadIndependentKey,
  neighbourScenarios,
  prefetchNeighbourSweeps,
  sharedComplianceSweep,
  sharedLoadRateSweep,
  sharedTeamSweep,
} from '../../src/state/sweep-cache';
import { LOAD_SWEEP_POINTS } from '../../src/view-model/crossover-chart';

const seed = presets.seedTeam as Scenario;
const weekly = presets.growingCompany as Scenario;

/** Same sweep up to floating-point rounding (the cached one may come from another load rate). */
function expectSameSweep(a: ReturnType<typeof sweepLoadRate>, b: ReturnType<typeof sweepLoadRate>) {
  expect(a.length).toBe(b.length);
  a.forEach((p, i) => {
    const q = b[i];
    if (!q) throw new Error(`point ${i} missing`);
    expect(p.loadRate).toBeCloseTo(q.loadRate, 12);
    expect(p.winner).toBe(q.winner);
    for (const id of ['selfBuild', 'rent', 'platform', 'hybrid'] as const) {
      const x = p.monthlyCny[id];
      const y = q.monthlyCny[id];
      if (x === null || y === null) expect(x).toBe(y);
      else expect(Math.abs(x - y)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(y)));
    }
  });
}

beforeEach(() => clearSweepCaches());

describe('shared load-rate sweep', () => {
  it.each([
    ['jobs', seed],
    ['weekly curve', weekly],
  ])('equals a fresh engine sweep of the scenario (%s)', (_name, scenario) => {
    expectSameSweep(sharedLoadRateSweep(scenario), sweepLoadRate(scenario, LOAD_SWEEP_POINTS));
  });

  it.each([
    ['jobs', seed],
    ['weekly curve', weekly],
  ])(
    'is reused across load rates, and still equals the fresh sweep at the new load rate (%s)',
    (_n, scenario) => {
      const first = sharedLoadRateSweep(scenario);
      const moved = scaleToLoadRate(scenario, 0.73);
      expect(loadIndependentKey(moved)).toBe(loadIndependentKey(scenario));
      const again = sharedLoadRateSweep(moved);
      expect(again).toBe(first);
      expectSameSweep(again, sweepLoadRate(moved, LOAD_SWEEP_POINTS));
    },
  );

  it('is recomputed when an input other than the load rate changes', () => {
    const first = sharedLoadRateSweep(seed);
    const dearer = {
      ...seed,
      selfBuild: { ...seed.selfBuild, serverPriceCny: seed.selfBuild.serverPriceCny * 2 },
    };
    const second = sharedLoadRateSweep(dearer);
    expect(second).not.toBe(first);
    expectSameSweep(second, sweepLoadRate(dearer, LOAD_SWEEP_POINTS));
    const otherTeam: Scenario = { ...seed, teamCapability: seed.teamCapability === 5 ? 4 : 5 };
    expect(sharedLoadRateSweep(otherTeam)).not.toBe(first);
    const otherShape: Scenario = {
      ...weekly,
      demand: {
        ...weekly.demand,
        weeklyGpus:
          weekly.demand.mode === 'weekly'
            ? weekly.demand.weeklyGpus.map((g, i) => (i === 0 ? g * 3 : g))
            : [],
      },
    };
    expect(loadIndependentKey(otherShape)).not.toBe(loadIndependentKey(weekly));
  });
});

describe('shared team and compliance sweeps', () => {
  it('equal fresh engine sweeps and are shared by every level of their own slider', () => {
    const team = sharedTeamSweep(seed);
    expect(team).toEqual(sweepTeamCapability(seed));
    expect(sharedTeamSweep({ ...seed, teamCapability: 1 })).toBe(team);
    const compliance = sharedComplianceSweep(seed);
    expect(compliance).toEqual(sweepCompliance(seed));
    expect(sharedComplianceSweep({ ...seed, compliance: 'onPrem' })).toBe(compliance);
  });

  it('are recomputed when the other slider moves', () => {
    const team = sharedTeamSweep(seed);
    const onPrem: Scenario = { ...seed, compliance: 'onPrem' };
    const next = sharedTeamSweep(onPrem);
    expect(next).not.toBe(team);
    expect(next).toEqual(sweepTeamCapability(onPrem));
  });
});

describe('neighbour prefetch', () => {
  it('lists the scenarios one team or compliance step away', () => {
    const s: Scenario = { ...seed, teamCapability: 3, compliance: 'none' };
    const n = neighbourScenarios(s);
    expect(n.map((x) => [x.teamCapability, x.compliance])).toEqual([
      [2, 'none'],
      [4, 'none'],
      [3, 'domestic'],
    ]);
  });

  it('fills the cache so the next step finds the same data a fresh computation gives', () => {
    const s: Scenario = { ...seed, teamCapability: 3 };
    expect(prefetchNeighbourSweeps(s, () => true)).toBe(true);
    const next: Scenario = { ...s, teamCapability: 4 };
    const cached = sharedLoadRateSweep(next);
    expect(sharedLoadRateSweep(next)).toBe(cached);
    expectSameSweep(cached, sweepLoadRate(next, LOAD_SWEEP_POINTS));
  });

  it('stops when the idle period runs out and reports that it is not finished', () => {
    expect(prefetchNeighbourSweeps(seed, () => false)).toBe(false);
  });
});

describe('LruCache', () => {
  it('keeps the most recently used entries up to its capacity', () => {
    const c = new LruCache<number>(2);
    c.set('a', 1);
    c.set('b', 2);
    expect(c.get('a')).toBe(1);
    c.set('c', 3);
    expect(c.has('b')).toBe(false);
    expect(c.has('a')).toBe(true);
    expect(c.size).toBe(2);
  });
});
