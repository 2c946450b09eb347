import i18next, { type Resource, type TFunction } from 'i18next';
import { bundle as en } from '../i18n/en/bundle';
import enCli from '../i18n/en/cli.json';
import { onDemand as enOnDemand } from '../i18n/en/on-demand';
import { initI18n } from '../i18n/options';
import { bundle as zhCN } from '../i18n/zh-CN/bundle';
import zhCNCli from '../i18n/zh-CN/cli.json';
import { onDemand as zhCNOnDemand } from '../i18n/zh-CN/on-demand';
import type { Locale } from '../lib/format';

/**
 * The page's translations for the command line: the same JSON files and i18next options, both
 * languages whole (nothing is fetched), without React, and the command line's own texts (`cli`).
 */
export function cliTranslator(locale: Locale): TFunction {
  const instance = i18next.createInstance();
  const resources = {
    en: { ...en, ...enOnDemand, cli: enCli },
    'zh-CN': { ...zhCN, ...zhCNOnDemand, cli: zhCNCli },
  };
  initI18n(instance, locale, resources as unknown as Resource);
  return instance.t;
}
