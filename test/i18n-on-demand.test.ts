import { describe, expect, it, vi } from 'vitest';
import { bundle as en } from '../src/i18n/en/bundle';
import { onDemand as enOnDemand } from '../src/i18n/en/on-demand';
import { NAMESPACES, ON_DEMAND_NAMESPACES } from '../src/i18n/options';
import { bundle as zh } from '../src/i18n/zh-CN/bundle';
import { onDemand as zhOnDemand } from '../src/i18n/zh-CN/on-demand';

/** A fresh copy of the app's i18n module: nothing loaded yet (other files may have loaded strings). */
async function freshAppI18n() {
  vi.resetModules();
  return import('../src/i18n/app-i18n');
}

describe("a first visit loads a language's first-visit namespaces; the rest come when asked", () => {
  it.each([
    ['en', en, enOnDemand],
    ['zh-CN', zh, zhOnDemand],
  ] as const)(
    '%s: the two parts hold every namespace once, the on-demand part exactly ON_DEMAND_NAMESPACES',
    (_, first, later) => {
      expect(Object.keys(later).sort()).toEqual([...ON_DEMAND_NAMESPACES].sort());
      expect([...Object.keys(first), ...Object.keys(later)].sort()).toEqual([...NAMESPACES].sort());
    },
  );

  it.each(['en', 'zh-CN'] as const)(
    '%s: the instance starts without the on-demand namespaces and loads them on request, with real strings',
    async (locale) => {
      const { createAppI18n, loadLanguage, loadOnDemandNamespaces } = await freshAppI18n();
      await loadLanguage(locale);
      const instance = createAppI18n(locale);
      expect(instance.hasResourceBundle(locale, 'common')).toBe(true);
      for (const ns of ON_DEMAND_NAMESPACES) expect(instance.hasResourceBundle(locale, ns)).toBe(false);
      await loadOnDemandNamespaces(instance);
      for (const ns of ON_DEMAND_NAMESPACES) expect(instance.hasResourceBundle(locale, ns)).toBe(true);
      const strings = locale === 'en' ? enOnDemand : zhOnDemand;
      expect(instance.t('analysis:title')).toBe((strings.analysis as Record<string, unknown>).title);
      // One language only: the backend fetched nothing of the other.
      const other = locale === 'en' ? 'zh-CN' : 'en';
      expect(instance.hasResourceBundle(other, 'analysis')).toBe(false);
    },
  );

  it('a language switched to arrives whole, on-demand namespaces included', async () => {
    const { createAppI18n, loadLanguage, switchLanguage } = await freshAppI18n();
    await loadLanguage('en');
    const instance = createAppI18n('en');
    await switchLanguage(instance, 'zh-CN');
    expect(instance.language).toBe('zh-CN');
    for (const ns of NAMESPACES) expect(instance.hasResourceBundle('zh-CN', ns)).toBe(true);
  });

  it('a lazily loaded module comes with the on-demand strings in the app instance', async () => {
    const { createAppI18n, loadLanguage, withOnDemandStrings } = await freshAppI18n();
    await loadLanguage('en');
    const instance = createAppI18n('en');
    const load = withOnDemandStrings(() => Promise.resolve({ default: 'module' }));
    expect(instance.hasResourceBundle('en', 'wizard')).toBe(false);
    await expect(load()).resolves.toEqual({ default: 'module' });
    for (const ns of ON_DEMAND_NAMESPACES) expect(instance.hasResourceBundle('en', ns)).toBe(true);
  });
});
