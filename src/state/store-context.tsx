import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useStore } from 'zustand';
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
  return useStore(store, selector);
}

/** The store itself, for event handlers that read state without subscribing. */
export function useAppStoreApi(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useAppStoreApi needs a StoreProvider');
  return store;
}

/** The display money format (locale, currency, exchange rate), stable between renders. */
export function useMoneyFormat(): MoneyFormat {
  const locale = useAppStore((s) => s.locale);
  const currency = useAppStore((s) => s.currency);
  const cnyPerUsd = useAppStore((s) => s.cnyPerUsd);
  return useMemo(() => ({ locale, currency, cnyPerUsd }), [locale, currency, cnyPerUsd]);
}
