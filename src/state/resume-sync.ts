import { saveResume } from '../scenario';
import type { AppStore } from './store';
import { URL_WRITE_DELAY_MS } from './url-sync';

type KeptIn = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface ResumeSyncOptions {
  /**
   * Where the scenario is kept for the next new tab (localStorage: the most recent write of any tab
   * wins); null when the browser gives no storage (the app then never resumes).
   */
  storage: KeptIn | null;
  /** This tab's own copy (sessionStorage), which a reload of this tab resumes; absent in tests. */
  tabStorage?: KeptIn | null;
  /** A newer release's record is kept in `storage` and was left as it is (the forward rule). */
  onNewerKept?: () => void;
  /** The browser gave back something else than was written: the previous record was put back. */
  onReadBackFailed?: () => void;
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
    const state = store.getState();
    const record = {
      scenario: state.scenario,
      currency: state.currency,
      cnyPerUsd: state.cnyPerUsd,
      presetId: state.presetId,
    };
    const tab = options.tabStorage ? saveResume(options.tabStorage, record) : 'written';
    const shared = options.storage ? saveResume(options.storage, record) : 'written';
    if (shared === 'newerKept') options.onNewerKept?.();
    if (tab === 'readBackDiffers' || shared === 'readBackDiffers') options.onReadBackFailed?.();
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
