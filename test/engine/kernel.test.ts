import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { type Scenario, STRATEGY_IDS } from '../../src/engine';
import { HOURS_PER_MONTH } from '../../src/engine/constants';
import {
  atMarketFactor,
  createContext,
  scaledContext,
  strategyContext,
} from '../../src/engine/kernel/context';
import { createPricingCache } from '../../src/engine/kernel/parts';
import { createKernelState } from '../../src/engine/kernel/state';
import { bookValueCny, hardwareLife, iterationLossCny, resaleValueCny } from '../../src/engine/market';
import { arbScenario } from './arbitraries';

/*
 * The kernel's own tricks against plain versions of what they compute (README.md in
 * src/engine/kernel). That the kernel as a whole prices what the model prices is
 * kernel-equals-model.test.ts. Pinned seeds, so a failure reproduces.
 */
const RUNS = { numRuns: 300, seed: 20_261_201 };
vi.setConfig({ testTimeout: 120_000 });

/** Any valid scenario: the cache property only needs a context to carry its curve and scale. */
const arbScenarioSample: Scenario = fc.sample(arbScenario, { numRuns: 1, seed: 7 })[0]!;

describe('kernel tricks', () => {
  it('the pricing cache serves what sorting the scaled curve with prefix sums serves', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 2_000, noNaN: true }), { minLength: 1, maxLength: 104 }),
        fc.double({ min: 1e-6, max: 50, noNaN: true }),
        fc.array(fc.double({ min: -10, max: 3_000, noNaN: true }), { minLength: 1, maxLength: 6 }),
        (curve, demandScale, capacities) => {
          // Plainly: scale every week, sort, prefix sums, a linear scan for the weeks at or below.
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
          const k = createKernelState();
          const s: Scenario = {
            ...arbScenarioSample,
            demand: { ...arbScenarioSample.demand, mode: 'weekly', weeklyGpus: curve },
          };
          const ctx = createContext(k, s, demandScale);
          const cache = createPricingCache(k, ctx);
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
          // hardwareLife's loss as a pass over the sales, then the batch held at the end.
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
});

describe('context copies', () => {
  // One field order for every context (context.ts copyContext): the pricers then read one object shape.
  it('scaled, re-priced and per-model contexts have the fields of a new context, in its order', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const ctx = createContext(createKernelState(), s);
        const keys = Object.keys(ctx);
        expect(Object.keys(scaledContext(ctx, 0.5))).toEqual(keys);
        expect(Object.keys(atMarketFactor(ctx, ctx.marketFactor * 0.9))).toEqual(keys);
        for (const id of STRATEGY_IDS) expect(Object.keys(strategyContext(ctx, id))).toEqual(keys);
      }),
      { numRuns: 50, seed: 20_261_201 },
    );
  });
});
