import ExcelJS from 'exceljs';
import type { TFunction } from 'i18next';
import {
  budgetPlan,
  COMPARATOR_IDS,
  type Evaluation,
  type MonteCarloResult,
  parameter,
  readInput,
  type Scenario,
  type SizingBand,
  STRATEGY_IDS,
  sizingCurve,
  type TornadoResult,
} from '../../engine';
import { convertCny, type MoneyFormat } from '../../lib/format';
import type { BudgetActualReport } from '../../view-model/budget-actuals';
import type { AmountScale } from '../../view-model/cash-table';
import { catalogueDate, catalogueSource, gpuNameIn } from '../../view-model/catalogue-text';
import { comparatorName } from '../../view-model/comparison-text';
import { hardwareRows, sourceText } from '../../view-model/hardware-rows';
import { planBandFits } from '../../view-model/sizing-chart';
import { capexSentence } from '../../view-model/sizing-text';
import { glossarySheet } from '../../view-model/workbook/glossary-sheet';
import { LIVE_SHEET_IDS, liveWorkbook, sheetName } from '../../view-model/workbook/live-workbook';
import { formatFor, PERCENT_FORMAT } from '../../view-model/workbook/number-format';
import { columnLetter, type SheetModel } from '../../view-model/workbook/sheet-model';
import { sizingSheet } from '../../view-model/workbook/sizing-sheet';
import { budgetActualSheets } from '../../view-model/workbook/variance-sheet';
import { planSheet } from './plan-sheet';

/**
 * The Excel workbook (issues 11 and 22): a live model. Summary; Inputs (every assumption as a named
 * cell); the calculation sheet, the Curve, cash by year and by month, all formulas from the inputs
 * with their cached results; energy, the commitment ladder's plan (its term prices as formulas); the
 * Reconciliation of each engine figure with the workbook's own; with a
 * budget version and its bills, the Variance and the Reforecast (variance-sheet.ts); and
 * Uncertainty (Monte Carlo and tornado, values: a simulation and searches). Sheets are shaped as data
 * in src/view-model/workbook; this file writes them with ExcelJS.
 */

export interface WorkbookInput {
  scenario: Scenario;
  evaluation: Evaluation;
  money: MoneyFormat;
  /** Amounts on the Summary in whole units or in 万 (thousands in English). */
  scale?: AmountScale;
  t: TFunction;
  scenarioName: string;
  generatedAt: Date;
  preparedBy?: string;
  notes?: string;
  monteCarlo: MonteCarloResult | null;
  tornado: TornadoResult | null;
  /** The sizing curve's band and the plan's burst P90s; null: the sizing sheet without them. */
  sizing?: SizingBand | null;
  /** The budget version open and its actual bills: the Variance and Reforecast sheets; null: none. */
  budgetActual?: BudgetActualReport | null;
}

/** Whole units of the display currency, with its symbol. */
function moneyFormat(money: Pick<MoneyFormat, 'currency'>, decimals = 0): string {
  const symbol = money.currency === 'USD' ? '"$"' : '"¥"';
  const d = decimals > 0 ? `.${'0'.repeat(decimals)}` : '';
  // A proper minus sign (U+2212) for negatives, as the PDF prints them.
  return `${symbol}#,##0${d};"−"${symbol}#,##0${d}`;
}

function money(v: number, m: MoneyFormat): number {
  return convertCny(v, m);
}

function bold(row: ExcelJS.Row): void {
  row.font = { bold: true };
}

function header(sheet: ExcelJS.Worksheet, values: string[]): ExcelJS.Row {
  const row = sheet.addRow(values);
  row.font = { bold: true };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF3F4F6' } };
  return row;
}

const HIGHLIGHT: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFEF3C7' } };

/** One sheet of the live workbook, cell by cell: formulas with their cached results, names, formats. */
function writeSheet(wb: ExcelJS.Workbook, model: SheetModel): ExcelJS.Worksheet {
  const sheet = wb.addWorksheet(model.name, {
    views: [{ state: 'frozen', xSplit: model.frozenColumns, ySplit: model.frozenRows }],
  });
  sheet.columns = model.widths.map((width) => ({ width }));
  model.rows.forEach((cells, r) => {
    const row = sheet.getRow(r + 1);
    cells.forEach((c, k) => {
      if (!c) return;
      const cell = row.getCell(k + 1);
      cell.value = c.formula !== undefined ? { formula: c.formula, result: c.value ?? '' } : c.value;
      if (c.numFmt) cell.numFmt = c.numFmt;
      if (c.bold || c.italic) cell.font = { bold: c.bold === true, italic: c.italic === true };
      if (c.wrap) cell.alignment = { wrapText: true, vertical: 'top' };
      if (c.highlight) cell.fill = HIGHLIGHT;
      if (c.name)
        wb.definedNames.add(`'${model.name.replace(/'/g, "''")}'!$${columnLetter(k + 1)}$${r + 1}`, c.name);
    });
  });
  for (const [i, rule] of (model.conditional ?? []).entries())
    sheet.addConditionalFormatting({
      ref: rule.range,
      rules: [
        {
          type: 'expression',
          priority: i + 1,
          formulae: [rule.formula],
          // A conditional fill is read from bgColor (the pattern's fgColor fills plain cells).
          style: {
            font: { bold: true },
            fill: { type: 'pattern', pattern: 'solid', bgColor: { argb: 'FFFEF3C7' } },
          },
        },
      ],
    });
  return sheet;
}

/**
 * The hardware each way uses and the inputs the choice filled, the user's own values marked: the
 * PDF's hardware rows (src/view-model/hardware-rows.ts), a way's name on every row.
 */
function hardwareBlock(sheet: ExcelJS.Worksheet, input: WorkbookInput): void {
  const { scenario, t } = input;
  const locale = input.money.locale;
  const yes = t('export:excel.yes');
  sheet.addRow([]);
  bold(sheet.addRow([t('hardware:title')]));
  sheet.addRow([t('export:hardware.intro')]).font = { italic: true, color: { argb: 'FF4B5563' } };
  header(sheet, [
    t('export:hardware.way'),
    t('export:excel.value'),
    t('export:excel.unit'),
    t('export:hardware.model'),
    t('export:hardware.sourceCol'),
    t('export:hardware.asOfCol'),
    t('hardware:edited'),
  ]);
  for (const row of hardwareRows(scenario)) {
    const way = t(`common:strategy.${row.strategy}`);
    switch (row.kind) {
      case 'model':
        bold(
          sheet.addRow([
            t('common:join.labelValue', { label: way, value: t('export:hardware.model') }),
            row.denseTflops,
            row.denseTflops !== null ? 'TFLOPS' : '',
            row.modelName ? gpuNameIn(row.modelName, locale) : t('hardware:custom'),
            row.source ? sourceText(row.source, t, locale) : '',
            catalogueDate(row.source?.asOf ?? '', locale),
          ]),
        );
        break;
      case 'availability':
        sheet.addRow([
          t('common:join.labelValue', { label: way, value: t('hardware:availability.label') }),
          null,
          '',
          t(`hardware:availability.${row.status}`),
          catalogueSource(row.source, locale),
          catalogueDate(row.asOf, locale),
        ]);
        break;
      case 'ratio': {
        const ratio = sheet.addRow([
          t('common:join.labelValue', { label: way, value: t('hardware:ratioLabel') }),
          row.throughputRatio,
          '×',
          '',
          '',
          '',
          row.userEdited ? yes : '',
        ]);
        ratio.getCell(2).numFmt = '0.00';
        break;
      }
      case 'input': {
        const meta = parameter(row.path);
        const r = sheet.addRow([
          t('common:join.labelValue', { label: way, value: t(`hardware:field.${row.path}`) }),
          row.value,
          t(`common:units.${meta.unit}`),
          '',
          row.modelChosen && row.source ? sourceText(row.source, t, locale) : t('hardware:referenceCustom'),
          row.modelChosen ? catalogueDate(row.source?.asOf ?? '', locale) : '',
          row.userEdited ? yes : '',
        ]);
        if (typeof row.value === 'number') r.getCell(2).numFmt = formatFor(row.value);
        r.getCell(5).alignment = { wrapText: true, vertical: 'top' };
        if (row.userEdited) {
          r.font = { bold: true };
          r.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFEF3C7' } };
        }
        break;
      }
    }
  }
}

function uncertaintySheet(sheet: ExcelJS.Worksheet, input: WorkbookInput): void {
  const { t, monteCarlo: mc, tornado } = input;
  const m = input.money;
  const fmt = moneyFormat(m);
  sheet.columns = [
    { width: 34 },
    { width: 16 },
    { width: 16 },
    { width: 16 },
    { width: 16 },
    { width: 16 },
    { width: 16 },
    { width: 18 },
  ];
  if (mc) {
    sheet.addRow([t('export:excel.draws'), mc.draws]).getCell(2).numFmt = '#,##0';
    header(sheet, [
      t('export:uncertainty.strategy'),
      t('export:uncertainty.pCheapest'),
      t('export:uncertainty.p10'),
      t('export:uncertainty.p50'),
      t('export:uncertainty.p90'),
    ]);
    for (const id of STRATEGY_IDS) {
      const s = mc.strategies[id];
      const row = sheet.addRow([
        t(`common:strategy.${id}`),
        s.pCheapest,
        s.monthlyCny ? money(s.monthlyCny.p10, m) : null,
        s.monthlyCny ? money(s.monthlyCny.p50, m) : null,
        s.monthlyCny ? money(s.monthlyCny.p90, m) : null,
      ]);
      row.getCell(2).numFmt = PERCENT_FORMAT;
      for (const c of [3, 4, 5]) row.getCell(c).numFmt = fmt;
    }
    sheet.addRow([]);
    for (const id of COMPARATOR_IDS) {
      const x = mc.crossover[id];
      if (!input.evaluation.comparisons[id].eligible) continue;
      const comparator = comparatorName(id, t);
      if (!x.loadRate || !(x.crossingShare > 0)) {
        sheet.addRow([t('export:uncertainty.crossoverNone', { comparator })]);
        continue;
      }
      const row = sheet.addRow([
        `${t('charts:crossover.bandLabel', { name: comparator })}`,
        x.loadRate.p10,
        x.loadRate.p50,
        x.loadRate.p90,
        x.crossingShare,
      ]);
      for (const c of [2, 3, 4, 5]) row.getCell(c).numFmt = PERCENT_FORMAT;
    }
    sheet.addRow([]);
  }
  bold(sheet.addRow([t('export:uncertainty.tornadoTitle')]));
  if (!tornado || tornado.rows.length === 0) {
    sheet.addRow([t('export:uncertainty.noRental')]);
    return;
  }
  header(sheet, [
    t('export:uncertainty.input'),
    t('export:uncertainty.now'),
    t('export:excel.low'),
    t('export:excel.high'),
    t('export:uncertainty.gapLow'),
    t('export:uncertainty.gapHigh'),
    t('export:uncertainty.breakEven'),
    t('export:excel.breakEvenSide'),
  ]);
  for (const r of tornado.rows) {
    const meta = parameter(r.path);
    const percent = meta.unit === 'fraction' || meta.unit === 'fractionPerYear';
    const row = sheet.addRow([
      t(`common:params.${r.path}`),
      readInput(input.scenario, r.path),
      r.low,
      r.high,
      money(r.gapLowCny, m),
      money(r.gapHighCny, m),
      r.breakEven ? r.breakEven.value : null,
      r.breakEven ? t(`export:risks.${r.breakEven.selfBuildWins}`) : t('export:uncertainty.noBreakEven'),
    ]);
    for (const c of [2, 3, 4, 7]) {
      const v = row.getCell(c).value;
      if (typeof v === 'number') row.getCell(c).numFmt = formatFor(Number(v.toPrecision(6)), percent);
    }
    for (const c of [5, 6]) row.getCell(c).numFmt = fmt;
  }
}

export function buildWorkbook(input: WorkbookInput): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'GPU TCO Dashboard';
  wb.created = input.generatedAt;
  wb.title = input.scenarioName;
  const live = liveWorkbook({
    scenario: input.scenario,
    evaluation: input.evaluation,
    money: input.money,
    scale: input.scale ?? 'unit',
    t: input.t,
    scenarioName: input.scenarioName,
    generatedText: generatedText(input.generatedAt),
    ...(input.preparedBy === undefined ? {} : { preparedBy: input.preparedBy }),
    ...(input.notes === undefined ? {} : { notes: input.notes }),
  });
  const sheets = live.sheets.map((model) => writeSheet(wb, model));
  // The hardware each way uses follows the inputs (text and values, for reading).
  const inputs = sheets[LIVE_SHEET_IDS.indexOf('inputs')];
  if (inputs) hardwareBlock(inputs, input);
  // Budget vs actual, while a budget version is open with its bills: after the cash and the checks.
  if (input.budgetActual) {
    const budget = budgetActualSheets(
      { variance: sheetName(input.t, 'variance'), reforecast: sheetName(input.t, 'reforecast') },
      input.budgetActual,
      input.money,
      input.t,
    );
    writeSheet(wb, budget.variance);
    writeSheet(wb, budget.reforecast);
  }
  const uncertainty = wb.addWorksheet(sheetName(input.t, 'uncertainty'), {
    views: [{ state: 'frozen', xSplit: 1, ySplit: 0 }],
  });
  uncertaintySheet(uncertainty, input);
  writeSheet(wb, sizingSheetOf(input));
  planSheet(wb, input.scenario, input.evaluation, input.money, input.t);
  // The same term list as the page and the PDF, last: a reference, not a calculation.
  writeSheet(wb, glossarySheet(input.t));
  // A spreadsheet recalculates on opening; the cached results are the engine's values meanwhile.
  wb.calcProperties = { fullCalcOnLoad: true };
  return wb;
}

/** The sizing curve and the buy-N budget plan (the dashboard's and the PDF's numbers). */
function sizingSheetOf(input: WorkbookInput): SheetModel {
  const { scenario, t, money } = input;
  const band = input.sizing ?? null;
  const curve = sizingCurve(scenario);
  const plan = budgetPlan(
    scenario,
    curve.optimumGpus,
    planBandFits(curve, band) ? band.burstP90ByQuarterCny : null,
  );
  return sizingSheet(
    t('sizing:excel.sheet'),
    curve,
    band,
    plan,
    capexSentence(plan, curve.stepGpus, money, t),
    t,
  );
}

/** "2026-12-01 15:55" in local time: when the file was made. */
function generatedText(d: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** The workbook as .xlsx bytes. */
export async function workbookBytes(input: WorkbookInput): Promise<ArrayBuffer> {
  return (await buildWorkbook(input).xlsx.writeBuffer()) as ArrayBuffer;
}
