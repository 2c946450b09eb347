import { useTranslation } from 'react-i18next';
import type { SaveError } from '../../scenario';
import { downloadAllSaved } from './saved-scenarios';

/**
 * Why a change to the saved list was not written, in the reader's language. When storage is full, or
 * the browser did not keep a write as written, the way out is offered right there: one file with
 * every saved scenario and every kept-aside entry (reading works even when writing does not).
 */
export function StorageErrorText({ error }: { error: SaveError }) {
  const { t } = useTranslation('scenarios');
  return (
    <>
      <span>{t(`storage.${error}`)}</span>
      {error === 'quota' || error === 'readBack' ? (
        <button type="button" className="button" onClick={downloadAllSaved}>
          {t('storage.exportAll')}
        </button>
      ) : null}
    </>
  );
}
