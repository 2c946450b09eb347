import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { chooseModel, hardwareLife, type Scenario, STRATEGY_IDS } from '../../src/engine';
import { HOURS_PER_MONTH } from '../../src/engine/constants';
import { contextAtLoadRate } from '../../src/engine/crossover';
import { bookValueCny, iterationLossCny, resaleValueCny } from '../../src/engine/market';
import {
  atMarketFactor,
  createContext,
  gateBurstMarginalOf,
  leadTimePerUsefulOf,
  type PricingContext,
  rescaleContext,
  scaledContext,
  strategyContext,
} from '../../src/engine/strategies/context';
import {
  burstMarginalCny,
  createPricingCache,
  leadTimePerUsefulCny,
  ownedPart,
  sortedCurveOf,
} from '../../src/engine/strategies/parts';
import {
  emptyMonthlyCosts,
  platformMonthlyCny,
  priceAll,
  priceAllMonthly,
  priceSelfBuild,
  rentMonthlyCny,
  searchHybridBaseline,
  searchHybridBaselineGpus,
  selfBuildMonthlyCny,
  totalOf,
} from '../../src/engine/strategies/price';
import { arbScenario } from './arbitraries';

/*
 * The engine's fast paths (Monte Carlo draws, crossover steps, load-rate sweeps) must give the very
 * numbers of the plain pricers, to the last bit (toBe, not toBeCloseTo): the Monte Carlo's draws and
 * percentiles for a pinned seed may not move. Pinned seeds, so a failure reproduces.
 */
const RUNS = { numRuns: 300, seed: 20_261_201 };

// Each property prices hundreds of scenarios: a ceiling for busy shared machines, not a speed check.
vi.setConfig({ testTimeout: 120_000 });

/** Random scenarios, a share of them with other GPU models (throughput ratios other than 1). */
const arbPriced: fc.Arbitrary<Scenario> = fc
  .tuple(arbScenario, fc.constantFrom(null, 'h200', 'ascend910b', 'a100'), fc.boolean())
  .map(([s, model, own]) => (model === null ? s : chooseModel(s, own ? 'selfBuild' : 'platform', model)));

function expectMonthlyEqualsPriceAll(ctx: PricingContext): void {
  const full = priceAll(ctx);
  const lean = emptyMonthlyCosts();
  priceAllMonthly(ctx, lean);
  for (const id of STRATEGY_IDS) {
    expect(lean[id].monthlyCny).toBe(totalOf(full[id].part.breakdown));
    expect(lean[id].eligible).toBe(full[id].eligible);
    expect(lean[id].baselineGpus).toBe(full[id].baselineGpus);
    expect(lean[id].burstUsefulGpuHours).toBe(full[id].burstUsefulGpuHours);
  }
  // With and without a pricing cache (the crossover prices without one, as priceSelfBuild did there).
  expect(selfBuildMonthlyCny(ctx, createPricingCache(ctx))).toBe(
    totalOf(priceSelfBuild(ctx, createPricingCache(ctx)).part.breakdown),
  );
  expect(selfBuildMonthlyCny(ctx)).toBe(totalOf(priceSelfBuild(ctx).part.breakdown));
  expect(rentMonthlyCny(ctx)).toBe(totalOf(full.rent.part.breakdown));
  expect(platformMonthlyCny(ctx)).toBe(totalOf(full.platform.part.breakdown));
}

describe('fast pricing paths give the plain pricers’ numbers exactly', () => {
  it('priceAllMonthly (Monte Carlo draws) equals priceAll', () => {
    fc.assert(
      fc.property(arbPriced, (s) => {
        expectMonthlyEqualsPriceAll(createContext(s));
      }),
      RUNS,
    );
  });

  it('on contexts scaled to a load rate (crossover steps, sweeps) as well', () => {
    fc.assert(
      fc.property(arbPriced, fc.double({ min: 0, max: 1, noNaN: true }), (s, rate) => {
        const at = contextAtLoadRate(s);
        if (!at) return;
        // Twice: the second pricing reuses what the first worked out for the scaled contexts.
        expectMonthlyEqualsPriceAll(at(rate));
        expectMonthlyEqualsPriceAll(at(rate));
      }),
      RUNS,
    );
  });

  it('a scaled context re-pointed in place prices as a new one at that scale', () => {
    fc.assert(
      fc.property(
        arbPriced,
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        (s, first, second) => {
          const base = createContext(s);
          const reused = scaledContext(base, first);
          // Price it (deriving and memoising its strategy contexts), then move it.
          priceAll(reused);
          rescaleContext(reused, second);
          const fresh = scaledContext(base, second);
          const a = priceAll(reused);
          const b = priceAll(fresh);
          for (const id of STRATEGY_IDS) {
            expect(totalOf(a[id].part.breakdown)).toBe(totalOf(b[id].part.breakdown));
            expect(a[id].burstUsefulGpuHours).toBe(b[id].burstUsefulGpuHours);
          }
          expect(selfBuildMonthlyCny(reused)).toBe(selfBuildMonthlyCny(fresh));
        },
      ),
      RUNS,
    );
  });

  it('a scaled context shares only figures that do not depend on the demand scale', () => {
    fc.assert(
      fc.property(
        arbPriced,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 600 }),
        (s, rate, gpus) => {
          const at = contextAtLoadRate(s);
          if (!at) return;
          const scaled = strategyContext(at(rate), 'selfBuild');
          // The same context without the link to its unscaled one computes everything afresh.
          const fresh: PricingContext = {
            ...scaled,
            scaledFrom: null,
            derivedByUnit: null,
            ownPricingCache: null,
          };
          expect(gateBurstMarginalOf(scaled)).toBe(
            burstMarginalCny(atMarketFactor(fresh, fresh.averageMarketFactor)),
          );
          expect(leadTimePerUsefulOf(scaled)).toBe(leadTimePerUsefulCny(fresh));
          const shared = ownedPart(scaled, gpus, createPricingCache(scaled));
          const alone = ownedPart(fresh, gpus, createPricingCache(fresh));
          expect(shared).toEqual(alone);
          expect(totalOf(shared.breakdown)).toBe(totalOf(alone.breakdown));
        },
      ),
      RUNS,
    );
  });

  it('the pricing cache serves what sorting the scaled curve with prefix sums serves', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 2_000, noNaN: true }), { minLength: 1, maxLength: 104 }),
        fc.double({ min: 1e-6, max: 50, noNaN: true }),
        fc.array(fc.double({ min: -10, max: 3_000, noNaN: true }), { minLength: 1, maxLength: 6 }),
        (curve, demandScale, capacities) => {
          // The cache as it was: scale every week, sort, prefix sums, binary search.
          const n = curve.length;
          const sorted = Float64Array.from(curve, (g) => g * demandScale).sort();
          const prefix = new Float64Array(n + 1);
          for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + sorted[i]!;
          const reference = (usable: number): number => {
            if (usable <= 0) return 0;
            let j = 0;
            while (j < n && sorted[j]! <= usable) j++;
            return ((prefix[j]! + usable * (n - j)) / n) * HOURS_PER_MONTH;
          };
          const s = {
            ...createContext(arbScenarioSample),
            curve,
            sortedCurve: sortedCurveOf(curve),
            demandScale,
            ownPricingCache: null,
          };
          const cache = createPricingCache(s);
          // Several capacities on one cache: the first is summed directly, later ones by prefix sums.
          for (const usable of capacities) expect(cache.served(usable)).toBe(reference(usable));
        },
      ),
      RUNS,
    );
  });

  it('the allocation-free iteration loss equals the hardware life’s', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.integer({ min: 1, max: 120 }),
        fc.double({ min: 0, max: 0.6, noNaN: true }),
        fc.integer({ min: 0, max: 240 }),
        (capex, residual, life, decline, service) => {
          // hardwareLife's loss as it was computed: a pass over the sales, then the batch held at the end.
          const months = [0];
          for (let m = life; m < service; m += life) months.push(m);
          let loss = 0;
          for (let i = 1; i < months.length; i++) {
            const book = bookValueCny(capex, residual, life, life);
            loss += book - resaleValueCny(capex, decline, life, book);
          }
          const lastAge = service - months[months.length - 1]!;
          const endBook = bookValueCny(capex, residual, life, lastAge);
          loss += endBook - resaleValueCny(capex, decline, lastAge, endBook);
          const expected = Math.max(0, loss);
          expect(iterationLossCny(capex, residual, life, decline, service)).toBe(expected);
          expect(hardwareLife(capex, residual, life, decline, service).iterationLossCny).toBe(expected);
        },
      ),
      RUNS,
    );
  });

  it('the hybrid search without its priced list picks the same baseline', () => {
    fc.assert(
      fc.property(arbPriced, (s) => {
        const ctx = strategyContext(createContext(s), 'hybrid');
        const cache = createPricingCache(ctx);
        const full = searchHybridBaseline(ctx, cache);
        expect(searchHybridBaselineGpus(ctx, cache)).toBe(full.baselineGpus);
        // The priced list is in baseline order, without repeats, and holds the pick at its total.
        const gpus = full.priced.map((p) => p.baselineGpus);
        expect(gpus).toEqual([...new Set(gpus)].sort((a, b) => a - b));
        expect(full.priced.find((p) => p.baselineGpus === full.baselineGpus)?.monthlyCny).toBe(full.totalCny);
      }),
      RUNS,
    );
  });
});

/** Any valid scenario: the cache property only needs a context to carry its curve and scale. */
const arbScenarioSample: Scenario = fc.sample(arbScenario, { numRuns: 1, seed: 7 })[0]!;

describe('context copies', () => {
  // One field order for every context (context.ts copyContext): the pricers then read one object shape.
  it('scaled, re-priced and per-model contexts have the fields of a new context, in its order', () => {
    fc.assert(
      fc.property(arbPriced, (s) => {
        const ctx = createContext(s);
        const keys = Object.keys(ctx);
        expect(Object.keys(scaledContext(ctx, 0.5))).toEqual(keys);
        expect(Object.keys(atMarketFactor(ctx, ctx.marketFactor * 0.9))).toEqual(keys);
        for (const id of STRATEGY_IDS) expect(Object.keys(strategyContext(ctx, id))).toEqual(keys);
      }),
      { numRuns: 50, seed: 20_261_201 },
    );
  });
});
