import type { TFunction } from 'i18next';
import {
  type BudgetPlan,
  budgetPlan,
  type LadderBudget,
  type LadderPlan,
  type Scenario,
  type SizingBand,
  sizingCurve,
} from '../../engine';
import { formatMoney, formatMoneyCompact, formatNumber, type MoneyFormat } from '../../lib/format';
import type { AmountScale } from '../../view-model/cash-table';
import { displayToCny } from '../../view-model/chart-data';
import { ladderStanding } from '../../view-model/ladder-text';
import {
  planBandFits,
  type SizingChartData,
  sizingChartData,
  sizingXTicks,
} from '../../view-model/sizing-chart';
import { capexSentence } from '../../view-model/sizing-text';
import { STRATEGY_COLORS } from '../../view-model/strategy-style';
import { CHART_WIDTH_PT } from './budget-sections';
import { ladderBudgetBlocks, ladderBudgetLead } from './ladder-section';
import { lineChartSvg } from './line-chart-svg';
import type { ReportBlock, ReportSection, ReportTable } from './report-document';
import { tableMoney, tableUnitBlocks } from './report-text';

/**
 * The PDF's sizing page: the sizing curve as an SVG chart (total over the horizon against owned GPUs,
 * the worker's P10–P90 band, the cheapest and the current size marked), the two sizes as facts, and
 * the buy-N budget plan by quarter. The same engine functions and view-model as the dashboard's panel.
 */
export interface SizingInput {
  scenario: Scenario;
  money: MoneyFormat;
  t: TFunction;
  band: SizingBand | null;
  scale?: AmountScale;
  /**
   * The ladder's plan and its budget by quarter: when the plan wins (it is the verdict), the page's
   * budget is the plan's, not buy-N — one plan, as on the dashboard.
   */
  ladder?: { plan: LadderPlan; budget: LadderBudget } | null;
}

const CHART_HEIGHT_PT = 200;
const BAND_COLOR = '#c7d2fe';

function chartBlock(data: SizingChartData, input: SizingInput): Extract<ReportBlock, { kind: 'chart' }> {
  const { money, t } = input;
  const gpus = (v: number) => formatNumber(v, money.locale);
  const verticals = data.currentIsOptimum
    ? [
        {
          x: data.optimum.gpus,
          color: '#047857',
          label: t('sizing:mark.both', { gpus: gpus(data.optimum.gpus) }),
        },
      ]
    : [
        {
          x: data.optimum.gpus,
          color: '#047857',
          label: t('sizing:mark.optimum', { gpus: gpus(data.optimum.gpus) }),
        },
        {
          x: data.current.gpus,
          color: '#374151',
          label: t('sizing:mark.current', { gpus: gpus(data.current.gpus) }),
        },
      ];
  const band = data.rows.flatMap((r) =>
    r.bandDisplay ? [[r.ownedGpus, r.bandDisplay[0], r.bandDisplay[1]] as const] : [],
  );
  const svg = lineChartSvg({
    width: CHART_WIDTH_PT,
    height: CHART_HEIGHT_PT,
    fontFamily: 'NotoSansSC',
    xDomain: [0, Math.max(1, data.xMax)],
    xTicks: sizingXTicks(data),
    xTickLabel: gpus,
    xTitle: t('sizing:xAxis'),
    yTicks: data.yTicks,
    yBottom: data.yBottom,
    yTickLabel: (v) => formatMoneyCompact(displayToCny(v, money), money),
    series: [
      {
        key: 'total',
        color: STRATEGY_COLORS.hybrid,
        points: data.rows.map((r) => [r.ownedGpus, r.totalDisplay] as const),
      },
    ],
    areas: band.length > 1 ? [{ color: BAND_COLOR, opacity: 0.8, points: band }] : [],
    verticals,
  });
  return {
    kind: 'chart',
    title: t('sizing:title'),
    svg,
    width: CHART_WIDTH_PT,
    height: CHART_HEIGHT_PT,
    legend: [
      { label: t('sizing:series.total'), color: STRATEGY_COLORS.hybrid },
      ...(data.bandDraws !== null ? [{ label: t('sizing:series.band'), color: BAND_COLOR }] : []),
    ],
    notes:
      data.bandDraws !== null
        ? [t('sizing:bandNote', { draws: formatNumber(data.bandDraws, money.locale) })]
        : [],
  };
}

/** The budget plan as a table: one row per quarter, the horizon's sums below. */
export function budgetPlanTable(
  plan: BudgetPlan,
  input: Pick<SizingInput, 'money' | 't' | 'scale'>,
): ReportTable {
  const { money, t } = input;
  const scale = input.scale ?? 'unit';
  const m = (cny: number) => tableMoney(cny, money, scale);
  return {
    id: 'budgetPlan',
    head: [
      t('sizing:plan.quarter'),
      t('sizing:plan.months'),
      t('sizing:plan.capexCol'),
      t('sizing:plan.resale'),
      t('sizing:plan.runRate'),
      t('sizing:plan.burst'),
      t('sizing:plan.burstP90'),
      t('sizing:plan.total'),
    ],
    body: plan.quarters.map((q) => [
      t('sizing:plan.quarterName', { quarter: q.quarter }),
      t('sizing:plan.monthRange', { from: q.fromMonth, to: q.toMonth }),
      m(q.capexCny),
      m(q.resaleCny),
      m(q.runRateCny),
      m(q.burstCny),
      q.burstP90Cny === null ? '' : m(q.burstP90Cny),
      m(q.totalCny),
    ]),
    foot: [
      [
        t('sizing:plan.sum'),
        '',
        m(plan.total.capexCny),
        m(plan.total.resaleCny),
        m(plan.total.runRateCny),
        m(plan.total.burstCny),
        '',
        m(plan.total.totalCny),
      ],
    ],
    numericColumns: [2, 3, 4, 5, 6, 7],
    highlightRows: [],
  };
}

export function sizingSection(input: SizingInput): ReportSection {
  const { scenario, money, t, band } = input;
  const locale = money.locale;
  const curve = sizingCurve(scenario);
  const data = sizingChartData(curve, band, money);
  const plan = budgetPlan(
    scenario,
    curve.optimumGpus,
    planBandFits(curve, band) ? band.burstP90ByQuarterCny : null,
  );
  const optimumRow = data.rows.find((r) => r.ownedGpus === data.optimum.gpus);
  const blocks: ReportBlock[] = [
    {
      kind: 'paragraph',
      style: 'note',
      text: t('sizing:intro', { step: data.stepGpus, months: data.horizonMonths }),
    },
    chartBlock(data, input),
    {
      kind: 'facts',
      rows: [
        {
          label: t('sizing:optimum'),
          value: `${
            data.optimum.gpus === 0
              ? t('sizing:optimumZero')
              : t('sizing:optimumValue', { gpus: formatNumber(data.optimum.gpus, locale) })
          } · ${t('sizing:optimumTotal', {
            total: formatMoney(data.optimum.totalCostCny, money),
            perHour: formatMoney(optimumRow?.costPerUsefulGpuHourCny ?? 0, money, 2),
          })}`,
        },
        {
          label: t('sizing:current'),
          value: `${t('sizing:optimumValue', { gpus: formatNumber(data.current.gpus, locale) })} · ${formatMoney(
            data.current.totalCostCny,
            money,
          )}`,
        },
      ],
    },
  ];
  const ladder = input.ladder ?? null;
  const optimumText =
    data.optimum.gpus === 0
      ? t('sizing:optimumZero')
      : t('sizing:optimumValue', { gpus: formatNumber(data.optimum.gpus, locale) });
  // When the ladder's plan wins — or keeps within the on-demand market where the cheapest single way
  // cannot — it is the budget of record; buy N and burst the rest follows as the alternative to it.
  // Otherwise buy-N is the plan.
  const ofRecord = ladder !== null && ladderStanding(ladder.plan) !== 'same' ? ladder : null;
  const scale = input.scale ?? 'unit';
  if (ofRecord !== null)
    blocks.push(
      { kind: 'subheading', text: t('sizing:ladder.budget.title') },
      { kind: 'paragraph', style: 'body', text: ladderBudgetLead(ofRecord.plan, optimumText, money, t) },
      ...tableUnitBlocks(money, scale, t),
      ...ladderBudgetBlocks(ofRecord.budget, money, t, scale).filter((b) => b.kind !== 'subheading'),
    );
  const bought = plan.ownedGpus > 0;
  const buyN = bought
    ? t(ofRecord ? 'sizing:ladder.budget.alternative' : 'sizing:plan.title', {
        gpus: formatNumber(plan.ownedGpus, locale),
      })
    : t(ofRecord ? 'sizing:ladder.budget.alternativeNone' : 'sizing:plan.titleNone');
  blocks.push(
    { kind: 'subheading', text: buyN },
    { kind: 'paragraph', style: 'body', text: capexSentence(plan, data.stepGpus, money, t) },
    ...(ofRecord ? [] : tableUnitBlocks(money, scale, t)),
    { kind: 'table', table: budgetPlanTable(plan, input) },
    { kind: 'paragraph', style: 'note', text: t('sizing:plan.note') },
  );
  return { id: 'sizing', heading: t('sizing:heading'), blocks };
}
