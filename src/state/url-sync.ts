import type { Scenario } from '../engine';
import { type DecodeResult, decodeScenarioHash, encodeScenarioHash, hasScenarioHash } from '../scenario';
import type { AppStore } from './store';

/** Wait after the last change before rewriting the address (dragging a slider changes it 60×/s). */
export const URL_WRITE_DELAY_MS = 250;

export interface UrlSyncOptions {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  history: Pick<History, 'replaceState'>;
  setTimeout: (fn: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
}

/**
 * Reads a scenario from the address at start-up. An address without a scenario is not an error;
 * a damaged one is reported so the app can say so and keep the default.
 */
export function readScenarioFromHash(hash: string): DecodeResult | null {
  return hasScenarioHash(hash) ? decodeScenarioHash(hash) : null;
}

/**
 * The one writer of the address: whenever the scenario changes, the hash is rewritten after a short
 * pause with history.replaceState (no history entries, no navigation). Returns an unsubscribe.
 */
export function startUrlSync(store: AppStore, options: UrlSyncOptions): () => void {
  let timer: number | null = null;
  let written: Scenario | null = null;
  const write = (scenario: Scenario) => {
    if (scenario === written) return;
    written = scenario;
    const { pathname, search } = options.location;
    options.history.replaceState(null, '', `${pathname}${search}#${encodeScenarioHash(scenario)}`);
  };
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.scenario === previous.scenario) return;
    if (timer !== null) options.clearTimeout(timer);
    timer = options.setTimeout(() => {
      timer = null;
      write(store.getState().scenario);
    }, URL_WRITE_DELAY_MS);
  });
  return () => {
    unsubscribe();
    if (timer !== null) options.clearTimeout(timer);
  };
}

/** The share link of a scenario at the current address. */
export function shareUrlFor(
  scenario: Scenario,
  location: Pick<Location, 'origin' | 'pathname' | 'search'>,
): string {
  return `${location.origin}${location.pathname}${location.search}#${encodeScenarioHash(scenario)}`;
}
