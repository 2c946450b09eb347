import { describe, expect, it } from 'vitest';
import {
  budgetMonths,
  decisionCheck,
  defaultScenario,
  evaluate,
  presets,
  reforecastMonths,
  reforecastScenario,
  type Scenario,
  trendRatios,
  type WayMonthFigures,
} from '../../src/engine';

const cell = (month: number, useful: number, held: number, compute: number): WayMonthFigures => ({
  month,
  way: 'platform',
  usefulGpuHours: useful,
  heldGpuHours: held,
  spendByCategoryCny: { compute, energy: 0, time: 0, ops: 0, failure: 0, iteration: 0 },
});

describe('reforecast', () => {
  it('actuals equal to the budget give ratios of exactly 1 and reproduce the budget’s remaining months', () => {
    const plan = budgetMonths(presets.largeLab as Scenario).platform;
    const billed = plan.slice(0, 3);
    const r = trendRatios(billed, billed);
    expect(r).toEqual({ usage: 1, efficiency: 1, price: 1 });
    expect(reforecastMonths(plan, 3, r)).toEqual(plan.slice(3));
  });

  it('takes the trend from the sums, and a month like the budget’s is re-priced to what the actuals paid', () => {
    // Budget 100 useful on 125 held (80 %) at 8 CNY per held hour = 1,000; actual 120 on 160 (75 %) at
    // 11 CNY = 1,760. usage 1.2; efficiency 0.75 ÷ 0.8 = 0.9375; price 11 ÷ 8 = 1.375.
    const r = trendRatios([cell(1, 100, 125, 1000)], [cell(1, 120, 160, 1760)]);
    expect(r.usage).toBeCloseTo(1.2, 12);
    expect(r.efficiency).toBeCloseTo(0.9375, 12);
    expect(r.price).toBeCloseTo(1.375, 12);
    const [next] = reforecastMonths([cell(1, 100, 125, 1000), cell(2, 100, 125, 1000)], 1, r);
    expect(next?.month).toBe(2);
    expect(next?.usefulGpuHours).toBeCloseTo(120, 9);
    expect(next?.heldGpuHours).toBeCloseTo(160, 9);
    expect(next?.spendByCategoryCny.compute).toBeCloseTo(1760, 9);
  });

  it('a driver the budget has nothing of keeps its budget value', () => {
    expect(trendRatios([cell(1, 0, 0, 0)], [cell(1, 10, 20, 30)])).toEqual({
      usage: 1,
      efficiency: 1,
      price: 1,
    });
  });

  it('with no trend and no months elapsed the scenario and the decision are the version’s', () => {
    const s = defaultScenario;
    const one = { usage: 1, efficiency: 1, price: 1 };
    expect(reforecastScenario(s, 'platform', one)).toEqual(s);
    const check = decisionCheck(s, 'platform', one);
    expect(check.holds).toBe(true);
    expect(check.budgetWay).toBe(evaluate(s).recommendation.strategy);
    expect(check.horizonMonths).toBe(s.horizonMonths);
  });

  it('the seed example’s platform decision no longer holds when its price per held GPU-hour has doubled', () => {
    // The article's platform costs 37,500 a month against rent's 57,000: at twice the platform's
    // price it is no longer the cheapest way over the version's 36 months.
    const s = defaultScenario;
    expect(evaluate(s).recommendation.strategy).toBe('platform');
    const check = decisionCheck(s, 'platform', { usage: 1, efficiency: 1, price: 2 });
    expect(check.horizonMonths).toBe(36);
    expect(check.holds).toBe(false);
    expect(check.nowWay).not.toBe('platform');
    expect(check.nowWayMonthlyCny).toBeLessThan(check.budgetWayMonthlyCny);
  });
});

describe('the price at which the decision changes', () => {
  it('brackets the change: just below the flip price the seed example’s platform decision holds, just above it does not', () => {
    const s = defaultScenario;
    const trend = { usage: 1, efficiency: 1, price: 1 };
    const check = decisionCheck(s, 'platform', trend);
    const flip = check.flipPriceRatio;
    if (flip === null) throw new Error('no flip within ×4');
    // Rent costs 57,000 a month against the platform's 37,500: a rise of more than half is needed.
    expect(flip).toBeGreaterThan(57_000 / 37_500 - 0.5);
    expect(flip).toBeLessThan(4);
    expect(decisionCheck(s, 'platform', { ...trend, price: flip * 0.999 }).holds).toBe(true);
    expect(decisionCheck(s, 'platform', { ...trend, price: flip * 1.001 }).holds).toBe(false);
  });

  it('is not searched for an own cluster, whose price is not scaled', () => {
    const check = decisionCheck(presets.largeLab as Scenario, 'selfBuild', {
      usage: 1,
      efficiency: 1,
      price: 1.2,
    });
    expect(check.flipPriceRatio).toBeNull();
  });
});

describe('the demand on the trend', () => {
  it('scales the weekly curve directly when no own cluster is sized (no load rate to scale by)', () => {
    const s = presets.steadyLab as Scenario;
    const noCluster: Scenario = { ...s, selfBuild: { ...s.selfBuild, capacityGpus: 0 } };
    const next = reforecastScenario(noCluster, 'platform', { usage: 2, efficiency: 1, price: 1 });
    expect(next.demand.weeklyGpus).toEqual(noCluster.demand.weeklyGpus.map((g) => g * 2));
  });
});
