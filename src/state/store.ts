import { create } from 'zustand';
import { defaultScenario, type Scenario, scaleToLoadRate } from '../engine';
import type { Currency, Locale } from '../lib/format';

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
  setScenario: (scenario: Scenario) => void;
  /** Applies a change to a copy of the scenario. Callers pass only values already validated. */
  updateScenario: (recipe: (draft: Scenario) => Scenario) => void;
  setLoadRate: (rate: number) => void;
  setLocale: (locale: Locale) => void;
  setCurrency: (currency: Currency) => void;
  setCnyPerUsd: (rate: number) => void;
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
    setScenario: (scenario) => set({ scenario }),
    updateScenario: (recipe) => set((state) => ({ scenario: recipe(state.scenario) })),
    setLoadRate: (rate) => set((state) => ({ scenario: scaleToLoadRate(state.scenario, rate) })),
    setLocale: (locale) => set({ locale }),
    setCurrency: (currency) => set({ currency }),
    setCnyPerUsd: (cnyPerUsd) => set({ cnyPerUsd }),
  }));
}

export type AppStore = ReturnType<typeof createAppStore>;
