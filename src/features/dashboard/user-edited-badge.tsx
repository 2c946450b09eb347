import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../state/store-context';

/** "Your value": an input a chosen GPU model filled and the user then changed (engine withUserEdits). */
export function UserEditedBadge({ path }: { path: string }) {
  const { t } = useTranslation('hardware');
  const edited = useAppStore((s) => s.scenario.hardware.userEdited.includes(path));
  if (!edited) return null;
  return (
    <span className="badge hw-badge hw-badge--edited" data-testid="user-edited">
      {t('edited')}
    </span>
  );
}
