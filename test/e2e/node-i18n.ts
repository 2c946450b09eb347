/**
 * The app's translations for code the browser tests run in Node (building a workbook to compare with
 * the exported one): the same JSON files and options as src/i18n, read from disk because Playwright's
 * loader does not import JSON modules.
 */
import { readFileSync } from 'node:fs';
import i18next, { type ResourceLanguage, type TFunction } from 'i18next';
import type { Locale } from './export-helpers';

const NAMESPACES = [
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
  // The workbook's sizing, plan and glossary sheets read these (a plan's workbook has a plan sheet).
  'sizing',
  'plan',
  'glossary',
] as const;

function load(locale: Locale): ResourceLanguage {
  return Object.fromEntries(
    NAMESPACES.map((ns) => [
      ns,
      JSON.parse(
        readFileSync(new URL(`../../src/i18n/${locale}/${ns}.json`, import.meta.url), 'utf8'),
      ) as object,
    ]),
  );
}

export function nodeT(locale: Locale): TFunction {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: 'en',
    resources: { en: load('en'), 'zh-CN': load('zh-CN') },
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance.t;
}
