import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/section';
import { formatNumber } from '../../lib/format';
import type { BackupInfo, RestoreResult } from '../../scenario';
import { useAppStore } from '../../state/store-context';
import { KeptAsideList } from './kept-aside-list';
import type { ViewMessage } from './saved-list';
import { downloadAllSaved, useSavedScenarios } from './saved-scenarios';
import { StorageQuota } from './storage-quota';
import {
  downloadBackup,
  restoreFromBackup,
  resumeSlotName,
  undoLastRestore,
  useBackups,
} from './stored-data';
import { formatBytes, formatSavedAt } from './stored-formats';

/**
 * "Stored data" (issue 36), opened from the Scenarios tab: everything the app keeps in this browser —
 * the saved scenarios, the scenario a new tab resumes, every backup (when, how many entries, size)
 * with restore and export, anything kept aside — and "Undo restore" after a restore.
 */
export function StoredDataView({
  onBack,
  onMessage,
}: {
  onBack: () => void;
  onMessage: (m: ViewMessage) => void;
}) {
  const { t } = useTranslation(['scenarios', 'common']);
  const locale = useAppStore((s) => s.locale);
  const saves = useSavedScenarios();
  const { backups, undoAt } = useBackups();
  const resume = resumeSlotName();
  const id = useId();
  const sectionRef = useRef<HTMLDivElement>(null);

  const report = (result: RestoreResult, done: (r: Extract<RestoreResult, { ok: true }>) => string) => {
    if (!result.ok) {
      onMessage({ kind: 'error', text: t(`stored.error.${result.error}`) });
      sectionRef.current?.closest('.scenarios')?.scrollIntoView?.({ block: 'start' });
      return;
    }
    const skipped = result.skipped > 0 ? ` ${t('stored.skipped', { count: result.skipped })}` : '';
    onMessage({ kind: 'ok', text: `${done(result)}${skipped}` });
    // The message and "Undo restore" are at the top of the view; the button pressed may be far below.
    sectionRef.current?.closest('.scenarios')?.scrollIntoView?.({ block: 'start' });
  };

  const onRestore = (backup: BackupInfo) => {
    const time = formatSavedAt(backup.at, locale);
    report(restoreFromBackup(backup.key), (r) =>
      r.resume
        ? `${t('stored.restored', { count: r.restored, time })} ${t('stored.restoredResume')}`
        : t('stored.restored', { count: r.restored, time }),
    );
  };

  return (
    <div ref={sectionRef}>
      <Section
        headingId={`${id}-title`}
        title={t('stored.title')}
        className="card scenarios__card stored-data"
        testId="stored-data"
      >
        <p>{t('stored.intro')}</p>
        <p>
          <button type="button" className="button" onClick={onBack}>
            {t('stored.back')}
          </button>
        </p>
        <StorageQuota />
        {undoAt !== null ? (
          <div className="notice" data-testid="undo-restore">
            <span>{t('stored.undoHint', { time: formatSavedAt(undoAt, locale) })}</span>
            <button
              type="button"
              className="button"
              onClick={() => report(undoLastRestore(), () => t('stored.undone'))}
            >
              {t('stored.undo')}
            </button>
          </div>
        ) : null}

        <h3 className="card__title">{t('stored.savedTitle')}</h3>
        {saves.entries.length === 0 && saves.newer.length === 0 ? (
          <p className="scenarios__empty">{t('stored.savedEmpty')}</p>
        ) : (
          <ul className="stored-data__list" data-testid="stored-saved">
            {saves.entries.map((entry) => (
              <li key={entry.id}>
                <bdi>{entry.name}</bdi>
                {entry.savedAt ? (
                  <span className="stored-data__meta">
                    {' · '}
                    <span className="stored-data__fixed">{formatSavedAt(entry.savedAt, locale)}</span>
                  </span>
                ) : null}
              </li>
            ))}
            {saves.newer.map((entry) => (
              <li key={entry.id}>
                <bdi>{entry.name}</bdi>
                <span className="stored-data__meta"> · {t('stored.newer')}</span>
              </li>
            ))}
          </ul>
        )}
        <p>
          <button type="button" className="button" onClick={downloadAllSaved}>
            {t('storage.exportAll')}
          </button>
        </p>

        <h3 className="card__title">{t('stored.resumeTitle')}</h3>
        <p data-testid="stored-resume">
          {resume === null ? (
            t('stored.resumeNone')
          ) : resume === 'broken' ? (
            t('stored.resumeBroken')
          ) : (
            <>
              <bdi>{resume}</bdi> · {t('stored.resumeNote')}
            </>
          )}
        </p>

        <h3 className="card__title">{t('stored.backupsTitle')}</h3>
        <p>{t('stored.backupsIntro')}</p>
        {backups.length === 0 ? <p className="scenarios__empty">{t('stored.backupsEmpty')}</p> : null}
        <ol className="stored-data__list backup-list" data-testid="backup-list">
          {backups.map((backup, index) => {
            const time = formatSavedAt(backup.at, locale);
            return (
              <li key={backup.key} className="backup-item" data-testid={`backup-${index}`}>
                <span className="backup-item__what">
                  <strong className="stored-data__fixed">{time}</strong>
                  <span className="stored-data__meta">
                    {backup.readable
                      ? ` · ${t('stored.backupEntries', { count: backup.entries, n: formatNumber(backup.entries, locale) })}${
                          backup.hasResume ? ` · ${t('stored.backupResume')}` : ''
                        }`
                      : ` · ${t('stored.backupDamaged')}`}
                    {' · '}
                    <span className="stored-data__fixed">{formatBytes(backup.chars * 2, locale)}</span>
                  </span>
                </span>
                <span className="backup-item__actions">
                  {backup.readable ? (
                    <button
                      type="button"
                      className="button"
                      data-testid={`restore-backup-${index}`}
                      aria-label={t('stored.restoreLabel', { time })}
                      onClick={() => onRestore(backup)}
                    >
                      {t('stored.restore')}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="button"
                    aria-label={t('stored.exportLabel', { time })}
                    onClick={() => downloadBackup(backup)}
                  >
                    {t('stored.export')}
                  </button>
                </span>
              </li>
            );
          })}
        </ol>

        {saves.quarantined.length > 0 ? (
          <KeptAsideList entries={saves.quarantined} headingId={`${id}-kept`} />
        ) : (
          <>
            <h3 className="card__title">{t('quarantine.title')}</h3>
            <p className="scenarios__empty">{t('stored.keptAsideNone')}</p>
          </>
        )}
      </Section>
    </div>
  );
}
