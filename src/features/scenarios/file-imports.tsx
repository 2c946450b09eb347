import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { FileInput } from '../../components/file-input';
import { Section } from '../../components/section';
import {
  ruleSizedGpus,
  type Scenario,
  withCapacityByHand,
  withRuleSize,
  withWeeklyCurve,
} from '../../engine';
import { isolatedText } from '../../lib/bidi';
import { formatNumber } from '../../lib/format';
import { readScenarioFile } from '../../scenario';
import { readUsageCsvFile } from '../../scenario/csv-usage-lazy';
import { useAppStore, useAppStoreApi } from '../../state/store-context';
import { csvErrorText, issuesText } from '../../view-model/import-messages';
import { markModified, scenarioTitle } from '../../view-model/scenario-name';
import { useClusterLogImportParts } from './cluster-log-import';
import { type CsvPreview, csvPreview } from './import-data';
import { OpenCostExport } from './opencost-export';
import type { ViewMessage } from './saved-list';

/**
 * "Import JSON" replaces the scenario when the file validates; "Import CSV" shows a preview of the
 * weekly usage first and changes nothing until Apply. A file that does not load leaves the current
 * scenario exactly as it was and says what was wrong (field, or line and column). Both refuse a file
 * that is too large before reading it, and report a file the browser cannot read instead of throwing.
 * "Import cluster logs" (cluster-log-import.tsx) sits beside them and works the same way.
 */
export function FileImports({ onMessage }: { onMessage: (m: ViewMessage) => void }) {
  const { t } = useTranslation(['scenarios', 'common']);
  const store = useAppStoreApi();
  const locale = useAppStore((s) => s.locale);
  const scenario = useAppStore((s) => s.scenario);
  const capacityGpus = scenario.selfBuild.capacityGpus;
  const [preview, setPreview] = useState<{ file: string; data: CsvPreview } | null>(null);
  const [csvErrors, setCsvErrors] = useState<{ file: string; lines: string[] } | null>(null);
  // New demand is sized by the rule unless the user sized the cluster by hand (issue 44): ticked for
  // the rule's size, unticked for the user's; either way the user decides before Apply.
  const byRule = scenario.selfBuild.capacitySizedBy !== 'user';
  const [sizeToPeak, setSizeToPeak] = useState(byRule);
  const id = useId();
  const clusterLogs = useClusterLogImportParts({ onMessage });

  const onJson = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so choosing the same file again fires another change.
    input.value = '';
    if (!file) return;
    const result = await readScenarioFile(file);
    const committed = result.ok
      ? store.getState().commitScenario(result.scenario, { source: 'import' })
      : null;
    if (result.ok && committed?.ok) {
      // A file from an earlier version says what its upgrade assumed, like an old link does.
      if (result.notes) store.getState().setNotice({ kind: 'upgraded', notes: result.notes });
      // A frozen version's file opens as that version, as its link does (a stamp that does not
      // match the figures is said, and the scenario opens as an ordinary one).
      const budget = result.budget;
      if (budget?.kind === 'frozen') {
        store.getState().setBudget(budget.stamp, budget.actuals === 'damaged' ? null : budget.actuals);
        if (budget.actuals === 'damaged')
          store.getState().setNotice({ kind: 'budgetActualsDamaged', label: budget.stamp.label, file: true });
      }
      if (budget?.kind === 'mismatch')
        store.getState().setNotice({ kind: 'budgetMismatch', label: budget.label, file: true });
      onMessage({
        kind: 'ok',
        text: t('files.jsonLoaded', {
          name: isolatedText(result.scenario.name),
          file: isolatedText(file.name),
        }),
        showDashboard: true,
      });
    } else {
      const error = result.ok ? 'invalid' : result.error;
      const issues = result.ok ? (committed && !committed.ok ? committed.issues : []) : result.issues;
      const reason = t(`files.json.${error}`, { file: file.name, issues: issuesText(t, issues, locale) });
      onMessage({ kind: 'error', text: `${reason} ${t('files.kept')}` });
    }
  };

  const onCsv = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setPreview(null);
    setCsvErrors(null);
    const result = await readUsageCsvFile(file);
    if (result.ok) {
      setSizeToPeak(byRule);
      setPreview({ file: file.name, data: csvPreview(result) });
    } else {
      setCsvErrors({ file: file.name, lines: result.errors.map((e) => csvErrorText(t, e, locale)) });
    }
  };

  const onApply = () => {
    if (!preview) return;
    // Sized by the engine's one rule, the same as the self-assessment's CSV import; a size kept is the
    // user's choice, so later demand keeps it too (and the first screen offers the rule's).
    const result = store.getState().commitScenario(
      (s: Scenario) => ({
        ...(sizeToPeak
          ? withRuleSize(withWeeklyCurve(s, preview.data.weeklyGpus, false))
          : withCapacityByHand(withWeeklyCurve(s, preview.data.weeklyGpus, false), s.selfBuild.capacityGpus)),
        // Usage data replaces the demand: the name says the scenario is no longer what it was.
        name: markModified(scenarioTitle(s, t), locale),
      }),
      { source: 'import' },
    );
    if (!result.ok) {
      onMessage({ kind: 'error', text: `${issuesText(t, result.issues, locale)} ${t('files.kept')}` });
      return;
    }
    // The file's name and dates ride beside the curve (the dashboard's chart and demand field say so).
    store.getState().setCurveFile({
      fileName: preview.file,
      weeklyGpus: preview.data.weeklyGpus,
      dates: preview.data.dates,
    });
    onMessage({
      kind: 'ok',
      text: t('csv.applied', { weeks: formatNumber(preview.data.weeks, locale) }),
      showDashboard: true,
    });
    setPreview(null);
  };

  const n = (v: number, digits = 0) => formatNumber(v, locale, digits);

  return (
    <Section headingId="scen-files" title={t('files.title')} className="card scenarios__card">
      <div className="file-imports">
        <div className="file-field">
          <label htmlFor={`${id}-json`} className="file-field__label">
            {t('files.importJson')}
          </label>
          <FileInput
            id={`${id}-json`}
            accept=".json,application/json"
            onChange={onJson}
            describedBy={`${id}-json-hint`}
          />
          <p id={`${id}-json-hint`} className="file-field__hint">
            {t('files.importJsonHint')}
          </p>
        </div>
        <div className="file-field">
          <label htmlFor={`${id}-csv`} className="file-field__label">
            {t('files.importCsv')}
          </label>
          <FileInput
            id={`${id}-csv`}
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
            onChange={onCsv}
            describedBy={`${id}-csv-hint`}
          />
          <p id={`${id}-csv-hint`} className="file-field__hint">
            {t('files.importCsvHint')}
          </p>
        </div>
        {clusterLogs.field}
        <OpenCostExport />
      </div>

      {csvErrors ? (
        <div className="notice notice--error" role="alert">
          <div className="notice__text">
            <p className="notice__title">{t('csv.failed', { file: csvErrors.file })}</p>
            <ul>
              {csvErrors.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p>{t('files.kept')}</p>
          </div>
        </div>
      ) : null}

      {preview ? (
        <section className="csv-preview" aria-labelledby={`${id}-preview`}>
          <h3 id={`${id}-preview`} className="card__title">
            {t('csv.previewTitle', { file: preview.file })}
          </h3>
          <dl className="csv-preview__facts">
            <div>
              <dt>{t('csv.weeks')}</dt>
              <dd data-testid="csv-weeks">{n(preview.data.weeks)}</dd>
            </div>
            <div>
              <dt>{t('csv.mean')}</dt>
              <dd data-testid="csv-mean">{n(preview.data.meanGpus, 1)}</dd>
            </div>
            <div>
              <dt>{t('csv.peak')}</dt>
              <dd data-testid="csv-peak">{n(preview.data.peakGpus, 1)}</dd>
            </div>
            <div>
              <dt>{t('csv.columns')}</dt>
              <dd>
                {t('csv.columnsValue', {
                  week: preview.data.weekColumn ?? t('csv.noWeekColumn'),
                  gpus: preview.data.gpuColumn,
                })}
              </dd>
            </div>
            {preview.data.encoding ? (
              <div>
                <dt>{t('csv.encoding')}</dt>
                <dd>{preview.data.encoding.toUpperCase()}</dd>
              </div>
            ) : null}
          </dl>
          <div className="table-scroll">
            <DataTable
              className="csv-preview__table"
              caption={t('csv.tableCaption')}
              captionClassName="visually-hidden"
              headers={[t('csv.line'), t('csv.week'), t('csv.gpus')]}
            >
              <tbody>
                {preview.data.head.map((r) => (
                  <tr key={r.line}>
                    <td>{n(r.line)}</td>
                    <td>{r.week}</td>
                    <td className="num">{n(r.gpus, 2)}</td>
                  </tr>
                ))}
                {preview.data.tail.length > 0 ? (
                  <>
                    <tr className="csv-preview__gap">
                      <td colSpan={3}>
                        {t('csv.skipped', {
                          rows: n(preview.data.weeks - preview.data.head.length - preview.data.tail.length),
                        })}
                      </td>
                    </tr>
                    {preview.data.tail.map((r) => (
                      <tr key={r.line}>
                        <td>{n(r.line)}</td>
                        <td>{r.week}</td>
                        <td className="num">{n(r.gpus, 2)}</td>
                      </tr>
                    ))}
                  </>
                ) : null}
              </tbody>
            </DataTable>
          </div>
          {sizeToPeak ? null : (
            <p className="csv-preview__capacity">{t('csv.capacityNow', { gpus: n(capacityGpus) })}</p>
          )}
          <label className="checkbox">
            <input type="checkbox" checked={sizeToPeak} onChange={(e) => setSizeToPeak(e.target.checked)} />
            {t('csv.sizeToPeak', {
              // The size Apply gives: the rule for the new curve (its shape moves the efficiency).
              gpus: n(ruleSizedGpus(withWeeklyCurve(scenario, preview.data.weeklyGpus, false))),
            })}
          </label>
          <div className="csv-preview__buttons">
            <button type="button" className="button button--primary" onClick={onApply}>
              {t('csv.apply')}
            </button>
            <button type="button" className="button" onClick={() => setPreview(null)}>
              {t('csv.cancel')}
            </button>
          </div>
        </section>
      ) : null}
      {clusterLogs.panel}
    </Section>
  );
}
