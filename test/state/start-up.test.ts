import { describe, expect, it } from 'vitest';
import { defaultScenario, presets, type Scenario, withInput } from '../../src/engine';
import { planStart } from '../../src/state/start-up';

const steady = presets.steadyLab as Scenario;
const edited = withInput(steady, 'selfBuild.serverPriceCny', 1_700_000);
const kept = {
  kind: 'ok',
  scenario: edited,
  currency: 'USD',
  cnyPerUsd: 7.05,
  presetId: 'steadyLab',
} as const;
const HREF = 'https://example.test/#s=1.x';

describe('what the app opens with', () => {
  it('without a link: the scenario kept from the last visit, its display settings, and "Start from an example"', () => {
    expect(planStart(null, {}, kept, HREF)).toEqual({
      scenario: edited,
      currency: 'USD',
      cnyPerUsd: 7.05,
      presetId: 'steadyLab',
      offer: { kind: 'resumed' },
    });
  });

  it('without a link or anything kept: the default, with nothing to say', () => {
    expect(planStart(null, {}, { kind: 'none' }, HREF)).toEqual({});
  });

  it('without a link and a kept scenario that does not open: the default and the reason', () => {
    const issues = [{ path: 'horizonMonths', message: 'too small' }];
    expect(planStart(null, {}, { kind: 'broken', issues }, HREF)).toEqual({
      notice: { kind: 'resumeError', issues },
    });
  });

  it('a link wins over the kept scenario, which is offered back', () => {
    const plan = planStart({ ok: true, scenario: steady }, { currency: 'CNY' }, kept, HREF);
    expect(plan.scenario).toBe(steady);
    expect(plan.currency).toBe('CNY');
    expect(plan.offer).toEqual({
      kind: 'replaced',
      previous: { scenario: edited, currency: 'USD', cnyPerUsd: 7.05, presetId: 'steadyLab' },
    });
  });

  it('a link to an untouched preset opens as that preset (the picker names it)', () => {
    expect(planStart({ ok: true, scenario: { ...steady } }, {}, { kind: 'none' }, HREF).presetId).toBe(
      'steadyLab',
    );
    expect(planStart({ ok: true, scenario: edited }, {}, { kind: 'none' }, HREF).presetId).toBeUndefined();
  });

  it('a link to the kept scenario itself, or a kept untouched preset, offers nothing back', () => {
    expect(planStart({ ok: true, scenario: edited }, {}, kept, HREF).offer).toBeUndefined();
    const untouched = { ...kept, scenario: steady };
    expect(planStart({ ok: true, scenario: edited }, {}, untouched, HREF).offer).toBeUndefined();
  });

  it('a damaged link shows the default and what was wrong, and offers the kept scenario back', () => {
    const plan = planStart({ ok: false, error: 'badEncoding', issues: [] }, {}, kept, HREF);
    expect(plan.scenario).toBeUndefined();
    expect(plan.notice).toEqual({ kind: 'linkError', error: 'badEncoding', issues: [], link: HREF });
    expect(plan.offer?.kind).toBe('replaced');
    expect(defaultScenario).not.toEqual(edited);
  });
});
