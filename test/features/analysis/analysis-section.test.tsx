// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { defaultScenario, type Scenario, tornado } from '../../../src/engine';
import { useScenarioAnalyses } from '../../../src/features/analysis';
import { AnalysisSection } from '../../../src/features/analysis/analysis-section';
import { createI18n } from '../../../src/i18n';
import { formatMoney, type Locale } from '../../../src/lib/format';
import { createAppStore } from '../../../src/state/store';
import { StoreProvider, useAppStore } from '../../../src/state/store-context';
import type { AnalysisClient } from '../../../src/workers/analysis-client';
import { AnalysisClientContext } from '../../../src/workers/analysis-client-context';
import { createAnalysisHandler } from '../../../src/workers/handler';
import { parseResponse } from '../../../src/workers/messages';

vi.setConfig({ testTimeout: 30_000 });
/** Hang guard for waiting on the handler's sliced run (not a performance threshold). */
const WAIT = { timeout: 15_000 };

/** A client that runs the worker's own handler in the test (no Worker in jsdom), responses validated. */
function handlerClient(): AnalysisClient {
  return {
    run(kind, scenario, callbacks) {
      let cancelled = false;
      const handle = createAnalysisHandler((raw) => {
        if (cancelled) return;
        const parsed = parseResponse(raw);
        if (!parsed.ok) return callbacks.onError(parsed.message);
        const m = parsed.value;
        if (m.type === 'progress') callbacks.onProgress?.(m.fraction);
        else if (m.type === 'result') callbacks.onResult(m.result);
        else if (m.type === 'error') callbacks.onError(m.message);
      });
      void handle({ type: 'run', id: 1, kind, scenario });
      return () => {
        cancelled = true;
      };
    },
  };
}

/** A client whose runs never answer: the section stays as it is while the analyses run. */
const idleClient: AnalysisClient = { run: () => () => {} };

function Harness() {
  const scenario = useAppStore((s) => s.scenario);
  const analyses = useScenarioAnalyses(scenario);
  return <AnalysisSection scenario={scenario} analyses={analyses} />;
}

function renderSection(locale: Locale = 'en', draws = 2_000, client: AnalysisClient = handlerClient()) {
  const scenario: Scenario = { ...defaultScenario, uncertainty: { ...defaultScenario.uncertainty, draws } };
  const store = createAppStore({ scenario, locale });
  const view = render(
    <I18nextProvider i18n={createI18n(locale)}>
      <StoreProvider store={store}>
        <AnalysisClientContext.Provider value={client}>
          <Harness />
        </AnalysisClientContext.Provider>
      </StoreProvider>
    </I18nextProvider>,
  );
  return { store, user: userEvent.setup(), ...view };
}

describe('AnalysisSection', () => {
  it('fills the Monte Carlo progress bar to 100 and shows P(cheapest) summing to 100 %', async () => {
    renderSection();
    const bar = screen.getByRole('progressbar', { name: 'Monte Carlo progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'), WAIT);
    const percents = ['selfBuild', 'rent', 'platform', 'hybrid'].map((id) =>
      Number(screen.getByTestId(`p-cheapest-${id}`).getAttribute('data-percent')),
    );
    expect(percents.reduce((a, b) => a + b, 0)).toBe(100);
    expect(screen.getByRole('table', { name: 'Monthly cost across the draws' })).toBeInTheDocument();
  });

  it('states the server price break-even in the tornado table', async () => {
    renderSection();
    const table = await screen.findByRole('table', { name: /Inputs ranked by how far/ }, WAIT);
    const first = within(table).getAllByTestId('tornado-row')[0]!;
    expect(first).toHaveTextContent('Server price');
    // The engine's break-even server price for the default scenario, as the dashboard formats money.
    const top = tornado(defaultScenario).rows[0];
    expect(top?.path).toBe('selfBuild.serverPriceCny');
    const price = formatMoney(Number(top?.breakEven?.value), {
      locale: 'en',
      currency: 'CNY',
      cnyPerUsd: 7.2,
    });
    expect(first).toHaveTextContent(`At today's load, self-build wins if the server price is below ${price}`);
  });

  it('explains a zero hybrid baseline as pure burst on the seed example', async () => {
    renderSection();
    const panel = await screen.findByTestId('hybrid-panel');
    await waitFor(
      () => expect(within(panel).getByTestId('hybrid-baseline')).toHaveTextContent('0 GPUs'),
      WAIT,
    );
    expect(panel).toHaveTextContent('The best baseline is 0: the hybrid is the platform alone.');
  });

  it('applies a valid range edit to the scenario and keeps an invalid one out with a message', async () => {
    // The editor does not need the analyses' results: with an idle client the Monte Carlo, tornado
    // and hybrid search do not run on the test's thread between keystrokes.
    const { store, user } = renderSection('en', 2_000, idleClient);
    await user.click(screen.getByText(/Edit the ranges/));
    const low = await screen.findByRole('textbox', { name: 'PUE (power usage effectiveness): low' });
    await user.clear(low);
    await user.type(low, '1.2');
    expect(store.getState().scenario.uncertainty.ranges['selfBuild.pue']?.[0]).toBe(1.2);
    const high = screen.getByRole('textbox', { name: 'PUE (power usage effectiveness): high' });
    await user.clear(high);
    await user.type(high, '1.1');
    expect(screen.getByRole('alert')).toHaveTextContent('The low must not exceed the high. Not applied.');
    expect(store.getState().scenario.uncertainty.ranges['selfBuild.pue']?.[1]).not.toBe(1.1);
  });

  it('renders in Chinese', async () => {
    renderSection('zh-CN');
    expect(screen.getByRole('heading', { name: '不确定性与敏感性' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: '蒙特卡洛进度' })).toHaveAttribute(
        'aria-valuenow',
        '100',
      ),
    );
  });
});
