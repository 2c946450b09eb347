import { describe, expect, it } from 'vitest';
import { ladderPlan } from '../../../src/engine';
import { parseScenario } from '../../../src/scenario/parse';
import { handCase } from './hand-case';

describe('the ladder on a case worked by hand', () => {
  it('is a scenario the schema accepts (a link or a file could carry it)', () => {
    expect(parseScenario(handCase(['reserved1y', 'onDemand'])).ok).toBe(true);
  });

  it('reserves 80 GPUs for a year and rents the rest on demand: 547,500 + 365,000 = 912,500 CNY a month', () => {
    const plan = ladderPlan(handCase(['reserved1y', 'onDemand']));
    // Reserved: 80 GPUs × 730 h × 12.5 CNY × (1 − 25 %) = 547,500.
    const reserved = 80 * 730 * 12.5 * 0.75;
    // On demand: the weeks at 80 leave 40 useful GPUs above the band, half the weeks:
    // 40 × ½ × 730 useful GPU-hours ÷ 50 % × 12.5 = 365,000.
    const onDemand = ((40 * 0.5 * 730) / 0.5) * 12.5;
    expect(reserved).toBe(547_500);
    expect(onDemand).toBe(365_000);
    expect(plan.pricing.bands.map((b) => [b.id, b.gpus])).toEqual([['reserved1y', 80]]);
    expect(plan.monthlyCny).toBeCloseTo(reserved + onDemand, 6);
    const rung = plan.rungs.find((r) => r.id === 'reserved1y');
    expect(rung?.monthlyCny).toBeCloseTo(reserved, 6);
    // Without the reservation, everything on demand: 60 useful GPUs on average ÷ 50 % × 730 × 12.5.
    const allOnDemand = ((60 * 730) / 0.5) * 12.5;
    expect(rung?.savingCnyPerMonth).toBeCloseTo(allOnDemand - (reserved + onDemand), 6);
    expect(plan.bestWay?.id).toBe('rent');
    expect(plan.bestWay?.monthlyCny).toBeCloseTo(allOnDemand, 6);
    expect(plan.savingVsBestWayCnyPerMonth).toBeCloseTo(182_500, 6);
  });

  it('at 55 % off a 3-year term takes the GPUs busy half the time too, paid for all 36 months over a 12-month horizon', () => {
    const s = handCase(['reserved3y', 'onDemand']);
    const plan = ladderPlan({ ...s, ladder: { ...s.ladder, reserved3yDiscountFraction: 0.55 } });
    // Over 12 months a 36-month term costs 3 × its monthly price a month: 3 × 0.45 = 1.35 > 1, so a
    // GPU held on it costs more than renting it on demand every hour — the ladder leaves it out.
    expect(plan.pricing.bands).toEqual([]);
    const longer = ladderPlan({
      ...s,
      horizonMonths: 36,
      ladder: { ...s.ladder, reserved3yDiscountFraction: 0.55 },
    });
    // Over 36 months: 0.45 < ½ (the upper GPUs' busy share), so all 80 useful GPUs are reserved: 160 GPUs.
    expect(longer.pricing.bands.map((b) => [b.id, b.gpus])).toEqual([['reserved3y', 160]]);
    expect(longer.monthlyCny).toBeCloseTo(160 * 730 * 12.5 * 0.45, 6);
    expect(longer.schedule.map((r) => [r.startMonth, r.endMonth, r.gpus])).toEqual([[1, 36, 160]]);
  });
});
