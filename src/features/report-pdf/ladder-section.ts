import type { TFunction } from 'i18next';
import type { LadderBudget, LadderDeadlines, LadderPlan } from '../../engine';
import { formatMoney, formatNumber, formatPercent, type MoneyFormat } from '../../lib/format';
import type { AmountScale } from '../../view-model/cash-table';
import {
  type LadderFormat,
  ladderBudgetRows,
  ladderDeadlineText,
  ladderMarketText,
  ladderRungCells,
  ladderScheduleCells,
  ladderSentence,
  ladderStanding,
  tierName,
} from '../../view-model/ladder-text';
import { pdfPlainText } from './energy-section';
import type { ReportBlock, ReportSection, ReportTable } from './report-document';
import { tableMoney, tableUnitBlocks } from './report-text';

/**
 * The plan as page 1 says it under the verdict, when committing in rungs wins or keeps within the
 * market where the best single way cannot (as the first screen says it); else null.
 */
export function ladderVerdictText(
  plan: LadderPlan,
  money: MoneyFormat,
  translate: TFunction,
  deadlines: LadderDeadlines | null = null,
): string | null {
  const standing = ladderStanding(plan);
  if (standing === 'same') return null;
  const { t, f } = ladderWords(money, translate);
  const parts = [t(`sizing:ladder.verdict.${standing}`), ladderSentence(plan, t, f)];
  // Its by-the-hour part against the GPUs one can get on demand, as on the dashboard.
  const market = ladderMarketText(plan, t, f);
  if (market !== null) parts.push(market);
  // A plan that misses a training plan's deadlines says so with its cost, as on the dashboard.
  if (deadlines !== null && !deadlines.allOnTime) parts.push(ladderDeadlineText(deadlines, t, f));
  return parts.join(t('common:join.sentences'));
}

/** The strings as the PDF's fonts print them, and the ladder's number formats. */
function ladderWords(money: MoneyFormat, translate: TFunction): { t: TFunction; f: LadderFormat } {
  const locale = money.locale;
  const t = ((...args: Parameters<TFunction>) =>
    pdfPlainText(String(translate(...args)), locale)) as TFunction;
  const f: LadderFormat = {
    money: (v) => formatMoney(v, money),
    count: (v) => formatNumber(v, locale),
    percent: (v) => formatPercent(v, locale, 1),
  };
  return { t, f };
}

/**
 * "Every way to commit" (issue 37): the ladder's plan as a report page, beside the sizing curve's
 * buy-N plan — the plan in the dashboard's sentence, each rung (what it holds or serves, its cost and
 * its saving against the plan without it) and the commitments by quarter. Every figure is the
 * engine's ladderPlan of this scenario. Pure.
 */
export function ladderSection(
  plan: LadderPlan,
  money: MoneyFormat,
  translate: TFunction,
  scale: AmountScale = 'unit',
  deadlines: LadderDeadlines | null = null,
  budget: LadderBudget | null = null,
): ReportSection {
  const { t, f } = ladderWords(money, translate);
  const m = (cny: number) => tableMoney(cny, money, scale);
  const blocks: ReportBlock[] = [
    { kind: 'paragraph', style: 'lead', text: ladderSentence(plan, t, f) },
    // A training plan's deadlines on the ladder's capacity, under the plan as on the dashboard.
    ...(deadlines === null
      ? []
      : [{ kind: 'paragraph' as const, style: 'body' as const, text: ladderDeadlineText(deadlines, t, f) }]),
    { kind: 'paragraph', style: 'note', text: t('sizing:ladder.intro') },
    {
      kind: 'paragraph',
      style: 'body',
      text: t('sizing:ladder.tiersOn', {
        tiers: plan.tiersOn.map((id) => tierName(id, t)).join(t('common:join.separator')),
      }),
    },
  ];
  if (plan.tiersRuledOut.length > 0)
    blocks.push({
      kind: 'paragraph',
      style: 'body',
      text: t('sizing:ladder.ruledOut', {
        tiers: plan.tiersRuledOut.map((id) => tierName(id, t)).join(t('common:join.separator')),
      }),
    });
  blocks.push(...tableUnitBlocks(money, scale, t));
  const rungs: ReportTable = {
    id: 'ladderRungs',
    head: [
      t('sizing:ladder.rungs.tier'),
      t('sizing:ladder.rungs.gpus'),
      t('sizing:ladder.rungs.hours'),
      t('sizing:ladder.rungs.cost'),
      t('sizing:ladder.rungs.saving'),
    ],
    body: ladderRungCells(plan, t, f, m),
    foot: [],
    numericColumns: [1, 2, 3, 4],
    highlightRows: [],
  };
  blocks.push(
    { kind: 'subheading', text: t('sizing:ladder.rungs.caption') },
    { kind: 'table', table: rungs },
  );
  blocks.push({ kind: 'subheading', text: t('sizing:ladder.schedule.caption') });
  if (plan.schedule.length === 0)
    blocks.push({ kind: 'paragraph', style: 'body', text: t('sizing:ladder.schedule.empty') });
  else
    blocks.push({
      kind: 'table',
      table: {
        id: 'ladderSchedule',
        head: [
          t('sizing:ladder.schedule.tier'),
          t('sizing:ladder.schedule.from'),
          t('sizing:ladder.schedule.until'),
          t('sizing:ladder.schedule.gpus'),
          t('sizing:ladder.schedule.cash'),
          t('sizing:ladder.schedule.prepaid'),
        ],
        body: ladderScheduleCells(plan, t, f, m),
        foot: [],
        numericColumns: [3, 4, 5],
        highlightRows: [],
      },
    });
  if (budget !== null) blocks.push(...ladderBudgetBlocks(budget, money, translate, scale));
  return { id: 'ladder', heading: t('sizing:ladder.title'), blocks };
}

/** The plan by quarter in cash (engine ladder/budget.ts): its caption, its table and its notes. */
export function ladderBudgetBlocks(
  budget: LadderBudget,
  money: MoneyFormat,
  translate: TFunction,
  scale: AmountScale = 'unit',
): ReportBlock[] {
  const { t } = ladderWords(money, translate);
  const m = (cny: number) => tableMoney(cny, money, scale);
  const rows = ladderBudgetRows(budget, t);
  const table: ReportTable = {
    id: 'ladderBudget',
    head: rows.head,
    body: rows.quarters.map((q) => [q.label, q.months, ...q.amounts.map(m)]),
    foot: [[rows.horizon.label, '', ...rows.horizon.amounts.map(m)]],
    numericColumns: rows.head.map((_, i) => i).filter((i) => i >= 2),
    highlightRows: [],
  };
  return [
    { kind: 'subheading', text: rows.caption },
    { kind: 'table', table },
    ...(budget.afterHorizonCny > 0
      ? [
          {
            kind: 'paragraph' as const,
            style: 'note' as const,
            text: t('sizing:ladder.budget.after', { cash: formatMoney(budget.afterHorizonCny, money) }),
          },
        ]
      : []),
    { kind: 'paragraph', style: 'note', text: t('sizing:ladder.budget.note') },
  ];
}

/** The lead of the sizing page's budget when the ladder's plan is the verdict: the plan, and the curve's lowest point. */
export function ladderBudgetLead(
  plan: LadderPlan,
  optimumText: string,
  money: MoneyFormat,
  translate: TFunction,
): string {
  const { t, f } = ladderWords(money, translate);
  // Cheaper, or the plan the market allows where the cheapest single way needs more than it has.
  const key =
    ladderStanding(plan) === 'wins' ? 'sizing:ladder.budget.lead' : 'sizing:ladder.budget.leadWithinMarket';
  return t(key, { plan: ladderSentence(plan, t, f), optimum: optimumText });
}
