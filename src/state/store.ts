import { create } from 'zustand';
import { defaultScenario, type Scenario, scaleToLoadRate } from '../engine';
import type { Currency, Locale } from '../lib/format';
import type { LinkDecodeError, ScenarioIssue } from '../scenario';

/**
 * A message about outside data that did not load (a damaged share link), shown until dismissed. Kept
 * as data, not text, so it follows a language switch.
 */
export type AppNotice = {
  kind: 'linkError';
  error: LinkDecodeError;
  issues: ScenarioIssue[];
  /** The rejected link as opened, shown so the user can copy it (e.g. to report the problem). */
  link?: string;
};

/**
 * The one store: the scenario (never anything derived from it; views derive through the engine) and
 * the display settings. Outside data enters only through src/scenario, which validates it first.
 */
export interface AppState {
  scenario: Scenario;
  locale: Locale;
  currency: Currency;
  /** CNY per 1 USD (shared/data/defaults.md: 7.2, editable). */
  cnyPerUsd: number;
  notice: AppNotice | null;
  setScenario: (scenario: Scenario) => void;
  /** Applies a change to a copy of the scenario. Callers pass only values already validated. */
  updateScenario: (recipe: (draft: Scenario) => Scenario) => void;
  setLoadRate: (rate: number) => void;
  setLocale: (locale: Locale) => void;
  setCurrency: (currency: Currency) => void;
  setCnyPerUsd: (rate: number) => void;
  setNotice: (notice: AppNotice | null) => void;
}

export function detectLocale(languages: readonly string[] | undefined): Locale {
  const first = languages?.[0]?.toLowerCase() ?? '';
  return first.startsWith('zh') ? 'zh-CN' : 'en';
}

export function createAppStore(
  initial?: Partial<Pick<AppState, 'scenario' | 'locale' | 'currency' | 'cnyPerUsd'>>,
) {
  return create<AppState>()((set) => ({
    scenario: initial?.scenario ?? defaultScenario,
    locale: initial?.locale ?? 'en',
    currency: initial?.currency ?? 'CNY',
    cnyPerUsd: initial?.cnyPerUsd ?? 7.2,
    notice: null,
    setScenario: (scenario) => set({ scenario }),
    updateScenario: (recipe) => set((state) => ({ scenario: recipe(state.scenario) })),
    setLoadRate: (rate) => set((state) => ({ scenario: scaleToLoadRate(state.scenario, rate) })),
    setLocale: (locale) => set({ locale }),
    setCurrency: (currency) => set({ currency }),
    setCnyPerUsd: (cnyPerUsd) => set({ cnyPerUsd }),
    setNotice: (notice) => set({ notice }),
  }));
}

export type AppStore = ReturnType<typeof createAppStore>;
