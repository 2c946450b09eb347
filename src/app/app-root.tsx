import { StrictMode } from 'react';
import type { AppStore } from '../state/store';
import { StoreProvider } from '../state/store-context';
import { App } from './App';

/**
 * The whole app around one store: what the browser renders (src/main.tsx) and what the build
 * prerenders into index.html (src/app/prerender.tsx). One tree for both, so the hydrated page is the
 * prerendered one, element for element.
 */
export function AppRoot({ store }: { store: AppStore }) {
  return (
    <StrictMode>
      <StoreProvider store={store}>
        <App />
      </StoreProvider>
    </StrictMode>
  );
}
