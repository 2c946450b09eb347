import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import type { Scenario } from './engine';
import { type AppNotice, createAppStore, detectLocale } from './state/store';
import { StoreProvider } from './state/store-context';
import { readDisplayFromHash, readScenarioFromHash, startUrlSync } from './state/url-sync';

/**
 * Start-up: a scenario in the address (a share link) opens as the current scenario; a damaged one
 * leaves the default in place and says what was wrong. After that the address follows the scenario
 * (one debounced writer, src/state/url-sync.ts). Saved scenarios are never touched by a link.
 */
function fromAddress(location: Pick<Location, 'hash' | 'href'>): { scenario?: Scenario; notice?: AppNotice } {
  const read = readScenarioFromHash(location.hash);
  if (read === null) return {};
  if (read.ok)
    return read.notes
      ? { scenario: read.scenario, notice: { kind: 'upgraded', notes: read.notes } }
      : { scenario: read.scenario };
  return { notice: { kind: 'linkError', error: read.error, issues: read.issues, link: location.href } };
}

const initial = fromAddress(window.location);
const store = createAppStore({
  locale: detectLocale(navigator.languages),
  ...(initial.scenario ? { scenario: initial.scenario } : {}),
  // The sender's currency and exchange rate travel with the link; the language stays the reader's.
  ...readDisplayFromHash(window.location.hash),
});
if (initial.notice) store.getState().setNotice(initial.notice);

startUrlSync(store, {
  // A rejected link stays in the address bar (and in the notice) until the scenario changes.
  keepAddressUntilChange: initial.notice !== undefined,
  location: window.location,
  history: window.history,
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (id) => window.clearTimeout(id),
});

// A link pasted into the address bar of an open tab changes only the hash: open it the same way.
// (The sync writes with replaceState, which fires no hashchange, so this never echoes our own writes.)
window.addEventListener('hashchange', () => {
  const next = fromAddress(window.location);
  if (next.scenario) {
    const display = readDisplayFromHash(window.location.hash);
    // Cleared first: the door may report dollars it had to drop from the link.
    store.getState().setNotice(next.notice ?? null);
    // Through the door like every other change, so the link is one undo step; its dollar amounts are
    // checked against the sender's exchange rate, committed with it.
    const result = store.getState().commitScenario(next.scenario, {
      source: 'link',
      ...(display.cnyPerUsd !== undefined ? { cnyPerUsd: display.cnyPerUsd } : {}),
    });
    if (!result.ok) {
      store.getState().setNotice({ kind: 'linkError', error: 'invalid', issues: result.issues });
      return;
    }
    if (display.currency) store.getState().setCurrency(display.currency);
  } else if (next.notice) {
    store.getState().setNotice(next.notice);
  }
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <StoreProvider store={store}>
        <App />
      </StoreProvider>
    </StrictMode>,
  );
}
