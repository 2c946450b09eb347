import type { i18n } from 'i18next';
import { useEffect, useState } from 'react';
import { createI18n } from '../i18n';
import { useAppStore } from '../state/store-context';

/**
 * One i18next instance for the app's lifetime, kept in step with the store's locale; also sets
 * <html lang> (screen readers and CJK font selection depend on it) and the document title.
 */
export function useAppI18n(): i18n {
  const locale = useAppStore((s) => s.locale);
  const [instance] = useState(() => createI18n(locale));
  useEffect(() => {
    if (instance.language !== locale) void instance.changeLanguage(locale);
    document.documentElement.lang = locale;
    document.title = instance.t('app.title');
  }, [instance, locale]);
  return instance;
}
