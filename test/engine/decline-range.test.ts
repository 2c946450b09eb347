import { DECLINE_STRIP, flipDecline, presets, type Scenario, sweepPriceDecline } from '../../src/engine';

/** The seed-003 preset in the accounting view, where it owns below a decline of about 17 %/yr. */
function accountingLab(): Scenario {
  const s = presets.largeLab as Scenario;
  return { ...s, finance: { ...s.finance, costView: 'accounting' } };
}

/** The seed-003 preset with owning made cheaper (half the server price): its flip lies at about 33 %/yr. */
function cheapOwnLab(): Scenario {
  const s = accountingLab();
  return { ...s, selfBuild: { ...s.selfBuild, serverPriceCny: s.selfBuild.serverPriceCny / 2 } };
}

describe('one range of GPU-time price declines for the strip and the flip', () => {
  it('the strip runs from a 20 %/yr rise to a 30 %/yr decline in 1-point steps', () => {
    const strip = sweepPriceDecline(presets.seedTeam as Scenario).map((p) => p.value);
    expect(strip).toHaveLength(51);
    expect(strip[0]).toBe(DECLINE_STRIP.min);
    expect(strip.at(-1)).toBeCloseTo(DECLINE_STRIP.max, 12);
    expect(DECLINE_STRIP).toEqual({ min: -0.2, max: 0.3, step: 0.01 });
  });

  it('the flip is searched over the strip’s range: a change of winner beyond 30 %/yr is not named', () => {
    const s = cheapOwnLab();
    // Over the whole strip the same strategy wins…
    const winners = new Set(sweepPriceDecline(s).map((p) => p.winner));
    expect(winners.size).toBe(1);
    // …so there is no flip to name: the sentence then says it holds over the strip's range.
    expect(flipDecline(s)).toBeNull();
  });

  it('a flip inside the strip is still found (the seed-003 preset at about 17 %/yr, accounting view)', () => {
    const flip = flipDecline(accountingLab());
    expect(flip?.declineFractionPerYear).toBeGreaterThan(0.15);
    expect(flip?.declineFractionPerYear).toBeLessThan(DECLINE_STRIP.max);
  });
});
