import type { TFunction } from 'i18next';
import {
  COMPARATOR_IDS,
  type Evaluation,
  type MonteCarloResult,
  parameter,
  readInput,
  type Scenario,
  STRATEGY_IDS,
  type StrategyId,
  type TornadoResult,
} from '../../engine';
import { formatMoneyCompact, formatNumber, formatPercent, type MoneyFormat } from '../../lib/format';
import type { AmountScale, CashLine } from '../../view-model/cash-table';
import { irrText, paybackText, yearHeader } from '../../view-model/cash-text';
import { crossoverRows, cumulativeSeries, displayToCny } from '../../view-model/chart-data';
import { comparatorName } from '../../view-model/comparison-text';
import { crossoverChart, LOAD_RATE_TICKS_PERCENT, loadRateSweep } from '../../view-model/crossover-chart';
import { crossoverNoteText } from '../../view-model/crossover-text';
import { cumulativeAxes } from '../../view-model/cumulative-axes';
import { reasonText } from '../../view-model/reason-text';
import { roundedMoney, roundedMoneyRange } from '../../view-model/rounded-money';
import { reconciliationText, selfBuildReconciliation } from '../../view-model/self-build-reconciliation';
import {
  drawnStrategies,
  legendLabel,
  type StrategyLegendEntry,
  strategyLegend,
} from '../../view-model/strategy-legend';
import { STRATEGY_COLORS, STRATEGY_DASH } from '../../view-model/strategy-style';
import { vatStateText } from '../../view-model/vat-text';

import { type CashSection, capexTotal, cashSection, summaryOf } from './cash-section';
import { lineChartSvg } from './line-chart-svg';
import { purchaseRows, topReasons } from './purchase';
import type { ChartLegendItem, ReportBlock, ReportSection } from './report-document';
import {
  headWithUnit,
  parameterText,
  roundedParameterText,
  tableMoney,
  tableUnitBlocks,
  tableUnitName,
} from './report-text';
import { type Risk, topRisks } from './risks';

/**
 * The budget-document parts of the report (issue 11): the executive summary of page 1, cash by year
 * with NPV, uncertainty and sensitivity, and the share link as a QR code at the end. Pure, like
 * report-model.ts: every number from the engine or the analysis worker's results, formatted with
 * src/lib/format.ts.
 */

export interface BudgetInput {
  scenario: Scenario;
  evaluation: Evaluation;
  money: MoneyFormat;
  t: TFunction;
  monteCarlo: MonteCarloResult | null;
  tornado: TornadoResult | null;
  /** Amounts in the tables: whole (default) or at the charts' scale (export dialog). */
  scale?: AmountScale;
}

/** Width of the report's text column in points (A4 less the margins of export-pdf.ts). */
export const CHART_WIDTH_PT = 499;
const CHART_HEIGHT_PT = 210;
/**
 * Page 1's crossover chart is shorter, so the advice and the risks stay on the page (76, not 100,
 * since the capex is stated in its parts).
 */
const PAGE1_CHART_HEIGHT_PT = 76;
const strategyName = (t: TFunction, id: StrategyId) => t(`common:strategy.${id}`);

/** The view-model's strategy legend (the dashboard's too), named in the PDF's words. */
function legendItems(entries: readonly StrategyLegendEntry[], t: TFunction): ChartLegendItem[] {
  return entries.map((entry) => ({
    label: legendLabel(entry, strategyName(t, entry.strategy), t('charts:notAvailable'), t),
    color: entry.color,
    ...(entry.dash ? { dash: entry.dash } : {}),
  }));
}

/** One drawn line per strategy, in its colour and dash, from chart rows holding a value per strategy. */
function strategySeries<Row extends Record<StrategyId, number | null>>(
  drawn: StrategyId[],
  data: readonly Row[],
  xOf: (row: Row) => number,
) {
  return drawn.map((id) => {
    const dash = STRATEGY_DASH[id];
    return {
      key: id,
      color: STRATEGY_COLORS[id],
      ...(dash ? { dash } : {}),
      points: data.map((p) => [xOf(p), p[id]] as const),
    };
  });
}

/**
 * The crossover chart (monthly cost vs load rate) with self-build's meeting point with each rental:
 * the dashboard's chart model (src/view-model/crossover-chart.ts) over the same load-rate sweep.
 */
export function crossoverChartBlock(
  input: BudgetInput,
  heightPt = CHART_HEIGHT_PT,
): Extract<ReportBlock, { kind: 'chart' }> {
  const { scenario, evaluation, money, t } = input;
  const locale = money.locale;
  const chart = crossoverChart(evaluation, crossoverRows(loadRateSweep(scenario), money));
  const pct = (f: number) => formatPercent(f, locale, 0);
  const marks = chart.marks.flatMap((m) =>
    m.cost === null
      ? []
      : [
          {
            x: m.loadRatePercent,
            y: m.cost,
            color: STRATEGY_COLORS[m.comparator],
            label: t('export:summary.markLabel', {
              name: comparatorName(m.comparator, t),
              rate: formatPercent(m.loadRatePercent / 100, locale, 1),
            }),
          },
        ],
  );
  const current = chart.current.loadRate;
  const svg = lineChartSvg({
    width: CHART_WIDTH_PT,
    height: heightPt,
    fontFamily: 'NotoSansSC',
    xDomain: [0, 100],
    xTicks: LOAD_RATE_TICKS_PERCENT,
    xTickLabel: (x) => pct(x / 100),
    xTitle: t('charts:crossover.xAxis'),
    // A short chart (page 1) labels every other tick, so the labels do not overlap.
    yTicks:
      heightPt < CHART_HEIGHT_PT / 2 ? chart.yScale.ticks.filter((_, i) => i % 2 === 0) : chart.yScale.ticks,
    yTickLabel: (v) => formatMoneyCompact(displayToCny(v, money), money),
    series: strategySeries(chart.drawn, chart.rows, (p) => p.loadRatePercent),
    marks,
    verticals: chart.current.onChart
      ? [
          {
            x: current * 100,
            color: '#374151',
            // One decimal, as the text beside the chart and the dashboard state the load.
            label: t('export:summary.now', { rate: formatPercent(current, locale, 1) }),
          },
        ]
      : [],
  });
  // Page 1 has room for where the lines meet; the dashboard's other notes stay on the dashboard.
  const notes = chart.notes
    .filter((note) => note.code === 'zero' || note.code === 'meet')
    .map((note) => crossoverNoteText(note, money, t));
  return {
    kind: 'chart',
    title: t('export:summary.chartTitle'),
    svg,
    width: CHART_WIDTH_PT,
    height: heightPt,
    legend: legendItems(chart.legend, t),
    notes,
  };
}

/** Cumulative cash out by month (the dashboard's cumulative chart, from the same series). */
export function cumulativeChartBlock(input: BudgetInput): Extract<ReportBlock, { kind: 'chart' }> {
  const { scenario, evaluation, money, t } = input;
  const data = cumulativeSeries(evaluation, money);
  const drawn = drawnStrategies(evaluation);
  // The dashboard's axes: the same months and amounts labelled on paper as on screen.
  const { xTicks, yScale: y } = cumulativeAxes(data, drawn, scenario.horizonMonths);
  const lastMonth = Math.max(1, data[data.length - 1]?.month ?? 1);
  const svg = lineChartSvg({
    width: CHART_WIDTH_PT,
    height: 180,
    fontFamily: 'NotoSansSC',
    xDomain: [0, lastMonth],
    xTicks,
    xTickLabel: (x) => formatNumber(x, money.locale),
    xTitle: t('export:cash.month'),
    yTicks: y.ticks,
    yTickLabel: (v) => formatMoneyCompact(displayToCny(v, money), money),
    series: strategySeries(drawn, data, (p) => p.month),
  });
  return {
    kind: 'chart',
    title: t('export:cash.chartTitle'),
    svg,
    width: CHART_WIDTH_PT,
    height: 180,
    legend: legendItems(strategyLegend(evaluation), t),
    notes: [],
  };
}

/** One risk in a sentence. */
export function riskText(risk: Risk, input: BudgetInput): string {
  const { money, t, monteCarlo } = input;
  const locale = money.locale;
  if (risk.kind === 'notCheapest') {
    return t('export:risks.notCheapest', {
      share: formatPercent(risk.shareNotCheapest, locale, 0),
      draws: formatNumber(monteCarlo?.draws ?? 0, locale),
      winner: strategyName(t, risk.winner),
      challenger: strategyName(t, risk.challenger),
      challengerShare: formatPercent(risk.challengerShare, locale, 0),
    });
  }
  if (risk.kind === 'sensitivity') {
    // Page 1 reads in round figures (review #34): a price in yuan in 万元 ("200 万元", "约 68 万元",
    // "120–280 万元"; CN¥2M in English), the monthly gap too; the exact values are in the tornado table.
    const meta = parameter(risk.path);
    const inYuan = meta.unit === 'cny';
    const amount = (v: number) => (inYuan ? roundedMoney(v, money, t) : parameterText(meta, v, money, t));
    const common = {
      input: t(`common:params.${risk.path}`),
      current: amount(risk.current),
      range: inYuan
        ? roundedMoneyRange(risk.low, risk.high, money, t)
        : t('export:risks.range', {
            low: parameterText(meta, risk.low, money, t),
            high: parameterText(meta, risk.high, money, t),
          }),
      swing: roundedMoney(risk.swingCny, money, t),
    };
    if (!risk.breakEven) return t('export:risks.sensitivity', common);
    const value = inYuan
      ? roundedMoney(risk.breakEven.value, money, t)
      : roundedParameterText(meta, risk.breakEven.value, money, t);
    return t('export:risks.sensitivityBreakEven', {
      ...common,
      move: t(risk.breakEven.value < risk.current ? 'export:risks.fallsTo' : 'export:risks.risesTo', {
        value,
      }),
      side: t(`export:risks.${risk.breakEven.selfBuildWins}`),
    });
  }
  return reasonText(risk.item, 'flips', money, t);
}

/**
 * Page 1, for the one who signs: the verdict; the facts of the export and of the purchase (demand mean
 * and peak, horizon, what the recommended strategy buys, what owning would take); the KPI table; the
 * crossover chart; the advice with its three strongest reasons; the three biggest risks.
 */
export function summarySection(
  input: BudgetInput & { preparedBy?: string; notes?: string; dateText: string },
  headline: string,
  kpiBlocks: ReportBlock[],
  recommendation: string,
  /** Every way to commit, when committing in rungs is cheaper than the best single way. */
  ladderLine: string | null = null,
): ReportSection {
  const { evaluation, money, t, scenario } = input;
  const rows = [{ label: t('export:summary.date'), value: input.dateText }];
  if (input.preparedBy?.trim())
    rows.push({ label: t('export:summary.preparedBy'), value: input.preparedBy.trim() });
  if (input.notes?.trim()) rows.push({ label: t('export:summary.notes'), value: input.notes.trim() });
  rows.push(...purchaseRows(input));
  // Every amount carries its currency mark; only dollars need their rate stated.
  if (money.currency === 'USD')
    rows.push({
      label: t('export:summary.currency'),
      value: t('report:scenario.currencyUsd', { rate: formatNumber(money.cnyPerUsd, money.locale, 4) }),
    });
  const risks = topRisks(scenario, evaluation, input.monteCarlo, input.tornado);
  const reasons = topReasons(input);
  return {
    id: 'summary',
    heading: t('export:summary.heading'),
    blocks: [
      { kind: 'paragraph', style: 'lead', text: headline },
      ...(ladderLine === null
        ? []
        : [{ kind: 'paragraph' as const, style: 'body' as const, text: ladderLine }]),
      { kind: 'facts', rows },
      ...kpiBlocks,
      crossoverChartBlock(input, PAGE1_CHART_HEIGHT_PT),
      { kind: 'subheading', text: t('export:summary.recommendation') },
      { kind: 'paragraph', style: 'body', text: recommendation },
      ...(reasons.length > 0 ? [{ kind: 'list' as const, items: reasons }] : []),
      { kind: 'subheading', text: t('export:summary.risks') },
      risks.length === 0
        ? { kind: 'paragraph', style: 'body', text: t('export:summary.noRisks') }
        : { kind: 'list', items: risks.map((r) => riskText(r, input)) },
      { kind: 'pageBreak' },
    ],
  };
}

/** The cash table's line in words (capex, resale, a cost category, cash out, cumulative). */
function lineLabel(t: TFunction, line: CashLine): string {
  return line.kind === 'category'
    ? t(`charts:category.${line.category}`)
    : t(`finance:cash.lines.${line.kind}`);
}

/**
 * Cash by year (from cash-section.ts, i.e. the engine's cashReport): cash out per year per strategy
 * with total, capex, resale value and NPV; the running total; each strategy's lines; self-build
 * against each rental (NPV of building instead, IRR, discounted payback); the VAT basis when on.
 */
export function cashReportSection(input: BudgetInput): ReportSection {
  const scale = input.scale ?? 'unit';
  const { scenario, money, t } = input;
  const locale = money.locale;
  const cash: CashSection = cashSection(scenario, locale);
  const rate = formatPercent(cash.discountRateFractionPerYear, locale, 1);
  const na = t('export:cash.notEligible');
  const head = [t('export:cash.year'), ...STRATEGY_IDS.map((id) => t(`charts:strategy.${id}`))];
  const row = (label: string, pick: (id: StrategyId) => number) => [
    label,
    ...STRATEGY_IDS.map((id) => (summaryOf(cash, id).eligible ? tableMoney(pick(id), money, scale) : na)),
  ];
  const blocks: ReportBlock[] = [
    {
      kind: 'paragraph',
      style: 'note',
      text: t('export:cash.intro', { months: scenario.horizonMonths, rate }),
    },
  ];
  if (cash.vat.enabled)
    blocks.push({ kind: 'paragraph', style: 'body', text: vatStateText(t, cash.vat, locale) });
  blocks.push(...tableUnitBlocks(money, scale, t));
  blocks.push({
    kind: 'table',
    table: {
      id: 'cash',
      head,
      body: cash.columns.map((c, i) => row(yearHeader(t, c), (id) => summaryOf(cash, id).years[i] ?? 0)),
      foot: [
        row(t('export:cash.total'), (id) => summaryOf(cash, id).total),
        row(t('export:cash.capex'), (id) => capexTotal(cash, id)),
        row(t('export:cash.residual'), (id) => summaryOf(cash, id).residualValue),
        row(t('export:cash.npv', { rate }), (id) => summaryOf(cash, id).npv),
      ],
      numericColumns: [1, 2, 3, 4],
      highlightRows: [],
    },
  });
  if (cash.lowestNpv)
    blocks.push({
      kind: 'paragraph',
      style: 'body',
      text: t('export:cash.lowestNpv', { strategy: strategyName(t, cash.lowestNpv) }),
    });
  // Self-build's one total (page 1's cost over the horizon) tied to the cash and NPV above, so the
  // reader never meets two self-build totals that nothing connects.
  blocks.push({
    kind: 'paragraph',
    style: 'body',
    text: reconciliationText(selfBuildReconciliation(scenario, input.evaluation), money, t, cash.vat.enabled),
  });

  blocks.push({ kind: 'subheading', text: t('finance:returns.title') });
  blocks.push(...tableUnitBlocks(money, scale, t));
  blocks.push({
    kind: 'table',
    table: {
      id: 'returns',
      head: [
        t('finance:returns.comparator'),
        t('finance:returns.npvAdvantage'),
        t('finance:returns.irr'),
        t('finance:returns.payback'),
      ],
      body: cash.returns.map((r) =>
        r.eligible
          ? [
              t(`finance:returns.vs.${r.comparator}`),
              tableMoney(r.npvAdvantage, money, scale),
              irrText(t, r.irr, locale),
              paybackText(t, r.payback, locale),
            ]
          : [t(`finance:returns.vs.${r.comparator}`), na, na, na],
      ),
      foot: [],
      numericColumns: [1, 2, 3],
      highlightRows: [],
    },
  });
  blocks.push({ kind: 'paragraph', style: 'note', text: t('finance:returns.note') });

  blocks.push({ kind: 'subheading', text: t('export:cash.cumulativeTitle') });
  blocks.push(...tableUnitBlocks(money, scale, t));
  blocks.push({
    kind: 'table',
    table: {
      id: 'cumulative',
      head,
      body: cash.columns.map((c, i) =>
        row(
          yearHeader(t, c),
          (id) => cash.detail.find((d) => d.strategy === id && d.line.kind === 'cumulative')?.years[i] ?? 0,
        ),
      ),
      foot: [],
      numericColumns: [1, 2, 3, 4],
      highlightRows: [],
    },
  });
  blocks.push(cumulativeChartBlock(input));

  // Each strategy's lines: capex, resale, the running cash by category, cash out, running total.
  blocks.push({
    kind: 'subheading',
    text: t('finance:cash.detailCaption', { unit: tableUnitName(money, scale, t) }),
  });
  const years = cash.columns.map((c) => yearHeader(t, c));
  const numeric = [...years.keys()].map((i) => i + 1).concat(years.length + 1);
  for (const id of STRATEGY_IDS) {
    if (!summaryOf(cash, id).eligible) continue;
    const lines = cash.detail.filter((d) => d.strategy === id);
    blocks.push({
      kind: 'table',
      table: {
        id: 'cashLines',
        // The strategy's name heads the line column, so a table never loses its name at a page break.
        head: [strategyName(t, id), ...years, t('finance:cash.total')],
        body: lines.map((d) => [
          lineLabel(t, d.line),
          ...d.years.map((v) => tableMoney(v, money, scale)),
          d.total === null ? '' : tableMoney(d.total, money, scale),
        ]),
        foot: [],
        numericColumns: numeric,
        highlightRows: lines.flatMap((d, i) => (d.line.kind === 'cashOut' ? [i] : [])),
      },
    });
  }
  return { id: 'cash', heading: t('export:cash.heading'), blocks };
}

/** How many tornado rows the report lists (the chart on the dashboard shows the same top rows). */
export const REPORT_TORNADO_ROWS = 8;

/** P(cheapest) and P10/P50/P90 per strategy, the crossover's spread, and the top sensitivities. */
export function uncertaintySection(input: BudgetInput): ReportSection {
  const scale = input.scale ?? 'unit';
  const { money, t, monteCarlo: mc, tornado } = input;
  const locale = money.locale;
  const blocks: ReportBlock[] = [];
  if (mc) {
    blocks.push({
      kind: 'paragraph',
      style: 'note',
      text: t('export:uncertainty.intro', { draws: formatNumber(mc.draws, locale) }),
    });
    blocks.push({
      kind: 'table',
      table: {
        id: 'uncertainty',
        head: [
          t('export:uncertainty.strategy'),
          t('export:uncertainty.pCheapest'),
          headWithUnit(t('export:uncertainty.p10'), money, scale, t),
          headWithUnit(t('export:uncertainty.p50'), money, scale, t),
          headWithUnit(t('export:uncertainty.p90'), money, scale, t),
        ],
        body: STRATEGY_IDS.map((id) => {
          const s = mc.strategies[id];
          const na = t('export:cash.notEligible');
          return [
            strategyName(t, id),
            s.pCheapest === null ? na : formatPercent(s.pCheapest, locale, 1),
            s.monthlyCny ? tableMoney(s.monthlyCny.p10, money, scale) : na,
            s.monthlyCny ? tableMoney(s.monthlyCny.p50, money, scale) : na,
            s.monthlyCny ? tableMoney(s.monthlyCny.p90, money, scale) : na,
          ];
        }),
        foot: [],
        numericColumns: [1, 2, 3, 4],
        rowStrategies: [...STRATEGY_IDS],
        highlightRows: [STRATEGY_IDS.indexOf(input.evaluation.recommendation.strategy)],
      },
    });
    const crossings = COMPARATOR_IDS.flatMap((id) => {
      if (!input.evaluation.comparisons[id].eligible) return [];
      const x = mc.crossover[id];
      const comparator = comparatorName(id, t);
      if (!x.loadRate || !(x.crossingShare > 0))
        return [t('export:uncertainty.crossoverNone', { comparator })];
      return [
        t('export:uncertainty.crossover', {
          comparator,
          p10: formatPercent(x.loadRate.p10, locale, 1),
          p50: formatPercent(x.loadRate.p50, locale, 1),
          p90: formatPercent(x.loadRate.p90, locale, 1),
          share: formatPercent(x.crossingShare, locale, 0),
        }),
      ];
    });
    if (crossings.length > 0) blocks.push({ kind: 'list', items: crossings });
  }
  blocks.push({ kind: 'subheading', text: t('export:uncertainty.tornadoTitle') });
  if (!tornado || tornado.baseGapCny === null || tornado.rows.length === 0) {
    blocks.push({ kind: 'paragraph', style: 'body', text: t('export:uncertainty.noRental') });
  } else {
    blocks.push({ kind: 'paragraph', style: 'note', text: t('export:uncertainty.tornadoIntro') });
    blocks.push({
      kind: 'table',
      table: {
        id: 'tornado',
        head: [
          t('export:uncertainty.input'),
          t('export:uncertainty.now'),
          t('export:uncertainty.range'),
          headWithUnit(t('export:uncertainty.gapLow'), money, scale, t),
          headWithUnit(t('export:uncertainty.gapHigh'), money, scale, t),
          t('export:uncertainty.breakEven'),
        ],
        body: tornado.rows.slice(0, REPORT_TORNADO_ROWS).map((r) => {
          const meta = parameter(r.path);
          const text = (v: number) => parameterText(meta, v, money, t);
          return [
            t(`common:params.${r.path}`),
            text(readInput(input.scenario, r.path)),
            `${text(r.low)} – ${text(r.high)}`,
            tableMoney(r.gapLowCny, money, scale),
            tableMoney(r.gapHighCny, money, scale),
            r.breakEven
              ? t('export:uncertainty.breakEvenValue', {
                  value: roundedParameterText(meta, r.breakEven.value, money, t),
                  side: t(`export:risks.${r.breakEven.selfBuildWins}`),
                })
              : t('export:uncertainty.noBreakEven'),
          ];
        }),
        foot: [],
        numericColumns: [3, 4],
        highlightRows: [],
      },
    });
  }
  return { id: 'uncertainty', heading: t('export:uncertainty.heading'), blocks };
}

/** The share link, once, at the end: a QR code holding it in full and one short printed line. */
export function shareSection(shareUrl: string, t: TFunction, shortLine: string): ReportSection {
  return {
    id: 'share',
    heading: t('export:share.heading'),
    blocks: [
      {
        kind: 'qr',
        url: shareUrl,
        caption: t('export:share.text'),
        line: t('export:share.linkLine', { link: shortLine }),
      },
    ],
  };
}
