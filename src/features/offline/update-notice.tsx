import { useSyncExternalStore } from 'react';
import en from '../../i18n/en/offline.json';
import zhCN from '../../i18n/zh-CN/offline.json';
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

/**
 * The notice's two strings in both languages, read from the `offline` namespace's files themselves:
 * the notice lives outside the app's i18n (a root of its own), and an i18n instance of its own would
 * bring every namespace of both languages into the page's first script.
 */
const STRINGS: Record<Locale, typeof en> = { en, 'zh-CN': zhCN };

function Notice({ locale, apply }: { locale: Locale; apply: () => void }) {
  const strings = STRINGS[locale];
  return (
    <div className="update-notice" role="status" data-testid="update-notice" lang={locale}>
      <span>{strings.updateReady}</span>
      <button type="button" onClick={apply}>
        {strings.reload}
      </button>
    </div>
  );
}
