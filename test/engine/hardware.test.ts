import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chooseModel,
  compareHardware,
  defaultScenario,
  evaluate,
  GPU_MODELS,
  hardwareSummary,
  presets,
  type Scenario,
  STRATEGY_IDS,
  withUserEdits,
} from '../../src/engine';
import { loadRateOf } from '../../src/engine/demand';
import { parseScenario } from '../../src/scenario';
import { arbScenario } from './arbitraries';

function withRatios(
  s: Scenario,
  ratios: Partial<Record<'selfBuild' | 'rent' | 'platform', number>>,
): Scenario {
  const h = structuredClone(s.hardware);
  for (const [id, r] of Object.entries(ratios)) h[id as 'rent'].throughputRatio = r;
  return { ...s, hardware: h };
}

const ratioArb = fc.double({ min: 0.1, max: 5, noNaN: true });

describe('compute-normalised demand (docs/model.md §8)', () => {
  it('keeps the worked example exact: 57,000 / 37,500 a month', () => {
    const e = evaluate(presets.seedTeam!);
    expect(e.strategies.rent.monthlyCny).toBe(57_000);
    expect(e.strategies.platform.monthlyCny).toBe(37_500);
  });

  it('prices the same work for every strategy: cost per useful reference GPU-hour × reference hours = monthly', () => {
    fc.assert(
      fc.property(arbScenario, ratioArb, ratioArb, ratioArb, (s, a, b, c) => {
        const e = evaluate(withRatios(s, { selfBuild: a, rent: b, platform: c }));
        const useful = e.demand.usefulGpuHoursPerMonth;
        fc.pre(useful > 1e-6);
        for (const id of STRATEGY_IDS) {
          const r = e.strategies[id];
          expect(r.costPerUsefulGpuHourCny * useful).toBeCloseTo(r.monthlyCny, 4);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a GPU with 2× the throughput needs half the GPU-hours', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const one = evaluate(s);
        const two = evaluate(withRatios(s, { rent: 2, platform: 2 }));
        expect(two.strategies.rent.usefulModelGpuHoursPerMonth).toBeCloseTo(
          one.strategies.rent.usefulModelGpuHoursPerMonth / 2,
          9,
        );
        expect(two.strategies.platform.usefulModelGpuHoursPerMonth).toBeCloseTo(
          one.strategies.platform.usefulModelGpuHoursPerMonth / 2,
          9,
        );
      }),
      { numRuns: 40 },
    );
  });

  it('a platform GPU r× as fast at r× the price costs the same compute for the same work', () => {
    fc.assert(
      fc.property(arbScenario, ratioArb, (s, r) => {
        const base = evaluate(s).strategies.platform;
        const faster = {
          ...withRatios(s, { platform: r }),
          platform: { ...s.platform, priceCnyPerGpuHour: s.platform.priceCnyPerGpuHour * r },
        };
        const e = evaluate(faster).strategies.platform;
        // Relative: a month's compute can be billions, where a few ulps exceed an absolute 1e-6.
        const tolerance = 1e-12 * Math.max(1, Math.abs(base.breakdownMonthlyCny.compute));
        expect(
          Math.abs(e.breakdownMonthlyCny.compute - base.breakdownMonthlyCny.compute),
        ).toBeLessThanOrEqual(tolerance);
      }),
      { numRuns: 40 },
    );
  });

  it('an own GPU twice as fast halves the load rate of the same demand', () => {
    const s = presets.growingCompany!;
    expect(loadRateOf(withRatios(s, { selfBuild: 2 }))).toBeCloseTo(loadRateOf(s) / 2, 12);
  });

  it('cost per useful PFLOP-hour = cost per useful reference GPU-hour ÷ the reference dense PFLOPS', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const e = evaluate(s);
        const pflops = s.hardware.referenceDenseTflopsPerGpu / 1000;
        for (const id of STRATEGY_IDS) {
          const r = e.strategies[id];
          expect(r.costPerUsefulPflopHourCny).toBeCloseTo(r.costPerUsefulGpuHourCny / pflops, 6);
          if (e.demand.usefulGpuHoursPerMonth > 1e-6) {
            // Relative: a plan with a sliver of demand costs trillions per PFLOP-hour.
            const expected = r.monthlyCny / (e.demand.usefulGpuHoursPerMonth * pflops);
            expect(Math.abs(r.costPerUsefulPflopHourCny - expected)).toBeLessThanOrEqual(
              1e-9 * Math.max(1, Math.abs(expected)),
            );
          }
        }
      }),
      { numRuns: 40 },
    );
    // The worked example: 37,500 CNY ÷ (1,920 H800-hours × 0.989 PFLOPS).
    const seed = evaluate(presets.seedTeam!).strategies.platform;
    expect(seed.costPerUsefulPflopHourCny).toBeCloseTo(37_500 / (1_920 * 0.989), 9);
  });
});

describe('choosing a GPU model', () => {
  it('fills the own cluster from the catalogue (H20), validly, and clears the user marks', () => {
    const marked = withUserEdits({
      ...defaultScenario,
      selfBuild: { ...defaultScenario.selfBuild, serverPriceCny: 1_234_567 },
    });
    expect(marked.hardware.userEdited).toEqual(['selfBuild.serverPriceCny']);
    const s = chooseModel(marked, 'selfBuild', 'h20');
    expect(s.selfBuild.serverPriceCny).toBe(1_200_000);
    expect(s.selfBuild.powerMaxKwPerServer).toBe(7.15);
    expect(s.selfBuild.powerBusyKwPerServer).toBe(5.5);
    expect(s.selfBuild.powerIdleKwPerServer).toBe(2.1);
    expect(s.hardware.selfBuild).toEqual({ modelId: 'h20', throughputRatio: 148 / 989 });
    expect(s.hardware.userEdited).toEqual([]);
    expect(parseScenario(s).ok).toBe(true);
  });

  it('fills the rented server price from the catalogue (H100: 75,000 CNY a month ÷ 730 h)', () => {
    const s = chooseModel(defaultScenario, 'rent', 'h100');
    expect(s.rent.priceCnyPerServerHour).toBe(102.74);
    expect(s.hardware.rent).toEqual({ modelId: 'h100', throughputRatio: 1 });
    expect(parseScenario(s).ok).toBe(true);
  });

  it('keeps a price the catalogue lacks, and marks only inputs of a chosen model as edited', () => {
    const s = chooseModel(defaultScenario, 'platform', 'ascend910b');
    expect(s.platform.priceCnyPerGpuHour).toBe(defaultScenario.platform.priceCnyPerGpuHour);
    expect(s.hardware.platform.throughputRatio).toBeCloseTo(320 / 989, 12);
    const custom = chooseModel(defaultScenario, 'rent', null);
    const typed = { ...custom, rent: { ...custom.rent, priceCnyPerServerHour: 77 } };
    expect(withUserEdits(typed).hardware.userEdited).toEqual([]);
    const h100 = chooseModel(defaultScenario, 'rent', 'h100');
    // Another of the catalogue's listed prices is a pick, not an edit; a typed price is the user's.
    const lambda = { ...h100, rent: { ...h100.rent, priceCnyPerServerHour: 229.82 } };
    expect(withUserEdits(lambda).hardware.userEdited).toEqual([]);
    const own = { ...h100, rent: { ...h100.rent, priceCnyPerServerHour: 120 } };
    expect(withUserEdits(own).hardware.userEdited).toEqual(['rent.priceCnyPerServerHour']);
    // Within a range the catalogue prints (H800 busy draw 7.8–8.4 kW) is the catalogue's figure.
    expect(defaultScenario.hardware.userEdited).toEqual([]);
    expect(withUserEdits(defaultScenario)).toBe(defaultScenario);
  });

  it('lists the chosen models and the edited inputs for the reports, with source and date', () => {
    const h20 = chooseModel(defaultScenario, 'selfBuild', 'h20');
    const s = withUserEdits({ ...h20, selfBuild: { ...h20.selfBuild, powerMaxKwPerServer: 9 } });
    const rows = hardwareSummary(s);
    expect(rows.map((r) => r.modelName)).toEqual(['H20', null, null]);
    expect(rows[0]!.userEditedPaths).toEqual(['selfBuild.powerMaxKwPerServer']);
    expect(rows[0]!.denseTflops).toMatchObject({ value: 148, asOf: 'Feb 2024', confidence: 'H' });
    expect(rows[0]!.availability?.status).toBe('discontinued');
    expect(rows[0]!.inputs.find((i) => i.path === 'selfBuild.powerMaxKwPerServer')).toEqual({
      path: 'selfBuild.powerMaxKwPerServer',
      value: 9,
      userEdited: true,
      catalogue: { value: 7.15, source: expect.stringContaining('derived'), asOf: '—', confidence: 'L' },
    });
    expect(rows[0]!.inputs.find((i) => i.path === 'selfBuild.serverPriceCny')).toMatchObject({
      value: 1_200_000,
      userEdited: false,
      catalogue: { asOf: 'Jul 2024', confidence: 'M' },
    });
  });
});

describe('compare hardware', () => {
  const cmp = compareHardware(presets.growingCompany!);

  it('ranks every catalogue model with a server price, cheapest per PFLOP-hour first', () => {
    expect(cmp.rows.length).toBe(GPU_MODELS.filter((m) => m.serverPrices.length > 0).length);
    expect(cmp.rows.length).toBeGreaterThanOrEqual(8);
    for (let i = 1; i < cmp.rows.length; i++)
      expect(cmp.rows[i]!.costPerUsefulPflopHourCny).toBeGreaterThanOrEqual(
        cmp.rows[i - 1]!.costPerUsefulPflopHourCny,
      );
  });

  it('prices each row as evaluate() prices the scenario with that model chosen and sized to the same work', () => {
    const s = presets.growingCompany!;
    for (const row of cmp.rows.slice(0, 3)) {
      const chosen = chooseModel(s, 'selfBuild', row.modelId);
      const e = evaluate({ ...chosen, selfBuild: { ...chosen.selfBuild, capacityGpus: row.capacityGpus } });
      expect(row.monthlyCny).toBeCloseTo(e.strategies.selfBuild.monthlyCny, 6);
      expect(row.costPerUsefulPflopHourCny).toBeCloseTo(e.strategies.selfBuild.costPerUsefulPflopHourCny, 6);
      const bestId = cmp.bestRental!.id;
      expect(row.crossoverLoadRate).toBe(e.comparisons[bestId].crossoverLoadRate);
    }
  });

  it('names the cheaper rental as the best one', () => {
    const e = evaluate(presets.growingCompany!);
    const best = Math.min(e.strategies.rent.monthlyCny, e.strategies.platform.monthlyCny);
    expect(cmp.bestRental!.monthlyCny).toBeCloseTo(best, 6);
  });
});
