import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../lib/format';
import { cacheTranslations } from './cached-t';
import { bundle as en } from './en/bundle';
import { onDemand as enOnDemand } from './en/on-demand';
import { bundle as zhCN } from './zh-CN/bundle';
import { onDemand as zhCNOnDemand } from './zh-CN/on-demand';

/**
 * Every visible string lives in these JSON files, one namespace per area: `common` (app shell,
 * dashboard, recommendation, methodology), `charts` (charts and the breakdown table), `analysis` (Monte
 * Carlo, tornado, hybrid baseline), `report` (the PDF export), `scenarios` (share links, saved
 * scenarios, files), `wizard` (the self-assessment), `hardware` (GPU choices, catalogue sources,
 * compare hardware), `finance` (scenario name, cash by year, returns, VAT view), `export` (the PDF's
 * budget pages and the Excel export), `layout` (section links, assumption search, typed-number
 * messages), `firstScreen` (the verdict's key number and its details), `sizing` (the sizing curve and
 * the buy-N budget plan, on screen, in the PDF and the workbook), `offline` (the new-version notice),
 * `glossary` (the term list: each technical word in one sentence, for the page, the PDF and the
 * workbook), `compare` (the comparison of up to four scenarios), `plan` (the training plan and its
 * deadlines), `usageFile` (what the dashboard says about a curve imported from a usage file).
 * test/i18n checks that both languages have the same keys. Each language's files are gathered in its
 * bundle.ts (what a first visit draws) and on-demand.ts (the rest); the app loads only the reader's
 * (src/i18n/app-i18n.ts), tests use both languages whole from here.
 */
export const resources = {
  en: { ...en, ...enOnDemand },
  'zh-CN': { ...zhCN, ...zhCNOnDemand },
} as const;

export { NAMESPACES } from './options';

import { initI18n } from './options';

/** A ready i18next instance with both languages (synchronous: nothing is fetched). */
export function createI18n(locale: Locale): i18n {
  const instance = i18next.createInstance();
  initI18n(instance.use(initReactI18next), locale, resources as unknown as Resource);
  cacheTranslations(instance);
  return instance;
}
