import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MeasuredEnergyApplied, ruleSizedGpus, type Scenario, WEEKLY_CURVE_WEEKS } from '../../engine';
import { formatNumber, formatPercent } from '../../lib/format';
import type { ClusterLogFormat, ClusterLogSummary } from '../../scenario/cluster-log-types';
import {
  clusterGpusRange,
  clusterSizeToConfirm,
  defaultClusterGpus,
  LABEL_FILE_CHARS,
  type LogEnergy,
  logEnergyRefusal,
  type MeasuredUsage,
  measuredEnergyOf,
  measuredUsage,
  withMeasuredUsage,
} from '../../scenario/cluster-log-usage';
import { useAppStore, useAppStoreApi } from '../../state/store-context';
import { clusterLogNoteTexts } from '../../view-model/cluster-log-text';
import { issuesText } from '../../view-model/import-messages';
import { markModified, scenarioTitle } from '../../view-model/scenario-name';
import type { ViewMessage } from './saved-list';

/** Which texts describe a format's figures (clusterLogs.mean…, efficiency…, curve…). */
const KIND: Record<ClusterLogFormat, 'Slurm' | 'Telemetry' | 'Sreport' | 'Opencost' | 'OpencostCsv'> = {
  slurm: 'Slurm',
  nvidiaSmi: 'Telemetry',
  dcgm: 'Telemetry',
  sreport: 'Sreport',
  opencost: 'Opencost',
  opencostCsv: 'OpencostCsv',
};

/** What a format's records are called (clusterLogs.records.…). */
const RECORDS: Record<ClusterLogFormat, 'slurm' | 'telemetry' | 'sreport' | 'opencost' | 'opencostCsv'> = {
  slurm: 'slurm',
  nvidiaSmi: 'telemetry',
  dcgm: 'telemetry',
  sreport: 'sreport',
  opencost: 'opencost',
  opencostCsv: 'opencostCsv',
};

/**
 * The preview of a cluster log before anything changes: what the file is, the period and its weeks,
 * the GPUs doing work, the measured utilization with what its two numbers are, and the cluster the
 * self-build would then own. For Slurm accounting and OpenCost's CSV the user confirms the cluster's
 * size (the log does not hold it). Apply commits through the store's one door as one undo step;
 * Cancel changes nothing.
 */
export function ClusterLogPreview({
  file,
  summary,
  onMessage,
  onClose,
}: {
  file: string;
  summary: ClusterLogSummary;
  onMessage: (m: ViewMessage) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['scenarios', 'common']);
  const store = useAppStoreApi();
  const locale = useAppStore((s) => s.locale);
  const scenario = useAppStore((s) => s.scenario);
  const id = useId();
  // A log that names the cluster's GPUs (telemetry, sreport, OpenCost with idle) has no size to confirm.
  const asksSize = clusterSizeToConfirm(summary);
  const kind = KIND[summary.format];
  const [clusterText, setClusterText] = useState(() =>
    String(defaultClusterGpus(summary, scenario.selfBuild.gpusPerServer)),
  );
  const range = clusterGpusRange(summary);
  const typed = Number(clusterText.trim());
  const clusterOk =
    clusterText.trim() !== '' && Number.isInteger(typed) && typed >= range.min && typed <= range.max;
  const n = (v: number, digits = 0) => formatNumber(v, locale, digits);
  const pct = (v: number) => formatPercent(v, locale, 1);

  const usage: MeasuredUsage | null = clusterOk ? measuredUsage(summary, typed) : null;
  const label = (u: MeasuredUsage) =>
    t('clusterLogs.label', {
      file: file.slice(0, LABEL_FILE_CHARS),
      from: u.fromDay,
      to: u.toDay,
      weeks: n(u.weeks),
    });
  const candidate = usage ? withMeasuredUsage(scenario, usage, label(usage)) : null;

  const onApply = () => {
    if (!usage) return;
    const result = store.getState().commitScenario(
      (s) => {
        const next = withMeasuredUsage(s, usage, label(usage));
        // New demand from the team's own logs: the name says the scenario is no longer what it was.
        return usage.weeklyGpus ? { ...next, name: markModified(scenarioTitle(s, t), locale) } : next;
      },
      { source: 'import' },
    );
    if (!result.ok) {
      onMessage({ kind: 'error', text: `${issuesText(t, result.issues, locale)} ${t('files.kept')}` });
      return;
    }
    const efficiency = pct(usage.efficiency);
    onMessage({
      kind: 'ok',
      text: usage.weeklyGpus
        ? t('clusterLogs.applied', {
            efficiency,
            weeks: n(usage.weeks),
            file,
            gpus: n(result.scenario.selfBuild.capacityGpus),
          })
        : t('clusterLogs.appliedEfficiencyOnly', { efficiency, file }),
      showDashboard: true,
    });
    onClose();
  };

  const hours = (v: number) => n(v, 0);
  const notes = clusterLogNoteTexts(t, summary.notes, locale);
  return (
    <section className="csv-preview cluster-log-preview" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="card__title">
        {t('clusterLogs.previewTitle', { file })}
      </h3>
      <dl className="csv-preview__facts">
        <div>
          <dt>{t('clusterLogs.format')}</dt>
          <dd data-testid="logs-format">{t(`clusterLogs.formats.${summary.format}`)}</dd>
        </div>
        <div className="cluster-log-preview__wide">
          <dt>{t('clusterLogs.period')}</dt>
          <dd data-testid="logs-period">
            {usage ? (
              <>
                <span className="cluster-log-preview__nowrap">
                  {t('clusterLogs.periodValue', { from: usage.fromDay, to: usage.toDay })}
                </span>{' '}
                <span className="cluster-log-preview__nowrap">
                  {t('clusterLogs.periodHours', { hours: hours(summary.periodHours) })}
                </span>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('clusterLogs.weeks')}</dt>
          <dd data-testid="logs-weeks">{n(summary.weeklyGpus.length)}</dd>
        </div>
        <div>
          <dt>{t(`clusterLogs.mean${kind}`)}</dt>
          <dd data-testid="logs-mean">{usage ? n(usage.meanGpus, 1) : null}</dd>
        </div>
        <div>
          <dt>{t('clusterLogs.peak')}</dt>
          <dd data-testid="logs-peak">{usage ? n(usage.peakWeekGpus, 1) : null}</dd>
        </div>
        {asksSize ? (
          <div>
            <dt>{t(kind === 'OpencostCsv' ? 'clusterLogs.peakDay' : 'clusterLogs.peakConcurrent')}</dt>
            <dd data-testid="logs-peak-concurrent">{n(summary.peakConcurrentGpus)}</dd>
          </div>
        ) : kind !== 'Telemetry' ? (
          <div>
            <dt>{t('clusterLogs.gpusReported')}</dt>
            <dd data-testid="logs-gpus-seen">{n(summary.gpusSeen)}</dd>
          </div>
        ) : (
          <>
            <div>
              <dt>{t('clusterLogs.gpusSeen')}</dt>
              <dd data-testid="logs-gpus-seen">{n(summary.gpusSeen)}</dd>
            </div>
            <div>
              <dt>{t('clusterLogs.interval')}</dt>
              <dd>{t('clusterLogs.intervalValue', { seconds: n(summary.sampleIntervalSeconds, 3) })}</dd>
            </div>
          </>
        )}
        <div className="cluster-log-preview__wide">
          <dt>{t('clusterLogs.source')}</dt>
          <dd>
            {t('clusterLogs.sourceValue', {
              column: summary.sourceColumn,
              records: n(summary.records),
              what: t(`clusterLogs.records.${RECORDS[summary.format]}`),
            })}
          </dd>
        </div>
      </dl>
      {asksSize ? (
        <div className="file-field cluster-log-preview__size">
          <label htmlFor={`${id}-size`} className="file-field__label">
            {t('clusterLogs.clusterSize')}
          </label>
          <input
            id={`${id}-size`}
            className="cluster-log-preview__size-input"
            type="number"
            inputMode="numeric"
            min={range.min}
            max={range.max}
            step={1}
            value={clusterText}
            onChange={(e) => setClusterText(e.target.value)}
            aria-invalid={!clusterOk}
            aria-describedby={`${id}-size-hint`}
          />
          <p id={`${id}-size-hint`} className="file-field__hint">
            {clusterOk
              ? t(kind === 'OpencostCsv' ? 'clusterLogs.clusterSizeHintDay' : 'clusterLogs.clusterSizeHint', {
                  peak: n(Math.ceil(summary.peakConcurrentGpus)),
                  perServer: n(scenario.selfBuild.gpusPerServer),
                  max: n(range.max),
                })
              : t('clusterLogs.clusterSizeInvalid', { min: n(range.min), max: n(range.max) })}
          </p>
        </div>
      ) : null}
      {usage ? (
        <div className="cluster-log-preview__efficiency">
          <p>
            <span className="cluster-log-preview__label">{t('clusterLogs.efficiency')}</span>{' '}
            <strong data-testid="logs-efficiency">{pct(usage.efficiency)}</strong>
          </p>
          <p className="file-field__hint">
            {/* OpenCost's CSV with idle rows names its held GPU-hours as the JSON does. */}
            {t(`clusterLogs.efficiency${kind === 'OpencostCsv' && !asksSize ? 'Opencost' : kind}`, {
              useful: n(usage.usefulGpuHours, 1),
              held: n(usage.heldGpuHours, 1),
            })}
          </p>
          {summary.busy ? (
            <p className="file-field__hint" data-testid="logs-busy">
              {t('clusterLogs.busy', {
                busy: pct(summary.busy.busyGpuHours / summary.busy.coveredGpuHours),
                hours: n(summary.busy.busyGpuHours, 1),
                covered: n(summary.busy.coveredGpuHours, 1),
              })}
            </p>
          ) : null}
          {usage.clamped ? (
            <p className="file-field__hint">
              {t(usage.clamped === 'high' ? 'clusterLogs.clampedHigh' : 'clusterLogs.clampedLow', {
                value: pct(usage.measuredEfficiency),
              })}
            </p>
          ) : null}
        </div>
      ) : null}
      {usage?.energy ? (
        <p className="file-field__hint" data-testid="logs-energy">
          {energyLine(
            usage.energy,
            measuredEnergyOf(scenario, usage, label(usage)),
            logEnergyRefusal(usage),
            scenario,
            t,
            n,
          )}
        </p>
      ) : null}
      <p className="file-field__hint">{t(`clusterLogs.curve${kind}`)}</p>
      {kind === 'OpencostCsv' ? (
        <p className="cluster-log-preview__warning" data-testid="logs-upper-bound">
          {t('clusterLogs.opencostCsvUpperBound')}
        </p>
      ) : null}
      {usage && !usage.weeklyGpus ? (
        <p className="cluster-log-preview__warning" data-testid="logs-too-few-weeks">
          {t('clusterLogs.tooFewWeeks', { weeks: n(usage.weeks), min: n(WEEKLY_CURVE_WEEKS.min) })}
        </p>
      ) : null}
      {candidate && usage?.weeklyGpus ? (
        <p>
          <span className="cluster-log-preview__label">{t('clusterLogs.capacity')}</span>{' '}
          <span data-testid="logs-capacity">
            {/* A size the user set stays (engine sizedToDemand); the rule's is said beside it. */}
            {candidate.selfBuild.capacitySizedBy === 'user'
              ? t('clusterLogs.capacityKept', {
                  gpus: n(candidate.selfBuild.capacityGpus),
                  rule: n(ruleSizedGpus(candidate)),
                })
              : t('clusterLogs.capacityValue', {
                  gpus: n(candidate.selfBuild.capacityGpus),
                  now: n(scenario.selfBuild.capacityGpus),
                })}
          </span>
        </p>
      ) : null}
      {notes.length > 0 ? (
        <ul className="cluster-log-preview__notes">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      <div className="csv-preview__buttons">
        <button type="button" className="button button--primary" onClick={onApply} disabled={!usage}>
          {t('clusterLogs.apply')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('clusterLogs.cancel')}
        </button>
      </div>
    </section>
  );
}

/**
 * The energy the log measured and what it does (engine measured-energy.ts): a server measurement sets
 * the busy draw, the GPU boards' is kept beside the estimate, a draw no server has is not used.
 */
function energyLine(
  e: LogEnergy,
  applied: MeasuredEnergyApplied | null,
  refusal: 'tooHigh' | 'tooLarge' | null,
  scenario: Scenario,
  t: TFunction<'scenarios'>,
  n: (v: number, digits?: number) => string,
): string {
  const facts = t(`clusterLogs.energy.${e.scope}`, {
    kwh: n(e.kwh, 1),
    hours: n(e.coveredGpuHours, 1),
    column: e.column,
    count: e.records,
    records: n(e.records),
    perGpu: n(e.kwPerGpu, 3),
  });
  if (applied === null)
    return `${facts} ${t(refusal === 'tooLarge' ? 'clusterLogs.energy.tooLarge' : 'clusterLogs.energy.notUsed')}`;
  if (applied.kept === 'serverMeasurementKept')
    return `${facts} ${t('clusterLogs.energy.serverMeasured', { label: scenario.energy.measured?.label ?? '' })}`;
  const now = n(scenario.selfBuild.powerBusyKwPerServer, 2);
  if (applied.kept === 'notApplied') return `${facts} ${t('clusterLogs.energy.boardsKept', { now })}`;
  const sb = applied.scenario.selfBuild;
  const busy = t('clusterLogs.energy.busy', { busy: n(sb.powerBusyKwPerServer, 2), now });
  if (applied.kept === 'keptAtMaximum') return `${facts} ${busy} ${t('clusterLogs.energy.keptAtMaximum')}`;
  if (applied.kept === 'idleLowered')
    return `${facts} ${busy} ${t('clusterLogs.energy.idleLowered', { idle: n(sb.powerIdleKwPerServer, 2) })}`;
  return `${facts} ${busy}`;
}
