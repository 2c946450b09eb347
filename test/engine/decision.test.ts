import { describe, expect, it } from 'vitest';
import {
  evaluate,
  presets,
  STRATEGY_IDS,
  sweepCompliance,
  sweepLoadRate,
  sweepTeamCapability,
} from '../../src/engine';
import { paybackMonth } from '../../src/engine/cash';
import { scaleToLoadRate } from '../../src/engine/demand';
import { makeScenario, makeWeeklyScenario } from '../factories';

describe('cash payback month', () => {
  it('is the first month from delivery when cumulative own cash is no more than the other', () => {
    // Own: 1,000,000 in month 0, then 20,000 a month; other: 60,000 a month → 25 months exactly.
    const own = [1_000_000, ...new Array<number>(40).fill(20_000)];
    const other = [0, ...new Array<number>(40).fill(60_000)];
    expect(paybackMonth(own, other, 0)).toBe(25);
    expect(paybackMonth([1_000_001, ...own.slice(1)], other, 0)).toBe(26);
  });
  it('never counts the lead-time months before the capex as a payback', () => {
    // Months 1–3 the owner rents at 50,000 (cheaper than the other's 60,000), then pays capex.
    const own = [0, 50_000, 50_000, 1_050_000, ...new Array<number>(60).fill(20_000)];
    const other = [0, ...new Array<number>(63).fill(60_000)];
    expect(paybackMonth(own, other, 3)).toBe(28);
  });
  it('is null when own cash never falls below the other within the flows', () => {
    expect(paybackMonth([1_000_000, 60_000, 60_000], [0, 60_000, 60_000], 0)).toBeNull();
  });
});

describe('named comparators', () => {
  it('seed team: self-build crosses renting whole servers but never the platform, with the prices that would make it', () => {
    const s = presets.seedTeam!;
    const c = evaluate(s).comparisons;
    expect(c.rent.crossoverLoadRate).not.toBeNull();
    expect(c.platform.crossoverLoadRate).toBeNull();
    const { serverPriceCny, comparatorPrice } = c.platform.crossAt!;
    expect(serverPriceCny).not.toBeNull();
    expect(comparatorPrice).not.toBeNull();
    // At 100 % load, a server 1 % cheaper than that price makes self-build cheaper than the platform.
    const full = scaleToLoadRate(s, 1);
    const cheaper = evaluate({
      ...full,
      selfBuild: { ...full.selfBuild, serverPriceCny: serverPriceCny! * 0.99 },
    });
    expect(cheaper.strategies.selfBuild.monthlyCny).toBeLessThan(cheaper.strategies.platform.monthlyCny);
    const dearer = evaluate({
      ...full,
      selfBuild: { ...full.selfBuild, serverPriceCny: serverPriceCny! * 1.01 },
    });
    expect(dearer.strategies.selfBuild.monthlyCny).toBeGreaterThan(dearer.strategies.platform.monthlyCny);
    // And a platform 1 % dearer than its cross price loses to self-build at full load.
    const pricier = evaluate({
      ...full,
      platform: { ...full.platform, priceCnyPerGpuHour: comparatorPrice! * 1.01 },
    });
    expect(pricier.strategies.selfBuild.monthlyCny).toBeLessThan(pricier.strategies.platform.monthlyCny);
  });

  it('steady lab (accounting view): the crossover vs rent is where self-build and rent meet, dearer below and cheaper above', () => {
    const lab = presets.steadyLab!;
    const s = { ...lab, finance: { ...lab.finance, costView: 'accounting' as const } };
    const x = evaluate(s).comparisons.rent.crossoverLoadRate;
    expect(x).not.toBeNull();
    const at = evaluate(scaleToLoadRate(s, x!)).strategies;
    expect(at.selfBuild.monthlyCny).toBeCloseTo(at.rent.monthlyCny, 0);
    const below = evaluate(scaleToLoadRate(s, x! - 0.02)).strategies;
    const above = evaluate(scaleToLoadRate(s, x! + 0.02)).strategies;
    expect(below.selfBuild.monthlyCny).toBeGreaterThan(below.rent.monthlyCny);
    expect(above.selfBuild.monthlyCny).toBeLessThan(above.rent.monthlyCny);
  });

  it('the cash payback vs rent is the first month cumulative self-build cash is below rent’s', () => {
    const e = evaluate(presets.largeLab!);
    const m = e.comparisons.rent.paybackMonth!;
    expect(m).toBeGreaterThan(0);
    const cum = (xs: number[], n: number) => xs.slice(0, n + 1).reduce((a, b) => a + b, 0);
    expect(m).toBeLessThanOrEqual(presets.largeLab!.horizonMonths);
    expect(cum(e.strategies.selfBuild.cashflowCny, m)).toBeLessThanOrEqual(
      cum(e.strategies.rent.cashflowCny, m),
    );
    expect(cum(e.strategies.selfBuild.cashflowCny, m - 1)).toBeGreaterThan(
      cum(e.strategies.rent.cashflowCny, m - 1),
    );
  });

  it('both comparators are ineligible, without crossovers, when data must stay on premises', () => {
    const c = evaluate({ ...presets.steadyLab!, compliance: 'onPrem' }).comparisons;
    for (const id of ['rent', 'platform'] as const) {
      expect(c[id]).toMatchObject({
        eligible: false,
        crossoverLoadRate: null,
        paybackMonth: null,
        crossAt: null,
      });
    }
  });
});

describe('right-sizing', () => {
  // A 1,000-GPU lab whose steady 600 GPUs of work a pooled level-5 cluster holds with 800 GPUs.
  const lab = makeWeeklyScenario(new Array<number>(52).fill(600), 1_000, {
    teamCapability: 5,
    selfBuild: { privatePool: true, recovery: 'automatic' },
    demand: { hoursPerJob: 72, gpusPerJob: 64 },
    finance: {
      gpuTimePriceDeclineFractionPerYear: 0,
      resaleValueDeclineFractionPerYear: 0.2,
      costView: 'accounting',
    },
  });
  it('finds the cost-minimising owned capacity and recommends "own N GPUs, not M" when it needs no burst', () => {
    const e = evaluate(lab);
    expect(e.rightSize.gpus).toBe(800);
    expect(e.rightSize.burstShare).toBe(0);
    expect(e.rightSize.currentGpus).toBe(1_000);
    expect(e.rightSize.monthlyCny).toBeLessThan(e.strategies.selfBuild.monthlyCny);
    expect(e.recommendation.strategy).toBe('selfBuild');
    expect(e.recommendation.ownGpus).toBe(800);
    expect(e.recommendation.reasons[0]).toMatchObject({
      code: 'rightSize',
      params: { gpus: 800, currentGpus: 1_000 },
    });
    // Owning exactly that many is what self-build then costs.
    const sized = evaluate({ ...lab, selfBuild: { ...lab.selfBuild, capacityGpus: 800 } });
    expect(sized.strategies.selfBuild.monthlyCny).toBeCloseTo(e.rightSize.monthlyCny, 4);
    expect(sized.recommendation.ownGpus).toBeNull();
  });
  it('is no dearer than owning any other whole number of servers', () => {
    const best = evaluate(lab).rightSize.monthlyCny;
    for (let gpus = 0; gpus <= 1_200; gpus += 40) {
      const other = evaluate({ ...lab, selfBuild: { ...lab.selfBuild, capacityGpus: gpus } }).strategies
        .selfBuild;
      expect(best).toBeLessThanOrEqual(other.monthlyCny * (1 + 1e-9));
    }
  });
});

describe('recommendation', () => {
  it('names reasons for all four decision factors', () => {
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
    const lab = presets.steadyLab!;
    // At the H800's launch price (2,000,000 CNY) another strategy wins at some horizon.
    const s = {
      ...lab,
      teamCapability: 5 as const,
      selfBuild: { ...lab.selfBuild, buildLeadTimeMonths: 0, serverPriceCny: 2_000_000 },
      finance: { ...lab.finance, gpuTimePriceDeclineFractionPerYear: 0 },
    };
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

  it('recommends a hybrid split with an owned baseline when owning the base beats pooling it', () => {
    // A capable team with a pooled cluster already running, at flat GPU-time prices.
    const lab = presets.steadyLab!;
    const e = evaluate({
      ...lab,
      teamCapability: 5,
      selfBuild: { ...lab.selfBuild, buildLeadTimeMonths: 0 },
      finance: { ...lab.finance, gpuTimePriceDeclineFractionPerYear: 0 },
    });
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
