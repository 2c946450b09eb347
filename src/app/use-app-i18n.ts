import type { i18n } from 'i18next';
import { useEffect, useState } from 'react';
import { createAppI18n, switchLanguage } from '../i18n/app-i18n';
import { useAppStore } from '../state/store-context';

/**
 * One i18next instance for the app's lifetime, kept in step with the store's locale (the strings of a
 * language load on its first use, src/i18n/app-i18n.ts, or when a control that reads both is about to
 * be used: addOtherLanguage); also sets <html lang> (screen readers and CJK
 * font selection depend on it) and the document title.
 */
export function useAppI18n(): i18n {
  const locale = useAppStore((s) => s.locale);
  const [instance] = useState(() => createAppI18n(locale));
  useEffect(() => {
    let current = true;
    const settle = () => {
      if (!current) return;
      document.documentElement.lang = locale;
      document.title = instance.t('app.title');
    };
    if (instance.language === locale) settle();
    else void switchLanguage(instance, locale).then(settle);
    return () => {
      current = false;
    };
  }, [instance, locale]);
  return instance;
}
