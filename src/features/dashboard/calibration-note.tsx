import { useTranslation } from 'react-i18next';
import type { Scenario } from '../../engine';

/** Seed 000's labelled calibration overrides (docs/model.md §6), shown whenever a scenario carries them. */
export function CalibrationNote({ scenario }: { scenario: Scenario }) {
  const { t } = useTranslation();
  if (scenario.calibration.note !== 'seed000') return null;
  return (
    <aside className="note" aria-labelledby="calibration-note-title" data-testid="calibration-note">
      <h3 id="calibration-note-title" className="note__title">
        {t('calibration.title')}
      </h3>
      <p>{t('calibration.body')}</p>
    </aside>
  );
}
