import { describe, expect, it } from 'vitest';
import {
  budgetMonths,
  COST_CATEGORIES,
  defaultScenario,
  evaluate,
  presets,
  type Scenario,
} from '../../src/engine';

const total = (spend: Record<string, number>) => COST_CATEGORIES.reduce((s, c) => s + (spend[c] ?? 0), 0);

describe('a budget version month by month', () => {
  it('the seed example averages the article’s 57,000 (rent) and 37,500 (platform) CNY a month over its horizon', () => {
    const months = budgetMonths(defaultScenario);
    const h = defaultScenario.horizonMonths;
    expect(months.rent).toHaveLength(h);
    const average = (way: 'rent' | 'platform') =>
      months[way].reduce((s, r) => s + total(r.spendByCategoryCny), 0) / h;
    expect(average('rent')).toBeCloseTo(57_000, 6);
    expect(average('platform')).toBeCloseTo(37_500, 6);
  });

  it('each month’s spend is that month’s cash: Σ over months equals the cash flow, hardware included', () => {
    const scenario = presets.largeLab as Scenario;
    const months = budgetMonths(scenario);
    const e = evaluate(scenario);
    for (const way of ['rent', 'platform', 'selfBuild', 'hybrid'] as const) {
      const cash = e.strategies[way].cashflowCny.reduce((s, v) => s + v, 0);
      const spend = months[way].reduce((s, r) => s + total(r.spendByCategoryCny), 0);
      expect(spend).toBeCloseTo(cash, 2);
    }
  });

  it('a representative period holds the same useful and held GPU-hours every month; held ≥ useful', () => {
    const months = budgetMonths(presets.steadyLab as Scenario);
    for (const way of ['rent', 'platform', 'selfBuild', 'hybrid'] as const) {
      const first = months[way][0];
      for (const r of months[way]) {
        expect(r.usefulGpuHours).toBe(first?.usefulGpuHours);
        expect(r.heldGpuHours).toBe(first?.heldGpuHours);
        expect(r.heldGpuHours).toBeGreaterThanOrEqual(r.usefulGpuHours);
      }
    }
  });

  it('an own cluster bought at the order (no lead time) pays its capex in month 1, with month 1’s running cash', () => {
    const s = { ...(presets.largeLab as Scenario) };
    s.selfBuild = { ...s.selfBuild, buildLeadTimeMonths: 0 };
    const e = evaluate(s);
    const month1 = budgetMonths(s).selfBuild[0];
    // The cash flow's month 0 (the order) and month 1 together.
    const cash01 =
      (e.strategies.selfBuild.cashflowCny[0] ?? 0) + (e.strategies.selfBuild.cashflowCny[1] ?? 0);
    expect(e.strategies.selfBuild.cashflowCny[0]).toBeGreaterThan(0);
    expect(total(month1?.spendByCategoryCny ?? {})).toBeCloseTo(cash01, 4);
  });
});
