import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BUILD_LEAD_TIME_MONTHS,
  buildLeadTimeMonthsOf,
  type Evaluation,
  HOURS_PER_MONTH,
  jobsPerMonth,
  type Scenario,
} from '../../engine';
import { formatNumber } from '../../lib/format';
import { useAppStore } from '../../state/store-context';
import { errorMessage, hintNumber } from './parameter-field';
import { type ParseError, parseInRange } from './parameter-value';
import { useValidatedText } from './use-validated-text';

/** Weeks of the flat curve created when switching a job-form demand to the weekly form. */
const DEFAULT_WEEKS = 52;

/**
 * Switching the demand form keeps the demand: jobs → a flat weekly curve at the same mean useful GPUs;
 * weekly → the job count the engine derives from the curve and the job size.
 */
export function switchDemandMode(s: Scenario, mode: Scenario['demand']['mode']): Scenario {
  if (mode === s.demand.mode) return s;
  if (mode === 'jobs') return { ...s, demand: { ...s.demand, mode, jobsPerMonth: jobsPerMonth(s) } };
  const d = s.demand;
  const meanGpus = (d.jobsPerMonth * d.hoursPerJob * d.gpusPerJob * s.rent.utilization) / HOURS_PER_MONTH;
  const weeklyGpus =
    d.weeklyGpus.length >= 26 ? d.weeklyGpus : new Array<number>(DEFAULT_WEEKS).fill(meanGpus);
  return { ...s, demand: { ...d, mode, weeklyGpus } };
}

export function DemandModeField({ evaluation }: { evaluation: Evaluation }) {
  const { t } = useTranslation();
  const mode = useAppStore((s) => s.scenario.demand.mode);
  const locale = useAppStore((s) => s.locale);
  const updateScenario = useAppStore((s) => s.updateScenario);
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
        onChange={(e) =>
          updateScenario((s) => switchDemandMode(s, e.target.value === 'weekly' ? 'weekly' : 'jobs'))
        }
      >
        <option value="jobs">{t('choices.demandModeJobs')}</option>
        <option value="weekly">{t('choices.demandModeWeekly')}</option>
      </select>
      {mode === 'weekly' ? (
        <p className="field__hint">
          {t('choices.weeklySummary', {
            weeks: d.weeks,
            mean: formatNumber(d.meanGpus, locale, 1),
            peak: formatNumber(d.peakGpus, locale, 1),
          })}
        </p>
      ) : null}
    </div>
  );
}

export function RecoveryField() {
  const { t } = useTranslation();
  const recovery = useAppStore((s) => s.scenario.selfBuild.recovery);
  const updateScenario = useAppStore((s) => s.updateScenario);
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
          updateScenario((s) => ({ ...s, selfBuild: { ...s.selfBuild, recovery: next } }));
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
  const updateScenario = useAppStore((s) => s.updateScenario);
  return (
    <div className="field field--check">
      <label>
        <input
          type="checkbox"
          checked={privatePool}
          onChange={(e) => {
            const checked = e.target.checked;
            updateScenario((s) => ({ ...s, selfBuild: { ...s.selfBuild, privatePool: checked } }));
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
  const updateScenario = useAppStore((s) => s.updateScenario);
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
            updateScenario((s) => ({ ...s, hybrid: { ...s.hybrid, baselineMode } }));
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
              updateScenario((s) => ({ ...s, hybrid: { ...s.hybrid, baselineGpus } }));
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

/**
 * Build lead time (months from order to first workload): by team level, or a number 0–24 the user
 * sets (0 for a site that already runs). Unchecking "by team level" starts from the months in use, so
 * nothing jumps.
 */
export function LeadTimeFields() {
  const { t } = useTranslation();
  const scenario = useAppStore((s) => s.scenario);
  const updateScenario = useAppStore((s) => s.updateScenario);
  const fixed = scenario.selfBuild.buildLeadTimeMonths;
  const byTeam = teamLeadTimeMonths(scenario);
  return (
    <>
      <div className="field field--check" data-path="selfBuild.buildLeadTimeMonths">
        <label>
          <input
            type="checkbox"
            checked={fixed === null}
            onChange={(e) => {
              const buildLeadTimeMonths = e.target.checked ? null : buildLeadTimeMonthsOf(scenario);
              updateScenario((s) => ({ ...s, selfBuild: { ...s.selfBuild, buildLeadTimeMonths } }));
            }}
          />{' '}
          {t('choices.leadTime')}: {t('choices.leadTimeAuto', { months: byTeam })}
        </label>
      </div>
      {fixed !== null ? <LeadTimeMonthsField value={fixed} /> : null}
    </>
  );
}

function LeadTimeMonthsField({ value }: { value: number }) {
  const { t } = useTranslation();
  const locale = useAppStore((s) => s.locale);
  const updateScenario = useAppStore((s) => s.updateScenario);
  const id = useId();
  const { min, max } = BUILD_LEAD_TIME_MONTHS;
  const field = useValidatedText(
    value,
    String,
    (text) => parseInRange(text, min, max, true),
    (buildLeadTimeMonths) =>
      updateScenario((s) => ({ ...s, selfBuild: { ...s.selfBuild, buildLeadTimeMonths } })),
  );
  const unit = t('units.months');
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {t('choices.leadTimeMonths')}
      </label>
      <div className="field__input">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          value={field.text}
          onChange={field.onChange}
          aria-invalid={field.error !== null}
          aria-describedby={`${id}-hint ${id}-source${field.error ? ` ${id}-error` : ''}`}
        />
        <span className="field__unit">{unit}</span>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {t('choices.leadTimeHint')}
      </p>
      <p id={`${id}-source`} className="field__hint">
        {t('choices.leadTimeSource')}
      </p>
      {field.error ? (
        <p id={`${id}-error`} role="alert" className="field-error">
          {errorMessage(field.error, t, (v) => hintNumber(v, locale))}
        </p>
      ) : null}
    </div>
  );
}

const BASELINE_MAX = 1_000_000;

function BaselineGpusField({ value }: { value: number }) {
  const { t } = useTranslation();
  const locale = useAppStore((s) => s.locale);
  const updateScenario = useAppStore((s) => s.updateScenario);
  const id = useId();
  const field = useValidatedText(
    value,
    String,
    (text) => parseInRange(text, 0, BASELINE_MAX, true),
    (baselineGpus) => updateScenario((s) => ({ ...s, hybrid: { ...s.hybrid, baselineGpus } })),
  );
  const unit = t('units.gpus');
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {t('choices.baselineGpus')}
      </label>
      <div className="field__input">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          value={field.text}
          onChange={field.onChange}
          aria-invalid={field.error !== null}
          aria-describedby={`${id}-hint${field.error ? ` ${id}-error` : ''}`}
        />
        <span className="field__unit">{unit}</span>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {t('field.range', { min: 0, max: hintNumber(BASELINE_MAX, locale), unit })}
      </p>
      {field.error ? (
        <p id={`${id}-error`} role="alert" className="field-error">
          {errorMessage(field.error, t, (v) => hintNumber(v, locale))}
        </p>
      ) : null}
    </div>
  );
}

/** Throughput is optional: empty means "not measured" (null); otherwise a number above 0. */
export function ThroughputFields() {
  const { t } = useTranslation();
  const throughput = useAppStore((s) => s.scenario.throughput);
  const updateScenario = useAppStore((s) => s.updateScenario);
  const [text, setText] = useState(() =>
    throughput.unitsPerUsefulGpuHour === null ? '' : String(throughput.unitsPerUsefulGpuHour),
  );
  const [error, setError] = useState<ParseError | 'notPositive' | null>(null);
  const id = useId();
  const units = throughput.unitsPerUsefulGpuHour;
  // Follow changes from elsewhere (a preset) unless the text already says the same thing.
  useEffect(() => {
    setText((current) => {
      const parsed = current.trim() === '' ? null : Number(current.replace(/[,\s]/g, ''));
      return parsed === units ? current : units === null ? '' : String(units);
    });
    setError(null);
  }, [units]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setText(next);
    if (next.trim() === '') {
      setError(null);
      updateScenario((s) => ({ ...s, throughput: { ...s.throughput, unitsPerUsefulGpuHour: null } }));
      return;
    }
    const result = parseInRange(next, 0, Number.MAX_VALUE, false);
    if (!result.ok) setError(result.error);
    else if (result.value <= 0) setError('notPositive');
    else {
      setError(null);
      const value = result.value;
      updateScenario((s) => ({ ...s, throughput: { ...s.throughput, unitsPerUsefulGpuHour: value } }));
    }
  };

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
          value={text}
          onChange={onChange}
          aria-invalid={error !== null}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-hint`} className="field__hint">
          {t('choices.throughputHelp')}
        </p>
        {error ? (
          <p id={`${id}-error`} role="alert" className="field-error">
            {error === 'notPositive' ? t('validation.notPositive') : t(`validation.${error.code}`)}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-unit`} className="field__label">
          {t('choices.throughputUnit')}
        </label>
        <input
          id={`${id}-unit`}
          type="text"
          value={throughput.unitName}
          maxLength={40}
          onChange={(e) => {
            const unitName = e.target.value;
            updateScenario((s) => ({ ...s, throughput: { ...s.throughput, unitName } }));
          }}
        />
      </div>
    </>
  );
}
