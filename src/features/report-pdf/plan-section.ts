import type { TFunction } from 'i18next';
import { type Evaluation, REPORTED_HOURS_OVERHEAD, type Scenario, STRATEGY_IDS } from '../../engine';
import { formatNumber, formatPercent, type MoneyFormat } from '../../lib/format';
import { gpuNameIn } from '../../view-model/catalogue-text';
import { planTotalText } from '../../view-model/plan-total-text';
import { planView } from '../../view-model/training-plan';
import { finishText, onTimeCheapestText, runLabel } from '../../view-model/training-plan-text';
import type { ReportSection } from './report-document';

/**
 * The training plan's page (when the plan is the demand form): its runs with GPU-hours, GPUs, start
 * and deadline and the finish week under each strategy, then the cheapest way that meets every
 * deadline and each strategy's finish in words, and how the GPU-hours were reckoned (each run's MFU,
 * the reported-hours overhead) — the same view-model and wording as the screen.
 */
export function planSection(
  scenario: Scenario,
  evaluation: Evaluation,
  money: MoneyFormat,
  t: TFunction,
): ReportSection | null {
  if (scenario.demand.mode !== 'plan' || scenario.trainingPlan.runs.length === 0) return null;
  const view = planView(scenario, evaluation);
  const n = (v: number) => formatNumber(v, money.locale);
  const body = view.rows.map((r) => [
    runLabel(r.index, r.name, t),
    gpuNameIn(r.modelName, money.locale),
    n(r.gpuHours),
    n(r.gpus),
    n(r.startWeek),
    r.deadlineWeek === null ? '–' : n(r.deadlineWeek),
    ...STRATEGY_IDS.map((id) => {
      const week = r.finishWeek[id];
      const slip = r.slipWeeks[id] ?? 0;
      if (week === null) return t('plan:finish.neverShort');
      return slip > 0 ? t('plan:finish.weekLate', { week: n(week), weeks: n(slip) }) : n(week);
    }),
  ]);
  return {
    id: 'trainingPlan',
    heading: t('plan:title'),
    blocks: [
      { kind: 'paragraph', style: 'lead', text: onTimeCheapestText(view, t, money) },
      {
        kind: 'table',
        table: {
          id: 'plan',
          head: [
            t('plan:deadlines.run'),
            t('plan:field.modelId'),
            t('plan:field.gpuHours'),
            t('plan:field.gpus'),
            t('plan:field.startWeek'),
            t('plan:field.deadlineWeek'),
            ...STRATEGY_IDS.map((id) => t(`common:strategy.${id}`)),
          ],
          body,
          foot: [[planTotalText(view.total, t, money.locale), '', '', '', '', '', '', '', '', '']],
          numericColumns: [2, 3, 4, 5],
          highlightRows: [],
        },
      },
      {
        kind: 'list',
        items: STRATEGY_IDS.map((id) =>
          t('common:join.labelValue', {
            label: t(`common:strategy.${id}`),
            value: finishText(view, id, t, money),
          }),
        ),
      },
      {
        kind: 'paragraph',
        style: 'note',
        text: t('plan:hoursNote', {
          factor: formatNumber(REPORTED_HOURS_OVERHEAD.factor, money.locale, 2),
          mfus: view.rows
            .map((r) => `${runLabel(r.index, r.name, t)} ${formatPercent(r.mfuFraction, money.locale, 0)}`)
            .join(t('plan:listSeparator')),
        }),
      },
      { kind: 'paragraph', style: 'note', text: t('plan:deadlines.note') },
    ],
  };
}
