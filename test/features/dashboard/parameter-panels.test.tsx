// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import {
  buildLeadTimeMonthsOf,
  evaluate,
  HOURS_PER_MONTH,
  parameter,
  presets,
  type Scenario,
} from '../../../src/engine';
import { HeaderBar } from '../../../src/features/dashboard/header-bar';
import { formatMoney } from '../../../src/lib/format';
import { LiveAssumptions, LiveKpis, panelGroup, renderDashboard } from './render-dashboard';

const seed = presets.seedTeam as Scenario;

/** The assumption panels with the header's preset picker and the KPI cards they move. */
const panels = (
  <>
    <HeaderBar />
    <LiveKpis />
    <LiveAssumptions />
  </>
);

describe('assumption panels', () => {
  it('the build lead time is by team level until set as a number 0–24, and 0 is allowed', async () => {
    const lab = presets.steadyLab as Scenario;
    const { user, store } = renderDashboard(panels, { scenario: lab });
    await user.click(screen.getByText('Self-build', { selector: 'summary h3' }));
    const selfBuild = panelGroup('Self-build');
    const byTeam = buildLeadTimeMonthsOf(lab);
    expect(lab.selfBuild.buildLeadTimeMonths).toBeNull();
    const auto = selfBuild.getByRole('checkbox', {
      name: `Build lead time (order to first workload): By team level (${byTeam} months)`,
    });
    expect(auto).toBeChecked();
    await user.click(auto);
    expect(store.getState().scenario.selfBuild.buildLeadTimeMonths).toBe(byTeam);
    const field = selfBuild.getByRole('textbox', { name: 'Build lead time in months' });
    await user.tripleClick(field);
    await user.paste('0');
    expect(store.getState().scenario.selfBuild.buildLeadTimeMonths).toBe(0);
    await user.tripleClick(field);
    await user.paste('30');
    expect(screen.getByRole('alert')).toHaveTextContent('Must be at most 24. Not applied.');
    expect(store.getState().scenario.selfBuild.buildLeadTimeMonths).toBe(0);
    await user.click(auto);
    expect(store.getState().scenario.selfBuild.buildLeadTimeMonths).toBeNull();
  });

  it('writes a percent hint with no space before % (review #67), in both languages', async () => {
    const meta = parameter('selfBuild.networkFraction');
    const pct = (f: number) => `${Math.round(f * 100)}%`;
    for (const [locale, group, label, range, dflt] of [
      ['zh-CN', '自建', '网络（占服务器价格比例）', '允许范围', '默认值'],
      ['en', 'Self-build', 'Network (share of server price)', 'Allowed', 'Default'],
    ] as const) {
      const { user, unmount } = renderDashboard(panels, { scenario: seed, locale });
      await user.click(screen.getByText(group, { selector: 'summary h3' }));
      const field = panelGroup(group).getByRole('textbox', { name: label });
      const hint = document.getElementById(`${field.id}-hint`);
      expect(hint?.textContent).toBe(
        `${range} ${Math.round(meta.min * 100)}–${pct(meta.max)} · ${dflt} ${pct(meta.defaultValue)}`,
      );
      unmount();
    }
  });

  it('says “Default 1 hour” after one hour and keeps “hours” in the range', async () => {
    const meta = parameter('operations.checkpointIntervalHours');
    expect(meta.defaultValue).toBe(1);
    const { user } = renderDashboard(panels, { scenario: seed });
    await user.click(screen.getByText('Operations and failures', { selector: 'summary h3' }));
    const field = panelGroup('Operations and failures').getByRole('textbox', { name: 'Checkpoint interval' });
    expect(document.getElementById(`${field.id}-hint`)?.textContent).toBe(
      `Allowed ${meta.min}–${meta.max} hours · Default 1 hour`,
    );
  });

  it('labels the new v2 inputs in both languages', async () => {
    const { user } = renderDashboard(panels, { scenario: seed });
    await user.click(screen.getByText('Self-build', { selector: 'summary h3' }));
    expect(
      screen.getByRole('textbox', { name: 'Own cluster useful share, siloed (average team)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Setup per job on the own cluster' })).toBeInTheDocument();
    expect(
      screen.getByRole('textbox', { name: 'Yearly decline of the hardware resale value' }),
    ).toBeInTheDocument();
  });

  it('an out-of-range server price shows an inline alert, keeps the typed text and leaves the scenario unchanged', async () => {
    const { user, store } = renderDashboard(panels, { scenario: seed });
    await user.click(screen.getByText('Self-build', { selector: 'summary h3' }));
    const field = panelGroup('Self-build').getByRole('textbox', { name: 'Server price' });
    await user.tripleClick(field);
    await user.paste('50');

    // The limit comes from the scenario schema (the field has no range of its own).
    expect(screen.getByRole('alert')).toHaveTextContent('Must be at least 100,000. Not applied.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('50');
    expect(store.getState().scenario).toBe(seed);
  });

  it('non-numeric text shows "not a number" and leaves the scenario unchanged', async () => {
    const { user, store } = renderDashboard(panels, { scenario: seed });
    const field = panelGroup('Workload').getByRole('textbox', { name: 'Hours per job' });
    await user.tripleClick(field);
    await user.paste('abc');

    expect(screen.getByRole('alert')).toHaveTextContent('This is not a number.');
    expect(store.getState().scenario).toBe(seed);
  });

  it('a fractional GPU count is refused by the schema as not a whole number', async () => {
    const { user, store } = renderDashboard(panels, { scenario: seed });
    const field = panelGroup('Workload').getByRole('textbox', { name: 'GPUs per job' });
    await user.tripleClick(field);
    await user.paste('2.5');

    expect(screen.getByRole('alert')).toHaveTextContent('Must be a whole number. Not applied.');
    expect(store.getState().scenario).toBe(seed);
  });

  it('a valid server price is applied to the scenario and the self-build KPI shows the engine cost for it', async () => {
    const { user, store } = renderDashboard(panels, { scenario: seed });
    const field = panelGroup('Self-build').getByRole('textbox', { name: 'Server price' });
    await user.tripleClick(field);
    await user.paste('1500000');

    expect(store.getState().scenario.selfBuild.serverPriceCny).toBe(1_500_000);
    const expected = evaluate({ ...seed, selfBuild: { ...seed.selfBuild, serverPriceCny: 1_500_000 } });
    expect(screen.getByTestId('kpi-monthly-selfBuild')).toHaveTextContent(
      formatMoney(expected.strategies.selfBuild.monthlyCny, {
        locale: 'en',
        currency: 'CNY',
        cnyPerUsd: 7.2,
      }),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('fractions are edited as percents: 20 in the network share stores 0.2', async () => {
    const { user, store } = renderDashboard(panels, { scenario: seed });
    const field = panelGroup('Self-build').getByRole('textbox', { name: 'Network (share of server price)' });
    expect(field).toHaveValue('12');
    await user.tripleClick(field);
    await user.paste('20');

    expect(store.getState().scenario.selfBuild.networkFraction).toBe(0.2);
  });

  it("ties the default's source and date to the field as its description", () => {
    renderDashboard(panels, { scenario: seed });
    const field = panelGroup('Self-build').getByRole('textbox', { name: 'Server price' });
    const meta = parameter('selfBuild.serverPriceCny');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(`Source: ${meta.source}`));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(`As of ${meta.asOf}`));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Default 2,000,000 CNY'));
  });

  it('switching the demand input to a weekly curve keeps the useful GPU-hours per month', async () => {
    const { user, store } = renderDashboard(panels, { scenario: seed });
    await user.selectOptions(
      panelGroup('Workload').getByRole('combobox', { name: 'Demand input' }),
      'weekly',
    );

    const next = store.getState().scenario;
    expect(next.demand.mode).toBe('weekly');
    expect(next.demand.weeklyGpus).toHaveLength(52);
    expect(evaluate(next).demand.usefulGpuHoursPerMonth).toBeCloseTo(
      evaluate(seed).demand.usefulGpuHoursPerMonth,
      6,
    );
    expect(next.demand.weeklyGpus[0]).toBeCloseTo(1920 / HOURS_PER_MONTH, 9);
  });

  it('unchecking the automatic hybrid baseline fixes it at the baseline the engine chose', async () => {
    const lab = presets.steadyLab as Scenario;
    const { user, store } = renderDashboard(panels, { scenario: lab });
    const platform = panelGroup('Platform');
    await user.click(platform.getByRole('checkbox', { name: 'Choose the cheapest baseline automatically' }));

    expect(store.getState().scenario.hybrid.baselineGpus).toBe(evaluate(lab).strategies.hybrid.baselineGpus);
    expect(platform.getByRole('textbox', { name: 'Hybrid baseline GPUs' })).toHaveValue(
      String(evaluate(lab).strategies.hybrid.baselineGpus),
    );
  });

  it('shows the seed 000 calibration note for the seed example only', async () => {
    const { user } = renderDashboard(panels, { scenario: seed });
    const note = screen.getByRole('complementary', {
      name: "Calibration of the industry article's worked example",
    });
    expect(note).toHaveTextContent('platform premium of 12.5%');
    expect(note).toHaveTextContent('5,000 CNY when renting and 500 CNY on the platform');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Preset' }), 'steadyLab');
    expect(
      screen.queryByRole('complementary', { name: "Calibration of the industry article's worked example" }),
    ).not.toBeInTheDocument();
  });

  it('a measured throughput adds the engine cost per million units to every strategy card', async () => {
    const { user, store } = renderDashboard(panels, { scenario: seed });
    const field = panelGroup('Workload').getByRole('textbox', { name: 'Throughput per useful GPU-hour' });
    await user.click(field);
    await user.paste('2000');

    expect(store.getState().scenario.throughput.unitsPerUsefulGpuHour).toBe(2000);
    const expected = evaluate({ ...seed, throughput: { ...seed.throughput, unitsPerUsefulGpuHour: 2000 } });
    const platformCost = expected.strategies.platform.costPerMillionUnitsCny ?? Number.NaN;
    expect(screen.getAllByText('Per million tokens')).toHaveLength(4);
    const platformCard = screen.getByRole('listitem', { name: 'Platform' });
    expect(
      within(platformCard).getByText(
        formatMoney(platformCost, { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 }, 2),
      ),
    ).toBeInTheDocument();
  });

  it('a throughput of 0 is refused by the schema as not more than 0 and not applied', async () => {
    const { user, store } = renderDashboard(panels, { scenario: seed });
    await user.click(panelGroup('Workload').getByRole('textbox', { name: 'Throughput per useful GPU-hour' }));
    await user.paste('0');

    expect(screen.getByRole('alert')).toHaveTextContent('Must be more than 0. Not applied.');
    expect(store.getState().scenario).toBe(seed);
  });
});
