import type { TFunction } from 'i18next';
import {
  buildLeadTimeMonthsOf,
  COMPARATOR_IDS,
  type DecisionFactor,
  type Evaluation,
  energyReport,
  flipDecline,
  flipPathShift,
  ladderBudget,
  ladderPlan,
  type MonteCarloResult,
  PARAMETERS,
  type ParameterMeta,
  parameter,
  planLadderDeadlines,
  presets,
  readInput,
  type Scenario,
  type SizingBand,
  STRATEGY_IDS,
  type StrategyId,
  type TornadoResult,
} from '../../engine';
import { withoutBidiControls } from '../../lib/bidi';
import { exportFileName } from '../../lib/file-name';
import { formatMoney, formatNumber, formatPercent, type Locale, type MoneyFormat } from '../../lib/format';
import {
  breakdownTable,
  totalLabel,
  UNIT_COST_DECIMALS,
  unitCostLabel,
} from '../../view-model/breakdown-table';
import type { BudgetActualReport } from '../../view-model/budget-actuals';
import type { AmountScale } from '../../view-model/cash-table';
import { catalogueDate, catalogueSource, gpuNameIn } from '../../view-model/catalogue-text';
import { comparatorName, crossoverText, paybackText } from '../../view-model/comparison-text';
import { flipDeclineText, flipPathText } from '../../view-model/decline-text';
import { type CatalogueSource, hardwareRows, sourceText } from '../../view-model/hardware-rows';
import { marketCaveatText } from '../../view-model/market-text';
import { pricePathSentences } from '../../view-model/price-path-text';
import { reasonText } from '../../view-model/reason-text';
import { verdictSentence } from '../../view-model/verdict-text';
import { wayName } from '../../view-model/way-name';
import { inputApplies } from '../../view-model/workbook/inputs-sheet';
import { budgetActualSection } from './budget-actual-section';
import { cashReportSection, shareSection, summarySection, uncertaintySection } from './budget-sections';
import { energySection } from './energy-section';
import { glossaryBlocks } from './glossary-blocks';
import { ladderSection, ladderVerdictText } from './ladder-section';
import { planSection } from './plan-section';
import type { Report, ReportBlock, ReportSection, WizardAnswers } from './report-document';
import { headWithUnit, labelled, parameterText, tableMoney, tableUnitBlocks } from './report-text';
import { sizingSection } from './sizing-section';

/**
 * The PDF's content as plain data: every heading, sentence and table cell already translated and
 * formatted, with the same engine result and the same src/lib/format.ts calls the dashboard uses, so
 * the PDF shows the numbers on the screen. The generator (export-pdf.ts) only lays this out; tests
 * check the content here without a PDF library.
 */

export interface BuildReportInput {
  scenario: Scenario;
  evaluation: Evaluation;
  locale: Locale;
  money: MoneyFormat;
  shareUrl: string;
  generatedAt: Date;
  wizard?: WizardAnswers | null;
  /** Entered in the export dialog; left out of the report when empty. */
  preparedBy?: string;
  notes?: string;
  /** Amounts in the tables: whole (default) or at the charts' scale (export dialog). */
  scale?: AmountScale;
  /** The analysis worker's results for this scenario (the export waits for them). */
  monteCarlo: MonteCarloResult | null;
  tornado: TornadoResult | null;
  /** The sizing curve's band and the budget plan's burst P90s (the worker's); null: the page without them. */
  sizing?: SizingBand | null;
  /** The budget version open and the actual bills kept with it; null: no "Budget vs actual" page. */
  budgetActual?: BudgetActualReport | null;
  /** i18next's t for `locale`; keys are namespaced (`report:`, `common:`, `charts:`, `export:`). */
  t: TFunction;
}

/** Seed 003 §4's four factors, in the article's order (as on the dashboard). */
const FACTORS: readonly DecisionFactor[] = ['load', 'scale', 'team', 'compliance'];

/** The verdict and the deciding assumption (model v4): the path, its flip, and a steady path's rate. */
function deciding(input: BuildReportInput, scenario: Scenario): string {
  const { t } = input;
  const locale = input.money.locale;
  const winner = input.evaluation.recommendation.strategy;
  const market = marketCaveatText(input.evaluation, scenario, locale, input.t);
  const parts = [
    verdictText(input),
    // One market for cost and deadlines: a winner needing more GPUs at once than one can get on demand.
    ...(market ? [market] : []),
    pricePathSentences(scenario.finance, t, locale),
    flipPathText(flipPathShift(scenario), winner, t, locale, scenario),
  ];
  // The steady rate's flip moves on-demand prices only: said when terms follow them (no term path).
  if (scenario.finance.gpuTimePriceShape === null && scenario.finance.termPriceShape === null)
    parts.push(flipDeclineText(flipDecline(scenario), winner, t, locale, scenario));
  return parts.join(' ');
}

/**
 * The name the report (PDF and workbook) gives the scenario: a preset by its translated name, else the
 * scenario's own without bidi controls (lib/bidi.ts: a file shows an override as written).
 */
export function reportScenarioName(scenario: Scenario, t: TFunction): string {
  const presetKey = presetKeyByName(scenario);
  return presetKey ? t(`common:presets.${presetKey}`) : withoutBidiControls(scenario.name);
}

/** The preset key a scenario is named after (edited or not), or null for an own scenario. */
function presetKeyByName(scenario: Scenario): string | null {
  return Object.keys(presets).find((key) => presets[key]?.name === scenario.name) ?? null;
}

/**
 * "<scenario name> – GPU TCO – yyyy-mm-dd.pdf" ("… – GPU 总拥有成本 – …" in Chinese), safe for Windows
 * and macOS, Chinese kept.
 */
export function reportFileName(scenarioName: string, generatedAt: Date, t?: TFunction): string {
  return exportFileName(scenarioName, generatedAt, 'pdf', t ? t('export:fileProduct') : undefined);
}

/** A long link cut for print: the QR code beside it holds it in full. */
export function shortLink(url: string, maxChars = 64): string {
  return url.length <= maxChars ? url : `${url.slice(0, maxChars - 1)}…`;
}

function scenarioSection(input: BuildReportInput, scenarioName: string): ReportSection {
  const { scenario, evaluation, money, t } = input;
  const locale = money.locale;
  const ev = evaluation;
  const demand =
    scenario.demand.mode === 'jobs'
      ? t('report:scenario.demandJobs', {
          jobs: formatNumber(scenario.demand.jobsPerMonth, locale, 2),
          hours: formatNumber(scenario.demand.hoursPerJob, locale, 2),
          gpus: formatNumber(scenario.demand.gpusPerJob, locale),
        })
      : t('report:scenario.demandWeekly', {
          weeks: formatNumber(ev.demand.weeks, locale),
          mean: formatNumber(ev.demand.meanGpus, locale, 1),
          peak: formatNumber(ev.demand.peakGpus, locale, 1),
        });
  return {
    id: 'scenario',
    heading: t('report:sections.scenario'),
    blocks: [
      {
        kind: 'facts',
        rows: [
          { label: t('report:scenario.name'), value: scenarioName },
          {
            label: t('report:scenario.currency'),
            value:
              money.currency === 'USD'
                ? t('report:scenario.currencyUsd', { rate: formatNumber(money.cnyPerUsd, locale, 4) })
                : t('report:scenario.currencyCny'),
          },
          { label: t('report:scenario.demand'), value: demand },
          {
            label: t('report:scenario.horizon'),
            value: t('report:scenario.horizonValue', { months: scenario.horizonMonths }),
          },
          {
            label: t('report:scenario.team'),
            value: t('report:scenario.teamValue', {
              level: scenario.teamCapability,
              name: t(`common:team.${scenario.teamCapability}`),
            }),
          },
          { label: t('report:scenario.compliance'), value: t(`common:compliance.${scenario.compliance}`) },
          { label: t('report:scenario.loadRate'), value: formatPercent(ev.loadRate, locale, 1) },
          ...COMPARATOR_IDS.flatMap((id) => [
            {
              label: t('report:scenario.crossoverVs', { comparator: comparatorName(id, t) }),
              value: crossoverText(ev.comparisons[id], money, t),
            },
            {
              label: t('report:scenario.paybackVs', { comparator: comparatorName(id, t) }),
              value: paybackText(ev.comparisons[id], t),
            },
          ]),
          {
            label: t('report:scenario.ownEfficiency'),
            value: formatPercent(ev.ownEfficiency, locale, 0),
          },
          {
            label: t('report:scenario.rightSize'),
            value: t('report:scenario.rightSizeValue', {
              gpus: formatNumber(ev.rightSize.gpus, locale),
              currentGpus: formatNumber(ev.rightSize.currentGpus, locale),
            }),
          },
          {
            label: t('report:scenario.leadTime'),
            value: t('report:scenario.leadTimeValue', { months: ev.buildLeadTimeMonths }),
          },
        ],
      },
    ],
  };
}

/** The verdict in one sentence: the cheapest strategy and by how much, as on the dashboard. */
export function verdictText(
  input: Pick<BuildReportInput, 'evaluation' | 'money' | 't' | 'scenario'>,
): string {
  return verdictSentence(input.evaluation, input.money, input.t, input.scenario);
}

function kpiSection(input: BuildReportInput): ReportSection {
  const scale = input.scale ?? 'unit';
  const { scenario, evaluation, money, t } = input;
  const locale = money.locale;
  const winner = evaluation.recommendation.strategy;
  const calibrated = (id: StrategyId) => evaluation.calibrated.includes(id);
  const body = STRATEGY_IDS.map((id) => {
    const r = evaluation.strategies[id];
    const status = !r.eligible
      ? t('report:kpis.notEligible')
      : id === winner
        ? t('report:kpis.cheapest')
        : '';
    // With a cluster already owned the ways are named by what they do with it, as the verdict does.
    const way = wayName(t, id, scenario);
    const name = calibrated(id)
      ? t('common:join.nameNote', { name: way, note: t('report:kpis.calibratedMark') })
      : way;
    return [
      name,
      tableMoney(r.monthlyCny, money, scale),
      tableMoney(r.annualCny, money, scale),
      tableMoney(r.horizonCny, money, scale),
      formatMoney(r.costPerUsefulGpuHourCny, money, 2),
      formatMoney(r.costPerUsefulPflopHourCny, money, 2),
      formatPercent(r.utilization, locale, 0),
      status,
    ];
  });
  const notes: ReportBlock[] = [];
  for (const id of STRATEGY_IDS) {
    const r = evaluation.strategies[id];
    if (r.ineligibleReason) {
      notes.push({
        kind: 'paragraph',
        style: 'note',
        text: labelled(
          locale,
          `${t(`common:strategy.${id}`)} — ${t('common:kpi.ineligible')}`,
          t(`common:ineligible.${r.ineligibleReason}`),
        ),
      });
    }
  }
  const hybrid = evaluation.strategies.hybrid;
  if (hybrid.eligible) {
    notes.push({
      kind: 'paragraph',
      style: 'note',
      text: labelled(
        locale,
        t('common:strategy.hybrid'),
        t('common:kpi.baseline', {
          gpus: formatNumber(hybrid.baselineGpus, locale),
          share: formatPercent(hybrid.burstShare, locale, 0),
        }),
      ),
    });
  }
  if (evaluation.calibrated.length > 0) {
    notes.push({ kind: 'paragraph', style: 'note', text: t('report:kpis.calibratedNote') });
  }
  return {
    id: 'kpis',
    heading: t('report:sections.kpis'),
    blocks: [
      {
        kind: 'table',
        table: {
          id: 'kpis',
          head: [
            t('report:kpis.strategy'),
            headWithUnit(t('report:kpis.monthly'), money, scale, t),
            headWithUnit(t('report:kpis.annual'), money, scale, t),
            headWithUnit(t('report:kpis.horizon', { months: scenario.horizonMonths }), money, scale, t),
            t('report:kpis.unitCost'),
            t('hardware:kpi.perPflop'),
            t('report:kpis.utilization'),
            t('report:kpis.status'),
          ],
          body,
          foot: [],
          numericColumns: [1, 2, 3, 4, 5, 6],
          rowStrategies: [...STRATEGY_IDS],
          highlightRows: [STRATEGY_IDS.indexOf(winner)],
        },
      },
      ...notes,
    ],
  };
}

function recommendationSection(input: BuildReportInput): ReportSection {
  const { scenario, evaluation, money, t } = input;
  const rec = evaluation.recommendation;
  const blocks: ReportBlock[] = [
    {
      kind: 'paragraph',
      style: 'lead',
      text: t('common:recommendation.lead', { strategy: t(`common:strategy.${rec.strategy}`) }),
    },
  ];
  if (rec.strategy === 'hybrid' && rec.hybridBaselineGpus !== null) {
    blocks.push({
      kind: 'paragraph',
      style: 'body',
      text: t('common:recommendation.hybridSplit', {
        baselineGpus: formatNumber(rec.hybridBaselineGpus, money.locale),
        mode: t(
          scenario.hybrid.baselineMode === 'owned'
            ? 'common:recommendation.modeOwned'
            : 'common:recommendation.modeReserved',
        ),
        burstShare: formatPercent(evaluation.strategies.hybrid.burstShare, money.locale, 1),
      }),
    });
  }
  if (rec.ownGpus !== null) {
    blocks.push({
      kind: 'paragraph',
      style: 'body',
      text: t('common:recommendation.ownGpus', {
        gpus: formatNumber(rec.ownGpus, money.locale),
        currentGpus: formatNumber(evaluation.rightSize.currentGpus, money.locale),
        saving: formatMoney(evaluation.rightSize.savingMonthlyCny, money),
      }),
    });
  }
  blocks.push({ kind: 'subheading', text: t('common:recommendation.reasonsTitle') });
  for (const factor of FACTORS) {
    const items = rec.reasons.filter((r) => r.factor === factor);
    if (items.length === 0) continue;
    blocks.push({
      kind: 'list',
      items: items.map((item) =>
        labelled(
          money.locale,
          t(`common:recommendation.factors.${factor}`),
          reasonText(item, 'reasons', money, t),
        ),
      ),
    });
  }
  blocks.push({ kind: 'subheading', text: t('common:recommendation.flipsTitle') });
  blocks.push(
    rec.flips.length === 0
      ? { kind: 'paragraph', style: 'body', text: t('common:recommendation.noFlips') }
      : { kind: 'list', items: rec.flips.map((item) => reasonText(item, 'flips', money, t)) },
  );
  blocks.push({ kind: 'subheading', text: t('common:recommendation.migrationTitle') });
  blocks.push({ kind: 'paragraph', style: 'body', text: t('common:recommendation.migration') });
  return { id: 'recommendation', heading: t('report:sections.recommendation'), blocks };
}

function breakdownSection(input: BuildReportInput): ReportSection {
  const scale = input.scale ?? 'unit';
  const { scenario, evaluation, money, t } = input;
  // The dashboard's breakdown table, row for row (src/view-model/breakdown-table.ts).
  const table = breakdownTable(evaluation);
  return {
    id: 'breakdown',
    heading: t('report:sections.breakdown'),
    blocks: [
      ...tableUnitBlocks(money, scale, t, 'export:tableUnitExceptRates'),
      {
        kind: 'table',
        table: {
          id: 'breakdown',
          head: [t('report:breakdown.category'), ...STRATEGY_IDS.map((id) => t(`charts:strategy.${id}`))],
          body: table.categories.map((row) => [
            t(`charts:category.${row.category}`),
            ...STRATEGY_IDS.map((id) => tableMoney(row[id], money, scale)),
          ]),
          foot: [
            ...table.totals.map((row) => [
              totalLabel(row.kind, scenario.horizonMonths, t),
              ...STRATEGY_IDS.map((id) => tableMoney(row[id], money, scale)),
            ]),
            ...table.unitCosts.map((row) => [
              unitCostLabel(row.kind, t),
              ...STRATEGY_IDS.map((id) => formatMoney(row[id], money, UNIT_COST_DECIMALS)),
            ]),
          ],
          numericColumns: [1, 2, 3, 4],
          highlightRows: [],
        },
      },
    ],
  };
}

/**
 * Whether an assumption differs from its default (the report marks it; the Excel says "changed"); an
 * input that does not apply to the scenario (jobs a month on a weekly curve) is never "changed".
 */
export function isChangedAssumption(scenario: Scenario, meta: ParameterMeta): boolean {
  const value = readInput(scenario, meta.path);
  return inputApplies(scenario, meta.path) && Number.isFinite(value) && value !== meta.defaultValue;
}

function assumptionsSection(input: BuildReportInput): ReportSection {
  const { scenario, money, t } = input;
  const locale = money.locale;
  const changedRows: number[] = [];
  const body = PARAMETERS.map((meta, row) => {
    const value = readInput(scenario, meta.path);
    const changed = isChangedAssumption(scenario, meta);
    if (changed) changedRows.push(row);
    return [
      t(`common:params.${meta.path}`),
      `${Number.isFinite(value) ? parameterText(meta, value, money, t) : '—'}${changed ? ` ${t('report:assumptions.changed')}` : ''}`,
      parameterText(meta, meta.defaultValue, money, t),
      // The translated source; the engine's English text when a translation is missing.
      t(`common:sources.${meta.path}`, { defaultValue: meta.source }),
      catalogueDate(meta.asOf, locale),
    ];
  });
  const choices = [
    ...(scenario.selfBuild.privatePool ? [t('common:choices.privatePool')] : []),
    labelled(
      locale,
      t('common:choices.demandMode'),
      t(
        scenario.demand.mode === 'jobs' ? 'common:choices.demandModeJobs' : 'common:choices.demandModeWeekly',
      ),
    ),
    labelled(
      locale,
      t('common:choices.recovery'),
      t(
        scenario.selfBuild.recovery === 'manual'
          ? 'common:choices.recoveryManual'
          : 'common:choices.recoveryAutomatic',
      ),
    ),
    labelled(
      locale,
      t('common:choices.leadTime'),
      scenario.selfBuild.buildLeadTimeMonths === null
        ? t('common:choices.leadTimeAuto', { months: buildLeadTimeMonthsOf(scenario) })
        : t('report:scenario.leadTimeValue', { months: scenario.selfBuild.buildLeadTimeMonths }),
    ),
    labelled(
      locale,
      t('common:choices.baselineMode'),
      t(
        scenario.hybrid.baselineMode === 'owned'
          ? 'common:choices.baselineModeOwned'
          : 'common:choices.baselineModeReserved',
      ),
    ),
    labelled(
      locale,
      t('common:choices.baselineGpus'),
      scenario.hybrid.baselineGpus === null
        ? t('common:choices.baselineAuto')
        : formatNumber(scenario.hybrid.baselineGpus, locale),
    ),
  ];
  const blocks: ReportBlock[] = [
    { kind: 'paragraph', style: 'note', text: t('report:assumptions.intro') },
    {
      kind: 'paragraph',
      style: 'body',
      text:
        changedRows.length === 0
          ? t('export:assumptions.noneChanged')
          : t('export:assumptions.changedCount', { count: changedRows.length }),
    },
    {
      kind: 'table',
      table: {
        id: 'assumptions',
        head: [
          t('report:assumptions.parameter'),
          t('report:assumptions.value'),
          t('report:assumptions.default'),
          t('report:assumptions.source'),
          t('report:assumptions.asOf'),
        ],
        body,
        foot: [],
        numericColumns: [1, 2],
        highlightRows: changedRows,
      },
    },
    { kind: 'subheading', text: t('report:assumptions.choices') },
    { kind: 'list', items: choices },
    ...hardwareBlocks(input),
  ];
  if (scenario.calibration.note === 'seed000') {
    blocks.push({ kind: 'subheading', text: t('common:calibration.title') });
    blocks.push({ kind: 'paragraph', style: 'body', text: t('common:calibration.body') });
  }
  return { id: 'assumptions', heading: t('report:sections.assumptions'), blocks };
}

/**
 * The hardware each way uses (src/view-model/hardware-rows.ts, the workbook's rows too): the chosen
 * GPU model with its dense BF16 TFLOPS and availability, and every input the choice filled with its
 * value, the catalogue's source and date, the user's own values marked (and highlighted).
 */
function hardwareBlocks(input: BuildReportInput): ReportBlock[] {
  const { scenario, money, t } = input;
  const locale = money.locale;
  const body: string[][] = [];
  const edited: number[] = [];
  const source = (s: CatalogueSource | null) => (s ? sourceText(s, t, locale) : '');
  const userMark = (userEdited: boolean) => (userEdited ? ` ${t('export:hardware.userMark')}` : '');
  for (const row of hardwareRows(scenario)) {
    switch (row.kind) {
      case 'model':
        body.push([
          t(`common:strategy.${row.strategy}`),
          t('export:hardware.model'),
          row.modelName && row.denseTflops !== null
            ? t('export:hardware.modelValue', {
                model: gpuNameIn(row.modelName, locale),
                tflops: formatNumber(row.denseTflops, locale),
              })
            : t('hardware:custom'),
          source(row.source),
          catalogueDate(row.source?.asOf ?? '', locale),
        ]);
        break;
      case 'availability':
        body.push([
          '',
          t('hardware:availability.label'),
          t(`hardware:availability.${row.status}`),
          catalogueSource(row.source, locale),
          catalogueDate(row.asOf, locale),
        ]);
        break;
      case 'ratio':
        if (row.userEdited) edited.push(body.length);
        body.push([
          '',
          t('hardware:ratioLabel'),
          `${formatNumber(row.throughputRatio, locale, 2)}${userMark(row.userEdited)}`,
          '',
          '',
        ]);
        break;
      case 'input':
        if (row.userEdited) edited.push(body.length);
        body.push([
          '',
          t(`hardware:field.${row.path}`),
          `${parameterText(parameter(row.path), row.value, money, t)}${userMark(row.userEdited)}`,
          row.modelChosen ? source(row.source) : t('hardware:referenceCustom'),
          row.modelChosen ? catalogueDate(row.source?.asOf ?? '', locale) : '',
        ]);
        break;
    }
  }
  return [
    { kind: 'subheading', text: t('hardware:title') },
    { kind: 'paragraph', style: 'note', text: t('export:hardware.intro') },
    {
      kind: 'table',
      table: {
        id: 'hardware',
        head: [
          t('export:hardware.way'),
          t('report:assumptions.parameter'),
          t('report:assumptions.value'),
          t('report:assumptions.source'),
          t('report:assumptions.asOf'),
        ],
        body,
        foot: [],
        numericColumns: [],
        highlightRows: edited,
      },
    },
  ];
}

function wizardSection(input: BuildReportInput): ReportSection {
  const { wizard, t } = input;
  const blocks: ReportBlock[] = [];
  if (!wizard?.completed) {
    blocks.push({ kind: 'paragraph', style: 'note', text: t('report:wizard.notCompleted') });
  } else {
    for (const step of wizard.steps) {
      blocks.push({ kind: 'subheading', text: step.title });
      blocks.push({ kind: 'facts', rows: step.answers.map((a) => ({ label: a.question, value: a.answer })) });
    }
  }
  return { id: 'wizard', heading: t('report:sections.wizard'), blocks };
}

/** Model v2 in plain words, one point each (the dashboard's methodology panel has the formulas). */
const METHOD_POINTS = [
  'utilization',
  'market',
  'iteration',
  'setup',
  'leadTime',
  'comparators',
  'rightSize',
] as const;

function methodologySection(input: BuildReportInput): ReportSection {
  const { t } = input;
  return {
    id: 'methodology',
    heading: t('report:sections.methodology'),
    blocks: [
      { kind: 'paragraph', style: 'body', text: t('report:methodology.note') },
      { kind: 'list', items: METHOD_POINTS.map((k) => t(`report:methodology.points.${k}`)) },
      ...glossaryBlocks(t),
      { kind: 'paragraph', style: 'note', text: t('report:methodology.disclaimer') },
      { kind: 'paragraph', style: 'note', text: t('common:app.privacy') },
    ],
  };
}

/** The recommendation in a paragraph for page 1: the lead and the sizing advice, without the reasons. */
function recommendationSummary(section: ReportSection): string {
  const texts: string[] = [];
  for (const block of section.blocks) {
    if (block.kind === 'subheading') break;
    if (block.kind === 'paragraph') texts.push(block.text);
  }
  return texts.join(' ');
}

/** The report for one scenario and its evaluation, in `locale`. Pure: the date comes in as a value. */
export function buildReport(input: BuildReportInput): Report {
  const { scenario, locale, t, generatedAt } = input;
  const scenarioName = reportScenarioName(scenario, t);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(generatedAt);
  const dateText = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(generatedAt);
  const recommendation = recommendationSection(input);
  const budget = {
    scenario,
    evaluation: input.evaluation,
    money: input.money,
    t,
    monteCarlo: input.monteCarlo,
    tornado: input.tornado,
    ...(input.scale ? { scale: input.scale } : {}),
  };
  // Every way to commit, solved once: its page, and page 1's line under the verdict when it wins.
  const ladder = ladderPlan(scenario);
  const ladderDeadlines = planLadderDeadlines(scenario, ladder);
  const ladderCash = ladderBudget(scenario, ladder);
  const sections = [
    summarySection(
      {
        ...budget,
        dateText,
        ...(input.preparedBy ? { preparedBy: input.preparedBy } : {}),
        ...(input.notes ? { notes: input.notes } : {}),
      },
      // The verdict, then the deciding assumption: the price path it rests on, how far every price would
      // have to move off it for the answer to flip, and on a steady path the rate at which it flips.
      deciding(input, scenario),
      kpiSection(input).blocks,
      recommendationSummary(recommendation),
      ladderVerdictText(ladder, input.money, t, ladderDeadlines),
    ),
    cashReportSection(budget),
    ...(input.budgetActual ? [budgetActualSection(input.budgetActual, input.money, t)] : []),
    // Energy and emissions by way and year, after the money by year (cash, budget vs actual): every
    // PDF has it, from the engine's energy report of this scenario.
    energySection(scenario, energyReport(scenario), input.money, t),
    uncertaintySection(budget),
    sizingSection({
      scenario,
      money: input.money,
      t,
      band: input.sizing ?? null,
      ...(input.scale ? { scale: input.scale } : {}),
      ladder: { plan: ladder, budget: ladderCash },
    }),
    // Every way to commit, beside the buy-N plan: the engine's ladder of this scenario.
    ladderSection(ladder, input.money, t, input.scale ?? 'unit', ladderDeadlines, ladderCash),
    scenarioSection(input, scenarioName),
    recommendation,
    breakdownSection(input),
    assumptionsSection(input),
  ];
  // The training plan's page follows the scenario's, only when the plan is the demand form.
  const plan = planSection(scenario, input.evaluation, input.money, t);
  if (plan) sections.splice(sections.indexOf(recommendation), 0, plan);
  // The wizard section appears only when the wizard has been used for this scenario.
  if (input.wizard) sections.push(wizardSection(input));
  sections.push(methodologySection(input));
  sections.push(shareSection(input.shareUrl, t, shortLink(input.shareUrl)));
  return {
    locale,
    title: scenarioName,
    subtitle: t('export:summary.subtitle'),
    headerTitle: t('report:title'),
    scenarioName,
    shareUrl: input.shareUrl,
    generatedText: t('report:generated', { date }),
    pageTemplate: t('report:page', { page: '%PAGE%', pages: '%PAGES%' }),
    fileName: reportFileName(scenarioName, generatedAt, t),
    sections,
  };
}
