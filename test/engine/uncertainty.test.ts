import { describe, expect, it } from 'vitest';
import { evaluate, presets, type Scenario, startMonteCarlo } from '../../src/engine';
import { triangular } from '../../src/engine/triangular';
import { monteCarlo } from '../../src/engine/uncertainty';
import { makeScenario } from '../factories';

/** The scenario with exactly these uncertainty ranges (makeScenario would merge them into the defaults). */
function withRanges(s: Scenario, ranges: Record<string, [number, number]>): Scenario {
  return { ...s, uncertainty: { ...s.uncertainty, ranges } };
}

const seed = presets.seedTeam!;

describe('Monte Carlo over the uncertainty ranges', () => {
  it('gives the same result for the same seed', () => {
    expect(monteCarlo(seed, { draws: 2_000, seed: 7 })).toEqual(monteCarlo(seed, { draws: 2_000, seed: 7 }));
  });

  it('gives a different result for a different seed', () => {
    const a = monteCarlo(seed, { draws: 2_000, seed: 7 });
    const b = monteCarlo(seed, { draws: 2_000, seed: 8 });
    expect(a.strategies.platform.monthlyCny).not.toEqual(b.strategies.platform.monthlyCny);
  });

  it('gives the same result run in slices as in one go', () => {
    const run = startMonteCarlo(seed, { draws: 1_000, seed: 3 });
    while (!run.done()) run.advance(137);
    expect(run.result()).toEqual(monteCarlo(seed, { draws: 1_000, seed: 3 }));
  });

  it('uses the scenario draws and seed by default and reports progress up to 1', () => {
    const s = makeScenario({ uncertainty: { draws: 400, seed: 99 } });
    const progress: number[] = [];
    const r = monteCarlo(s, { onProgress: (f) => progress.push(f) });
    expect(r.draws).toBe(400);
    expect(r.seed).toBe(99);
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThanOrEqual(10);
  });

  it('has cheapest-probabilities of the eligible strategies that sum to 1', () => {
    const r = monteCarlo(presets.growingCompany!, { draws: 1_000 });
    const sum = Object.values(r.strategies).reduce((t, x) => t + (x.pCheapest ?? 0), 0);
    expect(sum).toBeCloseTo(1, 12);
  });

  it('orders P10 ≤ P50 ≤ P90 for every strategy and the crossover', () => {
    const r = monteCarlo(presets.steadyLab!, { draws: 1_000 });
    for (const x of Object.values(r.strategies)) {
      expect(x.monthlyCny!.p10).toBeLessThanOrEqual(x.monthlyCny!.p50);
      expect(x.monthlyCny!.p50).toBeLessThanOrEqual(x.monthlyCny!.p90);
    }
    const c = r.crossover.rent.loadRate!;
    expect(c.p10).toBeLessThanOrEqual(c.p50);
    expect(c.p50).toBeLessThanOrEqual(c.p90);
  });

  it('collapses to the point estimate when every range is a single value', () => {
    const s = withRanges(makeScenario({ uncertainty: { draws: 100 } }), {});
    const r = monteCarlo(s);
    const e = evaluate(s);
    expect(r.strategies.rent.monthlyCny).toEqual({
      p10: e.strategies.rent.monthlyCny,
      p50: e.strategies.rent.monthlyCny,
      p90: e.strategies.rent.monthlyCny,
    });
    for (const id of ['rent', 'platform'] as const)
      expect(r.crossover[id].loadRate?.p50 ?? null).toBe(e.comparisons[id].crossoverLoadRate);
  });

  it('reports no probability or percentiles for strategies ineligible on premises', () => {
    const r = monteCarlo(makeScenario({ compliance: 'onPrem' }), { draws: 200 });
    expect(r.strategies.rent).toEqual({
      eligible: false,
      pCheapest: null,
      monthlyCny: null,
      meanMonthlyCny: null,
    });
    expect(r.strategies.selfBuild.pCheapest).toBe(1);
  });
});

describe('triangular draws', () => {
  it('maps u = 0, the mode share and 1 to low, mode and high', () => {
    expect(triangular(0, 10, 12, 20)).toBe(10);
    expect(triangular(0.2, 10, 12, 20)).toBeCloseTo(12, 12);
    expect(triangular(1, 10, 12, 20)).toBe(20);
  });

  it('clamps a mode outside the range to the nearer end', () => {
    expect(triangular(0.999999, 10, 50, 20)).toBeLessThanOrEqual(20);
    expect(triangular(0, 10, 50, 20)).toBe(10);
  });
});
