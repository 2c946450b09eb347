import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FileInput } from '../../components/file-input';
import { formatPercent } from '../../lib/format';
import { useAppStore } from '../../state/store-context';
import { clusterLogErrorText } from '../../view-model/cluster-log-text';
import type { ClusterLogFileReader } from '../../workers/cluster-log-client';
import { ClusterLogPreview } from './cluster-log-preview';
import type { ViewMessage } from './saved-list';
import { useClusterLogImport } from './use-cluster-log-import';

/**
 * "Import cluster logs": the file input (Slurm accounting or GPU telemetry, told apart by the file's
 * header), its progress while the file is read off the main thread, and either the errors (line and
 * column, nothing changed) or the preview. `field` is the input, for the grid of file inputs;
 * `panel` is what shows below the grid.
 */
export function useClusterLogImportParts({
  onMessage,
  readFile,
}: {
  onMessage: (m: ViewMessage) => void;
  readFile?: ClusterLogFileReader;
}) {
  const { t } = useTranslation(['scenarios', 'common']);
  const locale = useAppStore((s) => s.locale);
  const id = useId();
  const logs = useClusterLogImport(readFile);

  const field = (
    <>
      <div className="file-field">
        <label htmlFor={`${id}-logs`} className="file-field__label">
          {t('clusterLogs.importLabel')}
        </label>
        <FileInput
          id={`${id}-logs`}
          // No filter: sacct output and telemetry logs are saved under any name (.out, .log, none).
          onChange={logs.onChange}
          describedBy={`${id}-logs-hint`}
        />
        <p id={`${id}-logs-hint`} className="file-field__hint">
          {t('clusterLogs.hint')}
        </p>
      </div>
      {/* The same reader, preview and limits: the file's own first line tells the formats apart. */}
      <div className="file-field">
        <label htmlFor={`${id}-opencost`} className="file-field__label">
          {t('clusterLogs.importOpenCost')}
        </label>
        <FileInput
          id={`${id}-opencost`}
          accept=".json,.csv,application/json,text/csv"
          onChange={logs.onChange}
          describedBy={`${id}-opencost-hint`}
        />
        <p id={`${id}-opencost-hint`} className="file-field__hint">
          {t('clusterLogs.openCostHint')}
        </p>
      </div>
    </>
  );

  const panel = (
    <>
      {logs.reading ? (
        <div className="cluster-log-progress" role="status">
          <label htmlFor={`${id}-progress`}>{t('clusterLogs.progress', { file: logs.reading.file })}</label>
          <progress id={`${id}-progress`} max={1} value={logs.reading.fraction} />
          <span>{formatPercent(logs.reading.fraction, locale, 0)}</span>
        </div>
      ) : null}
      {logs.failed ? (
        <div className="notice notice--error" role="alert">
          <div className="notice__text">
            <p className="notice__title">{t('clusterLogs.failed', { file: logs.failed.file })}</p>
            <ul data-testid="logs-errors">
              {logs.failed.errors.map((e) => {
                const text = clusterLogErrorText(t, e, locale);
                return <li key={`${e.code}-${e.line ?? 0}-${e.column ?? ''}`}>{text}</li>;
              })}
            </ul>
            <p>{t('files.kept')}</p>
          </div>
        </div>
      ) : null}
      {logs.loaded ? (
        <ClusterLogPreview
          // A new file starts a new preview (its own cluster size).
          key={`${logs.loaded.file}-${logs.loaded.summary.periodStartMs}-${logs.loaded.summary.records}`}
          file={logs.loaded.file}
          summary={logs.loaded.summary}
          onMessage={onMessage}
          onClose={logs.clear}
        />
      ) : null}
    </>
  );

  return { field, panel };
}
