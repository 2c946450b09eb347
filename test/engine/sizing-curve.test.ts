import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budgetPlan, evaluate, presets, type Scenario, sizingCurve, startSizingBand } from '../../src/engine';
import { hybridMonthlyCnyAt, inputsFor, pricingInputs } from '../../src/engine/model';
import { SIZING_MAX_POINTS } from '../../src/engine/sizing-curve';
import { monteCarlo } from '../../src/engine/uncertainty';
import { arbScenario } from './arbitraries';

/** The scenario with exactly these uncertainty ranges. */
function withRanges(s: Scenario, ranges: Record<string, [number, number]>): Scenario {
  return { ...s, uncertainty: { ...s.uncertainty, ranges } };
}

/** Every range collapsed onto the scenario's own value: each draw is the scenario itself. */
function certain(s: Scenario): Scenario {
  return withRanges(s, {});
}

function runBand(s: Scenario, draws = 300, seed = 5) {
  const curve = sizingCurve(s);
  const run = startSizingBand(s, curve, { draws, seed });
  while (!run.done()) run.advance(97);
  return { curve, band: run.result() };
}

/** The large lab in the accounting view, where owning part of its demand is cheapest. */
const largeLab: Scenario = {
  ...presets.largeLab!,
  finance: { ...presets.largeLab!.finance, costView: 'accounting' },
};

describe('sizing curve', () => {
  it('marks the engine’s right size as its optimum, and no size on the curve costs less', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const c = sizingCurve(s);
        expect(c.optimumGpus).toBe(evaluate(s).rightSize.gpus);
        const atOptimum = c.points.find((p) => p.ownedGpus === c.optimumGpus);
        expect(atOptimum).toBeDefined();
        for (const p of c.points)
          expect(p.monthlyCny).toBeGreaterThanOrEqual(atOptimum!.monthlyCny * (1 - 1e-12));
      }),
      { numRuns: 150, seed: 20_261_201 },
    );
  });

  it('prices each size exactly as the right-size search ranks it (the model, to the last bit)', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const x = inputsFor(pricingInputs(s), 'selfBuild');
        for (const p of sizingCurve(s).points) {
          expect(p.monthlyCny).toBe(hybridMonthlyCnyAt(x, p.ownedGpus, 'owned'));
          expect(p.totalCostCny).toBe(p.monthlyCny * s.horizonMonths);
        }
      }),
      { numRuns: 100, seed: 20_261_202 },
    );
  });

  it('runs from 0 to the peak in whole servers and includes the current size', () => {
    const c = sizingCurve(largeLab);
    const gpus = c.points.map((p) => p.ownedGpus);
    expect(gpus[0]).toBe(0);
    expect(gpus.at(-1)).toBe(Math.max(c.peakGpus, c.currentGpus));
    for (const g of gpus) expect(g % c.stepGpus).toBe(0);
    expect(gpus).toContain(c.currentGpus);
    expect(gpus).toEqual([...gpus].sort((a, b) => a - b));
    expect(c.points.length).toBeLessThanOrEqual(SIZING_MAX_POINTS + 2);
  });

  it('gives the cost per useful GPU-hour as the monthly cost over the reference GPU’s useful hours', () => {
    const e = evaluate(largeLab);
    const useful = e.strategies.selfBuild.horizonCny / e.strategies.selfBuild.costPerUsefulGpuHourCny;
    for (const p of sizingCurve(largeLab).points)
      expect(p.costPerUsefulGpuHourCny * useful).toBeCloseTo(p.totalCostCny, 0);
  });

  it('finds the large lab’s optimum inside the range, below its current cluster', () => {
    const c = sizingCurve(largeLab);
    expect(c.optimumGpus).toBeGreaterThan(0);
    expect(c.optimumGpus).toBeLessThan(c.currentGpus);
  });
});

describe('sizing band (Monte Carlo)', () => {
  it('collapses onto the curve when no input is uncertain', () => {
    const s = certain(largeLab);
    const { curve, band } = runBand(s, 50);
    curve.points.forEach((p, i) => {
      expect(band.p10TotalCny[i]).toBe(p.totalCostCny);
      expect(band.p90TotalCny[i]).toBe(p.totalCostCny);
    });
  });

  it('brackets P10 ≤ P90 at every size, and is the same for the same seed', () => {
    const a = runBand(largeLab);
    expect(runBand(largeLab).band).toEqual(a.band);
    a.band.p10TotalCny.forEach((p10, i) => {
      expect(p10).toBeLessThanOrEqual(a.band.p90TotalCny[i]!);
    });
    expect(a.band.p90TotalCny.some((p90, i) => p90 > a.band.p10TotalCny[i]!)).toBe(true);
  });

  it('draws the Monte Carlo’s own inputs: a one-draw band at the current size is that draw’s self-build', () => {
    // With one draw, the Monte Carlo's self-build cost and the band's point at the current size price
    // the same drawn scenario (same seed, same sampler).
    const s = withRanges(largeLab, { 'selfBuild.serverPriceCny': [2_000_000, 2_800_000] });
    const mc = monteCarlo(s, { draws: 1, seed: 11 });
    const { curve, band } = runBand(s, 1, 11);
    const i = curve.points.findIndex((p) => p.ownedGpus === curve.currentGpus);
    const mcMonthly = mc.strategies.selfBuild.monthlyCny!.p10;
    expect(Math.abs(band.p10TotalCny[i]! / s.horizonMonths - mcMonthly) / mcMonthly).toBeLessThan(1e-9);
  });
});

describe('budget plan: buy N, burst the rest', () => {
  it('with a cluster already owned, adds up to the cash flow too: the servers owned run through the lead time', () => {
    const owned = presets.ownedH800s as Scenario;
    const s: Scenario = { ...owned, selfBuild: { ...owned.selfBuild, buildLeadTimeMonths: 4 } };
    const N = s.selfBuild.capacityGpus;
    expect(N).toBeGreaterThan(512);
    const plan = budgetPlan(s, N);
    const flow = evaluate(s).strategies.selfBuild.cashflowCny;
    expect(plan.total.totalCny).toBeCloseTo(
      flow.reduce((a, b) => a + b, 0),
      0,
    );
    expect(plan.quarters[0]!.totalCny).toBeCloseTo(
      flow.slice(0, 4).reduce((a, b) => a + b, 0),
      0,
    );
  });

  it('adds up, quarter by quarter, to the engine’s own cash flow of that cluster with burst', () => {
    const N = sizingCurve(largeLab).optimumGpus;
    const plan = budgetPlan(largeLab, N);
    // The same cash model the evaluation uses for self-build, at N GPUs.
    const s: Scenario = { ...largeLab, selfBuild: { ...largeLab.selfBuild, capacityGpus: N } };
    const e = evaluate(s);
    const flow = e.strategies.selfBuild.cashflowCny;
    const sum = flow.reduce((a, b) => a + b, 0);
    expect(plan.total.totalCny).toBeCloseTo(sum, 0);
    expect(plan.quarters).toHaveLength(Math.ceil(largeLab.horizonMonths / 3));
    expect(plan.quarters[0]!.totalCny).toBeCloseTo(
      flow.slice(0, 4).reduce((a, b) => a + b, 0),
      0,
    );
  });

  it('pays the capex at delivery, after the build lead time', () => {
    const N = sizingCurve(largeLab).optimumGpus;
    const plan = budgetPlan(largeLab, N);
    const e = evaluate(largeLab);
    expect(plan.capexMonth).toBe(Math.round(e.buildLeadTimeMonths));
    const q = plan.quarters.find((x) => x.fromMonth <= plan.capexMonth! && plan.capexMonth! <= x.toMonth)!;
    expect(q.capexCny).toBeGreaterThanOrEqual(plan.capexCny);
    // The capex the evaluation shows for an own cluster of N GPUs.
    const atN = evaluate({ ...largeLab, selfBuild: { ...largeLab.selfBuild, capacityGpus: N } });
    expect(plan.capexCny).toBe(atN.strategies.selfBuild.capexCny);
    expect(plan.capexCny).toBeGreaterThan(0);
  });

  it('buys nothing when owning nothing is cheapest: all of it bursts', () => {
    const seed = presets.seedTeam!;
    expect(sizingCurve(seed).optimumGpus).toBe(0);
    const plan = budgetPlan(seed, 0);
    expect(plan.capexCny).toBe(0);
    expect(plan.capexMonth).toBeNull();
    expect(plan.total.runRateCny).toBe(0);
    expect(plan.total.burstCny).toBeCloseTo(
      evaluate(seed).strategies.platform.cashflowCny.reduce((a, b) => a + b, 0),
      0,
    );
  });

  it('has a burst P90 equal to the burst when no input is uncertain, and above it when prices are', () => {
    const s = certain(largeLab);
    const { band } = runBand(s, 40);
    const plan = budgetPlan(s, band.planGpus, band.burstP90ByQuarterCny);
    for (const q of plan.quarters) expect(q.burstP90Cny!).toBeCloseTo(q.burstCny, 2);
    const ranged = withRanges(largeLab, { 'platform.priceCnyPerGpuHour': [8, 20] });
    const r = runBand(ranged, 400);
    const rangedPlan = budgetPlan(ranged, r.band.planGpus, r.band.burstP90ByQuarterCny);
    for (const q of rangedPlan.quarters) expect(q.burstP90Cny!).toBeGreaterThan(q.burstCny);
  });
});
