import { StrictMode, useEffect } from 'react';
import type { AppStore } from '../state/store';
import { StoreProvider } from '../state/store-context';
import { App } from './App';

/**
 * The whole app around one store: what the browser renders (src/main.tsx) and what the build
 * prerenders into index.html (src/app/prerender.tsx). One tree for both, so the hydrated page is the
 * prerendered one, element for element.
 */
export function AppRoot({ store, onLive }: { store: AppStore; onLive?: () => void }) {
  return (
    <StrictMode>
      <StoreProvider store={store}>
        <App />
      </StoreProvider>
      {onLive ? <Live onLive={onLive} /> : null}
    </StrictMode>
  );
}

/** Calls `onLive` once the tree around it is on screen and answers input (hydrated or drawn). */
function Live({ onLive }: { onLive: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at the first commit
  useEffect(onLive, []);
  return null;
}
