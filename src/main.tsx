import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { holdEarlyInput } from './app/early-input';
import './app/first-paint.css';
import { createNewerTabSignal, startOffline } from './features/offline';
import { loadLanguage } from './i18n/app-i18n';
import { CURRENT_SCHEMA_VERSION, loadResume, type ResumeRead } from './scenario';
import { openPastedLink } from './state/pasted-link';
import { startResumeSync } from './state/resume-sync';
import { planStart } from './state/start-up';
import { createAppStore, detectLocale } from './state/store';
import {
  readBudgetFromHash,
  readDisplayFromHash,
  readScenarioFromHash,
  startUrlSync,
} from './state/url-sync';

/** The browser's storage, or null where it is disabled (privacy settings): the app then never resumes. */
function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** This tab's own storage (kept across its reloads, not shared with other tabs), or null. */
function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * What to resume (issue 36): a reload of this tab resumes what this tab showed; a new tab resumes the
 * most recent write of any tab.
 */
function resumeRead(tab: Storage | null, shared: Storage | null): ResumeRead {
  const own = tab ? loadResume(tab) : ({ kind: 'none' } as const);
  if (own.kind === 'ok') return own;
  return shared ? loadResume(shared) : { kind: 'none' };
}

/**
 * Start-up (src/state/start-up.ts): a scenario in the address (a share link) opens as the current
 * scenario, and a damaged one leaves the default in place and says what was wrong; without a link the
 * scenario last worked on in this browser resumes. After that the address and the kept scenario
 * follow the store (one debounced writer each). Saved scenarios are never touched by a link.
 */
const storage = browserStorage();
const ownStorage = tabStorage();
const plan = planStart(
  readScenarioFromHash(window.location.hash),
  // The sender's currency and exchange rate travel with the link; the language stays the reader's.
  readDisplayFromHash(window.location.hash),
  resumeRead(ownStorage, storage),
  window.location.href,
  readBudgetFromHash(window.location.hash),
);
const store = createAppStore({
  locale: detectLocale(navigator.languages),
  ...(plan.scenario ? { scenario: plan.scenario } : {}),
  ...(plan.currency ? { currency: plan.currency } : {}),
  ...(plan.cnyPerUsd === undefined ? {} : { cnyPerUsd: plan.cnyPerUsd }),
  // Without a scenario to open, the app shows the default scenario: the seed example preset.
  presetId: plan.presetId ?? (plan.scenario ? null : 'seedTeam'),
});
if (plan.notice) store.getState().setNotice(plan.notice);
// The scenario as the store holds it is the frozen version from now on (badge, link).
if (plan.budget) store.getState().setBudget(plan.budget, plan.budgetActuals);
if (plan.offer) store.getState().setOffer(plan.offer);

const timers = {
  setTimeout: (fn: () => void, ms: number) => window.setTimeout(fn, ms),
  clearTimeout: (id: number) => window.clearTimeout(id),
};
const address = startUrlSync(store, {
  // A rejected link stays in the address bar (and in the notice) until the scenario changes.
  keepAddressUntilChange: plan.notice?.kind === 'linkError',
  location: window.location,
  history: window.history,
  ...timers,
});
// Shown when a tab of a newer release is open, or has kept what this tab would have written over.
const newerTab = createNewerTabSignal();
const resume = startResumeSync(store, {
  storage,
  tabStorage: ownStorage,
  onNewerKept: newerTab.markNewer,
  onReadBackFailed: () => store.getState().setNotice({ kind: 'resumeReadBack' }),
  ...timers,
});
// A change made just before the tab is closed or reloaded is kept all the same.
window.addEventListener('pagehide', resume.flush);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') resume.flush();
});

// A link pasted into the address bar of an open tab changes only the hash: open it the same way.
// (The sync writes with replaceState, which fires no hashchange, so this never echoes our own writes.)
window.addEventListener('hashchange', () => openPastedLink(store, window.location, address));

/**
 * The built index.html holds the first screen of the default scenario in each language (prerendered
 * at build time, scripts/prerender-plugin.ts). When the app opens exactly that (no link, nothing
 * resumed, nothing to say), the reader's one is hydrated: the numbers on screen are already the
 * engine's for this scenario and nothing redraws. Otherwise (a link, the resumed scenario, a notice)
 * the app draws its scenario in place of it at once; until then public/first-paint.js has kept the
 * prerendered numbers hidden as pending.
 */
const locale = store.getState().locale;
// Only the reader's language loads before the first render; the other follows later (use-app-i18n).
await loadLanguage(locale);
const screens = [...document.querySelectorAll<HTMLElement>('[data-prerender-locale]')];
const prerendered = screens.find((el) => el.dataset.prerenderLocale === locale) ?? null;
for (const other of screens) if (other !== prerendered) other.remove();
const opensTheDefault =
  plan.scenario === undefined &&
  plan.notice === undefined &&
  plan.offer === undefined &&
  plan.currency === undefined &&
  plan.cnyPerUsd === undefined &&
  (plan.presetId ?? 'seedTeam') === 'seedTeam';
const container = prerendered ?? document.getElementById('root');
if (container) {
  container.id = 'root';
  // Once the app answers input, the prerendered screen is the app's (the hook data-prerender-locale
  // is gone: tests and the bench wait for that).
  // What the reader did on the prerendered screen before now (src/app/early-input.ts): taken here,
  // as the app starts hearing input itself, and played back once it answers.
  const early = holdEarlyInput();
  const live = () => {
    delete container.dataset.prerenderLocale;
    delete document.documentElement.dataset.prerender;
    early.replay();
  };
  if (prerendered && opensTheDefault) {
    hydrateRoot(container, <AppRoot store={store} onLive={live} />);
  } else {
    const root = createRoot(container);
    // Drawn before the marks are lifted, so no frame shows the default's numbers as this scenario's.
    // (The prerendered screen was hidden as pending, and its controls are replaced: nothing replays.)
    flushSync(() => root.render(<AppRoot store={store} onLive={live} />));
    live();
  }
}

// A backup of the saved list and the resume slot as this load found them (src/scenario/backups.ts),
// once the page is idle: reading the list validates every entry, which the first screen need not wait for.
// The backup code is loaded then too, so the first screen's scripts do not carry it.
const backUpAtIdle = () =>
  void import('./features/scenarios/stored-data').then(({ backUpStoredData }) => backUpStoredData());
if (typeof window.requestIdleCallback === 'function')
  window.requestIdleCallback(backUpAtIdle, { timeout: 5000 });
else window.setTimeout(backUpAtIdle, 2000);

// The hosted build works offline after one visit and says when a new version is ready.
startOffline(store, newerTab, CURRENT_SCHEMA_VERSION);
