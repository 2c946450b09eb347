// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { defaultScenario, ladderBudget, ladderPlan, type Scenario } from '../../../src/engine';
import { SizingPanel } from '../../../src/features/analysis/sizing-panel';
import { createI18n } from '../../../src/i18n';
import { formatMoney, type Locale } from '../../../src/lib/format';
import { createAppStore } from '../../../src/state/store';
import { StoreProvider } from '../../../src/state/store-context';
import type { AnalysisState } from '../../../src/workers/use-analysis';
import { handCase } from '../../engine/ladder/hand-case';

const money = { locale: 'en' as const, currency: 'CNY' as const, cnyPerUsd: 7.2 };

function solved(s: Scenario): AnalysisState<'ladder'> {
  const plan = ladderPlan(s);
  return { status: 'done', progress: 1, result: { ...plan, budget: ladderBudget(s, plan) }, error: null };
}

function renderPanel(s: Scenario, ladder: AnalysisState<'ladder'> | null, locale: Locale = 'en') {
  const store = createAppStore({ scenario: s, locale });
  return render(
    <I18nextProvider i18n={createI18n(locale)}>
      <StoreProvider store={store}>
        <SizingPanel
          scenario={s}
          state={{ status: 'running', progress: 0, result: null, error: null }}
          ladder={ladder}
        />
      </StoreProvider>
    </I18nextProvider>,
  );
}

describe('the sizing card budgets one plan', () => {
  // 80 GPUs reserved for a year at 547,500 a month and 365,000 on demand: 912,500 a month, below renting.
  const hand = handCase(['reserved1y', 'onDemand']);
  const quarter = 3 * (80 * 730 * 12.5 * 0.75 + ((40 * 0.5 * 730) / 0.5) * 12.5);

  it('when the ladder wins, its plan by quarter is the budget (2,737,500 a quarter, 10,950,000 over the year) and buy-N the alternative behind it', () => {
    expect(quarter).toBe(2_737_500);
    renderPanel(hand, solved(hand));
    // Buy-N stays one click away, named as the alternative, untitled inside its summary.
    const alternative = screen.getByTestId('budget-plan-alternative');
    expect(alternative.tagName).toBe('DETAILS');
    expect(alternative).not.toHaveAttribute('open');
    expect(within(alternative).getByTestId('budget-plan')).toBeInTheDocument();
    expect(alternative.querySelector('summary')).toHaveTextContent(/^Instead: buy/);
    const block = screen.getByTestId('budget-plan-ladder');
    expect(block).toHaveTextContent('Budget plan: the plan with every way to commit');
    expect(block).toHaveTextContent('Reserve 80 GPUs for one year');
    const table = screen.getByTestId('budget-plan-ladder-quarters-table');
    const rows = within(table).getAllByRole('row');
    // Header, four quarters, the horizon's sums; no own columns (the plan owns nothing).
    expect(rows).toHaveLength(6);
    expect(within(table).queryByText('Own: capex')).toBeNull();
    for (const q of [1, 2, 3, 4])
      expect(table.querySelector(`tr[data-quarter="${q}"] td:last-child`)).toHaveTextContent(
        formatMoney(quarter, money),
      );
    expect(table.querySelector('tr[data-quarter="sum"] td:last-child')).toHaveTextContent(
      formatMoney(4 * quarter, money),
    );
  });

  it('while the ladder is solving, or when it does not win, the buy-N plan stays', () => {
    renderPanel(hand, { status: 'running', progress: 0, result: null, error: null });
    expect(screen.getByTestId('budget-plan')).toBeInTheDocument();
    expect(screen.queryByTestId('budget-plan-alternative')).toBeNull();
    expect(screen.queryByTestId('budget-plan-ladder')).toBeNull();
  });

  it('when the ladder saves nothing (the seed team), the buy-N plan stays', () => {
    const plan = ladderPlan(defaultScenario);
    expect(plan.savingVsBestWayCnyPerMonth).toBeLessThan(0.0005 * (plan.bestWay?.monthlyCny ?? 0));
    renderPanel(defaultScenario, solved(defaultScenario));
    expect(screen.getByTestId('budget-plan')).toBeInTheDocument();
    expect(screen.queryByTestId('budget-plan-ladder')).toBeNull();
  });

  it('speaks Chinese', () => {
    renderPanel(hand, solved(hand), 'zh-CN');
    expect(screen.getByTestId('budget-plan-ladder')).toHaveTextContent('预算计划：分档承诺');
    expect(screen.getByTestId('budget-plan-ladder')).toHaveTextContent('承诺');
  });
});
