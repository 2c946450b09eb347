import { useTranslation } from 'react-i18next';
import { clusterSizeNote, type Scenario, withRuleSize } from '../../engine';
import { formatNumber, type Locale } from '../../lib/format';
import { useAppStoreApi } from '../../state/store-context';

/**
 * On the first screen (issue 44): a self-build size the user chose, that is not what the one sizing
 * rule gives for the demand, says so and what the rule gives, and offers it in one click ("Self-build
 * is your 8 GPUs; sized to the demand's peak it would be 168 GPUs. [Use 168 GPUs]"). The numbers are
 * the engine's (cluster-sizing.ts `clusterSizeNote`); the click goes through the store's door.
 */
export function ClusterSizeNote({ scenario, locale }: { scenario: Scenario; locale: Locale }) {
  const { t } = useTranslation();
  const store = useAppStoreApi();
  const note = clusterSizeNote(scenario);
  if (note === null) return null;
  const rule = formatNumber(note.ruleGpus, locale);
  return (
    <p className="summary__size-note" data-testid="cluster-size-note" data-rule-gpus={note.ruleGpus}>
      {t('firstScreen:sizeNote', { gpus: formatNumber(note.capacityGpus, locale), rule })}{' '}
      <button
        type="button"
        className="button"
        onClick={() => store.getState().commitScenario(withRuleSize, { source: 'choice' })}
      >
        {t('firstScreen:sizeNoteUse', { rule })}
      </button>
    </p>
  );
}
