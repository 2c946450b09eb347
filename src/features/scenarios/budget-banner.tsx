import { useTranslation } from 'react-i18next';
import { isFrozenView } from '../../state/store';
import { useAppStore } from '../../state/store-context';
import { stampDetails, versionName } from './budget-text';

/**
 * Says, above every view, when the scenario shown is a frozen budget version (opened from the saved
 * list or a link that carries its stamp): "Frozen", its name, version, date, who prepared it and its
 * fingerprint. The version itself cannot change: a change makes a draft, said here with a way back.
 */
export function BudgetBanner() {
  const { t } = useTranslation('scenarios');
  const budget = useAppStore((s) => s.budget);
  const frozen = useAppStore(isFrozenView);
  const locale = useAppStore((s) => s.locale);
  const commitScenario = useAppStore((s) => s.commitScenario);
  const setBudget = useAppStore((s) => s.setBudget);
  if (budget === null) return null;
  const { stamp } = budget;
  const name = versionName(t, stamp);
  const details = stampDetails(t, stamp, locale);
  if (frozen) {
    return (
      <div className="notice budget-banner budget-banner--frozen" role="status">
        <p className="notice__text">
          <span className="badge badge--frozen" data-testid="frozen-badge">
            {t('budget.frozenBadge')}
          </span>{' '}
          <strong>{name}</strong> · {details}
          <br />
          {t('budget.readOnly')}
        </p>
      </div>
    );
  }
  return (
    <div className="notice budget-banner" role="status" data-testid="budget-draft">
      <p className="notice__text">
        <span className="badge">{t('budget.draftBadge')}</span> {t('budget.draftOf', { name })}
      </p>
      <button
        type="button"
        className="button"
        onClick={() => {
          const { stamp: stampNow, actuals } = budget;
          const back = commitScenario(budget.scenario, { source: 'choice' });
          // The way back is the frozen version itself again, with its actuals.
          if (back.ok) setBudget(stampNow, actuals ?? null);
        }}
      >
        {t('budget.backToFrozen')}
      </button>
    </div>
  );
}
