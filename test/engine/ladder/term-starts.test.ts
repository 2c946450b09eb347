import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cheapestTermStarts } from '../../../src/engine/ladder/term-starts';

/** Every schedule of up to `most` steps a start, the cheapest that holds each quarter's need. */
function bruteForce(need: number[], L: number, cost: number[], most: number): number {
  const n = need.length;
  let best = Number.POSITIVE_INFINITY;
  const x = new Array<number>(n).fill(0);
  const walk = (s: number) => {
    if (s === n) {
      for (let q = 0; q < n; q++) {
        let held = 0;
        for (let t = Math.max(0, q - L + 1); t <= q; t++) held += x[t] as number;
        if (held < (need[q] as number)) return;
      }
      best = Math.min(
        best,
        x.reduce((sum, v, i) => sum + v * (cost[i] as number), 0),
      );
      return;
    }
    for (let v = 0; v <= most; v++) {
      x[s] = v;
      walk(s + 1);
    }
    x[s] = 0;
  };
  walk(0);
  return best;
}

function held(x: number[], L: number, q: number): number {
  let sum = 0;
  for (let t = Math.max(0, q - L + 1); t <= q; t++) sum += x[t] as number;
  return sum;
}

describe('the cheapest term starts for a dated need', () => {
  it('one quarter of need, a 4-quarter term: one commitment at that quarter', () => {
    expect(cheapestTermStarts([0, 2, 0, 0, 0], 4, [1, 1, 1, 1, 1])).toEqual([0, 2, 0, 0, 0]);
  });

  it('needs of 1, 2, 1 with 2-quarter terms at one price: two commitments (at quarters 1 and 2), not three', () => {
    const x = cheapestTermStarts([1, 2, 1], 2, [1, 1, 1]);
    expect(x.reduce((a, b) => a + b, 0)).toBe(2);
    expect([0, 1, 2].map((q) => held(x, 2, q))).toEqual([1, 2, 1]);
  });

  it('a rising price: a year held from quarter 1 is cheaper than starting when needed in quarter 3', () => {
    // Need only in quarters 3 and 4; a 4-quarter term from quarter 1 covers both at 10, from quarter 3 at 12.
    expect(cheapestTermStarts([0, 0, 3, 3], 4, [10, 11, 12, 13])).toEqual([3, 0, 0, 0]);
    // Falling: as late as needed.
    expect(cheapestTermStarts([0, 0, 3, 3], 4, [13, 12, 11, 10])).toEqual([0, 0, 3, 0]);
  });

  it('agrees with a brute-force search of every schedule on small cases, at any prices', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.double({ min: 0.2, max: 3, noNaN: true }), { minLength: 6, maxLength: 6 }),
        (need, L, prices) => {
          const cost = prices.slice(0, need.length);
          const x = cheapestTermStarts(need, L, cost);
          need.forEach((v, q) => {
            expect(held(x, L, q)).toBeGreaterThanOrEqual(v);
          });
          for (const v of x) expect(Number.isInteger(v) && v >= 0).toBe(true);
          const paid = x.reduce((sum, v, i) => sum + v * (cost[i] as number), 0);
          expect(paid).toBeCloseTo(bruteForce(need, L, cost, 3), 9);
        },
      ),
      { numRuns: 300, seed: 20_261_204 },
    );
  });
});
