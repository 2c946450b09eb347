import { type TemporalState, temporal } from 'zundo';
import { create, type Mutate, type StoreApi, type UseBoundStore } from 'zustand';
import {
  defaultScenario,
  type LoadRateLimit,
  type Scenario,
  scaleToLoadRateWithinLimits,
  withUserEdits,
} from '../engine';
import type { Currency, Locale } from '../lib/format';
import {
  type BudgetStamp,
  type LinkDecodeError,
  type MigrationNote,
  parseScenario,
  reconcileUsdInputs,
  repriceUsdInputs,
  type ScenarioIssue,
  scenarioFingerprint,
  validateScenarioReusing,
} from '../scenario';
import type { StoredActuals } from '../scenario/stored-actuals';
import { type CurveFile, isCurveFromFile } from './curve-file';

/**
 * A message about outside data that did not load (a damaged share link), shown until dismissed. Kept
 * as data, not text, so it follows a language switch.
 */
export type AppNotice =
  | {
      kind: 'linkError';
      error: LinkDecodeError;
      issues: ScenarioIssue[];
      /** The rejected link as opened, shown so the user can copy it (e.g. to report the problem). */
      link?: string;
    }
  /** A link or file from an earlier version opened, with what its upgrade assumed. */
  | { kind: 'upgraded'; notes: MigrationNote[] }
  /** The scenario kept from the last visit did not open (the default is shown); `issues` say why. */
  | { kind: 'resumeError'; issues: ScenarioIssue[] }
  /**
   * A link, file or saved entry held dollar amounts that were not their CNY values at the exchange
   * rate: the CNY values (what the numbers were computed from) were kept and the dollars dropped.
   */
  | { kind: 'usdReconciled'; paths: string[] }
  /**
   * The browser gave back something other than the scenario just kept to resume (every write is read
   * back, issue 36): the record kept before was put back.
   */
  | { kind: 'resumeReadBack' }
  /**
   * A link carried a budget stamp (`&b=`) that is not readable or does not match the scenario it
   * holds: the scenario opened as an ordinary one, not as that frozen version. `label`: the stamp's
   * name when it could be read.
   */
  /** `file`: the stamp came in a scenario file rather than a link. */
  | { kind: 'budgetMismatch'; label: string | null; file?: true }
  /** A frozen version's link whose actuals (`&a=`) cannot be read: the version opened without them. */
  | { kind: 'budgetActualsDamaged'; label: string; file?: true };

/** A scenario set aside when another replaced it (a link opened over it), restorable in one step. */
export interface KeptScenario {
  scenario: Scenario;
  currency: Currency;
  cnyPerUsd: number;
  presetId: string | null;
}

/**
 * What the page offers about where the scenario came from (issue 21): it resumed the last visit's
 * ("Start from an example"), or a link replaced the one being worked on ("Restore my previous
 * scenario"). Dismissable; not part of the undo history.
 */
export type ResumeOffer = { kind: 'resumed' } | { kind: 'replaced'; previous: KeptScenario };

/** Where a scenario change came from (kept with the commit for the views that report it). */
export type ChangeSource =
  | 'field'
  | 'slider'
  | 'choice'
  | 'preset'
  | 'wizard'
  | 'import'
  | 'link'
  | 'saved'
  | 'analysis'
  /** The scenario resumed at start-up, a restored previous scenario, or "Start from an example". */
  | 'resume';

export interface CommitOptions {
  source: ChangeSource;
  /**
   * Commits that carry the same group one after another are one undo step: a slider drag, the
   * keystrokes typed into one field. The group ends with `endGroup()` (pointer up, leaving the field),
   * with any commit of another or no group, and with undo/redo.
   */
  group?: string;
  /**
   * Steps that carry no gesture end (key presses on a slider): a commit joins its group's open step
   * only within this many milliseconds of that group's previous commit, so a burst of key steps (or a
   * held arrow key) is one undo step and a later press starts a new one.
   */
  groupWithinMs?: number;
  /**
   * The exchange rate that comes with the scenario (a link carries its sender's): the candidate's
   * dollar amounts are checked at it and it is set in the same step, so undo never shows the
   * scenario with the old rate, a state that never existed. The store's current rate when absent.
   */
  cnyPerUsd?: number;
  /**
   * The preset the scenario comes from (a preset choice, an opened saved entry); kept beside the
   * scenario for "Reset to preset" of a saved entry. Commits without it keep the current one.
   */
  presetId?: string | null;
}

export type CommitResult =
  /**
   * `merged`: the change joined the open undo group's step instead of making a step of its own.
   * `droppedUsd`: money inputs whose dollar amounts disagreed with their CNY values and were dropped.
   */
  | { ok: true; scenario: Scenario; changed: boolean; merged: boolean; droppedUsd?: string[] }
  | { ok: false; issues: ScenarioIssue[] };

export interface LoadRateCommit {
  result: CommitResult;
  /** The load rate reached (lower than asked when a demand input hit its allowed maximum). */
  appliedRate: number;
  /** The input whose maximum stopped the scaling, or null. */
  limit: LoadRateLimit;
}

/** Undo history length (issue 12: at least 100 steps). */
export const HISTORY_LIMIT = 200;

/**
 * The one store: the scenario (never anything derived from it; views derive through the engine) and
 * the display settings. Every scenario change — field, slider, preset, wizard answer, import, link,
 * undo — goes through `commitScenario`, which validates the whole candidate with the scenario schema
 * (cross-field rules included) and either commits it or returns the issues with the scenario unchanged.
 * A link the app writes is therefore always a link it opens.
 */
/**
 * The budget version the scenario was opened as (a frozen saved entry or a link with its stamp): the
 * stamp and the scenario as it opened. While the scenario is still that one, the page shows it as
 * frozen; once an edit changes it, as a draft of that version. Not part of the scenario, its link's
 * scenario or its history; opening something else (a link, a saved entry, a preset, a file) clears it.
 */
export interface OpenedBudget {
  stamp: BudgetStamp;
  scenario: Scenario;
  /**
   * The scenario as the store holds it has the stamp's fingerprint. Not so for a version frozen by an
   * earlier release (upgraded on opening) or one whose dollar amounts were reconciled: it is shown as
   * that version, but a link made from it does not claim the stamp.
   */
  exact: boolean;
  /** The version's actual bills and usage, when it has any (from its saved entry or its link). */
  actuals?: StoredActuals;
}

export interface AppState {
  scenario: Scenario;
  locale: Locale;
  currency: Currency;
  /** CNY per 1 USD (docs/data-sources.md: 7.2, editable). */
  cnyPerUsd: number;
  notice: AppNotice | null;
  /** The preset the current scenario was made from, when known (not part of the scenario or its link). */
  presetId: string | null;
  offer: ResumeOffer | null;
  /**
   * The usage file the weekly curve came from (its week dates for the charts); not part of the
   * scenario, its link or its history, and cleared whenever the curve stops being the file's.
   */
  curveFile: CurveFile | null;
  budget: OpenedBudget | null;
  /** The door: a whole scenario, or a recipe applied to the current one. */
  commitScenario: (
    next: Scenario | ((current: Scenario) => Scenario),
    options: CommitOptions,
  ) => CommitResult;
  /** The load-rate slider: scales the demand (shape kept) within the inputs' allowed ranges. */
  setLoadRate: (rate: number, options?: Omit<CommitOptions, 'source'>) => LoadRateCommit;
  /** Ends the open undo group, so the next change is a step of its own. */
  endGroup: () => void;
  undo: () => void;
  redo: () => void;
  setLocale: (locale: Locale) => void;
  setCurrency: (currency: Currency) => void;
  /**
   * Sets the exchange rate, and with it the CNY value of every money input typed in dollars, in one
   * validated commit (one undo step); refused with the issues when a converted amount is out of range.
   */
  setCnyPerUsd: (rate: number) => CommitResult;
  setNotice: (notice: AppNotice | null) => void;
  setOffer: (offer: ResumeOffer | null) => void;
  /** Records the file the curve just committed came from (after its import passed the door). */
  setCurveFile: (file: CurveFile | null) => void;
  /** Marks the current scenario as the budget version `stamp` (after it was opened or frozen). */
  setBudget: (stamp: BudgetStamp | null, actuals?: StoredActuals | null) => void;
  /** The opened version's actuals, replaced (bills or usage read); not an edit of the scenario. */
  setBudgetActuals: (actuals: StoredActuals | null) => void;
}

export function detectLocale(languages: readonly string[] | undefined): Locale {
  const first = languages?.[0]?.toLowerCase() ?? '';
  return first.startsWith('zh') ? 'zh-CN' : 'en';
}

/** Same inputs, value for value (a field retyped to its own value is not a change worth a step). */
function sameScenario(a: Scenario, b: Scenario): boolean {
  return sameData(a, b);
}

/**
 * Plain data (objects, arrays, numbers, strings, booleans, null) equal value for value; a key that is
 * absent equals one that is undefined. Stops at the first difference: a slider step, which always
 * differs, pays for one branch of the scenario, not for two JSON serialisations of all of it.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const key in x) if (!sameData(x[key], y[key])) return false;
  for (const key in y) if (!(key in x) && y[key] !== undefined) return false;
  return true;
}

/**
 * What the undo history holds: the scenario and the exchange rate (dollar-typed inputs' CNY values
 * depend on it, so the two are undone together).
 */
export type TrackedState = Pick<AppState, 'scenario' | 'cnyPerUsd' | 'budget'>;

/** The app store: zustand's bound hook with zundo's history of the scenario as `store.temporal`. */
export type AppStore = UseBoundStore<
  Mutate<StoreApi<AppState>, [['temporal', StoreApi<TemporalState<TrackedState>>]]>
>;

export interface StoreClock {
  /** Milliseconds, monotonic; only differences are used (key steps within a window). */
  now: () => number;
}

const systemClock: StoreClock = {
  now: () => (typeof performance === 'undefined' ? Date.now() : performance.now()),
};

/** Where outside data comes in: dollars dropped there are reported (a control's own are not news). */
const OUTSIDE_SOURCES: ReadonlySet<ChangeSource> = new Set(['link', 'import', 'saved']);

/** Changes that open another scenario rather than edit this one: a budget version opened before no longer applies. */
const OPENING_SOURCES: ReadonlySet<ChangeSource> = new Set(['link', 'import', 'saved', 'preset', 'resume']);

/** Whether the scenario shown is the frozen budget version itself (not a draft of it). */
export function isFrozenView(state: Pick<AppState, 'scenario' | 'budget'>): boolean {
  return state.budget !== null && sameData(state.scenario, state.budget.scenario);
}

export function createAppStore(
  initial?: Partial<Pick<AppState, 'scenario' | 'locale' | 'currency' | 'cnyPerUsd' | 'presetId'>>,
  clock: StoreClock = systemClock,
): AppStore {
  // The group whose first commit is the current undo step; null when the next commit starts a new one.
  let openGroup: string | null = null;
  // When the open group's last commit happened (for groups that close by time: key steps).
  let openGroupAt = 0;
  // The last candidate the door accepted: the next one is validated reusing its unchanged groups.
  let lastValid: Scenario | null = null;
  const initialRate = initial?.cnyPerUsd ?? 7.2;
  // A link opened at start-up meets the door's rule too: its dollars must be its CNY values at its rate.
  const opened = reconcileUsdInputs(initial?.scenario ?? defaultScenario, initialRate);

  const store: AppStore = create<AppState>()(
    temporal<AppState, [], [], TrackedState>(
      (set, get) => ({
        scenario: opened.scenario,
        locale: initial?.locale ?? 'en',
        currency: initial?.currency ?? 'CNY',
        cnyPerUsd: initialRate,
        notice: opened.dropped.length > 0 ? { kind: 'usdReconciled', paths: opened.dropped } : null,
        presetId: initial?.presetId ?? null,
        offer: null,
        curveFile: null,
        budget: null,
        commitScenario: (next, options) => {
          const current = get().scenario;
          const currentRate = get().cnyPerUsd;
          const rate = options.cnyPerUsd ?? currentRate;
          // Inputs a chosen GPU model filled and the user then changed are marked as the user's.
          const proposed = withUserEdits(typeof next === 'function' ? next(current) : next);
          const parsed =
            lastValid === null ? parseScenario(proposed) : validateScenarioReusing(proposed, lastValid);
          if (!parsed.ok) return { ok: false, issues: parsed.issues };
          lastValid = proposed;
          const presetId = options.presetId === undefined ? get().presetId : options.presetId;
          // Opening something else forgets the version open — in the same step as the scenario, so
          // undo brings back the version with its figures.
          const budget = OPENING_SOURCES.has(options.source) ? null : get().budget;
          // Dollars and their CNY value never disagree in the store (see reconcileUsdInputs). The
          // candidate itself is kept otherwise (typed, and accepted by the schema): groups a change did
          // not touch keep their identity, so only the views reading the changed inputs re-render.
          const { scenario: candidate, dropped } = reconcileUsdInputs(proposed, rate);
          const droppedUsd = dropped.length > 0 ? { droppedUsd: dropped } : {};
          if (dropped.length > 0 && OUTSIDE_SOURCES.has(options.source))
            set({ notice: { kind: 'usdReconciled', paths: dropped } });
          if (sameScenario(candidate, current) && rate === currentRate) {
            if (presetId !== get().presetId) set({ presetId });
            if (budget !== get().budget) set({ budget });
            return { ok: true, scenario: current, changed: false, merged: false, ...droppedUsd };
          }
          const group = options.group ?? null;
          const history = store.temporal.getState();
          const at = clock.now();
          const inWindow = options.groupWithinMs === undefined || at - openGroupAt <= options.groupWithinMs;
          const merged = group !== null && group === openGroup && inWindow && history.isTracking;
          // Only the rate changed: the scenario keeps its identity.
          const kept = sameScenario(candidate, current) ? current : candidate;
          if (merged) {
            // A later commit of the same gesture: the step recorded by its first commit covers it.
            history.pause();
            set({ scenario: kept, cnyPerUsd: rate, presetId, budget });
            history.resume();
          } else {
            set({ scenario: kept, cnyPerUsd: rate, presetId, budget });
          }
          openGroup = group;
          openGroupAt = at;
          return { ok: true, scenario: kept, changed: true, merged, ...droppedUsd };
        },
        setLoadRate: (rate, options) => {
          const scaled = scaleToLoadRateWithinLimits(get().scenario, rate);
          const commitOptions: CommitOptions = { source: 'slider', ...options };
          const result = get().commitScenario(scaled.scenario, commitOptions);
          return { result, appliedRate: scaled.appliedRate, limit: scaled.limit };
        },
        endGroup: () => {
          openGroup = null;
        },
        undo: () => step('undo'),
        redo: () => step('redo'),
        setLocale: (locale) => set({ locale }),
        setCurrency: (currency) => set({ currency }),
        setCnyPerUsd: (cnyPerUsd) => {
          const current = get().scenario;
          const candidate = repriceUsdInputs(current, cnyPerUsd);
          const parsed = parseScenario(candidate);
          if (!parsed.ok) return { ok: false, issues: parsed.issues };
          openGroup = null;
          const changed = !sameScenario(candidate, current);
          set({ cnyPerUsd, scenario: changed ? candidate : current });
          return { ok: true, scenario: get().scenario, changed, merged: false };
        },
        setNotice: (notice) => set({ notice }),
        setOffer: (offer) => set({ offer }),
        setBudget: (stamp, actuals) => {
          const scenario = get().scenario;
          set({
            budget:
              stamp === null
                ? null
                : {
                    stamp,
                    scenario,
                    exact: scenarioFingerprint(scenario) === stamp.hash,
                    ...(actuals ? { actuals } : {}),
                  },
          });
        },
        setBudgetActuals: (actuals) => {
          const budget = get().budget;
          if (!budget) return;
          const withActuals = (b: OpenedBudget): OpenedBudget => {
            if (actuals) return { ...b, actuals };
            const { actuals: _removed, ...rest } = b;
            return rest;
          };
          set({ budget: withActuals(budget) });
          // The actuals belong to the version, not to one step of its history: undo or redo to
          // another step of the same version brings the same actuals back (and its link carries them).
          const { budgetId, version } = budget.stamp;
          const same = (b: OpenedBudget | null) =>
            b !== null && b.stamp.budgetId === budgetId && b.stamp.version === version;
          const patch = (states: TrackedState[]) =>
            states.map((st) =>
              same(st.budget) && st.budget ? { ...st, budget: withActuals(st.budget) } : st,
            );
          const history = store.temporal.getState();
          store.temporal.setState({
            pastStates: patch(history.pastStates as TrackedState[]),
            futureStates: patch(history.futureStates as TrackedState[]),
          });
        },
        setCurveFile: (curveFile) =>
          set({ curveFile: curveFile && isCurveFromFile(get().scenario, curveFile) ? curveFile : null }),
      }),
      {
        // The scenario and the rate are history: language, display currency and notices are not undone.
        // The budget version travels with its scenario: undo back past its opening forgets it.
        partialize: (state): TrackedState => ({
          scenario: state.scenario,
          cnyPerUsd: state.cnyPerUsd,
          budget: state.budget,
        }),
        equality: (past, current) =>
          past.scenario === current.scenario && past.cnyPerUsd === current.cnyPerUsd,
        limit: HISTORY_LIMIT,
      },
    ),
  );

  /**
   * Undo and redo pass the door too: the scenario they bring back is validated by the same schema
   * before it is shown (a history entry that no longer validates is dropped, never applied).
   */
  function step(direction: 'undo' | 'redo'): void {
    openGroup = null;
    const history = store.temporal.getState();
    const list = direction === 'undo' ? history.pastStates : history.futureStates;
    const target = list[list.length - 1]?.scenario;
    if (target === undefined) return;
    if (!parseScenario(target).ok) {
      store.temporal.setState(
        direction === 'undo' ? { pastStates: list.slice(0, -1) } : { futureStates: list.slice(0, -1) },
      );
      return;
    }
    if (direction === 'undo') history.undo();
    else history.redo();
  }

  // Whatever changes the scenario (a field, a file, a link, undo or redo), the file's dates stay only
  // while the curve is still the file's.
  store.subscribe((state, previous) => {
    if (state.scenario === previous.scenario || state.curveFile === null) return;
    if (!isCurveFromFile(state.scenario, state.curveFile)) store.setState({ curveFile: null });
  });

  return store;
}
