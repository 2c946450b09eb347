// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { evaluate, presets, type Scenario } from '../../../src/engine';
import { formatMoney, formatPercent } from '../../../src/lib/format';
import { LiveRecommendation, LiveWinnerSummary, renderDashboard } from './render-dashboard';

/** The recommendation with the verdict above it (which carries the right-sized cluster). */
const recommendation = (
  <>
    <LiveWinnerSummary />
    <LiveRecommendation />
  </>
);

const CNY_EN = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 } as const;

describe('recommendation panel', () => {
  it('for the seed example recommends the platform with reasons under the four factors', () => {
    renderDashboard(recommendation, { scenario: presets.seedTeam as Scenario });
    const panel = screen.getByTestId('recommendation');
    expect(within(panel).getByText('Recommended: Platform')).toBeInTheDocument();
    for (const factor of ['Load', 'Time span and scale', 'Team capability', 'Compliance']) {
      expect(within(panel).getByRole('heading', { level: 4, name: factor })).toBeInTheDocument();
    }
    const e = evaluate(presets.seedTeam as Scenario);
    const loadRate = formatPercent(e.loadRate, 'en', 1);
    const rentCrossover = formatPercent(Number(e.comparisons.rent.crossoverLoadRate), 'en', 1);
    // One load reason per comparator, each naming it: rent crosses, the platform never does.
    expect(
      within(panel).getByText(
        `The load rate of ${loadRate} is below ${rentCrossover}, where self-build turns cheaper than renting whole servers: renting whole servers is cheaper now.`,
      ),
    ).toBeInTheDocument();
    expect(
      within(panel).getByText(
        `Against the pooled platform, self-build never gets cheaper anywhere between 0 and 100% load (now ${loadRate}).`,
      ),
    ).toBeInTheDocument();
    expect(
      within(panel).getAllByText(
        /^Against (renting whole servers|the pooled platform), self-build's cumulative cash out never/,
      ),
    ).toHaveLength(2);
    expect(within(panel).getByText('No compliance limits: every strategy is available.')).toBeInTheDocument();
  });

  it('lists what would flip the decision with the engine threshold formatted as money', () => {
    const seed = presets.seedTeam as Scenario;
    renderDashboard(recommendation, { scenario: seed });
    const flip = evaluate(seed).recommendation.flips.find((f) => f.code === 'flipServerPrice');
    const price = formatMoney(Number(flip?.params.serverPriceCny), CNY_EN);
    const panel = screen.getByTestId('recommendation');
    expect(
      within(panel).getByText(
        `At today's load, self-build would match the winner at a server price of ${price}.`,
      ),
    ).toBeInTheDocument();
    expect(
      within(panel).getByText(
        'If data had to stay on premises (On-premises only), only self-build would remain.',
      ),
    ).toBeInTheDocument();
  });

  it('for a steady lab with cheaper servers recommends a hybrid split with the engine baseline and burst share', () => {
    const steady = presets.steadyLab as Scenario;
    const lab: Scenario = { ...steady, selfBuild: { ...steady.selfBuild, serverPriceCny: 500_000 } };
    renderDashboard(recommendation, { scenario: lab });
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
        `Renting whole servers beats self-build below a load rate of ${formatPercent(Number(e.comparisons.rent.crossoverLoadRate), 'en', 1)}.`,
      ),
    ).toBeInTheDocument();
    // The platform's own crossover is a separate flip, named as the platform, not as renting.
    expect(
      within(panel).getByText(
        `The pooled platform beats self-build below a load rate of ${formatPercent(Number(e.comparisons.platform.crossoverLoadRate), 'en', 1)}.`,
      ),
    ).toBeInTheDocument();
  });

  it('says "own N GPUs, not M" when a right-sized own cluster wins', () => {
    const seed = presets.seedTeam as Scenario;
    const big: Scenario = {
      ...seed,
      demand: { ...seed.demand, jobsPerMonth: 1000 },
      selfBuild: { ...seed.selfBuild, capacityGpus: 400, serverPriceCny: 300_000 },
    };
    const e = evaluate(big);
    expect(e.recommendation.ownGpus).not.toBeNull();
    renderDashboard(recommendation, { scenario: big });
    const panel = screen.getByTestId('recommendation');
    expect(within(panel).getByText('Recommended: Self-build')).toBeInTheDocument();
    expect(within(panel).getByTestId('recommendation-own-gpus')).toHaveTextContent(
      `Own ${e.recommendation.ownGpus} GPUs, not ${e.rightSize.currentGpus}: that cluster serves all the demand and costs ${formatMoney(e.rightSize.savingMonthlyCny, CNY_EN)} a month less.`,
    );
    expect(screen.getByTestId('right-size-gpus')).toHaveTextContent(
      `${e.rightSize.gpus} GPUs (now ${e.rightSize.currentGpus})`,
    );
  });

  it('shows no "own N GPUs" line when the configured cluster is not beaten by a right-sized one', () => {
    renderDashboard(recommendation, { scenario: presets.seedTeam as Scenario });
    expect(screen.queryByTestId('recommendation-own-gpus')).toBeNull();
  });

  it('shows the migration path: rent first, measure, then decide', () => {
    renderDashboard(recommendation);
    const panel = screen.getByTestId('recommendation');
    expect(within(panel).getByRole('heading', { name: 'Migration path' })).toBeInTheDocument();
    expect(within(panel).getByText(/Start by renting elastic capacity/)).toBeInTheDocument();
  });

  it('in Chinese renders the reasons as Chinese sentences', async () => {
    const { store } = renderDashboard(recommendation, { scenario: presets.seedTeam as Scenario });
    await act(async () => store.getState().setLocale('zh-CN'));
    const panel = screen.getByTestId('recommendation');
    expect(within(panel).getByText('建议：智算平台')).toBeInTheDocument();
    expect(within(panel).getByText('没有合规限制：所有方案都可选。')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: '迁移路径' })).toBeInTheDocument();
  });
});
