import { describe, expect, it } from 'vitest';
import { evaluate, presets } from '../../src/engine';

// Seed 000's worked example, per month (docs/model.md §6): exact to the yuan.
describe('presets.seedTeam reproduces seed 000 exactly', () => {
  const e = evaluate(presets.seedTeam!);

  it('prices renting at 48,000 compute + 4,000 setup time + 5,000 failure = 57,000 CNY a month', () => {
    expect(e.strategies.rent.breakdownMonthlyCny).toEqual({
      compute: 48_000,
      energy: 0,
      time: 4_000,
      ops: 0,
      failure: 5_000,
      iteration: 0,
    });
    expect(e.strategies.rent.monthlyCny).toBe(57_000);
  });

  it('prices the platform at 36,000 compute + 1,000 setup time + 500 failure = 37,500 CNY a month', () => {
    expect(e.strategies.platform.breakdownMonthlyCny).toEqual({
      compute: 36_000,
      energy: 0,
      time: 1_000,
      ops: 0,
      failure: 500,
      iteration: 0,
    });
    expect(e.strategies.platform.monthlyCny).toBe(37_500);
  });

  it('recommends the platform, saving 19,500 CNY a month (34.2 %) and 234,000 CNY a year against renting', () => {
    const r = e.recommendation;
    expect(r.strategy).toBe('platform');
    expect(r.runnerUp).toBe('rent');
    expect(r.savingMonthlyCny).toBe(19_500);
    expect(r.savingFraction.toFixed(3)).toBe('0.342');
    expect(r.savingMonthlyCny * 12).toBe(234_000);
    expect(e.strategies.rent.annualCny - e.strategies.platform.annualCny).toBe(234_000);
  });

  it('bills 480 server-hours when renting and 75 % pooled utilization on the platform', () => {
    // 20 jobs × 24 h on one 8-GPU server = 480 server-hours = 3,840 GPU-hours held.
    expect(e.strategies.rent.averageBilledGpus * 730).toBeCloseTo(3_840, 9);
    expect(e.strategies.rent.utilization).toBe(0.5);
    expect(e.strategies.platform.utilization).toBe(0.75);
  });

  it('labels the rent and platform figures as calibrated to the article', () => {
    expect(e.calibrated).toEqual(expect.arrayContaining(['rent', 'platform']));
    expect(presets.seedTeam!.calibration.note).toBe('seed000');
    expect(presets.seedTeam!.platform.premiumFraction).toBe(0.125);
  });
});
