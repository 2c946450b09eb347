import { describe, expect, it } from 'vitest';
import { evaluate, presets, type Scenario, STRATEGY_IDS } from '../../../src/engine';
import { crossoverChartBlock } from '../../../src/features/report-pdf/budget-sections';
import { createI18n } from '../../../src/i18n';
import type { MoneyFormat } from '../../../src/lib/format';
import { LOAD_SWEEP_POINTS } from '../../../src/view-model/crossover-chart';
import { STRATEGY_COLORS } from '../../../src/view-model/strategy-style';
import { inAccountingView } from '../../factories';

// Tests of the regime the presets show in the accounting view (crossovers, owning a base), not of the view.
const seed = inAccountingView(presets.seedTeam as Scenario);
const money: MoneyFormat = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 };

function block(s: Scenario) {
  return crossoverChartBlock({
    scenario: s,
    evaluation: evaluate(s),
    money,
    t: createI18n('en').t,
    monteCarlo: null,
    tornado: null,
  });
}

/** The points of each drawn curve of the SVG, by stroke colour ("M x y L x y …"). */
function curvePoints(svg: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const [, d, color] of svg.matchAll(/<path d="([^"]+)" fill="none" stroke="([^"]+)"/g))
    out.set(color!, (out.get(color!) ?? 0) + (d!.match(/[ML]/g)?.length ?? 0));
  return out;
}

describe('the PDF’s crossover chart', () => {
  it('draws each strategy over the dashboard’s sweep: one point per whole percent (101)', () => {
    const points = curvePoints(block(seed).svg);
    expect(LOAD_SWEEP_POINTS).toBe(101);
    for (const id of STRATEGY_IDS) expect(points.get(STRATEGY_COLORS[id])).toBe(LOAD_SWEEP_POINTS);
  });

  it('notes where self-build meets renting whole servers, in the dashboard’s words', () => {
    expect(block(seed).notes).toEqual([
      'Self-build costs the same as renting whole servers at 44.3% load (marked ●); above it, self-build is cheaper than renting whole servers.',
    ]);
  });

  it('labels today’s load with one decimal, as the text beside it states it (32.9 %, not 33 %)', () => {
    const e = evaluate(seed);
    const shown = `${(Math.round(e.loadRate * 1000) / 10).toFixed(1)}%`;
    expect(shown).toBe('32.9%');
    expect(block(seed).svg).toContain(`>Now ${shown}<`);
  });

  it('lists the rentals as not available on premises, and draws self-build alone', () => {
    const onPrem = block({ ...seed, compliance: 'onPrem' });
    expect(onPrem.legend.map((item) => item.label)).toEqual([
      'Self-build',
      'Rent (not available)',
      'Platform (not available)',
      'Hybrid (not available)',
    ]);
    expect([...curvePoints(onPrem.svg).keys()]).toEqual([STRATEGY_COLORS.selfBuild]);
  });
});
