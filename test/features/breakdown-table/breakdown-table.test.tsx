// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import {
  COST_CATEGORIES,
  type Evaluation,
  evaluate,
  presets,
  type Scenario,
  STRATEGY_IDS,
} from '../../../src/engine';
import { BreakdownTable } from '../../../src/features/breakdown-table';
import { createI18n } from '../../../src/i18n';
import enCharts from '../../../src/i18n/en/charts.json';
import { formatMoney, type MoneyFormat } from '../../../src/lib/format';
import { createAppStore } from '../../../src/state/store';
import { StoreProvider } from '../../../src/state/store-context';

function preset(id: string): Scenario {
  const s = presets[id];
  if (!s) throw new Error(`missing preset ${id}`);
  return s;
}

function renderTable(
  scenario: Scenario,
  money: MoneyFormat = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 },
) {
  const evaluation = evaluate(scenario);
  const store = createAppStore({
    scenario,
    locale: money.locale,
    currency: money.currency,
    cnyPerUsd: money.cnyPerUsd,
  });
  render(
    <StoreProvider store={store}>
      <I18nextProvider i18n={createI18n(money.locale)}>
        <BreakdownTable scenario={scenario} evaluation={evaluation} />
      </I18nextProvider>
    </StoreProvider>,
  );
  return { evaluation, money };
}

const categoryName = (c: (typeof COST_CATEGORIES)[number]) => enCharts.category[c];
const strategyName = (id: (typeof STRATEGY_IDS)[number]) => enCharts.strategy[id];

/** The body rows' category names, top to bottom. */
function bodyCategoryOrder(): string[] {
  const [, body] = screen.getAllByRole('rowgroup');
  if (!body) throw new Error('no table body');
  return within(body)
    .getAllByRole('row')
    .map((row) => within(row).getByRole('rowheader').textContent ?? '');
}

/** Text of the cell in the row headed `rowName`, column of strategy index `col` (0 = selfBuild). */
function cellText(rowName: string, col: number): string {
  const header = screen.getByRole('rowheader', { name: rowName });
  const row = header.closest('tr');
  if (!row) throw new Error(`no row ${rowName}`);
  return within(row).getAllByRole('cell')[col]?.textContent ?? '';
}

function columnValues(evaluation: Evaluation, id: (typeof STRATEGY_IDS)[number]) {
  return COST_CATEGORIES.map((c) => ({ c, v: evaluation.strategies[id].breakdownMonthlyCny[c] }));
}

describe('BreakdownTable', () => {
  it('has a translated caption naming the currency', () => {
    renderTable(preset('seedTeam'));
    expect(
      screen.getByRole('table', { name: /Monthly cost by category and strategy \(CNY\)/ }),
    ).toBeInTheDocument();
  });

  it('shows each category of each strategy as the engine breakdown formatted as money', () => {
    const { evaluation, money } = renderTable(preset('steadyLab'));
    for (const c of COST_CATEGORIES) {
      STRATEGY_IDS.forEach((id, col) => {
        expect(cellText(categoryName(c), col)).toBe(
          formatMoney(evaluation.strategies[id].breakdownMonthlyCny[c], money),
        );
      });
    }
  });

  it('shows monthly, annual and horizon totals from the engine', () => {
    const scenario = preset('steadyLab');
    const { evaluation, money } = renderTable(scenario);
    STRATEGY_IDS.forEach((id, col) => {
      const s = evaluation.strategies[id];
      expect(cellText('Monthly total', col)).toBe(formatMoney(s.monthlyCny, money));
      expect(cellText('Annual total', col)).toBe(formatMoney(s.annualCny, money));
      expect(cellText(`Total over ${scenario.horizonMonths} months`, col)).toBe(
        formatMoney(s.horizonCny, money),
      );
    });
  });

  it('formats amounts in dollars when the display currency is USD', () => {
    const money: MoneyFormat = { locale: 'en', currency: 'USD', cnyPerUsd: 7.2 };
    const { evaluation } = renderTable(preset('seedTeam'), money);
    expect(cellText('Compute', 1)).toBe(
      formatMoney(evaluation.strategies.rent.breakdownMonthlyCny.compute, money),
    );
    expect(cellText('Compute', 1)).toMatch(/^\$/);
  });

  it('lists the categories in the model order before any sorting, with every column unsorted', () => {
    renderTable(preset('steadyLab'));
    expect(bodyCategoryOrder()).toEqual(COST_CATEGORIES.map(categoryName));
    for (const id of STRATEGY_IDS) {
      expect(screen.getByRole('columnheader', { name: new RegExp(strategyName(id)) })).toHaveAttribute(
        'aria-sort',
        'none',
      );
    }
  });

  it('sorts the categories by a strategy, largest first, when its header button is clicked', async () => {
    const user = userEvent.setup();
    const { evaluation } = renderTable(preset('steadyLab'));
    await user.click(screen.getByRole('button', { name: 'Self-build' }));
    const expected = columnValues(evaluation, 'selfBuild')
      .sort((a, b) => b.v - a.v)
      .map((x) => categoryName(x.c));
    // The scenario is chosen so that sorting changes the order; otherwise this test would prove nothing.
    expect(expected).not.toEqual(COST_CATEGORIES.map(categoryName));
    expect(bodyCategoryOrder()).toEqual(expected);
    expect(screen.getByRole('columnheader', { name: /Self-build/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('columnheader', { name: /Rent servers/ })).toHaveAttribute('aria-sort', 'none');
  });

  it('reverses to smallest first on a second click', async () => {
    const user = userEvent.setup();
    const { evaluation } = renderTable(preset('steadyLab'));
    const button = screen.getByRole('button', { name: 'Rent servers' });
    await user.click(button);
    await user.click(button);
    const expected = columnValues(evaluation, 'rent')
      .sort((a, b) => a.v - b.v)
      .map((x) => categoryName(x.c));
    // Ties (several zero categories) may come in either order, so compare the values in order.
    const byName = new Map(columnValues(evaluation, 'rent').map((x) => [categoryName(x.c), x.v]));
    expect(bodyCategoryOrder().map((n) => byName.get(n))).toEqual(expected.map((n) => byName.get(n)));
    expect(screen.getByRole('columnheader', { name: /Rent servers/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('keeps the totals in the footer while the categories are sorted', async () => {
    const user = userEvent.setup();
    renderTable(preset('steadyLab'));
    await user.click(screen.getByRole('button', { name: 'Hybrid' }));
    const footer = screen.getAllByRole('rowgroup')[2];
    if (!footer) throw new Error('no footer');
    expect(
      within(footer)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Monthly total',
      'Annual total',
      'Total over 36 months',
      'Per useful GPU-hour (reference GPU)',
      'Per useful PFLOP-hour',
    ]);
  });

  it('shows each strategy’s cost per useful GPU-hour and per useful PFLOP-hour from the engine', () => {
    const s = preset('growingCompany');
    renderTable(s);
    const e = evaluate(s);
    const money: MoneyFormat = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 };
    const row = screen.getByTestId('unit-cost-perPflopHour');
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(
      STRATEGY_IDS.map((id) => formatMoney(e.strategies[id].costPerUsefulPflopHourCny, money, 2)),
    );
  });

  it('marks strategies ruled out by compliance as not available, with the reason', () => {
    renderTable({ ...preset('steadyLab'), compliance: 'onPrem' });
    expect(screen.getByRole('columnheader', { name: /Rent servers.*not available/ })).toBeInTheDocument();
    expect(screen.getByText(/Rent servers: data must stay on premises/)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /^Self-build/ })).not.toHaveTextContent('not available');
  });

  it('is translated into Chinese', () => {
    renderTable(preset('seedTeam'), { locale: 'zh-CN', currency: 'CNY', cnyPerUsd: 7.2 });
    expect(screen.getByRole('button', { name: '自建' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: '运维人力' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /各方案按类别的月成本/ })).toBeInTheDocument();
  });

  it('names the currency in Chinese words and says the lead-time cost in one flat sentence (review #53, #58)', () => {
    const zh: MoneyFormat = { locale: 'zh-CN', currency: 'CNY', cnyPerUsd: 7.2 };
    const { evaluation } = renderTable(preset('seedTeam'), zh);
    expect(screen.getByRole('table', { name: '各方案按类别的月成本（元）' })).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('（CNY）');
    const self = evaluation.strategies.selfBuild;
    expect(self.leadTimeMonthlyCny).toBeGreaterThan(0);
    const months = evaluation.buildLeadTimeMonths;
    const amount = `¥${Math.round(self.leadTimeMonthlyCny).toLocaleString('en')}`;
    expect(document.body.textContent).toContain(
      `时间成本中含建设期费用：自有集群投运前 ${months} 个月的工作需租用算力，分摊到测算期后为每月 ${amount}（自建）`,
    );
  });

  it('names dollars 美元 in the Chinese caption', () => {
    renderTable(preset('seedTeam'), { locale: 'zh-CN', currency: 'USD', cnyPerUsd: 7.2 });
    expect(screen.getByRole('table', { name: '各方案按类别的月成本（美元）' })).toBeInTheDocument();
  });
});
