import { describe, expect, it } from 'vitest';
import { evaluate, presets, type Scenario } from '../../src/engine';
import { createI18n } from '../../src/i18n';
import type { MoneyFormat } from '../../src/lib/format';
import { neverText } from '../../src/view-model/comparison-text';
import { crossingNotes, crossoverNotes } from '../../src/view-model/crossover-chart';
import { crossoverNoteText } from '../../src/view-model/crossover-text';
import { inAccountingView } from '../factories';

// Tests of the regime the presets show in the accounting view (crossovers, owning a base), not of the view.
const seed = inAccountingView(presets.seedTeam as Scenario);
const money: MoneyFormat = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 };
const t = createI18n('en').t;

describe('crossoverNoteText', () => {
  it('words each of the seed’s notes in English, rates to one decimal', () => {
    const e = evaluate(seed);
    const texts = crossoverNotes(e, [
      { band: { comparator: 'rent', p10: 0.35, p90: 0.52 }, area: { x1: 35, x2: 52 } },
    ]).map((note) => crossoverNoteText(note, money, t));
    expect(texts).toEqual([
      'Self-build costs the same as renting whole servers at 44.3% load (marked ●); above it, self-build is cheaper than renting whole servers.',
      `Self-build against the pooled platform: ${neverText(e.comparisons.platform, money, t)}.`,
      'Shaded from 45.0%: an own cluster keeps at most 45.0% of its GPU-hours busy at this team level, so above that load the self-build curve is the own cluster plus burst on the platform.',
      'Shaded: P10–P90 of the load where self-build meets renting whole servers in the Monte Carlo (35.0%–52.0%).',
      'Current load rate: 32.9%.',
    ]);
  });

  it('words the notes of a scenario on premises: strategies left out with their reason, and no rental', () => {
    const e = evaluate({ ...seed, compliance: 'onPrem' });
    const texts = crossoverNotes(e, []).map((note) => crossoverNoteText(note, money, t));
    expect(texts[0]).toBe(
      t('charts:omittedNote', { name: 'Rent servers', reason: t('charts:ineligible.onPremPublicRent') }),
    );
    expect(texts[3]).toBe(t('charts:noRentalNote'));
    expect(crossingNotes(e).map((note) => crossoverNoteText(note, money, t))).toEqual([texts[3]]);
  });

  it('words the "cheaper at every load" note, the band over a share of draws and a load off the chart', () => {
    expect(crossoverNoteText({ code: 'zero', comparator: 'platform' }, money, t)).toBe(
      'Self-build is cheaper than the pooled platform at every load rate.',
    );
    expect(
      crossoverNoteText(
        { code: 'band', comparator: 'rent', p10: 0.35, p90: 0.52, crossingShare: 0.9 },
        money,
        t,
      ),
    ).toBe(
      'Shaded: P10–P90 of the load where self-build meets renting whole servers in the Monte Carlo (35.0%–52.0%), over the 90.0% of draws in which the two cross at all.',
    );
    expect(crossoverNoteText({ code: 'current', onChart: false, loadRate: 1.2 }, money, t)).toBe(
      'Current load rate 120.0% is above 100% and off the chart.',
    );
  });
});
