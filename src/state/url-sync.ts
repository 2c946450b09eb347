import type { Scenario } from '../engine';
import type { Currency } from '../lib/format';
import {
  BUDGET_HASH_KEY,
  type BudgetStamp,
  type DecodeResult,
  decodeScenarioHash,
  encodeScenarioHash,
  hasScenarioHash,
  linkFingerprint,
  stampFromParam,
  stampToParam,
} from '../scenario';
import {
  ACTUALS_HASH_KEY,
  actualsFromHash,
  actualsToParam,
  type StoredActuals,
} from '../scenario/stored-actuals';
import { hashWithSection, sectionFromHash } from './section-link';
import { type AppStore, isFrozenView } from './store';

/** Wait after the last change before rewriting the address (dragging a slider changes it 60×/s). */
export const URL_WRITE_DELAY_MS = 250;

/** How the numbers are shown: travels with the link so a colleague sees exactly the same figures. */
export interface DisplaySettings {
  currency: Currency;
  /** CNY per 1 USD. */
  cnyPerUsd: number;
}

/** Limits of the exchange rate, as the header's field enforces them. */
export const CNY_PER_USD_RANGE = { min: 0.1, max: 100 } as const;

export interface UrlSyncOptions {
  /**
   * Leave the address as it is until the first change (a rejected share link: rewriting it at once
   * would take it away before the user could copy it to report it).
   */
  keepAddressUntilChange?: boolean;
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  history: Pick<History, 'replaceState'>;
  setTimeout: (fn: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
  /** Milliseconds on a steady clock (performance.now by default). */
  now?: () => number;
}

/**
 * Reads a scenario from the address at start-up. An address without a scenario is not an error;
 * a damaged one is reported so the app can say so and keep the default.
 */
export function readScenarioFromHash(hash: string): DecodeResult | null {
  return hasScenarioHash(hash) ? decodeScenarioHash(hash) : null;
}

/** The display settings carried by an address; anything missing or invalid is left out. */
export function readDisplayFromHash(hash: string): Partial<DisplaySettings> {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const out: Partial<DisplaySettings> = {};
  const currency = params.get('cur');
  if (currency === 'CNY' || currency === 'USD') out.currency = currency;
  const rateText = params.get('fx');
  const rate = rateText === null || rateText.trim() === '' ? Number.NaN : Number(rateText);
  if (Number.isFinite(rate) && rate >= CNY_PER_USD_RANGE.min && rate <= CNY_PER_USD_RANGE.max)
    out.cnyPerUsd = rate;
  return out;
}

/**
 * The budget stamp a link carries beside its scenario (`&b=`): none, one whose fingerprint matches the
 * scenario the link holds (it opens as that frozen version), or one that does not match or cannot be
 * read (the scenario opens as an ordinary one, and the page says so).
 */
export type LinkBudget =
  | { kind: 'none' }
  /** `actuals`: the bills (and usage) the link carries with the version; 'damaged' when unreadable. */
  | { kind: 'frozen'; stamp: BudgetStamp; actuals: StoredActuals | null | 'damaged' }
  | { kind: 'mismatch'; label: string | null };

export function readBudgetFromHash(hash: string): LinkBudget {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const text = params.get(BUDGET_HASH_KEY);
  if (text === null || !params.has('s')) return { kind: 'none' };
  const stamp = stampFromParam(text);
  if (stamp === null) return { kind: 'mismatch', label: null };
  return linkFingerprint(hash) === stamp.hash
    ? { kind: 'frozen', stamp, actuals: actualsFromHash(hash) }
    : { kind: 'mismatch', label: stamp.label };
}

/**
 * The hash (without `#`) for a scenario and its display settings: `s=2.<base>.<payload>&cur=…&fx=…`,
 * with `&b=<stamp>` when the scenario is a frozen budget version as it was frozen, and `&a=<actuals>`
 * (compressed) when that version has actual bills or usage with it.
 */
export function appHash(
  scenario: Scenario,
  display: DisplaySettings,
  stamp: BudgetStamp | null = null,
  actuals: StoredActuals | null = null,
): string {
  const budget = stamp === null ? '' : `&${BUDGET_HASH_KEY}=${encodeURIComponent(stampToParam(stamp))}`;
  const bills = stamp === null || actuals === null ? '' : `&${ACTUALS_HASH_KEY}=${actualsToParam(actuals)}`;
  return `${encodeScenarioHash(scenario)}${budget}${bills}&cur=${display.currency}&fx=${display.cnyPerUsd}`;
}

/**
 * The stamp a link carries for the store's state: only while the frozen version itself is shown, and
 * only when the figures the link holds are the ones fingerprinted (never re-signed: a version this
 * release upgraded is shown as frozen, but its new links do not claim the stamp).
 */
export function shownStamp(state: Parameters<typeof isFrozenView>[0]): BudgetStamp | null {
  if (!isFrozenView(state) || state.budget === null || !state.budget.exact) return null;
  return state.budget.stamp;
}

/** The actuals a link carries for the store's state: those of the frozen version the link stamps. */
export function shownActuals(state: Parameters<typeof isFrozenView>[0]): StoredActuals | null {
  return shownStamp(state) === null ? null : (state.budget?.actuals ?? null);
}

export interface UrlSync {
  /** Stops following the store. */
  stop: () => void;
  /**
   * Writes the current scenario into the address now, whatever it holds (a pasted link that did not
   * open, an address without a scenario): the address always holds the scenario being looked at.
   */
  writeNow: () => void;
}

/**
 * The one writer of the address: it writes the scenario and display settings at start (unless told
 * to keep the address until a change), then at once on a change that follows a quiet spell (a save,
 * a preset, one step: a reload or a copied address right after it holds it), and during a burst of
 * changes (a slider dragged) once a short pause after the last — with history.replaceState (no
 * history entries, no navigation). The section the address names (`&at=<id>`, section-link.ts) is
 * kept.
 */
export function startUrlSync(store: AppStore, options: UrlSyncOptions): UrlSync {
  const now = options.now ?? (() => performance.now());
  let timer: number | null = null;
  let lastChangeAt = Number.NEGATIVE_INFINITY;
  let written = '';
  const write = (force: boolean) => {
    const state = store.getState();
    const hash = appHash(state.scenario, state, shownStamp(state), shownActuals(state));
    if (hash === written && !force) return;
    written = hash;
    const { pathname, search } = options.location;
    const section = sectionFromHash(options.location.hash);
    options.history.replaceState(null, '', `${pathname}${search}#${hashWithSection(hash, section)}`);
  };
  if (!options.keepAddressUntilChange) write(false);
  const unsubscribe = store.subscribe((state, previous) => {
    if (
      state.scenario === previous.scenario &&
      state.budget === previous.budget &&
      state.currency === previous.currency &&
      state.cnyPerUsd === previous.cnyPerUsd
    ) {
      return;
    }
    const at = now();
    const quiet = timer === null && at - lastChangeAt >= URL_WRITE_DELAY_MS;
    lastChangeAt = at;
    if (timer !== null) options.clearTimeout(timer);
    timer = null;
    if (quiet) {
      write(false);
      return;
    }
    timer = options.setTimeout(() => {
      timer = null;
      write(false);
    }, URL_WRITE_DELAY_MS);
  });
  return {
    stop: () => {
      unsubscribe();
      if (timer !== null) options.clearTimeout(timer);
    },
    writeNow: () => {
      if (timer !== null) options.clearTimeout(timer);
      timer = null;
      write(true);
    },
  };
}

/**
 * The share link of a scenario, shown with the given display settings, at the current address (with
 * the budget stamp and its actuals when it is the frozen version itself).
 */
export function shareUrlFor(
  scenario: Scenario,
  display: DisplaySettings,
  location: Pick<Location, 'origin' | 'pathname' | 'search'>,
  stamp: BudgetStamp | null = null,
  actuals: StoredActuals | null = null,
): string {
  return `${location.origin}${location.pathname}${location.search}#${appHash(scenario, display, stamp, actuals)}`;
}
