import { useSyncExternalStore } from 'react';
import en from '../../i18n/en/offline.json';
import zhCN from '../../i18n/zh-CN/offline.json';
import type { Locale } from '../../lib/format';
import { useAppStore } from '../../state/store-context';
import type { NewerTabSignal } from './newer-tab-signal';
import './update-notice.css';

const STRINGS: Record<Locale, typeof en> = { en, 'zh-CN': zhCN };

/**
 * "A newer version of the app is open in another tab" with Reload: shown once this tab has heard from
 * a tab of a newer release, or found its record kept where this tab would have written (the forward
 * rule: this tab leaves it as it is). Strings from the `offline` namespace's files, like the update
 * notice beside it (a root of its own, outside the app's i18n).
 */
export function NewerTabNotice({ signal, reload }: { signal: NewerTabSignal; reload: () => void }) {
  const newer = useSyncExternalStore(signal.subscribe, signal.current, signal.current);
  const locale = useAppStore((s) => s.locale);
  if (!newer) return null;
  const strings = STRINGS[locale];
  return (
    <div className="update-notice" role="status" data-testid="newer-tab-notice" lang={locale}>
      <span>{strings.newerTab}</span>
      <button type="button" onClick={reload}>
        {strings.reload}
      </button>
    </div>
  );
}
