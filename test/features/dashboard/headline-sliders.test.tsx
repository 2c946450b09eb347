// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import {
  type Compliance,
  evaluate,
  presets,
  type Scenario,
  STRATEGY_IDS,
  sweepLoadRate,
  type TeamCapability,
} from '../../../src/engine';
import { scaleToLoadRate } from '../../../src/engine/demand';
import { formatMoney, formatPercent, type MoneyFormat } from '../../../src/lib/format';
import { LiveKpis, LiveSliders, renderDashboard } from './render-dashboard';

/** The sliders with the KPI cards they move. */
const sliders = (
  <>
    <LiveSliders />
    <LiveKpis />
  </>
);

const CNY_EN: MoneyFormat = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 };

function expectKpisOf(scenario: Scenario) {
  const evaluation = evaluate(scenario);
  for (const id of STRATEGY_IDS) {
    expect(screen.getByTestId(`kpi-monthly-${id}`)).toHaveTextContent(
      formatMoney(evaluation.strategies[id].monthlyCny, CNY_EN),
    );
  }
}

describe('headline sliders', () => {
  it('names the three sliders Load rate, Team capability and Compliance', () => {
    renderDashboard(sliders);
    expect(screen.getByRole('slider', { name: /Load rate/ })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: /Team capability/ })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: /Compliance/ })).toBeInTheDocument();
  });

  it('ArrowRight on the load-rate slider raises the load rate by one point and the KPIs show the engine costs of the scaled scenario', async () => {
    const seed = presets.seedTeam as Scenario;
    const { user, store } = renderDashboard(sliders, { scenario: seed });
    const slider = screen.getByRole('slider', { name: /Load rate/ });
    const start = Math.round(evaluate(seed).loadRate * 100);
    expect(slider).toHaveValue(String(start));

    slider.focus();
    await user.keyboard('{ArrowRight}');

    const expected = scaleToLoadRate(seed, (start + 1) / 100);
    expect(store.getState().scenario.demand.jobsPerMonth).toBeCloseTo(expected.demand.jobsPerMonth, 9);
    expect(slider).toHaveValue(String(start + 1));
    expectKpisOf(expected);
  });

  it('End on the load-rate slider moves to 100% and its value text names the value and the winner there', async () => {
    const seed = presets.seedTeam as Scenario;
    const { user } = renderDashboard(sliders, { scenario: seed });
    const slider = screen.getByRole('slider', { name: /Load rate/ });
    slider.focus();
    await user.keyboard('{End}');

    const winner = evaluate(scaleToLoadRate(seed, 1)).recommendation.strategy;
    const names = { selfBuild: 'Self-build', rent: 'Rent', platform: 'Platform', hybrid: 'Hybrid' };
    expect(slider).toHaveAttribute('aria-valuetext', `${formatPercent(1, 'en', 0)} — ${names[winner]} wins`);
    expectKpisOf(scaleToLoadRate(seed, 1));
  });

  it('ArrowLeft on the team-capability slider lowers the level by one and the KPIs follow the engine', async () => {
    const lab = presets.steadyLab as Scenario;
    const { user, store } = renderDashboard(sliders, { scenario: lab });
    const slider = screen.getByRole('slider', { name: /Team capability/ });
    slider.focus();
    await user.keyboard('{ArrowLeft}');

    const level = (lab.teamCapability - 1) as TeamCapability;
    expect(store.getState().scenario.teamCapability).toBe(level);
    expectKpisOf({ ...lab, teamCapability: level });
  });

  it('End on the compliance slider selects on-premises, greys rent and platform and shows why', async () => {
    const seed = presets.seedTeam as Scenario;
    const { user, store } = renderDashboard(sliders, { scenario: seed });
    const slider = screen.getByRole('slider', { name: /Compliance/ });
    slider.focus();
    await user.keyboard('{End}');

    const onPrem: Compliance = 'onPrem';
    expect(store.getState().scenario.compliance).toBe(onPrem);
    expectKpisOf({ ...seed, compliance: onPrem });
    const rentCard = screen.getByRole('listitem', { name: 'Rent' });
    expect(
      within(rentCard).getByText(/public server rental is not allowed/, { exact: false }),
    ).toBeInTheDocument();
    expect(slider).toHaveAttribute('aria-valuetext', 'On-premises only — Self-build wins');
  });

  it('typing a load rate into the percent field scales the demand to exactly that rate', async () => {
    const seed = presets.seedTeam as Scenario;
    const { user, store } = renderDashboard(sliders, { scenario: seed });
    const field = screen.getByRole('textbox', { name: 'Load rate in percent' });
    await user.clear(field);
    await user.type(field, '62.5');

    expect(store.getState().scenario).toEqual(scaleToLoadRate(seed, 0.625));
    expectKpisOf(scaleToLoadRate(seed, 0.625));
  });

  it('a load rate above 100% in the percent field shows an alert and leaves the scenario unchanged', async () => {
    const seed = presets.seedTeam as Scenario;
    const { user, store } = renderDashboard(sliders, { scenario: seed });
    const field = screen.getByRole('textbox', { name: 'Load rate in percent' });
    // Replace the whole text at once (as a paste), so no valid intermediate value is typed on the way.
    await user.tripleClick(field);
    await user.paste('150');

    expect(screen.getByRole('alert')).toHaveTextContent('Must be between 0 and 100');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('150');
    expect(store.getState().scenario).toBe(seed);
  });

  it('the load-rate strip lists the winners across 0–100% as the engine sweep gives them', () => {
    // Cheaper servers, so the winner changes along the load axis (platform, then self-build or hybrid).
    const growing = presets.growingCompany as Scenario;
    const seed: Scenario = { ...growing, selfBuild: { ...growing.selfBuild, serverPriceCny: 500_000 } };
    renderDashboard(sliders, { scenario: seed });
    const slider = screen.getByRole('slider', { name: /Load rate/ });
    const block = slider.closest('.slider') as HTMLElement;
    // Expected legend: runs of equal winners in the engine's 101-point sweep, "from–to: winner".
    const sweep = sweepLoadRate(seed, 101);
    const names: Record<string, string> = {
      selfBuild: 'Self-build',
      rent: 'Rent',
      platform: 'Platform',
      hybrid: 'Hybrid',
    };
    const expected: string[] = [];
    let start = 0;
    sweep.forEach((p, i) => {
      const next = sweep[i + 1];
      if (next && next.winner === p.winner) return;
      const from = formatPercent(sweep[start]!.loadRate, 'en', 0);
      const to = formatPercent(p.loadRate, 'en', 0);
      expected.push(start === i ? `${from}: ${names[p.winner]}` : `${from}–${to}: ${names[p.winner]}`);
      start = i + 1;
    });
    expect(expected.length).toBeGreaterThan(1);
    const items = [...block.querySelectorAll('.strip__legend-item')].map((el) =>
      el.textContent?.replace(/;\s*$/, '').trim(),
    );
    expect(items).toEqual(expected);
  });

  it('switching to Chinese names the sliders 负载率, 团队能力 and 合规', async () => {
    const { store } = renderDashboard(sliders);
    await act(async () => store.getState().setLocale('zh-CN'));
    expect(screen.getByRole('slider', { name: /负载率/ })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: /团队能力/ })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: /合规/ })).toBeInTheDocument();
  });
});
