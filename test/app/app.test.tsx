// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../src/app/App';
import { evaluate, presets, type Scenario, STRATEGY_IDS } from '../../src/engine';
import { MethodologyPanel } from '../../src/features/dashboard/methodology-panel';
import { formatMoney, formatPercent } from '../../src/lib/format';
import { createAppStore } from '../../src/state/store';
import { StoreProvider } from '../../src/state/store-context';
import { LiveKpis, LiveWinnerSummary, renderDashboard } from '../features/dashboard/render-dashboard';

const seed = presets.seedTeam as Scenario;
const CNY_EN = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 } as const;

describe('dashboard screen', () => {
  it('opens on the seed example and shows every strategy monthly cost from the engine', () => {
    renderDashboard(<LiveKpis />);
    const e = evaluate(seed);
    for (const id of STRATEGY_IDS) {
      expect(screen.getByTestId(`kpi-monthly-${id}`)).toHaveTextContent(
        formatMoney(e.strategies[id].monthlyCny, CNY_EN),
      );
    }
    expect(screen.getByTestId('kpi-monthly-rent')).toHaveTextContent('57,000');
    expect(screen.getByTestId('kpi-monthly-platform')).toHaveTextContent('37,500');
  });

  it('states the winner in one sentence and its saving against the runner-up once, as the key number', () => {
    renderDashboard(<LiveWinnerSummary />);
    expect(screen.getByTestId('winner')).toHaveTextContent('Platform');
    const sentence = screen.getByTestId('winner').parentElement as HTMLElement;
    expect(sentence).toHaveTextContent(
      `Platform is ${formatPercent(19_500 / 57_000, 'en', 1)} cheaper than Rent.`,
    );
    const key = screen.getByTestId('key-number');
    expect(key).toHaveTextContent(formatMoney(19_500, CNY_EN));
    expect(key).toHaveAccessibleDescription('Saved each month against Rent');
    expect(screen.getByText(`${formatMoney(234_000, CNY_EN)} a year`)).toBeInTheDocument();
  });

  it('shows the crossover and payback against each named comparator, or when a pair never crosses', () => {
    // The five-year lab of the industry article's regime: self-build pays back against renting.
    const lab = presets.largeLab as Scenario;
    const labEval = evaluate(lab);
    const { unmount } = renderDashboard(<LiveWinnerSummary />, { scenario: lab });
    expect(screen.getByTestId('crossover-vs-rent')).toHaveTextContent(
      formatPercent(Number(labEval.comparisons.rent.crossoverLoadRate), 'en', 1),
    );
    expect(screen.getByTestId('payback-vs-rent')).toHaveTextContent(
      `Month ${labEval.comparisons.rent.paybackMonth}`,
    );
    unmount();
    renderDashboard(<LiveWinnerSummary />, { scenario: seed });
    // At the seed example self-build never gets cheaper than the platform: the text names the prices.
    expect(screen.getByTestId('crossover-vs-platform')).toHaveTextContent(
      /^Self-build is never cheaper than the pooled platform at any load; it would be only if the server price fell to about CN¥[\d.]+[KM] or the platform rose to CN¥[\d.]+ per GPU-hour$/,
    );
    expect(screen.getByTestId('payback-vs-platform')).toHaveTextContent('Never within the 3-year horizon');
  });

  it('marks the calibrated strategies with a seed calibration badge', () => {
    renderDashboard(<LiveKpis />);
    for (const id of evaluate(seed).calibrated) {
      const name = { selfBuild: 'Self-build', rent: 'Rent', platform: 'Platform', hybrid: 'Hybrid' }[id];
      expect(
        within(screen.getByRole('listitem', { name })).getByText('Published example’s figures'),
      ).toBeInTheDocument();
    }
    expect(
      within(screen.getByRole('listitem', { name: 'Self-build' })).queryByText('Published example’s figures'),
    ).toBeNull();
  });

  it('the methodology lists formulas with their sources', () => {
    renderDashboard(<MethodologyPanel />);
    expect(screen.getByText(/Load rate = mean useful demand ÷ self-built capacity/)).toBeInTheDocument();
    expect(screen.getAllByText(/^Source: /).length).toBeGreaterThan(10);
  });
});

/** The few tests that need the whole app: the page's outline and the view tabs. */
describe('the whole app', () => {
  // As in a browser at the top of the page: the observer reports no section in view, so the sections
  // that load when scrolled near (charts, analysis, breakdown table) stay placeholders.
  beforeEach(() => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe(): void {}
        unobserve(): void {}
        disconnect(): void {}
        takeRecords(): IntersectionObserverEntry[] {
          return [];
        }
      },
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function renderApp() {
    const store = createAppStore({ scenario: seed, locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 });
    const user = userEvent.setup();
    render(
      <StoreProvider store={store}>
        <App />
      </StoreProvider>,
    );
    return { store, user };
  }

  it('has banner and main landmarks and the sections as level-2 headings under one h1', async () => {
    renderApp();
    // The sections below the first screen come with their own chunk, loaded once the app answers
    // input (src/app/below-first-screen.tsx); their headings are there as soon as it is in.
    await screen.findByRole('heading', { level: 2, name: 'Methodology' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const h2 = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(h2).toEqual(
      expect.arrayContaining(['Costs', 'Cash', 'Recommendation', 'Assumptions', 'Methodology']),
    );
  });

  it('the Scenarios tab shows its view (loaded on demand) and hides the dashboard; the Dashboard tab returns', async () => {
    const { user } = renderApp();
    // Queries stay inside the tab list and the panels: a label query over the whole dashboard takes
    // seconds in jsdom.
    const tabs = within(screen.getByRole('tablist'));
    const dashboardTab = tabs.getByRole('tab', { name: 'Dashboard' });
    const scenariosTab = tabs.getByRole('tab', { name: 'Scenarios' });
    const dashboardPanel = document.getElementById('panel-dashboard') as HTMLElement;
    const scenariosPanel = document.getElementById('panel-scenarios') as HTMLElement;
    expect(dashboardTab).toHaveAttribute('aria-selected', 'true');
    expect(scenariosPanel).toBeEmptyDOMElement();
    // The module is imported up front so the wait is for React, not for the test runner's transform.
    await import('../../src/features/scenarios/scenarios-view');
    await user.click(scenariosTab);
    expect(scenariosTab).toHaveAttribute('aria-selected', 'true');
    expect(await within(scenariosPanel).findByLabelText('Import CSV', {}, { timeout: 15_000 })).toBeVisible();
    expect(dashboardPanel).not.toBeVisible();

    await user.click(dashboardTab);
    expect(dashboardTab).toHaveAttribute('aria-selected', 'true');
    expect(dashboardPanel).toBeVisible();
    expect(scenariosPanel).not.toBeVisible();
  });
});
