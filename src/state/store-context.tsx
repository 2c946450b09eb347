import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useStore } from 'zustand';
import type { Scenario } from '../engine';
import type { MoneyFormat } from '../lib/format';
import type { AppState, AppStore } from './store';

const StoreContext = createContext<AppStore | null>(null);

/** Provides one app store to the tree; tests create their own with `createAppStore`. */
export function StoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useAppStore<T>(selector: (state: AppState) => T): T {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useAppStore needs a StoreProvider');
  // The store is zustand's bound hook (a store per provider, so tests can make their own).
  return store(selector);
}

/** The store itself, for event handlers that read state without subscribing. */
export function useAppStoreApi(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useAppStoreApi needs a StoreProvider');
  return store;
}

/** Whether there is a step to undo and to redo (for the header's buttons). */
export function useHistoryState(): { canUndo: boolean; canRedo: boolean } {
  const store = useAppStoreApi();
  const canUndo = useStore(store.temporal, (h) => h.pastStates.length > 0);
  const canRedo = useStore(store.temporal, (h) => h.futureStates.length > 0);
  return { canUndo, canRedo };
}

/** The display money format (locale, currency, exchange rate), stable between renders. */
export function useMoneyFormat(): MoneyFormat {
  const locale = useAppStore((s) => s.locale);
  const currency = useAppStore((s) => s.currency);
  const cnyPerUsd = useAppStore((s) => s.cnyPerUsd);
  return useMemo(() => ({ locale, currency, cnyPerUsd }), [locale, currency, cnyPerUsd]);
}

/**
 * The scenario a dashboard section draws: the one its LiveSection shows (current while the section is
 * on screen, a step behind while it is off screen and React catches up in the background), else the
 * store's. Components inside a section read the scenario through this, so a slider step does not
 * redraw them synchronously while they are out of view.
 */
const ShownScenarioContext = createContext<Scenario | null>(null);

export function ShownScenarioProvider({ scenario, children }: { scenario: Scenario; children: ReactNode }) {
  return <ShownScenarioContext.Provider value={scenario}>{children}</ShownScenarioContext.Provider>;
}

export function useShownScenario(): Scenario {
  const shown = useContext(ShownScenarioContext);
  // Inside a section the selector returns null whatever the store holds, so a store change alone does
  // not re-render the component; outside one it subscribes to the store's scenario as before.
  const live = useAppStore((s) => (shown === null ? s.scenario : null));
  return shown ?? (live as Scenario);
}
