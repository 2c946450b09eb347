// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { evaluate, presets, type Scenario, STRATEGY_IDS } from '../../../src/engine';
import { HeaderBar } from '../../../src/features/dashboard/header-bar';
import { ScenarioNameField } from '../../../src/features/finance/scenario-name-field';
import { formatMoney } from '../../../src/lib/format';
import { LiveKpis, LiveWinnerSummary, renderDashboard } from './render-dashboard';

const seed = presets.seedTeam as Scenario;

/** The header (with the scenario name field, as the shell composes it), the verdict and the KPI cards. */
const header = (
  <>
    <HeaderBar nameField={<ScenarioNameField />} />
    <LiveWinnerSummary />
    <LiveKpis />
  </>
);

describe('header settings', () => {
  it('picking a preset loads that preset as the scenario and shows its engine costs', async () => {
    const { user, store } = renderDashboard(header, { scenario: seed });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Preset' }), 'burstyResearch');

    const bursty = presets.burstyResearch as Scenario;
    expect(store.getState().scenario).toBe(bursty);
    const evaluation = evaluate(bursty);
    for (const id of STRATEGY_IDS) {
      expect(screen.getByTestId(`kpi-monthly-${id}`)).toHaveTextContent(
        formatMoney(evaluation.strategies[id].monthlyCny, { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 }),
      );
    }
    expect(screen.getByRole('textbox', { name: 'Scenario name' })).toHaveValue(
      'Bursty research group (pulses, low baseline)',
    );
  });

  it('the scenario name is an editable field: typing commits through the door, one undo step per visit', async () => {
    const { user, store } = renderDashboard(header, { scenario: seed });
    const field = screen.getByRole('textbox', { name: 'Scenario name' });
    // Two commits in one visit to the field (cleared, then the new name pasted): one undo step.
    await user.clear(field);
    await user.paste('Budget 2026');
    await user.tab();
    expect(store.getState().scenario.name).toBe('Budget 2026');
    expect(field).toHaveValue('Budget 2026');
    // Everything else is the scenario as it was.
    expect({ ...store.getState().scenario, name: seed.name }).toEqual(seed);
    act(() => store.getState().undo());
    expect(store.getState().scenario.name).toBe(seed.name);
  });

  it('names the field “场景名称” in Chinese and shows a preset’s name translated', () => {
    renderDashboard(header, { scenario: seed, locale: 'zh-CN' });
    expect(screen.getByRole('textbox', { name: '场景名称' })).toHaveValue(
      '行业文章示例：10 人团队，每月 20 个任务 × 24 小时 × 8 卡',
    );
  });

  it('the preset picker offers all five presets by their translated names', () => {
    renderDashboard(header);
    const picker = screen.getByRole('combobox', { name: 'Preset' });
    const options = Array.from((picker as HTMLSelectElement).options).map((o) => o.value);
    expect(options).toEqual(Object.keys(presets));
  });

  it('switching the language to Chinese translates the page and sets <html lang>', async () => {
    const { user, store } = renderDashboard(header);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');

    expect(store.getState().locale).toBe('zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: 'GPU 总拥有成本看板' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '语言' })).toBeInTheDocument();
    expect(screen.getByTestId('winner')).toHaveTextContent('智算平台');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('switching the currency to USD shows every monthly cost converted at the exchange rate', async () => {
    const { user } = renderDashboard(header, { scenario: seed });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'USD');

    const evaluation = evaluate(seed);
    for (const id of STRATEGY_IDS) {
      expect(screen.getByTestId(`kpi-monthly-${id}`)).toHaveTextContent(
        formatMoney(evaluation.strategies[id].monthlyCny, { locale: 'en', currency: 'USD', cnyPerUsd: 7.2 }),
      );
    }
  });

  it('a valid exchange rate is applied to the USD amounts', async () => {
    const { user, store } = renderDashboard(header, { scenario: seed, currency: 'USD' });
    const rate = screen.getByRole('textbox', { name: 'CNY per USD' });
    await user.tripleClick(rate);
    await user.paste('7.5');

    expect(store.getState().cnyPerUsd).toBe(7.5);
    expect(screen.getByTestId('kpi-monthly-rent')).toHaveTextContent(
      formatMoney(57_000, { locale: 'en', currency: 'USD', cnyPerUsd: 7.5 }),
    );
  });

  it('an exchange rate outside 0.1–100 shows an alert and keeps the previous rate', async () => {
    const { user, store } = renderDashboard(header, { scenario: seed });
    const rate = screen.getByRole('textbox', { name: 'CNY per USD' });
    await user.tripleClick(rate);
    await user.paste('0');

    expect(screen.getByRole('alert')).toHaveTextContent('Must be between 0.1 and 100');
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    expect(store.getState().cnyPerUsd).toBe(7.2);
  });
});
