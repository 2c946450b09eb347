import { describe, expect, it } from 'vitest';
import { budgetPlan, evaluate, presets, sizingCurve, startSizingBand } from '../../../src/engine';
import { sizingSection } from '../../../src/features/report-pdf/sizing-section';
import { createI18n } from '../../../src/i18n';
import { inAccountingView } from '../../factories';

// Tests of the regime the presets show in the accounting view (crossovers, owning a base), not of the view.
const largeLab = inAccountingView(presets.largeLab!);
const money = { locale: 'en' as const, currency: 'CNY' as const, cnyPerUsd: 7.2 };

function band() {
  const run = startSizingBand(largeLab, sizingCurve(largeLab), { draws: 100, seed: 1 });
  while (!run.done()) run.advance(100);
  return run.result();
}

describe('PDF sizing page', () => {
  const t = createI18n('en').t;

  it('names the engine’s right size and prints the budget plan by quarter with its burst P90', () => {
    const b = band();
    const section = sizingSection({ scenario: largeLab, money, t, band: b });
    const facts = section.blocks.find((x) => x.kind === 'facts');
    const right = evaluate(largeLab).rightSize.gpus;
    expect(facts && facts.kind === 'facts' ? facts.rows[0]?.value : '').toContain(
      `${right.toLocaleString('en')} GPUs`,
    );
    const table = section.blocks.find((x) => x.kind === 'table');
    const plan = budgetPlan(largeLab, right, b.burstP90ByQuarterCny);
    expect(table && table.kind === 'table' ? table.table.body : []).toHaveLength(plan.quarters.length);
    const firstRow = table && table.kind === 'table' ? table.table.body[0] : [];
    expect(firstRow?.[6]).toBe(`CN¥${Math.round(plan.quarters[0]!.burstP90Cny!).toLocaleString('en')}`);
  });

  it('draws the curve as SVG with the band, and labels the cheapest and the current size', () => {
    const section = sizingSection({ scenario: largeLab, money, t, band: band() });
    const chart = section.blocks.find((x) => x.kind === 'chart');
    const svg = chart && chart.kind === 'chart' ? chart.svg : '';
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('fill="#c7d2fe"');
    expect(svg).toContain('Cheapest: 1,312');
    expect(svg).toContain('Now: 1,440');
  });

  it('leaves the band and the P90 column empty before the band has run', () => {
    const section = sizingSection({ scenario: largeLab, money, t, band: null });
    const chart = section.blocks.find((x) => x.kind === 'chart');
    expect(chart && chart.kind === 'chart' ? chart.svg : '').not.toContain('fill="#c7d2fe"');
    const table = section.blocks.find((x) => x.kind === 'table');
    expect(table && table.kind === 'table' ? table.table.body[0]?.[6] : null).toBe('');
  });
});
