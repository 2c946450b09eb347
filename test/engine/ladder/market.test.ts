import { describe, expect, it } from 'vitest';
import { evaluate, ladderPlan, presets, type Scenario } from '../../../src/engine';
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

  it('a market of 100 GPUs holds at most 96 of the 160 in whole jobs (12 jobs of 8), the rest waits', () => {
    const plan = ladderPlan(withMarket(handCase(['onDemand']), 100));
    expect(plan.market.peakGpus).toBeCloseTo(96, 9);
    // 96 GPUs hold 48 useful: the week of 80 leaves 32 waiting, half the weeks.
    expect(plan.waitingUsefulGpuHoursPerMonth).toBeCloseTo((32 / 2) * 730, 6);
    expect(plan.pricing.variable.marketBinds).toBe(true);
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

/*
 * One market in the cost (docs/model.md §10): the by-the-hour tiers together hold at most the GPUs one
 * can get on demand; what lies above takes a commitment when a committed tier is on, and waits only
 * when none is. Worked by hand on the hand case (weeks of 80 and 40 useful GPUs; whole 8-GPU servers
 * at 12.5 CNY a GPU-hour held 50 % usefully; a 1-year reservation 25 % off; 730 hours a month).
 */
function withMarket(s: Scenario, onDemandGpus: number): Scenario {
  return { ...s, trainingPlan: { ...s.trainingPlan, onDemandGpus } };
}

describe('the market caps the by-the-hour tiers, and a commitment takes the rest', () => {
  it('60 GPUs on demand: on demand holds at most 30 useful, so 50 useful are reserved — 13 servers, 104 GPUs', () => {
    const plan = ladderPlan(withMarket(handCase(['reserved1y', 'onDemand']), 60));
    // 80 − 60 × 50 % = 50 useful GPUs committed at least; 50 ÷ 50 % = 100 GPUs → whole servers: 104.
    expect(plan.pricing.bands.map((b) => [b.id, b.gpus])).toEqual([['reserved1y', 104]]);
    // On demand holds (80 − 104 × 50 %) ÷ 50 % = 56 GPUs in the weeks at 80, within the 60.
    expect(plan.market.peakGpus).toBeCloseTo(56, 9);
    expect(plan.waitingUsefulGpuHoursPerMonth).toBe(0);
    // 104 × 730 × 12.5 × 75 % = 711,750; on demand 28 useful GPUs half the weeks: 28 × ½ × 730 ÷ 50 % × 12.5 = 255,500.
    const reserved = 104 * 730 * 12.5 * 0.75;
    const onDemand = ((28 * 0.5 * 730) / 0.5) * 12.5;
    expect(reserved + onDemand).toBe(967_250);
    expect(plan.monthlyCny).toBeCloseTo(967_250, 6);
    // Without the reservation 160 GPUs would be needed at once: the rung keeps the plan within the market.
    expect(plan.rungs.find((r) => r.id === 'reserved1y')?.keepsWithinMarket).toBe(true);
    expect(plan.rungs.find((r) => r.id === 'onDemand')?.keepsWithinMarket).toBe(false);
  });

  it('a market that holds the peak changes nothing: 160 GPUs give the uncapped plan (80 reserved, 912,500)', () => {
    const plan = ladderPlan(withMarket(handCase(['reserved1y', 'onDemand']), 160));
    expect(plan.pricing.bands.map((b) => [b.id, b.gpus])).toEqual([['reserved1y', 80]]);
    expect(plan.monthlyCny).toBeCloseTo(547_500 + 365_000, 6);
    expect(plan.rungs.every((r) => !r.keepsWithinMarket)).toBe(true);
  });

  it('no GPUs on demand: all 80 useful GPUs are reserved, 160 GPUs at 1,095,000 a month', () => {
    const plan = ladderPlan(withMarket(handCase(['reserved1y', 'onDemand']), 0));
    expect(plan.pricing.bands.map((b) => [b.id, b.gpus])).toEqual([['reserved1y', 160]]);
    expect(plan.market.peakGpus).toBe(0);
    expect(plan.monthlyCny).toBeCloseTo(160 * 730 * 12.5 * 0.75, 6);
  });

  it('at no discount the plan costs more than renting, which would need 160 GPUs at once: the best way does not fit', () => {
    const s = withMarket(handCase(['reserved1y', 'onDemand']), 60);
    const plan = ladderPlan({ ...s, ladder: { ...s.ladder, reserved1yDiscountFraction: 0 } });
    // 104 × 730 × 12.5 = 949,000 + 255,500 = 1,204,500 against renting's 60 ÷ 50 % × 730 × 12.5 = 1,095,000.
    expect(plan.monthlyCny).toBeCloseTo(1_204_500, 6);
    expect(plan.bestWay?.id).toBe('rent');
    expect(plan.bestWay?.monthlyCny).toBeCloseTo(1_095_000, 6);
    expect(plan.savingVsBestWayCnyPerMonth).toBeCloseTo(-109_500, 6);
    expect(plan.bestWay?.fitsMarket).toBe(false);
    expect(plan.bestWay?.marketPeakGpus).toBeCloseTo(160, 9);
  });

  it('spot, on demand and the platform share one market of 120: spot, the cheapest hour, holds it all, the rest waits', () => {
    const s = handCase(['spot', 'onDemand', 'platformElastic']);
    const flat: Scenario = withMarket(
      {
        ...s,
        demand: { ...s.demand, weeklyGpus: Array.from({ length: 52 }, () => 100) },
        platform: { ...s.platform, priceCnyPerGpuHour: 40 },
        measured: { ...s.measured, platform: { value: 0.5, origin: 'typed', label: null } },
      },
      120,
    );
    const plan = ladderPlan(flat);
    const served = Object.fromEntries(plan.pricing.variable.tiers.map((v) => [v.id, v.usefulGpuHours]));
    // Spot (the cheapest hour) takes the whole market, 120 GPUs = 60 useful; on demand and the platform
    // (each as useful a GPU) get none of it; 40 useful GPUs wait.
    expect(served.spot).toBeCloseTo(60 * 730, 6);
    expect(served.onDemand ?? 0).toBe(0);
    expect(served.platformElastic ?? 0).toBe(0);
    expect(plan.market.peakGpus).toBeCloseTo(120, 9);
    expect(plan.waitingUsefulGpuHoursPerMonth).toBeCloseTo(40 * 730, 6);
    expect(plan.pricing.variable.beyondMarketUsefulGpuHours).toBeCloseTo(40 * 730, 6);
    expect(plan.pricing.variable.marketBinds).toBe(true);
    // Work still waits: no rung is said to keep the plan within the market.
    expect(plan.rungs.some((r) => r.keepsWithinMarket)).toBe(false);
  });

  it('whole jobs: 170 GPUs on demand hold three 48-GPU jobs (144 GPUs), so 16 GPUs are reserved', () => {
    // At no discount a reservation is worth holding only for the market.
    const s0 = handCase(['reserved1y', 'onDemand']);
    const s = withMarket(
      {
        ...s0,
        demand: { ...s0.demand, gpusPerJob: 48 },
        ladder: { ...s0.ladder, reserved1yDiscountFraction: 0 },
      },
      170,
    );
    const plan = ladderPlan(s);
    // On demand: ⌊170 ÷ 48⌋ × 48 = 144 GPUs = 72 useful; 80 − 72 = 8 useful committed = 16 GPUs (2 servers).
    expect(plan.pricing.bands.map((b) => [b.id, b.gpus])).toEqual([['reserved1y', 16]]);
    expect(plan.market.peakGpus).toBeCloseTo(144, 9);
    // 16 GPUs busy every hour cost what on demand would: the plan costs renting's 60 ÷ 50 % × 730 × 12.5.
    expect(plan.monthlyCny).toBeCloseTo(1_095_000, 6);
  });

  it('a cheap platform that makes little of each GPU does not crowd the market: adding it never raises the cost', () => {
    // The platform at 4 CNY a GPU-hour, 20 % useful: 20 CNY a useful GPU-hour, cheaper by the hour
    // than on demand (25), but 60 of its GPUs serve 12 useful where 56 servers serve 28.
    const s0 = withMarket(handCase(['reserved1y', 'onDemand']), 60);
    const cheap: Scenario = {
      ...s0,
      platform: { ...s0.platform, priceCnyPerGpuHour: 4, premiumFraction: 0 },
      measured: { ...s0.measured, platform: { value: 0.2, origin: 'typed', label: null } },
    };
    const without = ladderPlan(cheap);
    const withPlatform = ladderPlan({
      ...cheap,
      ladder: { ...cheap.ladder, tiers: { ...cheap.ladder.tiers, platformElastic: true } },
    });
    expect(without.monthlyCny).toBeCloseTo(967_250, 6);
    expect(withPlatform.monthlyCny).toBeLessThanOrEqual(without.monthlyCny * (1 + 1e-9));
    expect(withPlatform.pricing.variable.beyondMarketUsefulGpuHours).toBe(0);
  });
});

describe('while the plan’s own rung is built', () => {
  /** The steady lab with renting and the platform `k` times dearer: the plan owns its base. */
  function dearLab(k: number, platformK = k): Scenario {
    const lab = presets.steadyLab as Scenario;
    return {
      ...lab,
      rent: { ...lab.rent, priceCnyPerServerHour: lab.rent.priceCnyPerServerHour * k },
      platform: { ...lab.platform, priceCnyPerGpuHour: lab.platform.priceCnyPerGpuHour * platformK },
    };
  }

  it('its work is bought on the platform meanwhile, with the elastic part above: the busiest week ÷ 75 % in all', () => {
    const s = dearLab(3);
    const plan = ladderPlan(s);
    expect(plan.pricing.bands.map((b) => b.id)).toContain('own');
    const lead = plan.market.buildLeadTime;
    expect(lead?.via).toBe('platform');
    expect(lead?.months).toBe(4);
    // Every useful GPU of the busiest week is on the platform at 75 %: the own rung's share and the elastic part's.
    const peak = Math.max(...s.demand.weeklyGpus);
    expect(lead?.peakGpus).toBeCloseTo(peak / s.platform.utilization, 9);
    expect(lead?.withinMarket).toBe(false);
    // Running, the elastic part alone holds the busiest week above the own rung.
    const own = plan.pricing.bands.find((b) => b.id === 'own');
    expect(plan.market.peakGpus).toBeCloseTo(
      (peak - (own?.part.usableGpus ?? 0)) / s.platform.utilization,
      9,
    );
  });

  it('on rented servers when the platform is dearer still: the busiest week ÷ rent’s efficiency on whole 8-GPU servers', () => {
    const s = dearLab(3, 30);
    const plan = ladderPlan(s);
    const lead = plan.market.buildLeadTime;
    expect(lead?.via).toBe('rent');
    // The lab's jobs take 32 GPUs, whole 8-GPU servers: no rounding; on demand holds the rest above the rung.
    expect(s.demand.gpusPerJob % s.rent.gpusPerServer).toBe(0);
    const rentEfficiency = evaluate(s).efficiencies.rent.value;
    expect(rentEfficiency).toBeCloseTo(2 / 3, 12);
    expect(lead?.peakGpus).toBeCloseTo(Math.max(...s.demand.weeklyGpus) / rentEfficiency, 9);
  });

  it('no own rung, or one built at once: nothing to say', () => {
    expect(ladderPlan(presets.steadyLab as Scenario).market.buildLeadTime).toBeNull();
    const s = dearLab(3);
    const now = ladderPlan({ ...s, selfBuild: { ...s.selfBuild, buildLeadTimeMonths: 0 } });
    expect(now.pricing.bands.map((b) => b.id)).toContain('own');
    expect(now.market.buildLeadTime).toBeNull();
  });
});
