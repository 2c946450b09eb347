import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../state/store-context';
import { fieldLabel } from '../../view-model/import-messages';
import { useWizardStore } from './wizard-store';

/**
 * What the self-assessment's last change did to the dashboard ("4 inputs changed: …", in the reader's
 * language) with one button that undoes it. Shown while that change is still the latest: once the
 * scenario moves on, the header's Undo walks the history instead.
 */
export function ChangedInputsNote() {
  const { t } = useTranslation('wizard');
  const locale = useAppStore((s) => s.locale);
  const scenario = useAppStore((s) => s.scenario);
  const undo = useAppStore((s) => s.undo);
  const lastApply = useWizardStore((s) => s.lastApply);
  const patch = useWizardStore((s) => s.patch);
  if (lastApply === null || lastApply.paths.length === 0 || lastApply.after !== scenario) return null;
  const list = lastApply.paths.map((path) => fieldLabel(t, path, locale)).join(t('applied.separator'));
  return (
    <div className="wizard-applied" role="status" data-testid="wizard-changed-inputs">
      <p>{t('applied.changed', { count: lastApply.paths.length, list })}</p>
      <button
        type="button"
        className="wizard-button"
        onClick={() => {
          // The wizard's change is one undo step, and the latest one (checked above).
          undo();
          patch({ lastApply: null });
        }}
      >
        {t('applied.undo')}
      </button>
    </div>
  );
}
