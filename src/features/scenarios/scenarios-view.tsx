import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../state/store-context';
import { BudgetActualsSection } from './budget-actuals';
import { BudgetFreezeSection } from './budget-freeze';
import { ComparePanel } from './compare-panel';
import { CompareScenarios } from './compare-scenarios';
import { FileImports } from './file-imports';
import { SavedList, type ViewMessage } from './saved-list';
import { StorageErrorText } from './storage-error';
import { StoredDataView } from './stored-data-view';
import { TeamLibrarySection } from './team-library';

/** The Scenarios tab: saved scenarios (and entries kept aside), file imports, the comparison of up to four
 * scenarios and the detailed comparison of two strategies; or, at "Stored data", everything kept in
 * this browser with its backups. */
export function ScenariosView({ onShowDashboard }: { onShowDashboard: () => void }) {
  const { t } = useTranslation('scenarios');
  const [message, setMessage] = useState<ViewMessage | null>(null);
  const [showStored, setShowStored] = useState(false);
  // Another version opened: its actuals, not the last one's (the section starts afresh).
  const budgetKey = useAppStore((s) =>
    s.budget ? `${s.budget.stamp.budgetId}:${s.budget.stamp.version}` : '',
  );
  const switchTo = (stored: boolean) => {
    setMessage(null);
    setShowStored(stored);
  };

  return (
    <div className="scenarios">
      <h2 className="visually-hidden">{t('view.title')}</h2>
      {/* Always in the page so screen readers announce each new message. */}
      <div role="status" className="scenarios__status">
        {message?.kind === 'ok' ? (
          <p className="notice notice--ok">
            <span>{message.text}</span>
            {message.showDashboard ? (
              <button type="button" className="button" onClick={onShowDashboard}>
                {t('view.showDashboard')}
              </button>
            ) : null}
          </p>
        ) : null}
      </div>
      {message?.kind === 'error' ? (
        <p className="notice notice--error" role="alert">
          {message.storageError ? <StorageErrorText error={message.storageError} /> : message.text}
        </p>
      ) : null}
      {showStored ? (
        <StoredDataView onBack={() => switchTo(false)} onMessage={setMessage} />
      ) : (
        <>
          <p className="scenarios__stored-link">
            <button type="button" className="button" onClick={() => switchTo(true)}>
              {t('stored.open')}
            </button>
          </p>
          <BudgetFreezeSection onMessage={setMessage} />
          <BudgetActualsSection key={budgetKey} />
          <SavedList onMessage={setMessage} />
          <TeamLibrarySection onMessage={setMessage} />
          <FileImports onMessage={setMessage} />
          <CompareScenarios />
          <ComparePanel />
        </>
      )}
    </div>
  );
}
