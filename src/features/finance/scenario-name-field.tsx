import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../state/store-context';
import { useScenarioTitle } from './use-scenario-title';

/**
 * The scenario's name, editable in the header. Each keystroke is a validated commit through the door;
 * the keystrokes typed in one visit to the field are one undo step. A preset's (English) name shows in
 * the language of the page until it is edited.
 */
export function ScenarioNameField(): ReactNode {
  const { t } = useTranslation('finance');
  const commitScenario = useAppStore((s) => s.commitScenario);
  const endGroup = useAppStore((s) => s.endGroup);
  const title = useScenarioTitle();
  const id = useId();
  return (
    <div className="scenario-name-field">
      <label htmlFor={id}>{t('name.label')}</label>
      <input
        id={id}
        type="text"
        data-testid="scenario-name"
        value={title}
        maxLength={200}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          const name = e.target.value;
          commitScenario((s) => ({ ...s, name }), { source: 'field', group: 'scenario-name' });
        }}
        onBlur={endGroup}
      />
      <span id={`${id}-hint`} className="visually-hidden">
        {t('name.hint')}
      </span>
    </div>
  );
}
