import { COST_CATEGORIES, evaluate, presets, type Scenario, STRATEGY_IDS } from '../../../src/engine';
import { compareRows, waterfallSteps } from '../../../src/features/scenarios/compare-data';

const scenarios = Object.entries(presets) as [string, Scenario][];
const seed = presets.seedTeam as Scenario;

describe('waterfallSteps', () => {
  it('starts at A’s monthly cost and ends at B’s, for every pair of strategies of every preset', () => {
    for (const [, scenario] of scenarios) {
      const ev = evaluate(scenario);
      for (const a of STRATEGY_IDS) {
        for (const b of STRATEGY_IDS) {
          const steps = waterfallSteps(ev.strategies[a], ev.strategies[b]);
          expect(steps[0]).toMatchObject({ key: 'a', kind: 'start', valueCny: ev.strategies[a].monthlyCny });
          expect(steps.at(-1)).toMatchObject({
            key: 'b',
            kind: 'end',
            valueCny: ev.strategies[b].monthlyCny,
          });
          const lastDelta = steps[steps.length - 2];
          expect(lastDelta?.toCny).toBeCloseTo(ev.strategies[b].monthlyCny, 6);
        }
      }
    }
  });

  it('has one step per cost category, each the engine’s B − A of that category, chained end to start', () => {
    const a = evaluate(seed).strategies.selfBuild;
    const b = evaluate(seed).strategies.platform;
    const deltas = waterfallSteps(a, b).filter((s) => s.kind === 'delta');
    expect(deltas.map((s) => s.key)).toEqual([...COST_CATEGORIES]);
    let running = a.monthlyCny;
    for (const step of deltas) {
      const category = step.key as (typeof COST_CATEGORIES)[number];
      expect(step.valueCny).toBe(b.breakdownMonthlyCny[category] - a.breakdownMonthlyCny[category]);
      expect(step.fromCny).toBe(running);
      running = step.toCny;
    }
  });

  it('draws a fall as a bar from the lower running total up to the higher one', () => {
    const ev = evaluate(seed);
    // Seed: platform (37,500) is cheaper than rent (57,000) in compute, so rent → platform falls.
    const compute = waterfallSteps(ev.strategies.rent, ev.strategies.platform).find(
      (s) => s.key === 'compute',
    );
    expect(compute).toBeDefined();
    if (!compute) return;
    expect(compute.valueCny).toBeLessThan(0);
    expect(compute.baseCny).toBe(compute.toCny);
    expect(compute.heightCny).toBe(compute.fromCny - compute.toCny);
  });

  it('compares the same strategy of two scenarios: seed platform against the bursty preset’s platform', () => {
    const a = evaluate(seed).strategies.platform;
    const b = evaluate(presets.burstyResearch as Scenario).strategies.platform;
    const steps = waterfallSteps(a, b);
    const sum = steps.filter((s) => s.kind === 'delta').reduce((acc, s) => acc + s.valueCny, 0);
    expect(sum).toBeCloseTo(b.monthlyCny - a.monthlyCny, 6);
  });
});

describe('compareRows', () => {
  it('gives the seed’s platform against rent exactly as the engine: 37,500 vs 57,000 a month, +19,500', () => {
    const ev = evaluate(seed);
    const rows = compareRows(ev.strategies.platform, ev.strategies.rent);
    expect(rows.find((r) => r.key === 'monthly')).toEqual({
      key: 'monthly',
      format: 'money',
      a: 37_500,
      b: 57_000,
      difference: 19_500,
    });
  });

  it('lists the headline measures and then the six categories, each difference = b − a', () => {
    const ev = evaluate(presets.steadyLab as Scenario);
    const rows = compareRows(ev.strategies.selfBuild, ev.strategies.hybrid);
    expect(rows.map((r) => r.key)).toEqual([
      'monthly',
      'annual',
      'horizon',
      'unitCost',
      'utilization',
      'capex',
      'npv',
      ...COST_CATEGORIES.map((c) => `category.${c}`),
    ]);
    for (const r of rows) expect(r.difference).toBe(r.b - r.a);
  });
});
