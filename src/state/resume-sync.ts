import { saveResume } from '../scenario';
import type { AppStore } from './store';
import { URL_WRITE_DELAY_MS } from './url-sync';

export interface ResumeSyncOptions {
  /** Where the scenario is kept; null when the browser gives no storage (the app then never resumes). */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  setTimeout: (fn: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
}

export interface ResumeSync {
  stop: () => void;
  /** Writes a pending change now (the page is being hidden or closed). */
  flush: () => void;
}

/**
 * Keeps the scenario being worked on in the browser (src/scenario/resume-storage.ts), a short pause
 * after each change like the address. Only changes are kept: opening a link and only looking at it
 * leaves the scenario worked on before as the one a new tab resumes, and a rejected link never
 * replaces it. A write the browser refuses (storage full) is dropped: the address still holds the
 * scenario, and the saved list reports a full storage itself.
 */
export function startResumeSync(store: AppStore, options: ResumeSyncOptions): ResumeSync {
  let timer: number | null = null;
  const write = () => {
    timer = null;
    if (!options.storage) return;
    const state = store.getState();
    saveResume(options.storage, {
      scenario: state.scenario,
      currency: state.currency,
      cnyPerUsd: state.cnyPerUsd,
      presetId: state.presetId,
    });
  };
  const unsubscribe = store.subscribe((state, previous) => {
    if (
      state.scenario === previous.scenario &&
      state.currency === previous.currency &&
      state.cnyPerUsd === previous.cnyPerUsd &&
      state.presetId === previous.presetId
    )
      return;
    if (timer !== null) options.clearTimeout(timer);
    timer = options.setTimeout(write, URL_WRITE_DELAY_MS);
  });
  return {
    stop: () => {
      unsubscribe();
      if (timer !== null) options.clearTimeout(timer);
    },
    flush: () => {
      if (timer === null) return;
      options.clearTimeout(timer);
      write();
    },
  };
}
