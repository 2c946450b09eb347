import { describe, expect, it } from 'vitest';
import {
  defaultScenario,
  presets,
  type Scenario,
  scaleToLoadRateWithinLimits,
  withInput,
} from '../../src/engine';
import { loadRateOf } from '../../src/engine/demand';
import { defaultLadder } from '../../src/engine/ladder/tiers';
import { emptyTrainingPlan } from '../../src/engine/training-plan/plan';
import { decodeScenarioHash, encodeScenarioHash, withMoneyInput } from '../../src/scenario';
import { LINK_BASES } from '../../src/scenario/link-bases';
import { encodeFullScenarioHash } from '../../src/scenario/url-codec';

/** A share link as the app writes it (url-sync.ts: scenario, then display settings). */
const shareUrl = (s: Scenario) => `https://example.test/gpu-tco/#${encodeScenarioHash(s)}&cur=CNY&fx=7.2`;

/** Three steps of the load-rate slider (1 % each, as its arrow keys move it). */
function threeSliderSteps(s: Scenario): Scenario {
  let next = s;
  const start = Math.round(loadRateOf(s) * 100);
  for (let i = 1; i <= 3; i++) next = scaleToLoadRateWithinLimits(next, (start + i) / 100).scenario;
  return next;
}

/** A slider step, a team level and a price typed in dollars: three edits of different kinds. */
function threeMixedEdits(s: Scenario): Scenario {
  const stepped = scaleToLoadRateWithinLimits(s, Math.round(loadRateOf(s) * 100 + 1) / 100).scenario;
  const team = {
    ...stepped,
    teamCapability: stepped.teamCapability === 5 ? 4 : ((stepped.teamCapability + 1) as 4),
  };
  return withMoneyInput(
    withInput(team, 'selfBuild.capacityGpus', 96),
    'rent.priceCnyPerServerHour',
    9.5,
    'USD',
    7.2,
  );
}

/**
 * The steady lab (v5) with the load rate stepped to 72, 73 and 74 % and a rent price typed as 9.5 USD at
 * 7.2: a short link as first written, frozen. It must keep opening to exactly that scenario.
 */
const FROZEN_SHORT_LINK =
  's=2.5-steadyLab.dU_NCsIwDH6XnLey7t9ePag3wePYQWwOotbSreoYfXdtt5WCDD5I8v2EpBmB4-MsOLAR3oi3-7CTurPTBxgllNZpTrOsyou6KpMsAg2siWkUpwum3jOuSYIpxH8olOicc9WxS_Vmv9hhkmetNSYChaK3x0t1veBWDEdUJ1QvVPunVsDKmuQ_l-74QUjduz9thKz4N6Qwpv0C';

describe('short links', () => {
  it('a frozen short link opens to exactly the scenario it was written for', () => {
    const frozen = LINK_BASES.get('5-steadyLab') as Scenario;
    // The engine reads a v16 scenario: the v5 base owned nothing before month 1.
    let expected: Scenario = { ...frozen, existing: null };
    for (const rate of [0.72, 0.73, 0.74]) expected = scaleToLoadRateWithinLimits(expected, rate).scenario;
    expected = withMoneyInput(expected, 'rent.priceCnyPerServerHour', 9.5, 'USD', 7.2);
    // A v5 link opens as v8 with an empty training plan (schema v6), every input as it was, its 680
    // GPUs the user's (schema v7): the slider scaled the demand, whose peak the rule sizes to 760 —
    // and, its VAT view off, the leasing rate at 13 % (schema v8); its steady price path (schema v9);
    // its figures in the accounting view it was priced in (schema v10); v11's energy factors (schema v11); no measured energy (schema v12); the ladder at v13's terms (schema v13); terms on the on-demand path (schema v14); hardware at today's price (schema v15); no cluster already owned (schema v16); one market, no ladder cap of its own (schema v17).
    const asV8: Scenario = {
      ...expected,
      schemaVersion: 17,
      existing: null,
      ladder: defaultLadder(),
      energy: {
        gridKgCo2ePerKwh: 0.5306,
        powerCapMw: null,
        providerPue: 1.49,
        providerGridKgCo2ePerKwh: 0.5306,
        embodiedKgCo2ePerGpu: 165,
        carbonPriceCnyPerTonne: 0,
        measured: null,
      },
      trainingPlan: emptyTrainingPlan(expected),
      selfBuild: { ...expected.selfBuild, capacitySizedBy: 'user' },
      vat: { ...expected.vat, leasingRateFraction: 0.13 },
      finance: {
        ...expected.finance,
        gpuTimePriceShape: null,
        termPriceShape: null,
        hardwarePriceShape: null,
        resalePriceShape: null,
        costView: 'accounting',
        lens: 'marginal',
      },
    };
    expect(asV8.selfBuild.capacityGpus).toBe(680);
    expect(decodeScenarioHash(FROZEN_SHORT_LINK)).toEqual({
      ok: true,
      scenario: asV8,
      notes: ['accountingView'],
    });
  });

  it.each(Object.keys(presets))(
    'preset %s plus three edits is a link of at most 500 characters that opens to it exactly',
    (id) => {
      const preset = presets[id] as Scenario;
      for (const edited of [threeSliderSteps(preset), threeMixedEdits(preset)]) {
        const url = shareUrl(edited);
        expect(url.length).toBeLessThanOrEqual(500);
        // The whole scenario (format 1) was 1,750–2,600 characters.
        expect(`#${encodeFullScenarioHash(edited)}`.length).toBeGreaterThan(1_500);
        expect(decodeScenarioHash(url.slice(url.indexOf('#')))).toEqual({ ok: true, scenario: edited });
      }
    },
  );

  it('is written against the preset it was made from', () => {
    for (const id of Object.keys(presets))
      expect(encodeScenarioHash(threeSliderSteps(presets[id] as Scenario))).toMatch(
        new RegExp(`^s=2\\.17-${id}\\.`),
      );
  });

  it('a short link that patches its base into an invalid scenario is refused with the field named, like any link', () => {
    const bad = { ...defaultScenario, horizonMonths: 999 };
    const r = decodeScenarioHash(encodeScenarioHash(bad));
    expect(r).toMatchObject({ ok: false, error: 'invalid' });
    if (!r.ok) expect(r.issues.map((i) => i.path)).toContain('horizonMonths');
  });

  it('says a link on a base of a newer schema version comes from a newer app, and an unknown base is an unknown format', () => {
    expect(decodeScenarioHash('#s=2.18-steadyLab.i66ujQUA')).toMatchObject({
      ok: false,
      error: 'invalid',
      issues: [expect.objectContaining({ code: 'newerVersion' })],
    });
    expect(decodeScenarioHash('#s=2.5-nonsense.i66ujQUA')).toMatchObject({
      ok: false,
      error: 'unknownFormat',
    });
    expect(decodeScenarioHash('#s=2.5-steadyLab')).toMatchObject({ ok: false, error: 'unknownFormat' });
    expect(decodeScenarioHash('#s=2.5-steadyLab.@@')).toMatchObject({ ok: false, error: 'badEncoding' });
  });
});
