import en from '../../i18n/en/offline.json';
import zhCN from '../../i18n/zh-CN/offline.json';
import type { Locale } from '../../lib/format';
import { useAppStore } from '../../state/store-context';

const STRINGS: Record<Locale, typeof en> = { en, 'zh-CN': zhCN };

/**
 * In place of a part of the page whose files could not be fetched: "A new version is ready" with
 * Reload. That happens when a new release replaced this one on the server after this page loaded and
 * the files were not kept (issue 42: a tab opening Scenarios then showed translation keys, or nothing).
 * Its strings come with the page (the offline namespace's files), since the failed part's did not.
 */
export function NewVersionReady() {
  const locale = useAppStore((s) => s.locale);
  const strings = STRINGS[locale];
  return (
    <p className="notice notice--error" role="alert" data-testid="part-not-loaded" lang={locale}>
      <span>{strings.updateReady}</span>{' '}
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {strings.reload}
      </button>
    </p>
  );
}

/** A lazily loaded part's loader that, when loading fails, gives the notice above instead of an error. */
export function orNewVersionReady<C>(load: () => Promise<{ default: C }>): () => Promise<{ default: C }> {
  // The notice reads no props, so it stands in for a part of any props.
  return () => load().catch(() => ({ default: NewVersionReady as unknown as C }));
}
