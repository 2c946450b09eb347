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

/** The one set of i18next options, for the app's instance and the tests' (synchronous init). */
export function initI18n(instance: i18n, locale: Locale, resources: Resource): void {
  void instance.init({
    lng: locale,
    fallbackLng: 'en',
    resources,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
}
