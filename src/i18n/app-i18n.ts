import i18next, { type i18n, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../lib/format';
import { cacheTranslations } from './cached-t';
import { initI18n } from './options';

/**
 * The app's translations, one language at a time: only the reader's strings load before the first
 * result; the other language's chunk loads when the reader switches to it.
 */
const LOADERS: Record<Locale, () => Promise<{ bundle: ResourceLanguage }>> = {
  en: () => import('./en/bundle'),
  'zh-CN': () => import('./zh-CN/bundle'),
};

const loaded = new Map<Locale, ResourceLanguage>();

/** Loads a language's strings (once); the app waits for the reader's before it renders. */
export async function loadLanguage(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return;
  const { bundle } = await LOADERS[locale]();
  loaded.set(locale, bundle);
}

function bundleOf(locale: Locale): ResourceLanguage {
  const bundle = loaded.get(locale);
  if (!bundle) throw new Error(`the ${locale} strings are not loaded (loadLanguage first)`);
  return bundle;
}

/** The app's i18next instance in `locale`, whose strings loadLanguage has loaded. */
export function createAppI18n(locale: Locale): i18n {
  const instance = i18next.createInstance();
  initI18n(instance.use(initReactI18next), locale, { [locale]: bundleOf(locale) });
  cacheTranslations(instance);
  return instance;
}

/** Adds `locale`'s strings to the instance (loading them first when this is their first use). */
export async function addLanguage(instance: i18n, locale: Locale): Promise<void> {
  await loadLanguage(locale);
  if (instance.hasResourceBundle(locale, 'common')) return;
  for (const [ns, strings] of Object.entries(bundleOf(locale)))
    instance.addResourceBundle(locale, ns, strings, true, true);
}

/**
 * Adds the language the page is not in, on demand: when the reader is about to need it (the language
 * menu, the preset menu, the assumption search, which match names in both languages). Not loaded with
 * the page: a first visit fetches one language's strings only.
 */
export function addOtherLanguage(instance: i18n): Promise<void> {
  return addLanguage(instance, instance.language === 'zh-CN' ? 'en' : 'zh-CN');
}

/** Switches the instance to `locale`, loading its strings first when this is their first use. */
export async function switchLanguage(instance: i18n, locale: Locale): Promise<void> {
  await addLanguage(instance, locale);
  await instance.changeLanguage(locale);
}
