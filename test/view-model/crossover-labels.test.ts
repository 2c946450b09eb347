import { describe, expect, it } from 'vitest';
import { evaluate, presets, type Scenario } from '../../src/engine';
import { scaleToLoadRate } from '../../src/engine/demand';
import { createI18n } from '../../src/i18n';
import type { Locale } from '../../src/lib/format';
import { crossoverRows, labelWidthPx, layoutLabels } from '../../src/view-model/chart-data';
import { type CrossoverBand, crossoverChart, loadRateSweep } from '../../src/view-model/crossover-chart';
import {
  directLabels,
  MAX_DIRECT_LABELS,
  markLabelCandidates,
  markLabelText,
  marksAt,
} from '../../src/view-model/crossover-labels';
import { inAccountingView } from '../factories';

// Tests of the regime the presets show in the accounting view (crossovers, owning a base), not of the view.
const seed = inAccountingView(presets.seedTeam as Scenario);
const CNY = { currency: 'CNY' as const, cnyPerUsd: 7.2 };
/** Monte Carlo bands around each crossing the engine finds (the worker's are of this shape). */
function bandsOf(scenario: Scenario): CrossoverBand[] {
  const e = evaluate(scenario);
  return (['rent', 'platform'] as const).flatMap((comparator) => {
    const rate = e.comparisons[comparator].crossoverLoadRate;
    return rate === null ? [] : [{ comparator, p10: Math.max(0, rate - 0.1), p90: Math.min(1, rate + 0.1) }];
  });
}
function modelAt(scenario: Scenario, load: number, rows = crossoverRows(loadRateSweep(scenario), CNY)) {
  const e = evaluate(scaleToLoadRate(scenario, load));
  return { e, model: crossoverChart(e, rows, bandsOf(scenario)) };
}

describe('markLabelCandidates: every mark, most relevant first', () => {
  it('at the seed at 85 %: now, the crossing with renting, the full own cluster, the renting band', () => {
    const { e, model } = modelAt(seed, 0.85);
    expect(markLabelCandidates(model, e.ownEfficiency).map((c) => c.key)).toEqual([
      'current',
      'cross-rent',
      'reach',
      'band-rent',
    ]);
    const { shown, rest } = directLabels(model, e.ownEfficiency);
    expect(shown.map((c) => c.key)).toEqual(['current', 'cross-rent']);
    expect(rest.map((c) => c.key)).toEqual(['reach', 'band-rent']);
  });

  it('puts the crossing nearest today’s load before the farther one', () => {
    const cheap: Scenario = { ...seed, selfBuild: { ...seed.selfBuild, serverPriceCny: 500_000 } };
    const e0 = evaluate(cheap);
    const rent = Number(e0.comparisons.rent.crossoverLoadRate);
    const platform = Number(e0.comparisons.platform.crossoverLoadRate);
    expect(rent).toBeLessThan(platform);
    const near = (load: number) => {
      const { e, model } = modelAt(cheap, load);
      return directLabels(model, e.ownEfficiency).shown.map((c) => c.key);
    };
    expect(near(rent)).toEqual(['current', 'cross-rent']);
    expect(near(platform)).toEqual(['current', 'cross-platform']);
  });

  it('words each label, in English and Chinese', () => {
    const { e, model } = modelAt(seed, 0.85);
    const words = (locale: Locale) =>
      markLabelCandidates(model, e.ownEfficiency).map((c) => markLabelText(c, locale, createI18n(locale).t));
    expect(words('en')).toEqual([
      'Now 85.0%',
      'Meets Rent servers 44.3%',
      'Own cluster full above 45.0%',
      // The band is the crossover load's spread, not rented servers' cost: the label says so.
      'Crossover load vs renting whole servers, P10–P90',
    ]);
    expect(words('zh-CN')[0]).toBe('当前 85.0%');
    expect(words('zh-CN')[3]).toBe('与租用的临界负载率（P10–P90）');
  });

  it('names a mark without a label in the hover readout at its load rate, a band never', () => {
    const { e, model } = modelAt(seed, 0.85);
    const all = markLabelCandidates(model, e.ownEfficiency);
    expect(marksAt(all, 45).map((c) => c.key)).toEqual(['reach']);
    expect(marksAt(all, 44).map((c) => c.key)).toEqual(['cross-rent']);
    expect(marksAt(all, 60)).toEqual([]);
  });
});

describe('direct labels never overlap: every preset, loads 0–100 %, both languages, phone to desktop widths', () => {
  it(`draws at most ${MAX_DIRECT_LABELS} labels, each inside the plot and clear of the other`, () => {
    const problems: string[] = [];
    let checked = 0;
    const ts = { en: createI18n('en').t, 'zh-CN': createI18n('zh-CN').t };
    for (const [id, scenario] of Object.entries(presets)) {
      const rows = crossoverRows(loadRateSweep(scenario), CNY);
      for (let percent = 0; percent <= 100; percent += 1) {
        const { e, model } = modelAt(scenario, percent / 100, rows);
        const { shown } = directLabels(model, e.ownEfficiency);
        if (shown.length > MAX_DIRECT_LABELS) problems.push(`${id} ${percent}%: ${shown.length} labels`);
        for (const locale of ['en', 'zh-CN'] as const) {
          const t = ts[locale];
          const labels = shown.map((c) => ({ key: c.key, x: c.x, text: markLabelText(c, locale, t) }));
          for (const width of [240, 300, 560]) {
            const spans = layoutLabels(labels, width).map((p) => {
              const from = (Math.min(100, Math.max(0, p.x)) / 100) * width + p.dx;
              return { key: p.key, lane: p.lane, from, to: from + labelWidthPx(p.text) };
            });
            for (const s of spans)
              if (s.from < -0.01 || s.to > width + 0.01)
                problems.push(`${id} ${percent}% ${locale} ${width}px: ${s.key} leaves the plot`);
            for (let i = 0; i < spans.length; i++)
              for (let j = i + 1; j < spans.length; j++) {
                const a = spans[i];
                const b = spans[j];
                if (a && b && a.lane === b.lane && a.from < b.to && b.from < a.to)
                  problems.push(`${id} ${percent}% ${locale} ${width}px: ${a.key} overlaps ${b.key}`);
              }
            checked += spans.length;
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });
});
