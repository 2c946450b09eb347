// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { evaluate, presets, type Scenario } from '../../../src/engine';
import { formatMoney, formatPercent } from '../../../src/lib/format';
import { renderDashboard } from './render-dashboard';

const CNY_EN = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 } as const;

describe('recommendation panel', () => {
  it('for the seed example recommends the platform with reasons under the four factors', () => {
    renderDashboard({ scenario: presets.seedTeam as Scenario });
    const panel = screen.getByTestId('recommendation');
    expect(within(panel).getByText('Recommended: Platform')).toBeInTheDocument();
    for (const factor of ['Load', 'Time span and scale', 'Team capability', 'Compliance']) {
      expect(within(panel).getByRole('heading', { level: 4, name: factor })).toBeInTheDocument();
    }
    const loadRate = formatPercent(evaluate(presets.seedTeam as Scenario).loadRate, 'en', 1);
    expect(
      within(panel).getByText(new RegExp(`At a load rate of ${loadRate}, self-build never`)),
    ).toBeInTheDocument();
    expect(within(panel).getByText('No compliance limits: every strategy is available.')).toBeInTheDocument();
  });

  it('lists what would flip the decision with the engine threshold formatted as money', () => {
    const seed = presets.seedTeam as Scenario;
    renderDashboard({ scenario: seed });
    const flip = evaluate(seed).recommendation.flips.find((f) => f.code === 'flipServerPrice');
    const price = formatMoney(Number(flip?.params.serverPriceCny), CNY_EN);
    const panel = screen.getByTestId('recommendation');
    expect(
      within(panel).getByText(`Self-build would match the winner at a server price of ${price}.`),
    ).toBeInTheDocument();
    expect(
      within(panel).getByText(
        'If data had to stay on premises (On-premises only), only self-build would remain.',
      ),
    ).toBeInTheDocument();
  });

  it('for a steady lab recommends a hybrid split with the engine baseline and burst share', () => {
    const lab = presets.steadyLab as Scenario;
    renderDashboard({ scenario: lab });
    const e = evaluate(lab);
    const panel = screen.getByTestId('recommendation');
    expect(within(panel).getByText('Recommended: Hybrid')).toBeInTheDocument();
    expect(
      within(panel).getByText(
        `Keep ${e.recommendation.hybridBaselineGpus} GPUs as a baseline (owned) and send ${formatPercent(
          e.strategies.hybrid.burstShare,
          'en',
          1,
        )} of the work to the platform as burst.`,
      ),
    ).toBeInTheDocument();
    expect(
      within(panel).getByText(
        `Renting wins below a load rate of ${formatPercent(Number(e.crossoverLoadRate), 'en', 1)}.`,
      ),
    ).toBeInTheDocument();
  });

  it('shows the migration path of seed 003 §6: rent first, measure, then decide', () => {
    renderDashboard();
    const panel = screen.getByTestId('recommendation');
    expect(within(panel).getByRole('heading', { name: 'Migration path' })).toBeInTheDocument();
    expect(within(panel).getByText(/Start by renting elastic capacity/)).toBeInTheDocument();
  });

  it('in Chinese renders the reasons as Chinese sentences', async () => {
    const { store } = renderDashboard({ scenario: presets.seedTeam as Scenario });
    await act(async () => store.getState().setLocale('zh-CN'));
    const panel = screen.getByTestId('recommendation');
    expect(within(panel).getByText('建议：智算平台')).toBeInTheDocument();
    expect(within(panel).getByText('没有合规限制：所有方案都可选。')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: '迁移路径' })).toBeInTheDocument();
  });
});
