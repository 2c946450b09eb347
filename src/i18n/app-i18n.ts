import i18next, { type BackendModule, type i18n, type ResourceKey, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../lib/format';
import { cacheTranslations } from './cached-t';
import { initI18n, ON_DEMAND_NAMESPACES } from './options';

/**
 * The app's translations, one language at a time: only the reader's strings load before the first
 * result, and of those only the namespaces a first visit draws (bundle.ts). The rest of a language
 * (on-demand.ts) loads when a component that reads it is drawn — react-i18next suspends it until the
 * backend below has its strings — or before an export (loadOnDemandNamespaces). The other language's
 * chunks load when the reader switches to it or is about to need it (addOtherLanguage).
 */
const LOADERS: Record<Locale, () => Promise<{ bundle: ResourceLanguage }>> = {
  en: () => import('./en/bundle'),
  'zh-CN': () => import('./zh-CN/bundle'),
};

const ON_DEMAND_LOADERS: Record<Locale, () => Promise<{ onDemand: ResourceLanguage }>> = {
  en: () => import('./en/on-demand'),
  'zh-CN': () => import('./zh-CN/on-demand'),
};

const loaded = new Map<Locale, ResourceLanguage>();
const loadedOnDemand = new Map<Locale, ResourceLanguage>();

/** Loads a language's first-visit strings (once); the app waits for the reader's before it renders. */
export async function loadLanguage(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return;
  const { bundle } = await LOADERS[locale]();
  loaded.set(locale, bundle);
}

/** Loads the rest of a language's strings (once); an instance made after this holds them from the start. */
export async function loadOnDemandStrings(locale: Locale): Promise<ResourceLanguage> {
  const known = loadedOnDemand.get(locale);
  if (known) return known;
  const { onDemand } = await ON_DEMAND_LOADERS[locale]();
  loadedOnDemand.set(locale, onDemand);
  return onDemand;
}

function bundleOf(locale: Locale): ResourceLanguage {
  const bundle = loaded.get(locale);
  if (!bundle) throw new Error(`the ${locale} strings are not loaded (loadLanguage first)`);
  return { ...bundle, ...loadedOnDemand.get(locale) };
}

const isLocale = (language: string): language is Locale => language === 'en' || language === 'zh-CN';

/** i18next's backend for the on-demand namespaces: a namespace of a language, from its chunks. */
const onDemandBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (!isLocale(language)) {
      callback(null, {});
      return;
    }
    Promise.all([loadLanguage(language), loadOnDemandStrings(language)])
      .then(() => callback(null, (bundleOf(language)[namespace] ?? {}) as ResourceKey))
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null));
  },
};

/** The instance createAppI18n made last: the app's (one per page; tests make one per tree). */
let appInstance: i18n | null = null;

/** The app's i18next instance in `locale`, whose strings loadLanguage has loaded. */
export function createAppI18n(locale: Locale): i18n {
  const instance = i18next.createInstance();
  initI18n(instance.use(onDemandBackend).use(initReactI18next), locale, { [locale]: bundleOf(locale) }, true);
  cacheTranslations(instance);
  appInstance = instance;
  return instance;
}

/**
 * Loads a lazily loaded module together with the on-demand strings (for the app's instance): a view or
 * section that reads them then draws once both are in, instead of loading its code, drawing, and
 * waiting again for its strings (a second placeholder, and a later change of the page's height).
 */
export function withOnDemandStrings<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    Promise.all([load(), appInstance ? loadedOrThrow(appInstance) : undefined]).then(([module]) => module);
}

/**
 * Loads the on-demand strings and fails when they did not come (their chunk could not be fetched):
 * i18next would otherwise draw the part with its keys in place of text (issue 42), where the caller
 * can offer a reload instead (features/offline orNewVersionReady).
 */
async function loadedOrThrow(instance: i18n): Promise<void> {
  await loadOnDemandNamespaces(instance);
  const missing = ON_DEMAND_NAMESPACES.filter((ns) => !instance.hasResourceBundle(instance.language, ns));
  if (missing.length > 0) throw new Error(`the strings of ${missing.join(', ')} did not load`);
}

/**
 * Loads the on-demand namespaces into the instance (its language and the fallback): an export prints
 * strings of sections the reader may never have drawn.
 */
export function loadOnDemandNamespaces(instance: i18n): Promise<void> {
  return instance.loadNamespaces([...ON_DEMAND_NAMESPACES]);
}

/** Adds all of `locale`'s strings to the instance (loading them first when this is their first use). */
export async function addLanguage(instance: i18n, locale: Locale): Promise<void> {
  await Promise.all([loadLanguage(locale), loadOnDemandStrings(locale)]);
  // Only the namespaces it lacks: some may be in already (the first language's, or loaded on demand).
  for (const [ns, strings] of Object.entries(bundleOf(locale)))
    if (!instance.hasResourceBundle(locale, ns)) instance.addResourceBundle(locale, ns, strings, true, true);
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
