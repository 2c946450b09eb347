import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GPU_MODELS,
  REPORTED_HOURS_OVERHEAD,
  RUN_SIZE_KINDS,
  type RunSizeKind,
  runMfuDefault,
  type Scenario,
  type TrainingRun,
} from '../../engine';
import { formatNumber, type Locale } from '../../lib/format';
import type { CommitResult } from '../../state/store';
import { gpuNameIn } from '../../view-model/catalogue-text';
import { countText } from '../../view-model/count-text';
import { mfuSourceText, overheadSourceText } from '../../view-model/mfu-source-text';
import type { PlanRunRow } from '../../view-model/training-plan';
import { runLabel } from '../../view-model/training-plan-text';
import { removeRun, withRun } from './plan-edits';
import { PlanNumberField } from './plan-field';

type Commit = (update: (s: Scenario) => Scenario, group: string) => CommitResult;

/**
 * One run of the plan: its size, GPU, MFU (with the default's source) and the reported-hours overhead
 * beside it, start, GPUs and deadline.
 */
export function RunEditor({
  run,
  row,
  locale,
  commit,
}: {
  run: TrainingRun;
  row: PlanRunRow;
  locale: Locale;
  commit: Commit;
}) {
  const { t } = useTranslation();
  const i = row.index;
  const id = useId();
  const path = (field: string) => `trainingPlan.runs.${i}.${field}`;
  // Values this run's fields show but the door refused, by field (issue 44): a blank "GPUs to use"
  // is refused without a deadline, and typing the deadline next must make it valid, not leave the
  // field blank over a plan that still uses the old count. Each later edit of the run is tried with
  // them first; if that passes, every field, the plan and the messages agree again (each refused
  // field then follows the plan's value, which is now its own, and drops its message).
  const refused = useRef<Partial<TrainingRun>>({});
  const set = (patch: Partial<TrainingRun>, field: string): CommitResult => {
    const group = `field:plan:${i}:${field}`;
    const others = Object.fromEntries(
      Object.entries(refused.current).filter(([key]) => !(key in patch)),
    ) as Partial<TrainingRun>;
    if (Object.keys(others).length > 0) {
      const together = commit((s) => withRun(s, i, { ...others, ...patch }), group);
      if (together.ok) {
        refused.current = {};
        return together;
      }
    }
    // Still refused with them: this edit alone, as if they were not there (each keeps its message).
    const alone = commit((s) => withRun(s, i, patch), group);
    refused.current = alone.ok ? others : { ...others, ...patch };
    return alone;
  };
  const num = (field: keyof TrainingRun, nullable = false) => ({
    value: run[field] as number | null,
    locale,
    path: path(field),
    nullable,
    apply: (v: number | null) => set({ [field]: v } as Partial<TrainingRun>, field),
  });
  const label = runLabel(i, run.name, t);
  return (
    <fieldset className="plan-run" data-testid={`plan-run-${i}`}>
      <legend className="plan-run__title">{label}</legend>
      <div className="plan-run__grid">
        <div className="field plan-field">
          <label htmlFor={`${id}-name`} className="field__label">
            {t('plan:field.name')}
          </label>
          <input
            id={`${id}-name`}
            type="text"
            value={run.name}
            maxLength={60}
            onChange={(e) => set({ name: e.target.value }, 'name')}
          />
        </div>
        <div className="field plan-field">
          <label htmlFor={`${id}-size`} className="field__label">
            {t('plan:field.sizeBy')}
          </label>
          <select
            id={`${id}-size`}
            value={run.sizeBy}
            onChange={(e) => set({ sizeBy: e.target.value as RunSizeKind }, 'sizeBy')}
          >
            {RUN_SIZE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`plan:sizeBy.${k}`)}
              </option>
            ))}
          </select>
        </div>
        {run.sizeBy === 'model' ? (
          <>
            <PlanNumberField label={t('plan:field.paramsBillions')} {...num('paramsBillions')} />
            <PlanNumberField label={t('plan:field.tokensTrillions')} {...num('tokensTrillions')} />
          </>
        ) : run.sizeBy === 'flops' ? (
          <PlanNumberField label={t('plan:field.flops')} {...num('flops')} />
        ) : (
          <PlanNumberField label={t('plan:field.gpuHours')} {...num('gpuHours')} />
        )}
        <div className="field field--check plan-field">
          <label>
            <input
              type="checkbox"
              checked={run.mixtureOfExperts === true}
              onChange={(e) => set({ mixtureOfExperts: e.target.checked }, 'mixtureOfExperts')}
            />{' '}
            {t('plan:field.mixtureOfExperts')}
          </label>
        </div>
        <div className="field plan-field">
          <label htmlFor={`${id}-gpu`} className="field__label">
            {t('plan:field.modelId')}
          </label>
          <select
            id={`${id}-gpu`}
            value={run.modelId}
            onChange={(e) => set({ modelId: e.target.value }, 'modelId')}
          >
            {GPU_MODELS.map((m) => (
              <option key={m.id} value={m.id}>
                {gpuNameIn(m.name, locale)}
              </option>
            ))}
          </select>
        </div>
        <PlanNumberField
          label={t('plan:field.mfu')}
          {...num('mfuFraction', true)}
          scale={100}
          hint={
            <span data-testid={`plan-mfu-source-${i}`}>
              {mfuSourceText(runMfuDefault(run), run.mixtureOfExperts === true, t, locale)}
            </span>
          }
        />
        {/* The run's own overhead, or blank for the sourced default; the factor in use beside it. */}
        <PlanNumberField
          label={t('plan:field.overhead')}
          {...num('reportedHoursOverhead', true)}
          hint={
            <>
              <output data-testid={`plan-overhead-factor-${i}`}>
                ×{formatNumber(row.overheadFactor, locale, 2)}
              </output>{' '}
              <span data-testid={`plan-overhead-source-${i}`}>
                {overheadSourceText(REPORTED_HOURS_OVERHEAD, t, locale)}
              </span>
            </>
          }
        />
        <div className="field field--check plan-field">
          <label>
            <input
              type="checkbox"
              checked={run.recompute}
              onChange={(e) => set({ recompute: e.target.checked }, 'recompute')}
            />{' '}
            {t('plan:field.recompute')}
          </label>
        </div>
        <PlanNumberField label={t('plan:field.startWeek')} {...num('startWeek')} />
        <PlanNumberField
          label={t('plan:field.gpus')}
          {...num('gpus', true)}
          blankHint={t('plan:blankMeans.gpus', { value: formatNumber(row.gpus, locale) })}
        />
        <PlanNumberField
          label={t('plan:field.deadlineWeek')}
          {...num('deadlineWeek', true)}
          blankHint={t('plan:blankMeans.deadline')}
        />
      </div>
      <p className="plan-run__summary" data-testid={`plan-run-gpu-hours-${i}`} data-gpu-hours={row.gpuHours}>
        {t('plan:runGpuHours', {
          hours: formatNumber(row.gpuHours, locale),
          model: gpuNameIn(row.modelName, locale),
          gpus: countText(t, 'gpus', row.gpus, locale),
          weeks: countText(t, 'weeks', row.durationWeeks, locale, 1),
        })}
      </p>
      <button
        type="button"
        className="button button--quiet"
        onClick={() => commit((s) => removeRun(s, i), `plan:remove:${i}`)}
      >
        {t('plan:removeRun', { run: label })}
      </button>
    </fieldset>
  );
}
