import { describe, expect, it } from 'vitest';
import {
  defaultScenario,
  evaluate,
  planDeadlines,
  type Scenario,
  STRATEGY_IDS,
  type TrainingRun,
} from '../../../src/engine';
import { switchDemandMode } from '../../../src/engine/demand-mode';
import { pretrain } from '../ladder/plan-case';

/** An own cluster of 64 H800 delivered after 3 months (13.04 weeks), no interruptions. */
function scenario(runs: TrainingRun[], onDemandGpus = 256, interruptions = 0): Scenario {
  const s: Scenario = {
    ...defaultScenario,
    selfBuild: { ...defaultScenario.selfBuild, capacityGpus: 64, buildLeadTimeMonths: 3 },
    operations: { ...defaultScenario.operations, hwInterruptionsPerGpuHour: interruptions },
    trainingPlan: { runs, recurringGpuHoursPerMonth: 0, onDemandGpus },
  };
  return switchDemandMode(s, 'plan');
}

describe('deadlines per strategy', () => {
  it('an own cluster serves only after its build lead time: a 4-week run from week 1 finishes in week 18, 10 weeks late; renting finishes in week 4', () => {
    const s = scenario([pretrain]);
    const d = planDeadlines(s, evaluate(s));
    // Lead time 3 × 730 ÷ 168 = 13.04 weeks, then 4 weeks on 64 GPUs: done at 17.04, in week 18.
    expect(d.strategies.selfBuild.runs[0]).toEqual({ finishWeek: 18, slipWeeks: 10, onTime: false });
    expect(d.strategies.rent.runs[0]).toEqual({ finishWeek: 4, slipWeeks: 0, onTime: true });
    expect(d.strategies.platform.runs[0]).toEqual({ finishWeek: 4, slipWeeks: 0, onTime: true });
    expect(d.strategies.selfBuild.allOnTime).toBe(false);
    expect(d.strategies.selfBuild.ownFromWeek).toBe(14);
  });

  it('servers already owned serve from week 1: 64 GPUs owned run the 4-week run on time, whatever the lead time of servers added', () => {
    const s = {
      ...scenario([pretrain]),
      existing: { servers: 8, ageMonths: 12, pricePaidCnyPerServer: 2_000_000 },
    };
    const d = planDeadlines(s, evaluate(s));
    // 8 servers × 8 GPUs = the run's 64 GPUs from week 1: done in week 4, as renting.
    expect(d.strategies.selfBuild.runs[0]).toEqual({ finishWeek: 4, slipWeeks: 0, onTime: true });
  });

  it('rent and the platform serve up to the GPUs one can get on demand: 32 of the 64 wanted take twice as long', () => {
    const s = scenario([pretrain], 32);
    const d = planDeadlines(s, evaluate(s));
    expect(d.strategies.rent.runs[0]).toEqual({ finishWeek: 8, slipWeeks: 0, onTime: true });
    const tighter = scenario([{ ...pretrain, deadlineWeek: 6 }], 32);
    expect(planDeadlines(tighter, evaluate(tighter)).strategies.platform.runs[0]).toEqual({
      finishWeek: 8,
      slipWeeks: 2,
      onTime: false,
    });
  });

  it('interruptions stretch the wall-clock as the failure model says: 1 + GPUs × rate × hours lost', () => {
    // 1e-4 interruptions per GPU-hour on 64 GPUs, each losing half a checkpoint interval plus detection
    // and restart: a week does 168 ÷ (1 + 64 × 1e-4 × hours lost) hours of work.
    const s = scenario([{ ...pretrain, deadlineWeek: 4 }], 256, 1e-4);
    const ops = s.operations;
    const recovery =
      s.selfBuild.recovery === 'automatic'
        ? ops.detectHoursAutomatic + ops.restartHoursAutomatic
        : ops.detectHoursManual + ops.restartHoursManual;
    const stretch = 1 + 64 * 1e-4 * (ops.checkpointIntervalHours / 2 + recovery);
    const d = planDeadlines(s, evaluate(s));
    const weeks = 4 * stretch;
    expect(d.strategies.rent.runs[0]?.finishWeek).toBe(Math.ceil(weeks));
    expect(weeks).toBeGreaterThan(4);
  });

  it('the cheapest way that meets every deadline is never one that misses it, and a plan nobody meets names the closest', () => {
    const s = scenario([pretrain]);
    const e = evaluate(s);
    const d = planDeadlines(s, e);
    const onTime = STRATEGY_IDS.filter((id) => d.strategies[id].allOnTime);
    expect(d.cheapest.strategyId).not.toBeNull();
    expect(onTime).toContain(d.cheapest.strategyId);
    for (const id of onTime)
      expect(e.strategies[id].horizonCny).toBeGreaterThanOrEqual(d.cheapest.horizonCny ?? 0);

    const impossible = scenario([{ ...pretrain, deadlineWeek: 2 }], 16);
    const d2 = planDeadlines(impossible, evaluate(impossible));
    expect(d2.cheapest.strategyId).toBeNull();
    // With 64 GPUs in the hybrid (16 on demand + its baseline from week 14) or 16 rented: 16 weeks at best.
    expect(d2.cheapest.closestId).not.toBeNull();
    expect(d2.cheapest.closestSlipWeeks).toBeGreaterThan(0);
  });

  it('a run that can never get a GPU is said never to finish', () => {
    const s = scenario([pretrain], 0);
    const d = planDeadlines(s, evaluate(s));
    expect(d.strategies.rent.runs[0]).toEqual({ finishWeek: null, slipWeeks: null, onTime: false });
    expect(d.strategies.rent.lastFinishWeek).toBeNull();
  });
});
