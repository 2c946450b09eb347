import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../state/store-context';
import { browserStorage, useSavedScenarios } from './saved-scenarios';
import { useStorageKeeping } from './storage-keeping';
import { formatBytes } from './stored-formats';

/** The characters this app keeps in localStorage (its keys all start so), as bytes (UTF-16: 2 each). */
function appStorageBytes(): number {
  const storage = browserStorage();
  if (!storage) return 0;
  let chars = 0;
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith('gpu-tco:')) chars += key.length + (storage.getItem(key)?.length ?? 0);
    }
  } catch {
    return 0;
  }
  return chars * 2;
}

/**
 * Used and available space, what the saved scenarios and their backups take, and whether the browser
 * keeps them when space runs low — said in words, since the question itself is asked at a save.
 */
export function StorageQuota() {
  const { t } = useTranslation('scenarios');
  const locale = useAppStore((s) => s.locale);
  const saves = useSavedScenarios();
  const keeping = useStorageKeeping(saves);
  const { usage, quota, persisted, asked } = keeping;
  const ours = formatBytes(appStorageBytes(), locale);
  const space =
    usage !== null && quota !== null
      ? t('quota.line', {
          used: formatBytes(usage, locale),
          available: formatBytes(Math.max(0, quota - usage), locale),
        })
      : t('quota.unknown');
  const kept =
    persisted === null ? null : persisted ? t('quota.kept') : asked ? t('quota.notKept') : t('quota.willAsk');
  return (
    <p
      className="storage-quota"
      data-testid="storage-quota"
      data-persisted={persisted === null ? 'unknown' : String(persisted)}
    >
      {space} {t('quota.ours', { size: ours })}
      {kept ? (
        <>
          <br />
          {kept}
        </>
      ) : null}
    </p>
  );
}
