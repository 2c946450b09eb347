import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../lib/format';
import { cacheTranslations } from './cached-t';
import enAnalysis from './en/analysis.json';
import enCharts from './en/charts.json';
import enCommon from './en/common.json';
import enCompare from './en/compare.json';
import enExport from './en/export.json';
import enFinance from './en/finance.json';
import enFirstScreen from './en/first-screen.json';
import enGlossary from './en/glossary.json';
import enHardware from './en/hardware.json';
import enLayout from './en/layout.json';
import enOffline from './en/offline.json';
import enReport from './en/report.json';
import enScenarios from './en/scenarios.json';
import enSizing from './en/sizing.json';
import enWizard from './en/wizard.json';
import zhAnalysis from './zh-CN/analysis.json';
import zhCharts from './zh-CN/charts.json';
import zhCommon from './zh-CN/common.json';
import zhCompare from './zh-CN/compare.json';
import zhExport from './zh-CN/export.json';
import zhFinance from './zh-CN/finance.json';
import zhFirstScreen from './zh-CN/first-screen.json';
import zhGlossary from './zh-CN/glossary.json';
import zhHardware from './zh-CN/hardware.json';
import zhLayout from './zh-CN/layout.json';
import zhOffline from './zh-CN/offline.json';
import zhReport from './zh-CN/report.json';
import zhScenarios from './zh-CN/scenarios.json';
import zhSizing from './zh-CN/sizing.json';
import zhWizard from './zh-CN/wizard.json';

/**
 * Every visible string lives in these JSON files, one namespace per area: `common` (app shell,
 * dashboard, recommendation, methodology), `charts` (charts and the breakdown table), `analysis` (Monte Carlo,
 * tornado, hybrid baseline) and `report`
 * (the PDF export), `scenarios` (share links, saved scenarios, compare, files), `wizard` (the
 * self-assessment), `hardware` (GPU choices, catalogue sources, compare hardware), `finance` (scenario name, cash by year, returns, VAT view), `export` (the PDF's budget pages and the Excel export), `layout` (section links, assumption search, typed-number messages), `firstScreen` (the verdict's key number and its details), `sizing` (the sizing curve and the buy-N budget plan, on screen, in the PDF and the workbook), `offline` (the new-version notice), `glossary` (the term list: each technical word in one sentence, for the page, the PDF and the workbook), `compare` (the comparison of up to four scenarios).
 * test/i18n checks that both languages have the same keys.
 */
export const resources = {
  en: {
    common: enCommon,
    charts: enCharts,
    analysis: enAnalysis,
    report: enReport,
    scenarios: enScenarios,
    wizard: enWizard,
    hardware: enHardware,
    finance: enFinance,
    export: enExport,
    layout: enLayout,
    firstScreen: enFirstScreen,
    sizing: enSizing,
    offline: enOffline,
    glossary: enGlossary,
    compare: enCompare,
  },
  'zh-CN': {
    common: zhCommon,
    charts: zhCharts,
    analysis: zhAnalysis,
    report: zhReport,
    scenarios: zhScenarios,
    wizard: zhWizard,
    hardware: zhHardware,
    finance: zhFinance,
    export: zhExport,
    layout: zhLayout,
    firstScreen: zhFirstScreen,
    sizing: zhSizing,
    offline: zhOffline,
    glossary: zhGlossary,
    compare: zhCompare,
  },
} as const;

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
] as const;

/** A ready i18next instance (synchronous: resources are bundled, nothing is fetched). */
export function createI18n(locale: Locale): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: 'en',
    resources,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  cacheTranslations(instance);
  return instance;
}
