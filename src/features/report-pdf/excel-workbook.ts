import ExcelJS from 'exceljs';
import type { TFunction } from 'i18next';
import {
  COMPARATOR_IDS,
  type Evaluation,
  type MonteCarloResult,
  PARAMETERS,
  parameter,
  readInput,
  type Scenario,
  STRATEGY_IDS,
  type StrategyId,
  type TornadoResult,
} from '../../engine';
import { convertCny, formatNumber, type MoneyFormat } from '../../lib/format';
import {
  breakdownTable,
  type TotalKind,
  UNIT_COST_DECIMALS,
  unitCostLabel,
} from '../../view-model/breakdown-table';
import { irrText, paybackText, yearHeader } from '../../view-model/cash-text';
import { comparatorName } from '../../view-model/comparison-text';
import { hardwareRows, sourceText } from '../../view-model/hardware-rows';
import { vatStateText } from '../../view-model/vat-text';
import { capexTotal, cashSection, summaryOf } from './cash-section';
import { isChangedAssumption } from './report-model';

/**
 * The Excel workbook (issue 11): sheets Summary, Cash by year, Breakdown, Assumptions and Uncertainty,
 * in the reader's language. Numbers are numbers with number formats. Where a finance reader would edit
 * an input, the totals are live formulas (a category's monthly amount → the strategy's monthly total →
 * annual = monthly × 12, horizon = monthly × months; cumulative cash = previous + this year), each with
 * its cached result set to the engine's value, so the file opens with the app's numbers even where
 * formulas are not recalculated. Money is in the display currency, like the app's tables.
 */

export interface WorkbookInput {
  scenario: Scenario;
  evaluation: Evaluation;
  money: MoneyFormat;
  t: TFunction;
  scenarioName: string;
  /** The verdict sentence, as on page 1 of the PDF. */
  verdict: string;
  generatedAt: Date;
  preparedBy?: string;
  notes?: string;
  monteCarlo: MonteCarloResult | null;
  tornado: TornadoResult | null;
}

export type SheetId = 'summary' | 'cash' | 'breakdown' | 'assumptions' | 'uncertainty';
export const SHEET_IDS: readonly SheetId[] = ['summary', 'cash', 'breakdown', 'assumptions', 'uncertainty'];

/** Excel column letter of a 1-based column number (1 → A, 27 → AA). */
export function columnLetter(column: number): string {
  let out = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

/** A sheet name quoted for a formula ('成本构成'!B9). */
function ref(sheet: string, cell: string): string {
  return `'${sheet.replace(/'/g, "''")}'!${cell}`;
}

/** Whole units of the display currency, with its symbol. */
export function moneyFormat(money: Pick<MoneyFormat, 'currency'>, decimals = 0): string {
  const symbol = money.currency === 'USD' ? '"$"' : '"¥"';
  return `${symbol}#,##0${decimals > 0 ? `.${'0'.repeat(decimals)}` : ''};-${symbol}#,##0${decimals > 0 ? `.${'0'.repeat(decimals)}` : ''}`;
}
export const PERCENT_FORMAT = '0.0%';

/** Engine CNY → display currency, rounded to 1e-6 so stored values are not noise-heavy. */
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

/** Row numbers the formulas of other sheets refer to. */
interface BreakdownLayout {
  monthlyTotalRow: number;
}

function breakdownSheet(wb: ExcelJS.Workbook, name: string, input: WorkbookInput): BreakdownLayout {
  const { t } = input;
  // The dashboard's breakdown table, row for row (src/view-model/breakdown-table.ts); the totals are
  // formulas over the rows, cached at the engine's totals.
  const table = breakdownTable(input.evaluation);
  const totalOf = (kind: TotalKind) => table.totals.find((row) => row.kind === kind)!;
  const sheet = wb.addWorksheet(name);
  const fmt = moneyFormat(input.money);
  sheet.columns = [{ width: 26 }, ...STRATEGY_IDS.map(() => ({ width: 18 }))];
  bold(sheet.addRow([t('export:excel.monthlyTitle')]));
  header(sheet, [t('export:excel.category'), ...STRATEGY_IDS.map((id) => t(`common:strategy.${id}`))]);
  const firstMonthly = sheet.rowCount + 1;
  for (const category of table.categories) {
    const row = sheet.addRow([
      t(`charts:category.${category.category}`),
      ...STRATEGY_IDS.map((id) => money(category[id], input.money)),
    ]);
    row.eachCell((cell, col) => {
      if (col > 1) cell.numFmt = fmt;
    });
  }
  const lastMonthly = sheet.rowCount;
  const totalRow = sheet.addRow([t('export:excel.total')]);
  STRATEGY_IDS.forEach((id, i) => {
    const col = columnLetter(i + 2);
    const cell = totalRow.getCell(i + 2);
    cell.value = {
      formula: `SUM(${col}${firstMonthly}:${col}${lastMonthly})`,
      result: money(totalOf('monthly')[id], input.money),
    };
    cell.numFmt = fmt;
  });
  bold(totalRow);
  const monthlyTotalRow = totalRow.number;
  sheet.addRow([]);
  bold(sheet.addRow([t('export:excel.annualTitle')]));
  header(sheet, [t('export:excel.category'), ...STRATEGY_IDS.map((id) => t(`common:strategy.${id}`))]);
  const firstAnnual = sheet.rowCount + 1;
  table.categories.forEach((category, k) => {
    const row = sheet.addRow([t(`charts:category.${category.category}`)]);
    STRATEGY_IDS.forEach((id, i) => {
      const col = columnLetter(i + 2);
      const cell = row.getCell(i + 2);
      cell.value = {
        formula: `${col}${firstMonthly + k}*12`,
        result: money(category[id], input.money) * 12,
      };
      cell.numFmt = fmt;
    });
  });
  const lastAnnual = sheet.rowCount;
  const annualTotal = sheet.addRow([t('export:excel.total')]);
  STRATEGY_IDS.forEach((id, i) => {
    const col = columnLetter(i + 2);
    const cell = annualTotal.getCell(i + 2);
    cell.value = {
      formula: `SUM(${col}${firstAnnual}:${col}${lastAnnual})`,
      result: money(totalOf('annual')[id], input.money),
    };
    cell.numFmt = fmt;
  });
  bold(annualTotal);
  sheet.addRow([]);
  for (const unit of table.unitCosts) {
    const row = sheet.addRow([
      unitCostLabel(unit.kind, t),
      ...STRATEGY_IDS.map((id) => money(unit[id], input.money)),
    ]);
    row.eachCell((cell, col) => {
      if (col > 1) cell.numFmt = moneyFormat(input.money, UNIT_COST_DECIMALS);
    });
  }
  return { monthlyTotalRow };
}

function summarySheet(
  sheet: ExcelJS.Worksheet,
  breakdownName: string,
  layout: BreakdownLayout,
  input: WorkbookInput,
): void {
  const { evaluation, t, scenario } = input;
  const m = input.money;
  const fmt = moneyFormat(m);
  sheet.columns = [
    { width: 28 },
    { width: 18 },
    { width: 22 },
    { width: 24 },
    { width: 18 },
    { width: 22 },
    { width: 12 },
    { width: 18 },
    { width: 10 },
  ];
  const title = sheet.addRow([t('export:excel.title', { name: input.scenarioName })]);
  title.font = { bold: true, size: 14 };
  const generated = sheet.addRow([t('export:excel.generated'), input.generatedAt]);
  generated.getCell(2).numFmt = 'yyyy-mm-dd hh:mm';
  if (input.preparedBy?.trim()) sheet.addRow([t('export:summary.preparedBy'), input.preparedBy.trim()]);
  if (input.notes?.trim()) sheet.addRow([t('export:summary.notes'), input.notes.trim()]);
  sheet.addRow([
    t('export:excel.currency'),
    m.currency === 'USD'
      ? t('export:excel.currencyUsd', { rate: formatNumber(m.cnyPerUsd, m.locale, 4) })
      : t('export:excel.currencyCny'),
  ]);
  const horizon = sheet.addRow([t('export:excel.horizon'), scenario.horizonMonths]);
  const horizonCell = `$B$${horizon.number}`;
  sheet.addRow([t('export:excel.verdict'), input.verdict]);
  sheet.addRow([]);
  header(sheet, [
    t('export:excel.strategy'),
    t('export:excel.monthly'),
    t('export:excel.annual'),
    t('export:excel.horizonTotal'),
    t('export:excel.unitCost'),
    t('export:excel.perPflop'),
    t('export:excel.utilization'),
    t('export:excel.npv'),
    t('export:excel.eligible'),
  ]);
  STRATEGY_IDS.forEach((id, i) => {
    const r = evaluation.strategies[id];
    const row = sheet.addRow([t(`common:strategy.${id}`)]);
    const n = row.number;
    row.getCell(2).value = {
      formula: ref(breakdownName, `${columnLetter(i + 2)}${layout.monthlyTotalRow}`),
      result: money(r.monthlyCny, m),
    };
    row.getCell(3).value = { formula: `B${n}*12`, result: money(r.annualCny, m) };
    row.getCell(4).value = { formula: `B${n}*${horizonCell}`, result: money(r.horizonCny, m) };
    row.getCell(5).value = money(r.costPerUsefulGpuHourCny, m);
    row.getCell(6).value = money(r.costPerUsefulPflopHourCny, m);
    row.getCell(7).value = r.utilization;
    row.getCell(8).value = money(r.npvCny, m);
    row.getCell(9).value = t(r.eligible ? 'export:excel.yes' : 'export:excel.no');
    for (const c of [2, 3, 4, 8]) row.getCell(c).numFmt = fmt;
    row.getCell(5).numFmt = moneyFormat(m, 2);
    row.getCell(6).numFmt = moneyFormat(m, 2);
    row.getCell(7).numFmt = PERCENT_FORMAT;
    if (id === evaluation.recommendation.strategy) row.font = { bold: true };
  });
  sheet.addRow([]);
  sheet.addRow([t('export:excel.note', { currency: m.currency })]).font = {
    italic: true,
    color: { argb: 'FF4B5563' },
  };
}

function cashSheet(sheet: ExcelJS.Worksheet, input: WorkbookInput): void {
  const { scenario, t } = input;
  const m = input.money;
  const locale = m.locale;
  const fmt = moneyFormat(m);
  const cash = cashSection(scenario, locale);
  const n = STRATEGY_IDS.length;
  sheet.columns = [
    { width: 30 },
    { width: 8 },
    ...STRATEGY_IDS.flatMap(() => [{ width: 16 }, { width: 16 }]),
  ];
  bold(sheet.addRow([t('export:cash.heading')]));
  const rate = sheet.addRow([t('export:excel.discountRate'), cash.discountRateFractionPerYear]);
  rate.getCell(2).numFmt = PERCENT_FORMAT;
  sheet.addRow([vatStateText(t, cash.vat, locale)]);
  sheet.addRow([]);
  const name = (id: StrategyId) => t(`common:strategy.${id}`);
  const eligible = (id: StrategyId) => summaryOf(cash, id).eligible;
  header(sheet, [
    t('export:excel.year'),
    t('export:excel.months'),
    ...STRATEGY_IDS.map((id) => `${name(id)}: ${t('export:excel.cashOut')}`),
    ...STRATEGY_IDS.map((id) => `${name(id)}: ${t('export:excel.cumulative')}`),
  ]);
  const first = sheet.rowCount + 1;
  cash.columns.forEach((y, k) => {
    const row = sheet.addRow([y.year, y.months]);
    STRATEGY_IDS.forEach((id, i) => {
      if (!eligible(id)) return;
      const out = summaryOf(cash, id).years[k] ?? 0;
      const cum = cash.detail.find((d) => d.strategy === id && d.line.kind === 'cumulative')?.years[k] ?? 0;
      const outCol = columnLetter(3 + i);
      const cumCol = columnLetter(3 + n + i);
      const outCell = row.getCell(3 + i);
      outCell.value = money(out, m);
      outCell.numFmt = fmt;
      const cumCell = row.getCell(3 + n + i);
      cumCell.value = {
        formula: k === 0 ? `${outCol}${row.number}` : `${cumCol}${row.number - 1}+${outCol}${row.number}`,
        result: money(cum, m),
      };
      cumCell.numFmt = fmt;
    });
  });
  const last = sheet.rowCount;
  const total = sheet.addRow([t('export:cash.total')]);
  STRATEGY_IDS.forEach((id, i) => {
    if (!eligible(id)) return;
    const col = columnLetter(3 + i);
    const cell = total.getCell(3 + i);
    cell.value = {
      formula: `SUM(${col}${first}:${col}${last})`,
      result: money(summaryOf(cash, id).total, m),
    };
    cell.numFmt = fmt;
  });
  bold(total);
  const valueRow = (label: string, pick: (id: StrategyId) => number) => {
    const row = sheet.addRow([label]);
    STRATEGY_IDS.forEach((id, i) => {
      if (!eligible(id)) return;
      const cell = row.getCell(3 + i);
      cell.value = money(pick(id), m);
      cell.numFmt = fmt;
    });
    return row;
  };
  valueRow(t('export:excel.capex'), (id) => capexTotal(cash, id));
  valueRow(t('export:excel.residual'), (id) => summaryOf(cash, id).residualValue);
  bold(valueRow(t('export:excel.npv'), (id) => summaryOf(cash, id).npv));

  // Self-build against each rental: NPV of building instead, IRR (a percent), discounted payback.
  sheet.addRow([]);
  bold(sheet.addRow([t('finance:returns.title')]));
  header(sheet, [
    t('finance:returns.comparator'),
    '',
    t('finance:returns.npvAdvantage'),
    t('finance:returns.irr'),
    t('export:excel.paybackMonth'),
    t('finance:returns.payback'),
  ]);
  for (const r of cash.returns) {
    const row = sheet.addRow([t(`finance:returns.vs.${r.comparator}`)]);
    if (!r.eligible) {
      row.getCell(3).value = t('export:cash.notEligible');
      continue;
    }
    row.getCell(3).value = money(r.npvAdvantage, m);
    row.getCell(3).numFmt = fmt;
    if (r.irr.kind === 'rate') {
      row.getCell(4).value = r.irr.fractionPerYear;
      row.getCell(4).numFmt = PERCENT_FORMAT;
    } else row.getCell(4).value = irrText(t, r.irr, locale);
    if (r.payback.kind === 'month') {
      row.getCell(5).value = r.payback.month;
      row.getCell(5).numFmt = '#,##0';
    } else if (r.payback.kind === 'immediate') row.getCell(5).value = 0;
    row.getCell(6).value = paybackText(t, r.payback, locale);
  }
  sheet.addRow([t('finance:returns.note')]).font = { italic: true, color: { argb: 'FF4B5563' } };

  // Each strategy's lines by year; cash out sums its lines and the running total adds it up, as formulas.
  sheet.addRow([]);
  bold(sheet.addRow([t('finance:cash.detailCaption', { unit: t(`finance:cash.unit.${m.currency}.unit`) })]));
  const yearCols = cash.columns.length;
  const totalCol = 3 + yearCols;
  header(sheet, [
    t('finance:cash.strategy'),
    '',
    ...cash.columns.map((c) => yearHeader(t, c)),
    t('finance:cash.total'),
  ]);
  for (const id of STRATEGY_IDS) {
    if (!eligible(id)) continue;
    const lines = cash.detail.filter((d) => d.strategy === id);
    bold(sheet.addRow([name(id)]));
    const firstLine = sheet.rowCount + 1;
    let cashOutRow = 0;
    for (const d of lines) {
      const row = sheet.addRow([
        d.line.kind === 'category'
          ? t(`charts:category.${d.line.category}`)
          : t(`finance:cash.lines.${d.line.kind}`),
      ]);
      const r = row.number;
      d.years.forEach((v, k) => {
        const cell = row.getCell(3 + k);
        const col = columnLetter(3 + k);
        if (d.line.kind === 'cashOut')
          cell.value = { formula: `SUM(${col}${firstLine}:${col}${r - 1})`, result: money(v, m) };
        else if (d.line.kind === 'cumulative')
          cell.value = {
            formula: k === 0 ? `${col}${cashOutRow}` : `${columnLetter(2 + k)}${r}+${col}${cashOutRow}`,
            result: money(v, m),
          };
        else cell.value = money(v, m);
        cell.numFmt = fmt;
      });
      if (d.total !== null) {
        const cell = row.getCell(totalCol);
        cell.value = {
          formula: `SUM(${columnLetter(3)}${r}:${columnLetter(totalCol - 1)}${r})`,
          result: money(d.total, m),
        };
        cell.numFmt = fmt;
      }
      if (d.line.kind === 'cashOut') {
        cashOutRow = r;
        bold(row);
      }
    }
  }
}

function assumptionsSheet(sheet: ExcelJS.Worksheet, input: WorkbookInput): void {
  const { scenario, t } = input;
  sheet.columns = [
    { width: 40 },
    { width: 14 },
    { width: 20 },
    { width: 14 },
    { width: 70 },
    { width: 10 },
    { width: 10 },
  ];
  header(sheet, [
    t('export:excel.parameter'),
    t('export:excel.value'),
    t('export:excel.unit'),
    t('export:excel.default'),
    t('export:excel.source'),
    t('export:excel.asOf'),
    t('export:excel.changed'),
  ]);
  for (const meta of PARAMETERS) {
    const value = readInput(scenario, meta.path);
    const changed = isChangedAssumption(scenario, meta);
    const percent = meta.unit === 'fraction' || meta.unit === 'fractionPerYear';
    const row = sheet.addRow([
      t(`common:params.${meta.path}`),
      Number.isFinite(value) ? value : null,
      t(`common:units.${meta.unit}`),
      meta.defaultValue,
      t(`common:sources.${meta.path}`, { defaultValue: meta.source }),
      meta.asOf,
      t(changed ? 'export:excel.yes' : 'export:excel.no'),
    ]);
    const numFmt = percent ? '0.00%' : meta.integer ? '#,##0' : '#,##0.######';
    row.getCell(2).numFmt = numFmt;
    row.getCell(4).numFmt = numFmt;
    row.getCell(5).alignment = { wrapText: true, vertical: 'top' };
    if (changed) {
      row.font = { bold: true };
      row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFEF3C7' } };
    }
  }
}

/**
 * The hardware each way uses and the inputs the choice filled, the user's own values marked: the
 * PDF's hardware rows (src/view-model/hardware-rows.ts), a way's name on every row.
 */
function hardwareBlock(sheet: ExcelJS.Worksheet, input: WorkbookInput): void {
  const { scenario, t } = input;
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
            `${way}: ${t('export:hardware.model')}`,
            row.denseTflops,
            row.denseTflops !== null ? 'TFLOPS' : '',
            row.modelName ?? t('hardware:custom'),
            row.source ? sourceText(row.source, t) : '',
            row.source?.asOf ?? '',
          ]),
        );
        break;
      case 'availability':
        sheet.addRow([
          `${way}: ${t('hardware:availability.label')}`,
          null,
          '',
          t(`hardware:availability.${row.status}`),
          row.source,
          row.asOf,
        ]);
        break;
      case 'ratio': {
        const ratio = sheet.addRow([
          `${way}: ${t('hardware:ratioLabel')}`,
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
          `${way}: ${t(`hardware:field.${row.path}`)}`,
          row.value,
          t(`common:units.${meta.unit}`),
          '',
          row.modelChosen && row.source ? sourceText(row.source, t) : t('hardware:referenceCustom'),
          row.modelChosen ? (row.source?.asOf ?? '') : '',
          row.userEdited ? yes : '',
        ]);
        r.getCell(2).numFmt = meta.integer ? '#,##0' : '#,##0.##';
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
    const numFmt = percent ? '0.00%' : '#,##0.####';
    for (const c of [2, 3, 4, 7]) row.getCell(c).numFmt = numFmt;
    for (const c of [5, 6]) row.getCell(c).numFmt = fmt;
  }
}

/** Sheet names in the reader's language (Excel allows 31 characters, no []:*?/\). */
export function sheetNames(t: TFunction): Record<SheetId, string> {
  return Object.fromEntries(
    SHEET_IDS.map((id) => [
      id,
      t(`export:excel.sheets.${id}`)
        .replace(/[[\]:*?/\\]/g, ' ')
        .slice(0, 31),
    ]),
  ) as Record<SheetId, string>;
}

export function buildWorkbook(input: WorkbookInput): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'GPU TCO Dashboard';
  wb.created = input.generatedAt;
  wb.title = input.scenarioName;
  const names = sheetNames(input.t);
  // Sheets in reading order; the Breakdown is filled first because the Summary's formulas point at it.
  const summary = wb.addWorksheet(names.summary);
  const cash = wb.addWorksheet(names.cash);
  const layout = breakdownSheet(wb, names.breakdown, input);
  const assumptions = wb.addWorksheet(names.assumptions);
  const uncertainty = wb.addWorksheet(names.uncertainty);
  summarySheet(summary, names.breakdown, layout, input);
  cashSheet(cash, input);
  assumptionsSheet(assumptions, input);
  hardwareBlock(assumptions, input);
  uncertaintySheet(uncertainty, input);
  // Excel recalculates the formulas on opening; their cached results are the engine's values meanwhile.
  wb.calcProperties = { fullCalcOnLoad: true };
  return wb;
}

/** The workbook as .xlsx bytes. */
export async function workbookBytes(input: WorkbookInput): Promise<ArrayBuffer> {
  return (await buildWorkbook(input).xlsx.writeBuffer()) as ArrayBuffer;
}
