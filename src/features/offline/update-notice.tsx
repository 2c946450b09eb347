import { useMemo, useSyncExternalStore } from 'react';
import { createI18n } from '../../i18n';
import type { Locale } from '../../lib/format';
import { useAppStore } from '../../state/store-context';
import type { UpdateSignal } from './update-signal';
import './update-notice.css';

/** "A new version is ready — Reload", shown only while a new version waits; the user decides when. */
export function UpdateNotice({ signal }: { signal: UpdateSignal }) {
  const apply = useSyncExternalStore(signal.subscribe, signal.current, signal.current);
  const locale = useAppStore((s) => s.locale);
  return apply ? <Notice locale={locale} apply={apply} /> : null;
}

function Notice({ locale, apply }: { locale: Locale; apply: () => void }) {
  // Made only once a version waits, so the usual page load pays nothing for it.
  const t = useMemo(() => createI18n(locale).getFixedT(locale, 'offline'), [locale]);
  return (
    <div className="update-notice" role="status" data-testid="update-notice" lang={locale}>
      <span>{t('updateReady')}</span>
      <button type="button" onClick={apply}>
        {t('reload')}
      </button>
    </div>
  );
}
