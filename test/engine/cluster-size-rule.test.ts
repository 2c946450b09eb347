import { describe, expect, it } from 'vitest';
import {
  clusterSizeNote,
  defaultScenario,
  evaluate,
  newTrainingRun,
  ruleSizedGpus,
  type Scenario,
  scaleToLoadRateWithinLimits,
  sizedToDemand,
  switchDemandForm,
  withCapacityByHand,
  withInput,
  withRuleSize,
  withWeeklyCurve,
} from '../../src/engine';
import { makeScenario, makeWeeklyScenario } from '../factories';

/**
 * Issue 44, "a cluster sized to the demand it serves": new demand sizes self-build by the one rule
 * (peak ÷ the efficiency the cluster reaches, whole servers) unless the user sized it by hand, and a
 * verdict against a cluster loaded above 100 % is flagged. Expected sizes are worked by hand: the
 * default team (level 3) runs a siloed cluster at 45 %, and 24-hour jobs keep it there (docs/model.md §9).
 */

const flat = (gpus: number, weeks = 52) => new Array<number>(weeks).fill(gpus);

/** The example with a plan of one default run (7B on 1T tokens, 64 GPUs from week 1). */
function withOneRun(s: Scenario): Scenario {
  return { ...s, trainingPlan: { ...s.trainingPlan, runs: [newTrainingRun(s)] } };
}

describe('the sizing rule for the scenario’s own demand', () => {
  it('a flat 100-GPU curve: 100 ÷ 45 % = 222.2 → 28 servers of 8 = 224 GPUs', () => {
    expect(ruleSizedGpus(makeWeeklyScenario(flat(100), 8))).toBe(224);
  });

  it('the job form: the seed’s 20 × 24 h × 8 GPUs at 50 % useful = 2.63 GPUs a month ÷ 45 % = 5.8 → one server, 8 GPUs', () => {
    expect(ruleSizedGpus(makeScenario())).toBe(8);
  });

  it('a plan: the peak of its weekly curve, 64 GPUs, ÷ 45 % = 142.2 → 18 servers = 144 GPUs', () => {
    const plan = switchDemandForm(withOneRun(defaultScenario), 'plan');
    expect(Math.max(...plan.demand.weeklyGpus)).toBe(64);
    expect(plan.selfBuild.capacityGpus).toBe(144);
    expect(plan.selfBuild.capacitySizedBy).toBe('rule');
  });
});

describe('new demand sizes self-build unless the user sized it', () => {
  const rule = makeWeeklyScenario(flat(100), 8);
  const user = withCapacityByHand(rule, 8);

  it('sizedToDemand: the rule’s 8 GPUs become 224; the user’s 8 stay', () => {
    expect(sizedToDemand(rule).selfBuild.capacityGpus).toBe(224);
    expect(sizedToDemand(user)).toBe(user);
  });

  it('withRuleSize sizes even the user’s cluster, and the size is the rule’s again', () => {
    const sized = withRuleSize(user);
    expect(sized.selfBuild.capacityGpus).toBe(224);
    expect(sized.selfBuild.capacitySizedBy).toBe('rule');
  });

  it('an imported curve (resize) sizes the example’s 8 GPUs to 224, and keeps a hand-set 16', () => {
    expect(withWeeklyCurve(defaultScenario, flat(100), true).selfBuild.capacityGpus).toBe(224);
    const hand = withWeeklyCurve(withCapacityByHand(defaultScenario, 16), flat(100), true);
    expect(hand.selfBuild.capacityGpus).toBe(16);
    expect(hand.demand.weeklyGpus).toEqual(flat(100));
  });

  it('a week edited by hand (no resize) keeps the size', () => {
    expect(withWeeklyCurve(rule, flat(90), false).selfBuild.capacityGpus).toBe(8);
  });

  it('switching the demand form sizes by the rule: a flat 100-GPU curve to the job form keeps its mean, 224 GPUs', () => {
    const jobs = switchDemandForm(rule, 'jobs');
    expect(jobs.demand.mode).toBe('jobs');
    expect(jobs.selfBuild.capacityGpus).toBe(224);
    expect(switchDemandForm(user, 'jobs').selfBuild.capacityGpus).toBe(8);
    expect(switchDemandForm(rule, 'weekly')).toBe(rule);
  });

  it('entering a plan keeps a size the user set (64 GPUs) where the rule would give 144', () => {
    const plan = switchDemandForm(withOneRun(withCapacityByHand(defaultScenario, 64)), 'plan');
    expect(plan.selfBuild.capacityGpus).toBe(64);
    expect(clusterSizeNote(plan)).toEqual({ capacityGpus: 64, ruleGpus: 144 });
  });
});

describe('what marks a size as the user’s', () => {
  it('typing a new size (withInput) marks it; typing the same size changes nothing', () => {
    const typed = withInput(defaultScenario, 'selfBuild.capacityGpus', 16);
    expect(typed.selfBuild).toEqual({
      ...defaultScenario.selfBuild,
      capacityGpus: 16,
      capacitySizedBy: 'user',
    });
    expect(withInput(defaultScenario, 'selfBuild.capacityGpus', 8).selfBuild.capacitySizedBy).toBe('rule');
    // Other inputs leave the mark alone.
    expect(withInput(defaultScenario, 'selfBuild.serverPriceCny', 1_500_000).selfBuild.capacitySizedBy).toBe(
      'rule',
    );
  });

  it('the load-rate slider on a plan sizes the cluster, a size the user chose', () => {
    const plan = switchDemandForm(withOneRun(defaultScenario), 'plan');
    const slid = scaleToLoadRateWithinLimits(plan, 0.5).scenario;
    expect(slid.selfBuild.capacitySizedBy).toBe('user');
    expect(slid.selfBuild.capacityGpus).not.toBe(plan.selfBuild.capacityGpus);
  });
});

describe('the size note', () => {
  it('names the user’s size and the rule’s when they differ in whole servers, else nothing', () => {
    const curve = makeWeeklyScenario(flat(100), 8);
    expect(clusterSizeNote(withCapacityByHand(curve, 8))).toEqual({ capacityGpus: 8, ruleGpus: 224 });
    // 220 GPUs are 28 whole servers: the rule's 224.
    expect(clusterSizeNote(withCapacityByHand(curve, 220))).toBeNull();
    expect(clusterSizeNote(curve)).toBeNull();
  });
});

describe('a verdict against a cluster loaded above 100 % is flagged', () => {
  it('60 GPUs of demand on 8: load 60 ÷ 8 = 750 %, the rest sent to the platform', () => {
    const over = evaluate(withCapacityByHand(makeWeeklyScenario(flat(60), 8), 8));
    expect(over.loadRate).toBeCloseTo(7.5, 12);
    expect(over.recommendation.overCapacity).toEqual({
      capacityGpus: 8,
      loadRate: over.loadRate,
      rest: 'platform',
    });
  });

  it('on premises only, the rest waits', () => {
    const onPrem = evaluate(makeWeeklyScenario(flat(60), 8, { compliance: 'onPrem' }));
    expect(onPrem.recommendation.overCapacity?.rest).toBe('waits');
  });

  it('capacity in whole servers: 60 GPUs on a typed 10 (two servers, 16 GPUs) is 375 %', () => {
    const over = evaluate(makeWeeklyScenario(flat(60), 10)).recommendation.overCapacity;
    expect(over?.capacityGpus).toBe(16);
    expect(over?.loadRate).toBeCloseTo(60 / 16, 12);
  });

  it('no flag at 100 % or below: 8 GPUs of demand on 8, and the rule’s size for 60 (136 GPUs, 44 %)', () => {
    expect(evaluate(makeWeeklyScenario(flat(8), 8)).recommendation.overCapacity).toBeNull();
    const sized = sizedToDemand(makeWeeklyScenario(flat(60), 8));
    // 60 ÷ 45 % = 133.3 → 17 servers = 136 GPUs; 60 ÷ 136 = 44.1 %.
    expect(sized.selfBuild.capacityGpus).toBe(136);
    expect(evaluate(sized).loadRate).toBeCloseTo(60 / 136, 12);
    expect(evaluate(sized).recommendation.overCapacity).toBeNull();
  });
});
