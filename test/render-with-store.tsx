import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useAppI18n } from '../src/app/use-app-i18n';
import { defaultScenario, type Scenario } from '../src/engine';
import type { Currency, Locale } from '../src/lib/format';
import { type AppStore, createAppStore } from '../src/state/store';
import { StoreProvider } from '../src/state/store-context';

export interface StoreOptions {
  scenario?: Scenario;
  locale?: Locale;
  currency?: Currency;
  cnyPerUsd?: number;
}

/** A fresh store per test, at the seed example in English and CNY unless told otherwise. */
export function makeStore(options: StoreOptions = {}): AppStore {
  return createAppStore({
    scenario: options.scenario ?? defaultScenario,
    locale: options.locale ?? 'en',
    currency: options.currency ?? 'CNY',
    cnyPerUsd: options.cnyPerUsd ?? 7.2,
  });
}

/**
 * The app's i18n, as the shell provides it: one instance that follows the store's locale and sets
 * <html lang> and the document title (src/app/use-app-i18n.ts).
 */
function AppI18n({ children }: { children: ReactNode }) {
  const i18n = useAppI18n();
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

/**
 * Renders `ui` (only the feature under test, not the whole app) on its own store, with the app's
 * i18n; returns the store so tests can read the scenario afterwards. Pass `store` to mount a second
 * tree on the same store (a view opened later, as a tab would).
 */
export function renderWithStore(ui: ReactNode, options: StoreOptions & { store?: AppStore } = {}) {
  const store = options.store ?? makeStore(options);
  const user = userEvent.setup();
  const view = render(
    <StoreProvider store={store}>
      <AppI18n>{ui}</AppI18n>
    </StoreProvider>,
  );
  return { store, user, ...view };
}
