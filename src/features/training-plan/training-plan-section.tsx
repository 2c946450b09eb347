import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Evaluation, gpuModelById, PLAN_LIMITS, type Scenario, switchDemandForm } from '../../engine';
import type { CommitResult } from '../../state/store';
import { useAppStore, useMoneyFormat } from '../../state/store-context';
import { planTotalText } from '../../view-model/plan-total-text';
import { planChartData, planView } from '../../view-model/training-plan';
import { PlanChart } from './plan-chart';
import { PlanDeadlines } from './plan-deadlines';
import { addRun, withPlan } from './plan-edits';
import { PlanNumberField } from './plan-field';
import { RunEditor } from './run-editor';
import './training-plan.css';

/**
 * The training plan as a demand form (issue 23): its runs and recurring work (the GPUs one can get on
 * demand are an assumption with rent: one market for cost and deadlines); the GPU-hours, the weekly curve with the runs as bands, and per way of getting GPUs whether
 * the plan finishes in time. Shown while the plan is the demand form; every edit goes through the
 * store's door.
 */
export function TrainingPlanSection({
  scenario,
  evaluation,
}: {
  scenario: Scenario;
  evaluation: Evaluation;
}) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const locale = money.locale;
  const commitScenario = useAppStore((s) => s.commitScenario);
  const view = useMemo(() => planView(scenario, evaluation), [scenario, evaluation]);
  const chart = useMemo(() => planChartData(scenario), [scenario]);
  if (scenario.demand.mode !== 'plan') return null;
  const plan = scenario.trainingPlan;
  const commit = (update: (s: Scenario) => Scenario, group: string): CommitResult =>
    commitScenario(update, { source: 'field', group });
  const referenceName = gpuModelById(scenario.hardware.referenceModelId)?.name ?? '';
  return (
    <section className="card section__block plan" aria-labelledby="sec-training-plan">
      <h3 id="sec-training-plan" className="card__title">
        {t('plan:title')}
      </h3>
      <p className="field__hint">{t('plan:intro')}</p>
      {plan.runs.length === 0 ? <p>{t('plan:empty')}</p> : null}
      {plan.runs.map((run, i) => {
        const row = view.rows[i];
        // biome-ignore lint/suspicious/noArrayIndexKey: a run has no id of its own; each field follows its value when a run above it is removed
        return row ? <RunEditor key={i} run={run} row={row} locale={locale} commit={commit} /> : null;
      })}
      <button
        type="button"
        className="button button--primary"
        disabled={plan.runs.length >= PLAN_LIMITS.maxRuns}
        onClick={() => commit((s) => addRun(s, (index) => t('plan:runNumber', { n: index + 1 })), 'plan:add')}
      >
        {t('plan:addRun')}
      </button>
      <div className="plan__shared">
        <PlanNumberField
          label={t('plan:field.recurring', { model: referenceName })}
          value={plan.recurringGpuHoursPerMonth}
          locale={locale}
          path="trainingPlan.recurringGpuHoursPerMonth"
          apply={(v) =>
            commit((s) => withPlan(s, { recurringGpuHoursPerMonth: v ?? 0 }), 'field:plan:recurring')
          }
        />
      </div>
      <p
        className="plan__total"
        data-testid="plan-gpu-hours"
        data-gpu-hours={view.total.totalGpuHours}
        data-weeks={view.total.weeks}
      >
        {planTotalText(view.total, t, locale)}
      </p>
      <PlanChart data={chart} locale={locale} />
      {plan.runs.length > 0 ? <PlanDeadlines view={view} money={money} /> : null}
      <button
        type="button"
        className="button"
        title={t('plan:asWeeklyHelp')}
        onClick={() => commit((s) => switchDemandForm(s, 'weekly'), 'plan:asWeekly')}
      >
        {t('plan:asWeekly')}
      </button>
    </section>
  );
}
