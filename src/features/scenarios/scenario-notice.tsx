import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isolatedText } from '../../lib/bidi';
import { formatNumber } from '../../lib/format';
import { useAppStore } from '../../state/store-context';
import { fieldName, issuesText } from '../../view-model/import-messages';

/**
 * The app-wide message about a link or file from an earlier version (what its upgrade assumed), or
 * about a share link that did not open (set at start-up by main.tsx): what was
 * wrong, that the default scenario is shown instead, the link itself in a read-only field (so it can
 * be copied to report it, even after the address bar moves on), and a button to dismiss it.
 */
export function ScenarioNotice() {
  const { t } = useTranslation(['scenarios', 'common']);
  const notice = useAppStore((s) => s.notice);
  const setNotice = useAppStore((s) => s.setNotice);
  const locale = useAppStore((s) => s.locale);
  const cnyPerUsd = useAppStore((s) => s.cnyPerUsd);
  const id = useId();
  if (!notice) return null;
  if (notice.kind === 'usdReconciled') {
    return (
      <div className="notice" role="status">
        <div className="notice__text">
          <p className="notice__title">{t('usdReconciled.title')}</p>
          <p>
            {t('usdReconciled.body', {
              rate: formatNumber(cnyPerUsd, locale, 4),
              fields: notice.paths.map((p) => fieldName(t, p, locale)).join(locale === 'zh-CN' ? '、' : ', '),
            })}
          </p>
        </div>
        <button type="button" className="button" onClick={() => setNotice(null)}>
          {t('link.dismiss')}
        </button>
      </div>
    );
  }
  if (notice.kind === 'upgraded') {
    return (
      <div className="notice" role="status">
        <div className="notice__text">
          <p className="notice__title">{t('upgraded.title')}</p>
          <ul>
            {notice.notes.map((note) => (
              <li key={note}>{t(`upgraded.note.${note}`)}</li>
            ))}
          </ul>
        </div>
        <button type="button" className="button" onClick={() => setNotice(null)}>
          {t('link.dismiss')}
        </button>
      </div>
    );
  }
  if (notice.kind === 'resumeReadBack') {
    return (
      <div className="notice notice--error" role="alert" data-testid="resume-read-back">
        <div className="notice__text">
          <p className="notice__title">{t('resume.readBackTitle')}</p>
          <p>{t('resume.readBack')}</p>
        </div>
        <button type="button" className="button" onClick={() => setNotice(null)}>
          {t('link.dismiss')}
        </button>
      </div>
    );
  }
  if (notice.kind === 'budgetMismatch') {
    return (
      <div className="notice notice--error" role="alert" data-testid="budget-mismatch">
        <div className="notice__text">
          <p className="notice__title">
            {t(notice.file ? 'budget.fileMismatchTitle' : 'budget.mismatchTitle')}
          </p>
          <p>
            {notice.label === null
              ? t(notice.file ? 'budget.fileMismatchUnreadable' : 'budget.mismatchUnreadable')
              : t(notice.file ? 'budget.fileMismatch' : 'budget.mismatch', {
                  label: isolatedText(notice.label),
                })}
          </p>
        </div>
        <button type="button" className="button" onClick={() => setNotice(null)}>
          {t('link.dismiss')}
        </button>
      </div>
    );
  }
  if (notice.kind === 'budgetActualsDamaged') {
    return (
      <div className="notice notice--error" role="alert" data-testid="budget-actuals-damaged">
        <div className="notice__text">
          <p className="notice__title">
            {t(notice.file ? 'budget.fileActualsDamagedTitle' : 'budget.actualsDamagedTitle')}
          </p>
          <p>
            {t(notice.file ? 'budget.fileActualsDamaged' : 'budget.actualsDamaged', {
              label: isolatedText(notice.label),
            })}
          </p>
        </div>
        <button type="button" className="button" onClick={() => setNotice(null)}>
          {t('link.dismiss')}
        </button>
      </div>
    );
  }
  if (notice.kind === 'resumeError') {
    return (
      <div className="notice notice--error" role="alert">
        <div className="notice__text">
          <p className="notice__title">{t('resume.errorTitle')}</p>
          <p>
            {notice.issues.length > 0
              ? t('resume.errorIssues', { issues: issuesText(t, notice.issues, locale) })
              : t('resume.errorUnreadable')}
          </p>
          <p>{t('resume.errorFallback')}</p>
        </div>
        <button type="button" className="button" onClick={() => setNotice(null)}>
          {t('link.dismiss')}
        </button>
      </div>
    );
  }
  return (
    <div className="notice notice--error" role="alert">
      <div className="notice__text">
        <p className="notice__title">{t('link.title')}</p>
        <p>{t(`link.error.${notice.error}`, { issues: issuesText(t, notice.issues, locale) })}</p>
        <p>{t('link.fallback')}</p>
        {notice.link ? (
          <p className="notice__link">
            <label htmlFor={`${id}-link`}>{t('link.received')}</label>
            <input
              id={`${id}-link`}
              type="text"
              readOnly
              value={notice.link}
              onFocus={(e) => e.currentTarget.select()}
            />
          </p>
        ) : null}
      </div>
      <button type="button" className="button" onClick={() => setNotice(null)}>
        {t('link.dismiss')}
      </button>
    </div>
  );
}
