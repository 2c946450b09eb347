import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseNumberInput } from '../../components/parameter-value';
import { type FieldError, useValidatedText } from '../../components/use-validated-text';
import {
  BUILD_LEAD_TIME_MONTHS,
  buildLeadTimeMonthsOf,
  type Evaluation,
  parameter,
  type Scenario,
  switchDemandForm,
} from '../../engine';
import { formatNumber } from '../../lib/format';
import type { ScenarioIssue } from '../../scenario';
import type { CurveFile } from '../../state/curve-file';
import type { CommitResult } from '../../state/store';
import { useAppStore } from '../../state/store-context';
import { unitSuffix } from '../../view-model/unit-text';
import { fieldErrorLines } from './field-error';
import { hintNumber } from './parameter-field';

/** A refused choice's commit: the issues, shown under the control (the scenario stays as it was). */
function issuesOf(result: CommitResult): ScenarioIssue[] {
  return result.ok ? [] : result.issues;
}

/** The lines beside a field or choice that did not apply, tied to it by `id`. */
export function FieldErrors({
  id,
  error,
  path,
}: {
  id: string;
  error: FieldError | null;
  path: string;
}): ReactNode {
  const { t } = useTranslation();
  const locale = useAppStore((s) => s.locale);
  if (error === null) return null;
  const lines = fieldErrorLines(error, path, t, locale, undefined, (v) => hintNumber(v, locale));
  return (
    <p id={id} role="alert" className="field-error">
      {lines.join(' ')}
    </p>
  );
}

function issuesError(issues: ScenarioIssue[]): FieldError | null {
  return issues.length === 0 ? null : { kind: 'issues', issues };
}

/** The demand field's summary line: the plan's, the file's (with its dates when it gave them) or the curve's. */
function demandSummaryKey(mode: Scenario['demand']['mode'], file: CurveFile | null): string {
  if (mode === 'plan') return 'choices.planSummary';
  if (file === null) return 'choices.weeklySummary';
  return file.dates ? 'usageFile:field.fromFileDates' : 'usageFile:field.fromFile';
}

export function DemandModeField({ evaluation }: { evaluation: Evaluation }) {
  const { t } = useTranslation(['common', 'usageFile']);
  const mode = useAppStore((s) => s.scenario.demand.mode);
  const locale = useAppStore((s) => s.locale);
  const commitScenario = useAppStore((s) => s.commitScenario);
  // A curve imported from a usage file says so (the store forgets the file once the curve changes).
  const curveFile = useAppStore((s) => s.curveFile);
  const [issues, setIssues] = useState<ScenarioIssue[]>([]);
  const id = useId();
  const d = evaluation.demand;
  return (
    <div className="field field--wide">
      <label htmlFor={id} className="field__label">
        {t('choices.demandMode')}
      </label>
      <select
        id={id}
        value={mode}
        aria-invalid={issues.length > 0}
        aria-describedby={issues.length > 0 ? `${id}-error` : undefined}
        onChange={(e) => {
          const v = e.target.value;
          const next = v === 'weekly' || v === 'plan' ? v : 'jobs';
          setIssues(issuesOf(commitScenario((s) => switchDemandForm(s, next), { source: 'choice' })));
        }}
      >
        <option value="jobs">{t('choices.demandModeJobs')}</option>
        <option value="weekly">{t('choices.demandModeWeekly')}</option>
        <option value="plan">{t('choices.demandModePlan')}</option>
      </select>
      {mode !== 'jobs' ? (
        <p className="field__hint" data-testid="demand-curve-summary">
          {t(demandSummaryKey(mode, curveFile), {
            weeks: d.weeks,
            mean: formatNumber(d.meanGpus, locale, 1),
            peak: formatNumber(d.peakGpus, locale, 1),
            file: curveFile?.fileName,
            first: curveFile?.dates?.[0],
            last: curveFile?.dates?.[curveFile.dates.length - 1],
          })}
        </p>
      ) : null}
      <FieldErrors id={`${id}-error`} error={issuesError(issues)} path="demand.mode" />
    </div>
  );
}

export function RecoveryField() {
  const { t } = useTranslation();
  const recovery = useAppStore((s) => s.scenario.selfBuild.recovery);
  const commitScenario = useAppStore((s) => s.commitScenario);
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {t('choices.recovery')}
      </label>
      <select
        id={id}
        value={recovery}
        onChange={(e) => {
          const next = e.target.value === 'automatic' ? 'automatic' : 'manual';
          commitScenario((s) => ({ ...s, selfBuild: { ...s.selfBuild, recovery: next } }), {
            source: 'choice',
          });
        }}
      >
        <option value="manual">{t('choices.recoveryManual')}</option>
        <option value="automatic">{t('choices.recoveryAutomatic')}</option>
      </select>
    </div>
  );
}

export function PrivatePoolField() {
  const { t } = useTranslation();
  const privatePool = useAppStore((s) => s.scenario.selfBuild.privatePool);
  const commitScenario = useAppStore((s) => s.commitScenario);
  return (
    <div className="field field--check">
      <label>
        <input
          type="checkbox"
          checked={privatePool}
          onChange={(e) => {
            const checked = e.target.checked;
            commitScenario((s) => ({ ...s, selfBuild: { ...s.selfBuild, privatePool: checked } }), {
              source: 'choice',
            });
          }}
        />{' '}
        {t('choices.privatePool')}
      </label>
    </div>
  );
}

/** Hybrid baseline: owned or reserved, and automatic (null: the engine picks the cheapest) or fixed. */
export function HybridBaselineFields({ evaluation }: { evaluation: Evaluation }) {
  const { t } = useTranslation();
  const hybrid = useAppStore((s) => s.scenario.hybrid);
  const commitScenario = useAppStore((s) => s.commitScenario);
  const id = useId();
  const auto = hybrid.baselineGpus === null;
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-mode`} className="field__label">
          {t('choices.baselineMode')}
        </label>
        <select
          id={`${id}-mode`}
          value={hybrid.baselineMode}
          onChange={(e) => {
            const baselineMode = e.target.value === 'reserved' ? 'reserved' : 'owned';
            commitScenario((s) => ({ ...s, hybrid: { ...s.hybrid, baselineMode } }), { source: 'choice' });
          }}
        >
          <option value="owned">{t('choices.baselineModeOwned')}</option>
          <option value="reserved">{t('choices.baselineModeReserved')}</option>
        </select>
      </div>
      <div className="field field--check">
        <label>
          <input
            type="checkbox"
            checked={auto}
            onChange={(e) => {
              // Unchecking starts from the baseline the engine chose, so nothing jumps.
              const baselineGpus = e.target.checked ? null : evaluation.strategies.hybrid.baselineGpus;
              commitScenario((s) => ({ ...s, hybrid: { ...s.hybrid, baselineGpus } }), { source: 'choice' });
            }}
          />{' '}
          {t('choices.baselineAuto')}
        </label>
      </div>
      {hybrid.baselineGpus !== null ? <BaselineGpusField value={hybrid.baselineGpus} /> : null}
    </>
  );
}

/** The lead time the team level gives (what "by team level" would use), whatever is set now. */
export function teamLeadTimeMonths(s: Scenario): number {
  return buildLeadTimeMonthsOf({ ...s, selfBuild: { ...s.selfBuild, buildLeadTimeMonths: null } });
}

const LEAD_TIME_PATH = 'selfBuild.buildLeadTimeMonths';

/**
 * Build lead time (months from order to first workload): by team level, or a number 0–24 the user
 * sets (0 for a site that already runs). Unchecking "by team level" starts from the months in use, so
 * nothing jumps. Both go through the store's door like every other change.
 */
export function LeadTimeFields() {
  const { t } = useTranslation();
  // Plain values, not the scenario: a slider step elsewhere does not redraw these fields.
  const fixed = useAppStore((s) => s.scenario.selfBuild.buildLeadTimeMonths);
  const byTeam = useAppStore((s) => teamLeadTimeMonths(s.scenario));
  const commitScenario = useAppStore((s) => s.commitScenario);
  return (
    <>
      <div className="field field--check" data-path={LEAD_TIME_PATH}>
        <label>
          <input
            type="checkbox"
            checked={fixed === null}
            onChange={(e) => {
              const checked = e.target.checked;
              commitScenario(
                (s) => ({
                  ...s,
                  selfBuild: {
                    ...s.selfBuild,
                    buildLeadTimeMonths: checked ? null : buildLeadTimeMonthsOf(s),
                  },
                }),
                {
                  source: 'choice',
                },
              );
            }}
          />{' '}
          {t('common:join.labelValue', {
            label: t('choices.leadTime'),
            value: t('choices.leadTimeAuto', { months: byTeam }),
          })}
        </label>
      </div>
      {fixed !== null ? <LeadTimeMonthsField value={fixed} /> : null}
    </>
  );
}

function LeadTimeMonthsField({ value }: { value: number }) {
  const { t } = useTranslation();
  return (
    <NumberChoiceField
      value={value}
      path={LEAD_TIME_PATH}
      label={t('choices.leadTimeMonths')}
      unit={t('units.months')}
      range={BUILD_LEAD_TIME_MONTHS}
      hint={t('choices.leadTimeHint')}
      source={t('choices.leadTimeSource')}
      apply={(s, buildLeadTimeMonths) => ({ ...s, selfBuild: { ...s.selfBuild, buildLeadTimeMonths } })}
    />
  );
}

/** The fixed baseline shares the capacity input's range (schema: `hybrid.baselineGpus`). */
const BASELINE_PATH = 'hybrid.baselineGpus';

function BaselineGpusField({ value }: { value: number }) {
  const { t } = useTranslation();
  return (
    <NumberChoiceField
      value={value}
      path={BASELINE_PATH}
      label={t('choices.baselineGpus')}
      unit={t('units.gpus')}
      range={parameter('selfBuild.capacityGpus')}
      apply={(s, baselineGpus) => ({ ...s, hybrid: { ...s.hybrid, baselineGpus } })}
    />
  );
}

/**
 * The number box a choice opens (a fixed hybrid baseline, a lead time set by hand): typed text goes
 * through the store's door (the keystrokes in the box are one undo step); the schema's issues show
 * beside it and the last good scenario stays.
 */
function NumberChoiceField(props: {
  value: number;
  path: string;
  label: string;
  unit: string;
  range: { min: number; max: number };
  hint?: string;
  source?: string;
  apply: (s: Scenario, value: number) => Scenario;
}) {
  const { t } = useTranslation();
  const locale = useAppStore((s) => s.locale);
  const commitScenario = useAppStore((s) => s.commitScenario);
  const endGroup = useAppStore((s) => s.endGroup);
  const id = useId();
  const field = useValidatedText(props.value, String, parseNumberInput, (v) => {
    const result = commitScenario((s) => props.apply(s, v), { source: 'field', group: props.path });
    return result.ok ? null : result.issues;
  });
  const describedBy = [`${id}-hint`, props.source ? `${id}-source` : null, field.error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  const range = t('field.range', {
    min: hintNumber(props.range.min, locale),
    max: hintNumber(props.range.max, locale),
    unit: unitSuffix(props.unit),
  });
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {props.label}
      </label>
      <div className="field__input">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          value={field.text}
          onChange={field.onChange}
          onBlur={endGroup}
          aria-invalid={field.error !== null}
          aria-describedby={describedBy}
        />
        <span className="field__unit">{props.unit}</span>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {props.hint ? `${props.hint} · ${range}` : range}
      </p>
      {props.source ? (
        <p id={`${id}-source`} className="field__hint">
          {props.source}
        </p>
      ) : null}
      <FieldErrors id={`${id}-error`} error={field.error} path={props.path} />
    </div>
  );
}

const THROUGHPUT_PATH = 'throughput.unitsPerUsefulGpuHour';

/** Throughput is optional: empty means "not measured" (null); otherwise the schema says what is allowed. */
export function ThroughputFields() {
  const { t } = useTranslation();
  const throughput = useAppStore((s) => s.scenario.throughput);
  const commitScenario = useAppStore((s) => s.commitScenario);
  const endGroup = useAppStore((s) => s.endGroup);
  const id = useId();
  const [unitIssues, setUnitIssues] = useState<ScenarioIssue[]>([]);
  // The unit as typed: a refused name stays in the box (with the reason) instead of snapping back.
  const [unitText, setUnitText] = useState(throughput.unitName);
  useEffect(() => {
    setUnitText(throughput.unitName);
    setUnitIssues([]);
  }, [throughput.unitName]);
  const commitUnits = (unitsPerUsefulGpuHour: number | null) => {
    const result = commitScenario((s) => ({ ...s, throughput: { ...s.throughput, unitsPerUsefulGpuHour } }), {
      source: 'field',
      group: THROUGHPUT_PATH,
    });
    return result.ok ? null : result.issues;
  };
  // Empty text is a value here ("not measured"), so it is parsed to NaN and applied as null.
  const field = useValidatedText(
    throughput.unitsPerUsefulGpuHour ?? Number.NaN,
    (v) => (Number.isNaN(v) ? '' : String(v)),
    (text) => (text.trim() === '' ? { ok: true, value: Number.NaN } : parseNumberInput(text)),
    (v) => commitUnits(Number.isNaN(v) ? null : v),
  );

  return (
    <>
      <div className="field">
        <label htmlFor={id} className="field__label">
          {t('choices.throughput')}
        </label>
        <input
          id={id}
          type="text"
          inputMode="decimal"
          value={field.text}
          onChange={field.onChange}
          onBlur={endGroup}
          aria-invalid={field.error !== null}
          aria-describedby={`${id}-hint${field.error ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-hint`} className="field__hint">
          {t('choices.throughputHelp')}
        </p>
        <FieldErrors id={`${id}-error`} error={field.error} path={THROUGHPUT_PATH} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-unit`} className="field__label">
          {t('choices.throughputUnit')}
        </label>
        <input
          id={`${id}-unit`}
          type="text"
          value={unitText}
          onBlur={endGroup}
          aria-invalid={unitIssues.length > 0}
          aria-describedby={unitIssues.length > 0 ? `${id}-unit-error` : undefined}
          onChange={(e) => {
            const unitName = e.target.value;
            setUnitText(unitName);
            const result = commitScenario((s) => ({ ...s, throughput: { ...s.throughput, unitName } }), {
              source: 'field',
              group: 'throughput.unitName',
            });
            setUnitIssues(issuesOf(result));
          }}
        />
        <FieldErrors id={`${id}-unit-error`} error={issuesError(unitIssues)} path="throughput.unitName" />
      </div>
    </>
  );
}
