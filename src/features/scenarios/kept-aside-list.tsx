import { useTranslation } from 'react-i18next';
import type { QuarantinedEntry } from '../../scenario';
import { useAppStore } from '../../state/store-context';
import { downloadText } from './download';
import { quarantineReasonText } from './messages';

/**
 * Stored entries that no longer load, with the reason and an export (kept, never deleted): in the
 * saved list and in the Stored data view.
 */
export function KeptAsideList({ entries, headingId }: { entries: QuarantinedEntry[]; headingId: string }) {
  const { t } = useTranslation(['scenarios', 'common']);
  const locale = useAppStore((s) => s.locale);
  return (
    <section className="quarantine" aria-labelledby={headingId}>
      <h3 id={headingId} className="card__title">
        {t('quarantine.title')}
      </h3>
      <p>{t('quarantine.intro')}</p>
      <ul className="quarantine__list">
        {entries.map((q, i) => (
          // Entries have no id of their own; their order in storage is stable.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={i}>
            <code className="quarantine__raw">{q.raw.slice(0, 160)}</code>
            <span className="quarantine__reason">
              {t('quarantine.reason', { reason: quarantineReasonText(t, q, locale) })}
            </span>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button"
        onClick={() => downloadText('gpu-tco-kept-aside.json', `${JSON.stringify(entries, null, 2)}\n`)}
      >
        {t('quarantine.export')}
      </button>
    </section>
  );
}
