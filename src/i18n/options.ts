import type { i18n, Resource } from 'i18next';
import type { Locale } from '../lib/format';

export const NAMESPACES = [
  'common',
  'charts',
  'analysis',
  'report',
  'scenarios',
  'wizard',
  'hardware',
  'finance',
  'export',
  'layout',
  'firstScreen',
  'sizing',
  'offline',
  'glossary',
  'compare',
  'plan',
  'usageFile',
] as const;

/**
 * The namespaces no first visit draws (each language's on-demand.ts): the app loads them when a
 * component that reads them is drawn, or before an export that prints them.
 */
export const ON_DEMAND_NAMESPACES = ['analysis', 'compare', 'sizing', 'wizard'] as const;

/**
 * The one set of i18next options, for the app's instance and the tests' (synchronous init). With
 * `partial`, the resources hold only the first visit's namespaces and the instance's backend (in
 * `instance`'s modules) loads the others when asked.
 */
export function initI18n(instance: i18n, locale: Locale, resources: Resource, partial = false): void {
  const onDemand: readonly string[] = ON_DEMAND_NAMESPACES;
  void instance.init({
    lng: locale,
    // The app's instance holds one language (the tests' both): a fallback would make its backend fetch
    // the other language's strings, which both languages' identical keys (test/i18n) never need.
    fallbackLng: partial ? false : 'en',
    resources,
    partialBundledLanguages: partial,
    // Loaded at init: with `partial`, only those the resources hold (the backend would fetch the rest).
    ns: partial ? NAMESPACES.filter((ns) => !onDemand.includes(ns)) : [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
}
