import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultScenario, evaluate, presets } from '../../src/engine';
import {
  decodeScenarioHash,
  encodeScenarioHash,
  hasScenarioHash,
  LINK_WARN_LENGTH,
} from '../../src/scenario';
import { arbScenario } from '../engine/arbitraries';

/** The default scenario's link as first released: old links must keep opening to the same scenario. */
const FROZEN_DEFAULT_HASH =
  's=1.dVXbUttADP0Vzz67GSdtWiZvLRRKKSUDQ2c6nT5sbIVsWe969kIKDN_RD-qP9WhtJ3GgvCRI2iPp6Eh5FL5cUS2_kfPKGjEb58LImsRMXBFVWVEUs2xcvGrgtyYLJOs8mxTZL7vw2d8_2eRNtuLPg-xkfu1FLiqAmUrMHkVtK4bhSNj5Y07u3JqwErNJkYuVjY5Nn-0Chje5uGni5v-DXKyJbvX9CYxi9uPnEz9w6sGaBAHb67e54HoOZSMXSqtwD1suSls3WklTcnJjDSG5J738EJVOdZWILxHdIiNRl_eK3B25ZPHp69ypkg4NYCegAX-ghsLauttjJ8uQ6CpG4wnig3XyhnbNxTQXSxUuYti3NnZN7pKCs_ADHqnP1nAyd42jUkmO_k7SoTzEO_KqilIPkuailsoEMtxo7wESP0uJwGdKdC5_n613uhsXIxScXB-ivx_4Djau00rTwAVimwhGxyN8I01lADkgsa8fMy1GGEhptS1TA72nm_g7pg_dWcCBUZRv0BNm0zh1JwPNrdVitpTa08D2BTMwnscANIysg3s9LaAIRybwSBGfJrUp-BO0xb0i5_PpxgC1PKQiueopgBotw9K6eg8M-TqkyYgn56hWsR5OH_Y9wHeMuLpfOJX0tpCQnzJ03u6DXRuq0HdvbmVootZp1FxmdaR8aaMZSGfCqBZ7mPLgyaMgcwMAcm2x7einnVKHvraLyXTLx8fOn8QNNSnTWwCdBMbkXjR-p4YtT_t2TyE2nMSft3Od8VZsjPMNvdwHyFmfQrvOxSb1sss0g62PpdLR0dzZRbfa_V1oVwgnq7xtLBYg4dxJndKk61VRgDoHtWAXwGyQbmhGiTvB72OwNbgtN-1vXwx8eNaT2zZHrqu3B4bG_hMxAEo62Z6rQ-tDGmtla-RW5fyZ3LjgSmG_qHru5MI27uuhJN8i01KlY8EZFEhLviMqWYMvHJAxaK46GV4C8aUbc8D1S60WLRgjs2iueO6t7trbzgLrlbPvZEnyI-5-y1O6uizl7cOXA3CSbeC18vi1QrxASWHlbLxZNTHdhmhU4Alce1pGvdFZu3Ds_Nr-3AV7i0Mjnp7-AQ';

describe('share-link codec', () => {
  it('round-trips every preset exactly, numbers included', () => {
    for (const [name, s] of Object.entries(presets)) {
      const decoded = decodeScenarioHash(`#${encodeScenarioHash(s)}`);
      expect(decoded.ok, name).toBe(true);
      if (decoded.ok) {
        expect(decoded.scenario).toEqual(s);
        expect(evaluate(decoded.scenario).strategies.platform.monthlyCny).toBe(
          evaluate(s).strategies.platform.monthlyCny,
        );
      }
    }
  });

  it('encodes the default scenario to a frozen string, and the frozen string decodes to it', () => {
    expect(encodeScenarioHash(defaultScenario)).toBe(FROZEN_DEFAULT_HASH);
    expect(decodeScenarioHash(FROZEN_DEFAULT_HASH)).toEqual({ ok: true, scenario: defaultScenario });
  });

  it('keeps preset links under the 2,000-character warning length', () => {
    for (const s of Object.values(presets))
      expect(encodeScenarioHash(s).length).toBeLessThan(LINK_WARN_LENGTH);
  });

  it('round-trips random valid scenarios', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const decoded = decodeScenarioHash(encodeScenarioHash(s));
        expect(decoded.ok).toBe(true);
        if (decoded.ok) expect(decoded.scenario).toEqual(s);
      }),
      { numRuns: 200 },
    );
  });

  it('reports what is wrong with damaged links', () => {
    expect(decodeScenarioHash('')).toMatchObject({ ok: false, error: 'empty' });
    expect(decodeScenarioHash('#s=9.abc')).toMatchObject({ ok: false, error: 'unknownFormat' });
    expect(decodeScenarioHash('#s=1.@@@')).toMatchObject({ ok: false, error: 'badEncoding' });
    expect(decodeScenarioHash('#s=1.AAAAAAAA')).toMatchObject({ ok: false, error: 'badCompression' });
    const truncated = FROZEN_DEFAULT_HASH.slice(0, FROZEN_DEFAULT_HASH.length - 40);
    expect(decodeScenarioHash(truncated).ok).toBe(false);
  });

  it('names the field when a link decodes to an invalid scenario', () => {
    const bad = { ...defaultScenario, horizonMonths: 999 };
    const decoded = decodeScenarioHash(encodeScenarioHash(bad));
    expect(decoded).toMatchObject({ ok: false, error: 'invalid' });
    if (!decoded.ok) expect(decoded.issues.map((i) => i.path)).toContain('horizonMonths');
  });

  it('tells a hash with a scenario from one without', () => {
    expect(hasScenarioHash('#s=1.x')).toBe(true);
    expect(hasScenarioHash('#about')).toBe(false);
    expect(hasScenarioHash('')).toBe(false);
  });

  it('never throws on 10,000 random and mutated links, and always yields a scenario or an error', () => {
    const valid = encodeScenarioHash(presets.growingCompany!);
    const mutated = fc
      .tuple(fc.nat({ max: valid.length - 1 }), fc.string({ maxLength: 6 }), fc.nat({ max: 8 }))
      .map(([at, insert, cut]) => valid.slice(0, at) + insert + valid.slice(at + cut));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          mutated,
          fc.string().map((s) => `s=1.${s}`),
        ),
        (hash) => {
          const r = decodeScenarioHash(hash);
          expect(r.ok ? r.scenario.schemaVersion === 1 : typeof r.error === 'string').toBe(true);
        },
      ),
      { numRuns: 10_000 },
    );
  });
});
