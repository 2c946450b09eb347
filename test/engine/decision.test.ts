import { describe, expect, it } from 'vitest';
import {
  breakEvenMonth,
  crossoverLoadRate,
  evaluate,
  presets,
  STRATEGY_IDS,
  scaleToLoadRate,
  sweepCompliance,
  sweepLoadRate,
  sweepTeamCapability,
} from '../../src/engine';
import { makeScenario, makeWeeklyScenario } from '../factories';

describe('break-even month', () => {
  it('is the first month when capex + cash × m ≤ rental × m', () => {
    // 1,000,000 ÷ (60,000 − 20,000) = 25 months exactly.
    expect(breakEvenMonth(1_000_000, 20_000, 60_000)).toBe(25);
    expect(breakEvenMonth(1_000_001, 20_000, 60_000)).toBe(26);
  });
  it('is null when self-build cash never falls below the rental, or beyond ten years', () => {
    expect(breakEvenMonth(1_000_000, 60_000, 60_000)).toBeNull();
    expect(breakEvenMonth(100_000_000, 0, 10_000)).toBeNull();
    expect(breakEvenMonth(1, 0, null)).toBeNull();
  });
});

describe('crossover load rate', () => {
  it('is null for the seed team: one self-built server never beats the platform', () => {
    expect(crossoverLoadRate(presets.seedTeam!)).toBeNull();
  });

  it('is where self-build and the best rental meet for a large steady lab', () => {
    const s = presets.steadyLab!;
    const x = crossoverLoadRate(s);
    expect(x).not.toBeNull();
    const at = evaluate(scaleToLoadRate(s, x!)).strategies;
    const best = Math.min(at.rent.monthlyCny, at.platform.monthlyCny);
    expect(at.selfBuild.monthlyCny).toBeCloseTo(best, 0);
    // Just below the crossover self-build is dearer, just above it is cheaper.
    const below = evaluate(scaleToLoadRate(s, x! - 0.02)).strategies;
    const above = evaluate(scaleToLoadRate(s, x! + 0.02)).strategies;
    expect(below.selfBuild.monthlyCny).toBeGreaterThan(
      Math.min(below.rent.monthlyCny, below.platform.monthlyCny),
    );
    expect(above.selfBuild.monthlyCny).toBeLessThan(
      Math.min(above.rent.monthlyCny, above.platform.monthlyCny),
    );
  });

  it('is null when data must stay on premises (nothing to rent)', () => {
    expect(crossoverLoadRate({ ...presets.steadyLab!, compliance: 'onPrem' })).toBeNull();
  });
});

describe('recommendation', () => {
  it('names reasons for all four factors of seed 003 §4', () => {
    const r = evaluate(presets.burstyResearch!).recommendation;
    const factors = new Set(r.reasons.map((x) => x.factor));
    expect([...factors].sort()).toEqual(['compliance', 'load', 'scale', 'team']);
  });

  it('gives a server price below which self-build would win, and self-build does win there', () => {
    const s = presets.seedTeam!;
    const e = evaluate(s);
    const flip = e.recommendation.flips.find((f) => f.code === 'flipServerPrice');
    expect(flip).toBeDefined();
    const price = flip!.params.serverPriceCny as number;
    const cheaper = evaluate({ ...s, selfBuild: { ...s.selfBuild, serverPriceCny: price * 0.99 } });
    expect(cheaper.strategies.selfBuild.monthlyCny).toBeLessThan(cheaper.strategies.platform.monthlyCny);
    const dearer = evaluate({ ...s, selfBuild: { ...s.selfBuild, serverPriceCny: price * 1.01 } });
    expect(dearer.strategies.selfBuild.monthlyCny).toBeGreaterThan(dearer.strategies.platform.monthlyCny);
  });

  it('names the nearest horizon at which another strategy wins, and that strategy does win there', () => {
    const s = presets.growingCompany!;
    const flip = evaluate(s).recommendation.flips.find((f) => f.code === 'flipHorizon');
    expect(flip).toBeDefined();
    const horizon = flip!.params.horizonMonths as number;
    expect(evaluate({ ...s, horizonMonths: horizon }).recommendation.strategy).toBe(flip!.params.winner);
    // Every horizon nearer to the scenario's (in the whole years tried) keeps the same winner.
    const winner = evaluate(s).recommendation.strategy;
    for (let h = 12; h <= 72; h += 12) {
      if (h !== s.horizonMonths && Math.abs(h - s.horizonMonths) < Math.abs(horizon - s.horizonMonths)) {
        expect(evaluate({ ...s, horizonMonths: h }).recommendation.strategy).toBe(winner);
      }
    }
  });

  it('recommends a hybrid split with an owned baseline when a steady base sits under bursts', () => {
    const e = evaluate(presets.growingCompany!);
    expect(e.recommendation.strategy).toBe('hybrid');
    expect(e.recommendation.hybridBaselineGpus).toBe(e.strategies.hybrid.baselineGpus);
    expect(e.strategies.hybrid.baselineGpus).toBeGreaterThan(0);
    expect(e.strategies.hybrid.burstShare).toBeGreaterThan(0);
    expect(e.strategies.hybrid.monthlyCny).toBeLessThan(e.strategies.platform.monthlyCny);
  });

  it('recommends self-build when only self-build is eligible', () => {
    expect(evaluate({ ...presets.burstyResearch!, compliance: 'onPrem' }).recommendation.strategy).toBe(
      'selfBuild',
    );
  });

  it('the optimal hybrid baseline is no dearer than any other whole-server baseline', () => {
    const s = presets.growingCompany!;
    const best = evaluate(s).strategies.hybrid.monthlyCny;
    for (let gpus = 0; gpus <= 400; gpus += 8) {
      const fixed = evaluate({ ...s, hybrid: { ...s.hybrid, baselineGpus: gpus } }).strategies.hybrid
        .monthlyCny;
      expect(best).toBeLessThanOrEqual(fixed * (1 + 1e-12));
    }
  });
});

describe('sweeps', () => {
  it('sweepLoadRate gives each strategy the cost evaluate gives at that load rate', () => {
    const s = makeWeeklyScenario([20, 40, 60, ...new Array(23).fill(30)], 64);
    const points = sweepLoadRate(s, 11);
    expect(points).toHaveLength(11);
    for (const p of points.slice(1)) {
      const e = evaluate(scaleToLoadRate(s, p.loadRate)).strategies;
      for (const id of STRATEGY_IDS) expect(p.monthlyCny[id]).toBeCloseTo(e[id].monthlyCny, 4);
    }
  });

  it('sweepLoadRate marks ineligible strategies null', () => {
    const points = sweepLoadRate(makeScenario({ compliance: 'onPrem' }), 3);
    expect(points.every((p) => p.monthlyCny.rent === null && p.monthlyCny.selfBuild !== null)).toBe(true);
    expect(points.every((p) => p.winner === 'selfBuild')).toBe(true);
  });

  it('winner strips cover every team level and compliance level', () => {
    const s = presets.seedTeam!;
    expect(sweepTeamCapability(s).map((p) => p.value)).toEqual([1, 2, 3, 4, 5]);
    const c = sweepCompliance(s);
    expect(c.map((p) => p.value)).toEqual(['none', 'domestic', 'dedicated', 'onPrem']);
    expect(c[3]!.winner).toBe('selfBuild');
    expect(c[0]!.winner).toBe(evaluate(s).recommendation.strategy);
  });
});
