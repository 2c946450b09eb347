import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../lib/format';
import { cacheTranslations } from './cached-t';
import enAnalysis from './en/analysis.json';
import enCharts from './en/charts.json';
import enCommon from './en/common.json';
import enExport from './en/export.json';
import enFinance from './en/finance.json';
import enHardware from './en/hardware.json';
import enLayout from './en/layout.json';
import enPlan from './en/plan.json';
import enReport from './en/report.json';
import enScenarios from './en/scenarios.json';
import enWizard from './en/wizard.json';
import zhAnalysis from './zh-CN/analysis.json';
import zhCharts from './zh-CN/charts.json';
import zhCommon from './zh-CN/common.json';
import zhExport from './zh-CN/export.json';
import zhFinance from './zh-CN/finance.json';
import zhHardware from './zh-CN/hardware.json';
import zhLayout from './zh-CN/layout.json';
import zhPlan from './zh-CN/plan.json';
import zhReport from './zh-CN/report.json';
import zhScenarios from './zh-CN/scenarios.json';
import zhWizard from './zh-CN/wizard.json';

/**
 * Every visible string lives in these JSON files, one namespace per area: `common` (app shell,
 * dashboard, recommendation, methodology), `charts` (charts and the breakdown table), `analysis` (Monte Carlo,
 * tornado, hybrid baseline) and `report`
 * (the PDF export), `scenarios` (share links, saved scenarios, compare, files), `wizard` (the
 * self-assessment), `hardware` (GPU choices, catalogue sources, compare hardware), `finance` (scenario name, cash by year, returns, VAT view), `export` (the PDF's budget pages and the Excel export), `layout` (section links, assumption search, typed-number messages), `plan` (the training plan and its deadlines).
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
    plan: enPlan,
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
    plan: zhPlan,
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
  'plan',
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
