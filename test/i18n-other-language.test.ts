import { describe, expect, it } from 'vitest';
import { addOtherLanguage, createAppI18n, loadLanguage } from '../src/i18n/app-i18n';

describe('the app instance holds one language until the other is asked for', () => {
  it.each([
    ['en', 'zh-CN'],
    ['zh-CN', 'en'],
  ] as const)(
    '%s: only its own strings at first, the other added by addOtherLanguage',
    async (locale, other) => {
      await loadLanguage(locale);
      const instance = createAppI18n(locale);
      expect(instance.hasResourceBundle(locale, 'common')).toBe(true);
      expect(instance.hasResourceBundle(other, 'common')).toBe(false);
      await addOtherLanguage(instance);
      expect(instance.hasResourceBundle(other, 'common')).toBe(true);
      expect(instance.hasResourceBundle(other, 'offline')).toBe(true);
      // The page stays in its language.
      expect(instance.language).toBe(locale);
    },
  );
});
