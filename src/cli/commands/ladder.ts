import { type LadderBudget, ladderBudget, ladderPlan, planLadderDeadlines } from '../../engine';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format';
import {
  type LadderFormat,
  ladderBudgetRows,
  ladderDeadlineText,
  ladderMarketText,
  ladderRungCells,
  ladderScheduleCells,
  ladderSentence,
} from '../../view-model/ladder-text';
import { type CliContext, loadScenario } from '../context';
import { csvLines, textTable } from '../text-table';
import type { CommandResult } from './result';
import { notesText } from './result';

/**
 * `gpu-tco ladder [input]`: every way to commit, solved as the page's section solves it — the plan in
 * the page's sentence, each rung (GPUs held, useful GPU-hours served, its cost and its saving against
 * the plan without it) and the commitments by quarter; for a training plan, its deadlines on the
 * plan's capacity. JSON carries the engine's figures in CNY.
 */
export function ladderCommand(ctx: CliContext): CommandResult {
  const { t, options } = ctx;
  const loaded = loadScenario(ctx, options.positionals[1]);
  if (!loaded.ok) return loaded;
  const plan = ladderPlan(loaded.value.scenario);
  const money = options.money;
  const f: LadderFormat = {
    money: (v) => formatMoney(v, money),
    count: (v) => formatNumber(v, money.locale),
    percent: (v) => formatPercent(v, money.locale, 1),
  };
  const sentence = ladderSentence(plan, t, f);
  // Its by-the-hour part against the GPUs one can get on demand (one market, as on the page).
  const marketText = ladderMarketText(plan, t, f);
  // A training plan's deadlines on the plan's capacity (caps, lead time, spot's preemptions).
  const deadlines = planLadderDeadlines(loaded.value.scenario, plan);
  const report = {
    sentence,
    monthlyCny: plan.monthlyCny,
    bestWay: plan.bestWay,
    savingVsBestWayCnyPerMonth: plan.savingVsBestWayCnyPerMonth,
    waitingUsefulGpuHoursPerMonth: plan.waitingUsefulGpuHoursPerMonth,
    market: { ...plan.market, text: marketText },
    tiersOn: plan.tiersOn,
    tiersRuledOut: plan.tiersRuledOut,
    rungs: plan.rungs,
    schedule: plan.schedule,
    // The plan by quarter in cash (the own cluster, the commitments, what is paid as used).
    budget: ladderBudget(loaded.value.scenario, plan),
    deadlines,
  };
  const notes = notesText(ctx, loaded.value.notes);
  if (options.format === 'json') return { ok: true, text: `${JSON.stringify(report, null, 2)}\n`, notes };
  if (options.format === 'csv')
    return {
      ok: true,
      text: csvLines([
        ['tier', 'gpus', 'usefulGpuHoursPerMonth', 'monthlyCny', 'savingCnyPerMonth', 'keepsWithinMarket'],
        ...plan.rungs.map((r) => [
          r.id,
          r.gpus,
          r.usefulGpuHoursPerMonth,
          r.monthlyCny,
          r.savingCnyPerMonth,
          String(r.keepsWithinMarket),
        ]),
      ]),
      notes,
    };
  const rungs = [
    [
      t('sizing:ladder.rungs.tier'),
      t('sizing:ladder.rungs.gpus'),
      t('sizing:ladder.rungs.hours'),
      t('sizing:ladder.rungs.cost'),
      t('sizing:ladder.rungs.saving'),
    ],
    ...ladderRungCells(plan, t, f),
  ];
  const schedule =
    plan.schedule.length === 0
      ? t('sizing:ladder.schedule.empty')
      : textTable(
          [
            [
              t('sizing:ladder.schedule.tier'),
              t('sizing:ladder.schedule.from'),
              t('sizing:ladder.schedule.until'),
              t('sizing:ladder.schedule.gpus'),
              t('sizing:ladder.schedule.cash'),
              t('sizing:ladder.schedule.prepaid'),
            ],
            ...ladderScheduleCells(plan, t, f),
          ],
          (i) => i >= 3,
        );
  const text = [
    sentence,
    ...(marketText === null ? [] : [marketText]),
    ...(deadlines === null ? [] : [ladderDeadlineText(deadlines, t, f)]),
    '',
    textTable(rungs, (i) => i > 0),
    '',
    t('sizing:ladder.schedule.caption'),
    schedule,
    '',
    ladderBudgetRows(report.budget, t).caption,
    budgetTable(report.budget, t, f),
    ...(report.budget.afterHorizonCny > 0
      ? [t('sizing:ladder.budget.after', { cash: f.money(report.budget.afterHorizonCny) })]
      : []),
    t('sizing:ladder.budget.note'),
    '',
  ].join('\n');
  return { ok: true, text, notes };
}

/** The plan by quarter as text (view-model ladderBudgetRows). */
function budgetTable(budget: LadderBudget, t: CliContext['t'], f: LadderFormat): string {
  const rows = ladderBudgetRows(budget, t);
  return textTable(
    [
      rows.head,
      ...rows.quarters.map((q) => [q.label, q.months, ...q.amounts.map(f.money)]),
      [rows.horizon.label, '', ...rows.horizon.amounts.map(f.money)],
    ],
    (i) => i >= 2,
  );
}
