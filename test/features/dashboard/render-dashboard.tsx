import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../../src/app/App';
import { defaultScenario, type Scenario } from '../../../src/engine';
import type { Currency, Locale } from '../../../src/lib/format';
import { createAppStore } from '../../../src/state/store';
import { StoreProvider } from '../../../src/state/store-context';

// The whole screen (charts included) renders in jsdom; under a parallel run on a busy machine that can
// exceed vitest's 5 s default, so give these files a generous ceiling instead of flaky failures.
vi.setConfig({ testTimeout: 30_000 });

/** Renders the whole dashboard on its own store, so tests can read the store's scenario afterwards. */
export function renderDashboard(
  options: { scenario?: Scenario; locale?: Locale; currency?: Currency; cnyPerUsd?: number } = {},
) {
  const store = createAppStore({
    scenario: options.scenario ?? defaultScenario,
    locale: options.locale ?? 'en',
    currency: options.currency ?? 'CNY',
    cnyPerUsd: options.cnyPerUsd ?? 7.2,
  });
  const user = userEvent.setup();
  const view = render(
    <StoreProvider store={store}>
      <App />
    </StoreProvider>,
  );
  return { store, user, ...view };
}
