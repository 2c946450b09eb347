import { useTranslation } from 'react-i18next';

/**
 * "Your value": an input a chosen GPU model filled and the user then changed (engine withUserEdits).
 * Drawn by the field when its path is among the scenario's user-edited ones.
 */
export function UserEditedBadge() {
  const { t } = useTranslation('hardware');
  return (
    <span className="badge hw-badge hw-badge--edited" data-testid="user-edited">
      {t('edited')}
    </span>
  );
}
