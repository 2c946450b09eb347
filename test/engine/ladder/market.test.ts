import { describe, expect, it } from 'vitest';
import { ladderPlan, presets, type Scenario } from '../../../src/engine';
import { handCase } from './hand-case';

/*
 * The ladder against the one on-demand market (docs/model.md §10): the GPUs its by-the-hour tiers
 * hold at the busiest moment, worked out by hand on the ladder's hand case (weeks of 80 and 40 useful
 * GPUs on 8-GPU servers held 50 % usefully) and on the steady lab's preset.
 */

describe('the GPUs the plan holds by the hour at the busiest moment', () => {
  it('on demand alone holds the peak: 80 useful at 50 % = 160 GPUs', () => {
    const plan = ladderPlan(handCase(['onDemand']));
    expect(plan.market.peakGpus).toBeCloseTo(80 / 0.5, 9);
    expect(plan.market.onDemandGpus).toBe(handCase(['onDemand']).trainingPlan.onDemandGpus);
  });

  it('a 1-year reservation takes the bottom 40 useful GPUs: on demand holds the 40 above, 80 GPUs', () => {
    const plan = ladderPlan(handCase(['reserved1y', 'onDemand']));
    expect(plan.pricing.bands.map((b) => [b.id, b.gpus])).toEqual([['reserved1y', 80]]);
    expect(plan.market.peakGpus).toBeCloseTo((80 - 40) / 0.5, 9);
  });

  it('a cap on whole servers holds at most the cap: 100 of the 160 (the rest waits)', () => {
    const s = handCase(['onDemand']);
    const plan = ladderPlan({ ...s, ladder: { ...s.ladder, onDemandCapGpus: 100 } });
    expect(plan.market.peakGpus).toBeCloseTo(100, 9);
    expect(plan.waitingUsefulGpuHoursPerMonth).toBeGreaterThan(0);
  });

  it('the steady lab reserves 592 platform GPUs (444 useful at 75 %): the elastic part holds the peak above them', () => {
    const s = presets.steadyLab as Scenario;
    const plan = ladderPlan(s);
    const reserved = plan.pricing.bands.find((b) => b.id === 'platformReserved');
    expect(reserved?.gpus).toBe(592);
    const efficiency = s.platform.utilization;
    const peak = Math.max(...s.demand.weeklyGpus);
    expect(plan.market.peakGpus).toBeCloseTo((peak - 592 * efficiency) / efficiency, 9);
    expect(plan.market.peakGpus).toBeLessThan(s.trainingPlan.onDemandGpus);
  });
});
