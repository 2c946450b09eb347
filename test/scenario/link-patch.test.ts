import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyToBase, diffFromBase } from '../../src/scenario/link-patch';

/** Diff, then JSON (as a link carries it), then apply: what the decoder sees. */
function roundTrip(base: unknown, value: unknown): unknown {
  const { patch, deletions } = JSON.parse(JSON.stringify(diffFromBase(base, value)));
  return applyToBase(base, patch, deletions);
}

describe('link patches against a frozen base', () => {
  it('hold only what differs, objects as patches, arrays whole', () => {
    const base = { a: 1, g: { x: 1, y: 2 }, list: ['p', 'q'], n: null };
    const value = { a: 1, g: { x: 1, y: 3 }, list: ['p'], n: 4 };
    expect(diffFromBase(base, value)).toEqual({ patch: { g: { y: 3 }, list: ['p'], n: 4 }, deletions: [] });
    expect(roundTrip(base, value)).toEqual(value);
  });

  it('list keys of the base that are gone, by key path (keys may contain dots)', () => {
    const base = { usdInputs: { 'rent.priceCnyPerServerHour': 8 }, ranges: { 'a.b': [1, 2] } };
    const value = { usdInputs: {}, ranges: { 'a.b': [1, 2] } };
    expect(diffFromBase(base, value)).toEqual({
      patch: {},
      deletions: [['usdInputs', 'rent.priceCnyPerServerHour']],
    });
    expect(roundTrip(base, value)).toEqual(value);
  });

  it('store a curve scaled again and again as one factor and tiny per-week steps, bit for bit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 5_000, noNaN: true }), { minLength: 26, maxLength: 104 }),
        fc.array(fc.double({ min: 0.2, max: 5, noNaN: true }), { minLength: 1, maxLength: 6 }),
        (weeks, factors) => {
          let scaled = weeks;
          for (const f of factors) scaled = scaled.map((g) => g * f);
          const base = { demand: { weeklyGpus: weeks } };
          const value = { demand: { weeklyGpus: scaled } };
          const back = roundTrip(base, value) as typeof value;
          expect(back.demand.weeklyGpus.map((g) => (Object.is(g, 0) ? 0 : g))).toEqual(
            scaled.map((g) => (Object.is(g, 0) ? 0 : g)),
          );
          const stored = JSON.stringify(diffFromBase(base, value).patch);
          if (weeks.some((g) => g > 0)) expect(stored.length).toBeLessThan(JSON.stringify(scaled).length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuse patches that do not fit their base, without throwing', () => {
    const base = { demand: { weeklyGpus: [1, 2, 3] }, g: { x: 1 } };
    expect(applyToBase(base, { demand: { weeklyGpus: { x: 2, u: [0] } } }, [])).toBeNull();
    expect(applyToBase(base, { demand: { weeklyGpus: { x: 'two' } } }, [])).toBeNull();
    expect(applyToBase(base, { demand: { weeklyGpus: { x: 2, u: [0, 0.5, 0] } } }, [])).toBeNull();
    expect(applyToBase(base, JSON.parse('{"__proto__":{"polluted":1}}'), [])).toBeNull();
    expect(applyToBase(base, {}, [['g', 'missing']])).toBeNull();
    expect(applyToBase(base, {}, [[1]])).toBeNull();
    expect(applyToBase(base, {}, 'x')).toBeNull();
    expect(applyToBase(base, [1], [])).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never throw on random patches', () => {
    const base = { demand: { weeklyGpus: [1, 2, 3] }, g: { x: 1 } };
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (patch, deletions) => {
        const out = applyToBase(base, patch, deletions);
        expect(out === null || typeof out === 'object').toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});
