import type { TFunction } from 'i18next';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileInput } from '../../../components/file-input';
import {
  CURVE_KINDS,
  curveVerdict,
  DEFAULT_FLAT_WEEKS,
  type Evaluation,
  generatedCurve,
  mean,
  type Scenario,
  type ScenarioRecipe,
  WEEKLY_CURVE_WEEKS,
  WEEKLY_GPUS_MAX,
  weeksToGenerate,
  withCurve,
  withJobsCurve,
  withWeek,
} from '../../../engine';
import { formatNumber, formatPercent, type Locale } from '../../../lib/format';
import { parseNumberText } from '../../../lib/number-text';
import type { ScenarioIssue } from '../../../scenario';
import { readUsageCsvFile } from '../../../scenario/csv-usage-lazy';
import type { CommitResult } from '../../../state/store';
import { useAppStore } from '../../../state/store-context';
import { csvErrorText, fieldIssueText, issueText } from '../../../view-model/import-messages';
import { dateWeekLabels } from '../../../view-model/week-dates';
import { type FieldError, parseCurveSettings } from '../field-rules';
import { useWizardCommit } from '../use-wizard-commit';
import { useWizardStore } from '../wizard-store';
import { verdictText } from './curve-text';
import { NotApplied } from './not-applied';
import { UsageChart } from './usage-chart';

/**
 * Step 1 (seed 003 §5): lay out 6–12 months of weekly demand — from a CSV, a generator or by hand —
 * and read baseline, peak and trough with seed 003's verdict.
 */
export function UsageStep({ scenario, evaluation }: { scenario: Scenario; evaluation: Evaluation }) {
  const { t } = useTranslation('wizard');
  const locale = useAppStore((s) => s.locale);
  const endGroup = useAppStore((s) => s.endGroup);
  const setCurveFile = useAppStore((s) => s.setCurveFile);
  const commitChange = useWizardCommit();
  const wizard = useWizardStore();
  const [issues, setIssues] = useState<string[]>([]);
  const ids = useId();
  const weekly = scenario.demand.mode !== 'jobs' ? scenario.demand.weeklyGpus : [];
  const d = evaluation.demand;
  const n = (v: number) => formatNumber(v, locale, 1);

  const settings = parseCurveSettings(wizard.weeksText, wizard.meanText);
  /** A settings field's message: its typing error, or what the schema said about the curve it made. */
  const settingsError = (field: 'weeks' | 'mean'): string | null => {
    if (!settings.ok) return settings.field === field ? fieldErrorText(settings.error, t, locale) : null;
    const refused = wizard.curveIssues;
    if (refused === null || refused.field !== field) return null;
    return refused.issues.map((i) => fieldIssueText(t, i, 'demand.weeklyGpus', locale)).join(' ');
  };

  const commit = (recipe: ScenarioRecipe, group?: string): CommitResult => {
    const result = commitChange(recipe, group);
    setIssues(result.ok ? [] : result.issues.map((i) => issueText(t, i, locale)));
    return result;
  };

  const generate = (kind: (typeof CURVE_KINDS)[number], weeksText: string, meanText: string) => {
    const check = parseCurveSettings(weeksText, meanText);
    if (!check.ok) {
      wizard.patch({ curveIssues: null });
      return;
    }
    const curve = generatedCurve({ kind, weeks: weeksToGenerate(check.weeks), meanGpus: check.meanGpus });
    // The schema decides the week count and the GPUs a week; its issues are shown by the field that
    // caused them (the count for the curve's length, the mean for a week's value).
    const result = commitChange(withCurve(curve, true));
    if (result.ok) {
      wizard.patch({ csv: null, curveIssues: null });
      setIssues([]);
    } else {
      wizard.patch({ curveIssues: { field: curveField(result.issues), issues: result.issues } });
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Refuses a file above the size limit unread and reports a read failure; never throws.
    const result = await readUsageCsvFile(file);
    if (!result.ok) {
      setIssues(result.errors.map((e) => csvErrorText(t, e, locale)));
      return;
    }
    const dates = dateWeekLabels(result.rows.map((r) => r.week));
    if (commit(withCurve(result.weeklyGpus, true)).ok) {
      // The dashboard's demand chart labels the same weeks with the file's dates too.
      setCurveFile({ fileName: file.name, weeklyGpus: result.weeklyGpus, dates });
      wizard.patch({
        csv: { fileName: file.name, weeks: result.weeklyGpus.length, dates },
        curveKind: null,
        // The generator's fields describe the curve now shown: the file's length and average.
        weeksText: String(result.weeklyGpus.length),
        meanText: String(Math.round(mean(result.weeklyGpus) * 100) / 100),
      });
    }
  };

  const verdict = curveVerdict(scenario, evaluation);

  return (
    <div className="wizard-step">
      <p className="wizard-step__intro">{t('usage.intro')}</p>

      <div className="wizard-usage__inputs">
        <fieldset className="wizard-fieldset">
          <legend>{t('usage.generatorLegend')}</legend>
          <div className="wizard-choices" role="radiogroup" aria-label={t('usage.generator')}>
            {CURVE_KINDS.map((kind) => (
              <label key={kind} className="wizard-choice">
                <input
                  type="radio"
                  name={`${ids}-kind`}
                  checked={wizard.curveKind === kind}
                  onChange={() => {
                    wizard.patch({ curveKind: kind });
                    generate(kind, wizard.weeksText, wizard.meanText);
                  }}
                />
                <span>
                  <strong>{t(`usage.kinds.${kind}`)}</strong>
                  <small>{t(`usage.kindHelp.${kind}`)}</small>
                </span>
              </label>
            ))}
          </div>
          <div className="wizard-inline-fields">
            <TextField
              label={t('usage.weeks')}
              value={wizard.weeksText}
              error={settingsError('weeks')}
              hint={t('usage.weeksHint', { min: WEEKLY_CURVE_WEEKS.min, max: WEEKLY_CURVE_WEEKS.max })}
              onChange={(text) => {
                wizard.patch({ weeksText: text });
                if (wizard.curveKind) generate(wizard.curveKind, text, wizard.meanText);
              }}
            />
            <TextField
              label={t('usage.mean')}
              value={wizard.meanText}
              error={settingsError('mean')}
              hint={t('usage.meanHint', { max: formatNumber(WEEKLY_GPUS_MAX, locale) })}
              onChange={(text) => {
                wizard.patch({ meanText: text });
                if (wizard.curveKind) generate(wizard.curveKind, wizard.weeksText, text);
              }}
            />
          </div>
        </fieldset>

        <div className="wizard-fieldset wizard-csv">
          <label htmlFor={`${ids}-csv`} className="wizard-csv__label">
            {t('usage.importCsv')}
          </label>
          <FileInput id={`${ids}-csv`} accept=".csv,.tsv,.txt,text/csv" onChange={onFile} />
          <p className="wizard-hint">{t('usage.csvHint')}</p>
          {wizard.csv ? (
            <p className="wizard-ok" role="status">
              {t('usage.csvLoaded', { file: wizard.csv.fileName, weeks: wizard.csv.weeks })}
            </p>
          ) : null}
        </div>
      </div>

      <NotApplied issues={issues} />

      {weekly.length === 0 ? (
        <div className="wizard-note" data-testid="wizard-jobs-curve">
          <p>
            {t('usage.jobsMode', {
              jobs: n(scenario.demand.jobsPerMonth),
              hours: n(scenario.demand.hoursPerJob),
              gpus: n(scenario.demand.gpusPerJob),
              weeks: DEFAULT_FLAT_WEEKS,
              mean: n(d.meanGpus),
            })}
          </p>
          <button
            type="button"
            className="wizard-button wizard-button--primary"
            onClick={() => commit(withJobsCurve())}
          >
            {t('usage.useJobsCurve')}
          </button>
        </div>
      ) : (
        <>
          <UsageChart
            weeklyGpus={weekly}
            weekDates={wizard.csv?.dates ?? null}
            stats={d}
            locale={locale}
            onEditWeek={(index, gpus) => commit(withWeek(index, gpus), 'wizard:chart')}
            onEditEnd={endGroup}
          />
          <dl className="wizard-facts" data-testid="wizard-curve-stats">
            <div>
              <dt>{t('usage.stats.baseline')}</dt>
              <dd>{n(d.baselineGpus)}</dd>
            </div>
            <div>
              <dt>{t('usage.stats.peak')}</dt>
              <dd>{n(d.peakGpus)}</dd>
            </div>
            <div>
              <dt>{t('usage.stats.trough')}</dt>
              <dd>{n(d.troughGpus)}</dd>
            </div>
            <div>
              <dt>{t('usage.stats.mean')}</dt>
              <dd>{n(d.meanGpus)}</dd>
            </div>
            <div>
              <dt>{t('usage.stats.shape')}</dt>
              <dd>{t(`usage.shapes.${d.shape}`)}</dd>
            </div>
            <div>
              <dt>{t('usage.stats.capacity')}</dt>
              <dd>{n(evaluation.strategies.selfBuild.baselineGpus)}</dd>
            </div>
          </dl>
          <p
            className={`wizard-verdict wizard-verdict--${verdict.verdict}`}
            data-testid="wizard-curve-verdict"
          >
            <strong>{verdictText(verdict, t, locale)}</strong>{' '}
            {t('usage.verdictWhy', { share: formatPercent(verdict.baselineShare, locale, 0) })}
          </p>
          <details className="wizard-weeks">
            <summary>{t('usage.editTable')}</summary>
            <WeekTable weekly={weekly} onCommit={(i, v) => commit(withWeek(i, v))} />
          </details>
        </>
      )}
    </div>
  );
}

function WeekTable({
  weekly,
  onCommit,
}: {
  weekly: readonly number[];
  onCommit: (i: number, v: number) => CommitResult;
}) {
  const { t } = useTranslation('wizard');
  return (
    <table className="wizard-weeks__table">
      <caption className="visually-hidden">{t('usage.tableCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('usage.week')}</th>
          <th scope="col">{t('usage.gpus')}</th>
        </tr>
      </thead>
      <tbody>
        {weekly.map((v, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a week is identified by its position
          <WeekRow key={i} index={i} value={v} onCommit={onCommit} />
        ))}
      </tbody>
    </table>
  );
}

function WeekRow({
  index,
  value,
  onCommit,
}: {
  index: number;
  value: number;
  onCommit: (i: number, v: number) => CommitResult;
}) {
  const { t } = useTranslation('wizard');
  const locale = useAppStore((s) => s.locale);
  const [text, setText] = useState(weekText(value));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    // Follow changes from elsewhere (dragging, a generator) unless the typed text already says so.
    setText((current) => (parseNumberText(current) === value ? current : weekText(value)));
    setError(null);
  }, [value]);
  const id = useId();
  return (
    <tr>
      <th scope="row">
        <label htmlFor={id}>{t('usage.weekN', { week: index + 1 })}</label>
      </th>
      <td>
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            const next = event.target.value;
            setText(next);
            const v = parseNumberText(next);
            if (v === null) return setError(t('validation.notNumber'));
            // The allowed range of a week is the schema's: the door says what is wrong.
            const result = onCommit(index, v);
            setError(
              result.ok
                ? null
                : result.issues
                    .map((i) => fieldIssueText(t, i, `demand.weeklyGpus.${index}`, locale))
                    .join(' '),
            );
          }}
        />
        {error ? (
          <span id={`${id}-error`} className="wizard-field-error" role="alert">
            {error}
          </span>
        ) : null}
      </td>
    </tr>
  );
}

/** A labelled text input with a hint and an inline error (invalid text is kept, never applied). */
export function TextField({
  label,
  value,
  error,
  hint,
  onChange,
  inputMode = 'decimal',
}: {
  label: string;
  value: string;
  error: string | null;
  hint?: string;
  onChange: (text: string) => void;
  inputMode?: 'decimal' | 'text';
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="wizard-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode={inputMode}
        autoComplete="off"
        value={value}
        aria-invalid={error !== null}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <span id={`${id}-hint`} className="wizard-hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="wizard-field-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

type T = TFunction<'wizard'>;

/** A typing error of a wizard field (the schema's issues are worded by `fieldIssueText`). */
export function fieldErrorText(error: FieldError, t: T, _locale: Locale): string {
  return t(`validation.${error.code}`);
}

/** Which generator setting a refused curve is about: its length (the count) or a week's value (the mean). */
function curveField(issues: readonly ScenarioIssue[]): 'weeks' | 'mean' {
  return issues.some((i) => i.path === 'demand.weeklyGpus') ? 'weeks' : 'mean';
}

/** A week's GPUs in its box: at most two decimals (a curve the jobs imply is an exact, long mean). */
function weekText(value: number): string {
  return String(Math.round(value * 100) / 100);
}
