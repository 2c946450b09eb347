import { describe, expect, it } from 'vitest';
import { type Evaluation, evaluate, presets, type Scenario } from '../../src/engine';
import { scaleToLoadRate } from '../../src/engine/demand';
import {
  FACT_IDS,
  firstScreenFacts,
  keyNumber,
  MAX_SUPPORTING_FACTS,
  NEAR_CROSSOVER,
} from '../../src/view-model/first-screen';
import { inAccountingView } from '../factories';

// Tests of the regime the presets show in the accounting view (crossovers, owning a base), not of the view.
const seed = inAccountingView(presets.seedTeam as Scenario);
const largeLab = inAccountingView(presets.largeLab as Scenario);
/** Cheap servers, a strong team and a high load: owning the whole cluster is cheapest. */
const ownWins: Scenario = scaleToLoadRate(
  { ...seed, teamCapability: 5, selfBuild: { ...seed.selfBuild, serverPriceCny: 300_000 } },
  0.95,
);

/** The figures partition FACT_IDS: supporting ones first, the rest in the details, none twice. */
function expectPartition(e: Evaluation) {
  const f = firstScreenFacts(e);
  expect(f.supporting.length).toBeLessThanOrEqual(MAX_SUPPORTING_FACTS);
  expect([...f.supporting, ...f.details].sort()).toEqual([...FACT_IDS].sort());
  expect(f.details).toEqual(FACT_IDS.filter((id) => !f.supporting.includes(id)));
  return f;
}

describe('keyNumber', () => {
  it('is the saving against the runner-up when there is a clear winner (the seed: platform against rent)', () => {
    const e = evaluate(seed);
    const key = keyNumber(e);
    expect(key).toEqual({
      kind: 'saving',
      winner: 'platform',
      runnerUp: 'rent',
      monthlyCny: e.recommendation.savingMonthlyCny,
      annualCny: e.recommendation.savingMonthlyCny * 12,
    });
    // The saving is the difference of the two strategies' monthly costs, as the engine prices them.
    expect(key.monthlyCny).toBeCloseTo(e.strategies.rent.monthlyCny - e.strategies.platform.monthlyCny, 6);
  });

  it('is the winner’s own monthly cost when the winner ties with the runner-up', () => {
    const base = evaluate(seed);
    const tied: Evaluation = { ...base, recommendation: { ...base.recommendation, tie: 'sameCost' } };
    expect(keyNumber(tied)).toEqual({
      kind: 'cost',
      strategy: 'platform',
      monthlyCny: base.strategies.platform.monthlyCny,
      annualCny: base.strategies.platform.monthlyCny * 12,
    });
  });

  it('is the winner’s own monthly cost when it is the only option', () => {
    const base = evaluate(seed);
    const only: Evaluation = { ...base, recommendation: { ...base.recommendation, runnerUp: null } };
    const key = keyNumber(only);
    expect(key.kind).toBe('cost');
    expect(key.monthlyCny).toBe(base.strategies.platform.monthlyCny);
  });
});

describe('firstScreenFacts: the supporting figures by situation', () => {
  it('a crossover near today’s load (the seed: renting met at 44 %, load 33 %) → both crossovers', () => {
    const e = evaluate(seed);
    expect(Math.abs(Number(e.comparisons.rent.crossoverLoadRate) - e.loadRate)).toBeLessThanOrEqual(
      NEAR_CROSSOVER,
    );
    const f = expectPartition(e);
    expect(f.situation).toBe('nearCrossover');
    expect(f.supporting).toEqual(['crossover-rent', 'crossover-platform']);
    expect(f.details).toContain('payback-rent');
    expect(f.details).toContain('right-size');
  });

  it('far from any crossover, renting winning → the crossovers, and no "own nothing" right size', () => {
    const e = evaluate(scaleToLoadRate(seed, 0.9));
    expect(e.recommendation.strategy).not.toBe('selfBuild');
    expect(e.rightSize.gpus).toBe(0);
    const f = expectPartition(e);
    expect(f.situation).toBe('farFromCrossover');
    expect(f.supporting).toEqual(['crossover-rent', 'crossover-platform']);
  });

  it('owning wins → the paybacks against each rental first', () => {
    const e = evaluate(ownWins);
    expect(e.recommendation.strategy).toBe('selfBuild');
    const f = expectPartition(e);
    expect(f.situation).toBe('ownWins');
    expect(f.supporting.slice(0, 2)).toEqual(['payback-rent', 'payback-platform']);
  });

  it('the hybrid wins (the large lab) → the right size first, then the crossovers', () => {
    const e = evaluate(largeLab);
    expect(e.recommendation.strategy).toBe('hybrid');
    const f = expectPartition(e);
    expect(f.situation).toBe('hybridWins');
    expect(f.supporting).toEqual(['right-size', 'crossover-rent', 'crossover-platform']);
  });

  it('no rental allowed (data stays on premises) → the right size alone', () => {
    const e = evaluate({ ...seed, compliance: 'onPrem' });
    const f = expectPartition(e);
    expect(f.situation).toBe('noRental');
    expect(f.supporting).toEqual(['right-size']);
  });

  it('never more than three, every preset at loads 0–100 %', () => {
    for (const scenario of Object.values(presets))
      for (let load = 0; load <= 1; load += 0.1) expectPartition(evaluate(scaleToLoadRate(scenario, load)));
  });
});
