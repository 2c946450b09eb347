// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import {
  budgetPlan,
  evaluate,
  presets,
  type SizingBand,
  sizingCurve,
  startSizingBand,
} from '../../../src/engine';
import { SizingPanel } from '../../../src/features/analysis/sizing-panel';
import { createI18n } from '../../../src/i18n';
import { formatMoney, type Locale } from '../../../src/lib/format';
import { createAppStore } from '../../../src/state/store';
import { StoreProvider } from '../../../src/state/store-context';
import type { AnalysisState } from '../../../src/workers/use-analysis';
import { inAccountingView } from '../../factories';

// Tests of the regime the presets show in the accounting view (crossovers, owning a base), not of the view.
const largeLab = inAccountingView(presets.largeLab!);

function bandOf(draws = 100): SizingBand {
  const run = startSizingBand(largeLab, sizingCurve(largeLab), { draws, seed: 1 });
  while (!run.done()) run.advance(draws);
  return run.result();
}

function renderPanel(state: AnalysisState<'sizing'>, locale: Locale = 'en') {
  const store = createAppStore({ scenario: largeLab, locale });
  return render(
    <I18nextProvider i18n={createI18n(locale)}>
      <StoreProvider store={store}>
        <SizingPanel scenario={largeLab} state={state} />
      </StoreProvider>
    </I18nextProvider>,
  );
}

const money = { locale: 'en' as const, currency: 'CNY' as const, cnyPerUsd: 7.2 };

describe('SizingPanel', () => {
  it('shows the engine’s right size as the cheapest size before the band has come', () => {
    renderPanel({ status: 'running', progress: 0.4, result: null, error: null });
    const e = evaluate(largeLab);
    expect(screen.getByTestId('sizing-optimum-gpus')).toHaveAttribute('data-gpus', String(e.rightSize.gpus));
    expect(screen.getByTestId('sizing-optimum-gpus')).toHaveTextContent('1,312 GPUs');
    expect(screen.getByRole('progressbar', { name: 'Sizing band progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    // The P90 column waits for the band.
    for (const cell of screen.getAllByTestId('budget-burst-p90')) expect(cell).toHaveTextContent('…');
  });

  it('fills the budget plan’s burst P90 from the band, quarter by quarter', () => {
    const band = bandOf();
    renderPanel({ status: 'done', progress: 1, result: band, error: null });
    const plan = budgetPlan(largeLab, band.planGpus, band.burstP90ByQuarterCny);
    const cells = screen.getAllByTestId('budget-burst-p90');
    expect(cells).toHaveLength(plan.quarters.length);
    expect(cells[0]).toHaveTextContent(formatMoney(plan.quarters[0]!.burstP90Cny!, money));
    expect(screen.getByTestId('budget-plan-total')).toHaveTextContent(
      formatMoney(plan.total.totalCny, money),
    );
    expect(screen.getByTestId('budget-plan-capex')).toHaveAttribute('data-month', String(plan.capexMonth));
  });

  it('lists every size of the curve in its table, the cheapest and the current tagged', () => {
    renderPanel({ status: 'done', progress: 1, result: bandOf(), error: null });
    const table = screen.getByTestId('sizing-table');
    const curve = sizingCurve(largeLab);
    expect(within(table).getAllByRole('row')).toHaveLength(curve.points.length + 1);
    expect(table.querySelector(`tr[data-gpus="${curve.optimumGpus}"] th`)).toHaveTextContent('(cheapest)');
    expect(table.querySelector(`tr[data-gpus="${curve.currentGpus}"] th`)).toHaveTextContent('(now)');
  });

  it('speaks Chinese', () => {
    renderPanel({ status: 'done', progress: 1, result: bandOf(), error: null }, 'zh-CN');
    expect(screen.getByText('规模：自有多少 GPU')).toBeInTheDocument();
    expect(screen.getByTestId('sizing-optimum-gpus')).toHaveTextContent('1,312 张 GPU');
  });
});
