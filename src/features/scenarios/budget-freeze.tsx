import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/section';
import { isolatedText } from '../../lib/bidi';
import { BUDGET_LABEL_MAX_CHARS, nextStamp, nextVersionOf } from '../../scenario';
import { isFrozenView } from '../../state/store';
import { useAppStore, useAppStoreApi } from '../../state/store-context';
import { issuesText } from '../../view-model/import-messages';
import { versionName } from './budget-text';
import type { ViewMessage } from './saved-list';
import {
  addSaved,
  budgetVersions,
  changeSaved,
  cleanName,
  newSavedId,
  useSavedScenarios,
} from './saved-scenarios';

type Target = 'next' | 'new';

/**
 * "Freeze as budget" (issue 39): the scenario shown becomes a budget version — a saved entry that is
 * never renamed, reset or rewritten, stamped with the budget's name, its version, the time, who
 * prepared it and the fingerprint of its figures — and the page shows it as frozen (its link carries
 * the stamp). A draft of a frozen version (the version opened, then changed) is frozen as that
 * budget's next version, or as a new budget.
 */
export function BudgetFreezeSection({ onMessage }: { onMessage: (m: ViewMessage) => void }) {
  const { t } = useTranslation('scenarios');
  const store = useAppStoreApi();
  const budget = useAppStore((s) => s.budget);
  const frozen = useAppStore(isFrozenView);
  const locale = useAppStore((s) => s.locale);
  const { entries } = useSavedScenarios();
  const [target, setTarget] = useState<Target>('next');
  const [label, setLabel] = useState('');
  const [preparedBy, setPreparedBy] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const draftOf = budget !== null && !frozen ? budget.stamp : null;
  const nextOf = draftOf !== null && target === 'next' ? draftOf : null;
  // Above every version known here: this browser's, and the one the draft came from (a colleague's
  // v3 opened from a link, edited, becomes v4 even with no version saved here).
  const knownVersions = draftOf ? [draftOf.version, ...budgetVersions(entries, draftOf.budgetId)] : [];
  const nextVersion = draftOf ? nextVersionOf(knownVersions) : 1;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const name = nextOf ? nextOf.label : cleanName(label);
    if (!name) {
      setError(t('budget.labelRequired'));
      return;
    }
    const budgetId = nextOf ? nextOf.budgetId : newSavedId();
    const version = nextOf ? nextVersion : 1;
    const entryName = t('budget.entryName', { label: name, version });
    // The version's name is part of its figures: the scenario is named first, through the door.
    const named = store.getState().commitScenario((s) => ({ ...s, name: entryName }), { source: 'field' });
    if (!named.ok) {
      setError(issuesText(t, named.issues, locale));
      return;
    }
    const scenario = store.getState().scenario;
    const frozenAt = new Date().toISOString();
    const stamp = nextStamp({ budgetId, label: name }, nextOf ? knownVersions : [], {
      frozenAt,
      preparedBy: preparedBy.trim().slice(0, BUDGET_LABEL_MAX_CHARS),
      scenario,
    });
    const result = changeSaved((list) =>
      addSaved(list, { id: newSavedId(), name: entryName, savedAt: frozenAt, scenario, budget: stamp }),
    );
    if (!result.ok) {
      onMessage({ kind: 'error', text: t(`storage.${result.error}`), storageError: result.error });
      return;
    }
    store.getState().setBudget(stamp);
    setError(null);
    setLabel('');
    onMessage({
      kind: 'ok',
      text: t('budget.frozenDone', { name: isolatedText(entryName), hash: stamp.hash }),
      showDashboard: true,
    });
  };

  return (
    <Section headingId="scen-budget" title={t('budget.title')} className="card scenarios__card">
      <p className="scenarios__intro">{t('budget.intro')}</p>
      {frozen && budget ? (
        <p className="notice" data-testid="budget-frozen-already">
          {t('budget.alreadyFrozen', {
            name: versionName(t, budget.stamp),
          })}
        </p>
      ) : (
        <form className="budget-freeze" onSubmit={onSubmit}>
          {draftOf ? (
            <fieldset className="budget-freeze__target">
              <legend>{t('budget.targetLegend')}</legend>
              <label>
                <input
                  type="radio"
                  name={`${id}-target`}
                  checked={target === 'next'}
                  onChange={() => setTarget('next')}
                />{' '}
                {t('budget.targetNext', { label: isolatedText(draftOf.label), version: nextVersion })}
              </label>
              <label>
                <input
                  type="radio"
                  name={`${id}-target`}
                  checked={target === 'new'}
                  onChange={() => setTarget('new')}
                />{' '}
                {t('budget.targetNew')}
              </label>
            </fieldset>
          ) : null}
          {nextOf ? null : (
            <p className="budget-freeze__field">
              <label htmlFor={`${id}-label`}>{t('budget.labelField')}</label>
              <input
                id={`${id}-label`}
                type="text"
                value={label}
                placeholder={t('budget.labelPlaceholder')}
                maxLength={BUDGET_LABEL_MAX_CHARS}
                onChange={(e) => setLabel(e.target.value)}
                aria-invalid={error !== null}
                aria-describedby={error ? `${id}-error` : undefined}
              />
            </p>
          )}
          <p className="budget-freeze__field">
            <label htmlFor={`${id}-by`}>{t('budget.preparedByField')}</label>
            <input
              id={`${id}-by`}
              type="text"
              value={preparedBy}
              maxLength={BUDGET_LABEL_MAX_CHARS}
              autoComplete="name"
              onChange={(e) => setPreparedBy(e.target.value)}
            />
          </p>
          <p>
            <button type="submit" className="button button--primary">
              {t('budget.freeze')}
            </button>
          </p>
          {error ? (
            <p id={`${id}-error`} role="alert" className="field-error">
              {error}
            </p>
          ) : null}
        </form>
      )}
    </Section>
  );
}
