// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { evaluate, presets, type Scenario, sweepLoadRate } from '../../../src/engine';
import { BreakdownChart } from '../../../src/features/charts/breakdown-chart';
import { CrossoverChart } from '../../../src/features/charts/crossover-chart';
import { CumulativeChart } from '../../../src/features/charts/cumulative-chart';
import { DemandChart } from '../../../src/features/charts/demand-chart';
import { createI18n } from '../../../src/i18n';
import { formatMoney, formatPercent, type Locale } from '../../../src/lib/format';
import { createAppStore } from '../../../src/state/store';
import { StoreProvider } from '../../../src/state/store-context';
import { inAccountingView } from '../../factories';

// Drawing is checked in Chromium; here: each chart's figure, caption, summary and notes.

function preset(id: string): Scenario {
  const s = presets[id];
  if (!s) throw new Error(`missing preset ${id}`);
  // The regime these tests read (crossovers, owning a base) is the accounting view's, not the view's own.
  return inAccountingView(s);
}

function renderChart(Chart: typeof CrossoverChart, scenario: Scenario, locale: Locale = 'en') {
  const evaluation = evaluate(scenario);
  render(
    <StoreProvider store={createAppStore({ scenario, locale })}>
      <I18nextProvider i18n={createI18n(locale)}>
        <Chart scenario={scenario} evaluation={evaluation} />
      </I18nextProvider>
    </StoreProvider>,
  );
  return evaluation;
}

describe('CrossoverChart', () => {
  it('notes each Monte Carlo band under its comparator, with its share of crossing draws filled in', () => {
    const scenario = preset('seedTeam');
    render(
      <StoreProvider store={createAppStore({ scenario, locale: 'en' })}>
        <I18nextProvider i18n={createI18n('en')}>
          <CrossoverChart
            scenario={scenario}
            evaluation={evaluate(scenario)}
            crossoverBands={[{ comparator: 'rent', p10: 0.364, p90: 0.528, crossingShare: 0.24 }]}
          />
        </I18nextProvider>
      </StoreProvider>,
    );
    expect(
      screen.getByText(
        'Shaded: P10–P90 of the load where self-build meets renting whole servers in the Monte Carlo (36.4%–52.8%), over the 24.0% of draws in which the two cross at all.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/meets the pooled platform in the Monte Carlo/)).toBeNull();
    // The legend names the band as the crossover load's spread, never as a strategy's own range.
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(within(legend).getByText('Crossover load vs renting whole servers, P10–P90')).toBeInTheDocument();
    expect(within(legend).queryByText(/^Rent servers P10–P90$/)).toBeNull();
  });

  it('is a figure named by its caption, its image naming each comparator and the current load', () => {
    const e = renderChart(CrossoverChart, preset('steadyLab'));
    const figure = screen.getByRole('figure', { name: 'Monthly cost vs load rate' });
    const rate = formatPercent(e.comparisons.rent.crossoverLoadRate ?? Number.NaN, 'en', 1);
    const image = within(figure).getByRole('img', {
      name: new RegExp(`same as renting whole servers at ${rate} load`),
    });
    expect(image).toHaveAccessibleName(
      /Self-build against the pooled platform: Self-build is never cheaper than the pooled platform at any load; it would be only if/,
    );
    expect(image).toHaveAccessibleName(
      new RegExp(`current load rate of ${formatPercent(e.loadRate, 'en', 1)}`),
    );
  });

  it('says above which load the self-build curve is own cluster + platform burst', () => {
    const e = renderChart(CrossoverChart, preset('seedTeam'));
    const reach = formatPercent(e.ownEfficiency, 'en', 1);
    expect(
      screen.getByText(new RegExp(`^Shaded from ${reach}: .* own cluster plus burst on the platform`)),
    ).toBeInTheDocument();
    expect(screen.getByText(/own cluster \+ platform burst/)).toBeInTheDocument();
  });

  it('names both comparators in Chinese', () => {
    renderChart(
      CrossoverChart,
      { ...preset('seedTeam'), selfBuild: { ...preset('seedTeam').selfBuild, serverPriceCny: 500_000 } },
      'zh-CN',
    );
    expect(screen.getByText(/自建与租用成本相同/)).toBeInTheDocument();
    expect(screen.getByText(/自建与智算平台成本相同/)).toBeInTheDocument();
  });

  it('draws one curve per eligible strategy, the current load and each crossing where the engine puts it', () => {
    const scenario = preset('steadyLab');
    const e = renderChart(CrossoverChart, scenario);
    const figure = screen.getByRole('figure', { name: 'Monthly cost vs load rate' });
    const eligible = (['selfBuild', 'rent', 'platform', 'hybrid'] as const).filter(
      (id) => e.strategies[id].eligible,
    );
    const curves = figure.querySelectorAll('path.crossover-curve');
    expect([...curves].map((p) => p.getAttribute('class'))).toEqual(
      eligible.map((id) => `crossover-curve crossover-curve--${id}`),
    );
    for (const curve of curves)
      expect(curve.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+){100}$/);
    // jsdom has no layout: the chart keeps its initial 640 px width, so the plot spans x = 76…624 px.
    const xOf = (fraction: number) => 76 + fraction * (624 - 76);
    const current = figure.querySelector('line.crossover-current');
    expect(Number(current?.getAttribute('x1'))).toBeCloseTo(xOf(e.loadRate), 6);
    const rate = e.comparisons.rent.crossoverLoadRate;
    expect(rate).not.toBeNull();
    const dot = figure.querySelector('circle.crossover-mark--rent');
    expect(Number(dot?.getAttribute('cx'))).toBeCloseTo(xOf(rate ?? 0), 6);
    expect(figure.querySelectorAll('line.crossover-line--rent')).toHaveLength(1);
  });

  it('a pointer over the plot reads each drawn strategy’s monthly cost at the nearest swept load', () => {
    const scenario = preset('steadyLab');
    const e = renderChart(CrossoverChart, scenario);
    const figure = screen.getByRole('figure', { name: 'Monthly cost vs load rate' });
    const overlay = figure.querySelectorAll('svg')[1];
    if (!overlay) throw new Error('no pointer layer');
    // jsdom: the layer's box starts at 0, and the plot spans x = 76…624 px; 350 px is the 50 % load.
    fireEvent.pointerMove(overlay, { clientX: 76 + 0.5 * 548, clientY: 100 });
    const point = sweepLoadRate(scenario, 101)[50];
    if (!point) throw new Error('no sweep point');
    const money = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 } as const;
    expect(figure.querySelector('.chart-readout__title')?.textContent).toBe(formatPercent(0.5, 'en', 1));
    const names = {
      selfBuild: 'Self-build',
      rent: 'Rent servers',
      platform: 'Pooled platform',
      hybrid: 'Hybrid',
    };
    const rows = [...figure.querySelectorAll('.chart-readout__row')].map((r) => r.textContent);
    const expected = (['selfBuild', 'rent', 'platform', 'hybrid'] as const).flatMap((id) => {
      const cost = point.monthlyCny[id];
      return e.strategies[id].eligible && cost !== null ? [`${names[id]}: ${formatMoney(cost, money)}`] : [];
    });
    expect(expected.length).toBeGreaterThan(1);
    expect(rows).toEqual(expected);
    fireEvent.pointerLeave(overlay);
    expect(figure.querySelector('.chart-readout')).toBeNull();
  });

  it('lists every strategy in the legend and explains the ones ruled out by compliance', () => {
    renderChart(CrossoverChart, { ...preset('steadyLab'), compliance: 'onPrem' });
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(within(legend).getAllByRole('listitem')).toHaveLength(5);
    expect(within(legend).getByText('Rent servers (not available)')).toBeInTheDocument();
    expect(screen.getByText(/Rent servers is not drawn: data must stay on premises/)).toBeInTheDocument();
    expect(
      screen.getByText(/Neither renting whole servers nor the platform is allowed here/),
    ).toBeInTheDocument();
  });
});

describe('CumulativeChart', () => {
  it('gives the payback against each comparator, saying when it falls after the horizon', () => {
    // A two-year horizon: the five-year large lab's payback against renting falls after it.
    const e = renderChart(CumulativeChart, { ...preset('largeLab'), horizonMonths: 24 });
    expect(e.comparisons.rent.paybackMonth).toBeGreaterThan(24);
    expect(
      screen.getByText(
        `Self-build would pay back against renting whole servers in month ${e.comparisons.rent.paybackMonth}, after this 24-month horizon.`,
      ),
    ).toBeInTheDocument();
    expect(e.comparisons.platform.paybackMonth).toBeNull();
    expect(
      screen.getByText(
        'Self-build does not pay back against the pooled platform within this 24-month horizon, nor within ten years.',
      ),
    ).toBeInTheDocument();
  });
});

describe('BreakdownChart', () => {
  it('summarises each strategy with its total and largest category', () => {
    renderChart(BreakdownChart, preset('seedTeam'));
    expect(
      screen.getByRole('img', { name: /Rent servers: CN¥57,000, largest part Compute CN¥48,000/ }),
    ).toBeInTheDocument();
  });
});

describe('DemandChart', () => {
  it('says that a job-form demand is drawn flat', () => {
    renderChart(DemandChart, preset('seedTeam'));
    expect(screen.getByText(/shown flat over 52 weeks/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Demand is flat: 2\.6 GPUs every week/ })).toBeInTheDocument();
  });

  it('is captioned in Chinese when the locale is zh-CN', () => {
    renderChart(DemandChart, preset('steadyLab'), 'zh-CN');
    expect(screen.getByRole('figure', { name: '每周 GPU 需求' })).toBeInTheDocument();
  });
});
