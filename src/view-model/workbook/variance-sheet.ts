import type { TFunction } from 'i18next';
import { COST_CATEGORIES, type StrategyId, type WayMonthFigures } from '../../engine';
import { formatNumber, type MoneyFormat } from '../../lib/format';
import type { BudgetActualReport } from '../budget-actuals';
import { reforecastTexts } from '../budget-actuals-text';
import { add, and, cmp, div, type Expr, iff, lit, min, mul, numberOf, rangeCall, ref, sub } from './expr';
import { INTEGER_FORMAT } from './number-format';
import { type CellModel, columnLetter, SheetBuilder, type SheetModel } from './sheet-model';

const AMOUNT = INTEGER_FORMAT;
const HOURS = INTEGER_FORMAT;
const RATIO = '0.0000';
const CHECK = '#,##0.00';

/** The Variance sheet's columns (1-based). */
const V = {
  month: 1,
  way: 2,
  billed: 3,
  budgetUseful: 4,
  budgetHeld: 5,
  budgetSpend: 6,
  actualUseful: 7,
  actualHeld: 8,
  actualSpend: 9,
  difference: 10,
  volume: 11,
  efficiency: 12,
  price: 13,
  check: 14,
  budgetCategory: 15,
  actualCategory: 15 + COST_CATEGORIES.length,
} as const;

/** Where the two sheets keep their totals and trend ratios (1-based rows and columns). */
export interface BudgetActualLayout {
  variance: { firstRow: number; lastRow: number; totalRow: number; categoryRows: number[] };
  reforecast: {
    /** Rows of the trend block: useful, held, spend, utilization, price per held GPU-hour. */
    trend: { useful: number; held: number; spend: number; utilization: number; price: number };
    /** The ratios (actual ÷ budget) are in column D of the trend's rows useful, utilization and price. */
    ratioColumn: number;
    /** Months (B), outturn (C), budget (D), outturn − budget (E) of the first year and the horizon. */
    year: number;
    horizon: number;
    /** Rows of the cells not billed: month, way, budget spend (C), reforecast spend (D). */
    aheadFirstRow: number;
    aheadLastRow: number;
  };
}

export interface BudgetActualSheets {
  variance: SheetModel;
  reforecast: SheetModel;
  layout: BudgetActualLayout;
}

type Side = Omit<WayMonthFigures, 'month' | 'way'>;

const key = (month: number, way: StrategyId) => `${month}|${way}`;

/** A side's cells by (month, way); two rows for the same cell add up, as the engine adds them. */
function byKey(cells: readonly WayMonthFigures[]): Map<string, Side> {
  const out = new Map<string, Side>();
  for (const c of cells) {
    const k = key(c.month, c.way);
    const seen = out.get(k);
    if (!seen) {
      out.set(k, c);
      continue;
    }
    const spend = { ...seen.spendByCategoryCny };
    for (const cat of COST_CATEGORIES) spend[cat] += c.spendByCategoryCny[cat];
    out.set(k, {
      usefulGpuHours: seen.usefulGpuHours + c.usefulGpuHours,
      heldGpuHours: seen.heldGpuHours + c.heldGpuHours,
      spendByCategoryCny: spend,
    });
  }
  return out;
}

const spendOf = (side: Side) => COST_CATEGORIES.reduce((s, c) => s + side.spendByCategoryCny[c], 0);

const formula = (e: Expr, numFmt: string, bold = false): CellModel => ({
  value: e.v,
  formula: e.f,
  numFmt,
  ...(bold ? { bold } : {}),
});

/** A formula whose cached result is the engine's figure (the formula recomputes it within rounding). */
const engine = (e: Expr, value: number): Expr => ({ ...e, v: value });

/**
 * The "Budget vs actual" of a budget version with its bills, as two live sheets (issue 39 item 6):
 *
 * - **Variance**: one row per (month, way) cell of the comparison — the budget's and the bills' useful
 *   and held GPU-hours and spend by the six categories (values), spend as their sum, and the
 *   flexible-budget split of the difference as formulas (engine budget-variance.ts `varianceSplit`:
 *   volume, utilization, price; all volume where the budget has no useful or no held hours), a check
 *   column, the total row and the categories' totals.
 * - **Reforecast**: the trend ratios over the cells billed (engine reforecast.ts `trendRatios`, 1
 *   where either side has none of a driver), each budget cell not billed re-priced on them (budget ×
 *   usage ÷ utilization × price), the first year's and the horizon's outturn against the budget of the
 *   ways billed, and whether the version's recommendation holds (text: a re-evaluation, not a formula).
 *
 * Amounts in CNY, as the calculation sheets; every formula's cached result is the engine's figure.
 */
export function budgetActualSheets(
  names: { variance: string; reforecast: string },
  report: BudgetActualReport,
  money: MoneyFormat,
  t: TFunction,
): BudgetActualSheets {
  const c = report.comparison;
  const way = (id: StrategyId) => t(`common:strategy.${id}`);
  const labelValue = (label: string, value: string) => t('common:join.labelValue', { label, value });
  const L = (k: string, options: Record<string, unknown> = {}) => t(`export:workbook.variance.${k}`, options);
  const R = (k: string, options: Record<string, unknown> = {}) =>
    t(`export:workbook.reforecast.${k}`, options);

  // ── Variance ──
  const v = new SheetBuilder(names.variance, [
    8,
    14,
    10,
    ...Array.from({ length: V.check - V.billed }, () => 16),
    ...Array.from({ length: 2 * COST_CATEGORIES.length }, () => 14),
  ]);
  v.add([
    { value: t('scenarios:actuals.report.version'), bold: true },
    { value: t('scenarios:budget.entryName', { label: report.stamp.label, version: report.stamp.version }) },
  ]);
  v.add([
    { value: t('scenarios:actuals.report.bills'), bold: true },
    {
      value: t('scenarios:actuals.report.billsValue', {
        file: report.file,
        rows: formatNumber(report.rows, money.locale),
        months: formatNumber(c.lastMonth, money.locale),
      }),
    },
  ]);
  v.note(L('note'));
  const budget = L('budget');
  const actual = L('actual');
  v.header(
    [
      L('month'),
      L('way'),
      L('billed'),
      labelValue(budget, L('useful')),
      labelValue(budget, L('held')),
      labelValue(budget, L('spend')),
      labelValue(actual, L('useful')),
      labelValue(actual, L('held')),
      labelValue(actual, L('spend')),
      L('difference'),
      L('volume'),
      L('efficiency'),
      L('price'),
      L('check'),
      ...COST_CATEGORIES.map((k) => labelValue(budget, t(`charts:category.${k}`))),
      ...COST_CATEGORIES.map((k) => labelValue(actual, t(`charts:category.${k}`))),
    ],
    true,
  );
  v.model.frozenColumns = 2;

  const budgetCells = byKey(c.budgetCells);
  const actualCells = byKey(c.actualCells);
  const none: Side = {
    usefulGpuHours: 0,
    heldGpuHours: 0,
    spendByCategoryCny: { compute: 0, energy: 0, time: 0, ops: 0, failure: 0, iteration: 0 },
  };
  const first = v.rowCount + 1;
  for (const cell of c.variance.cells) {
    const row = v.rowCount + 1;
    const k = key(cell.month, cell.way);
    const b = budgetCells.get(k) ?? none;
    const a = actualCells.get(k) ?? none;
    const at = (column: number, value: number) => ref(`${columnLetter(column)}${row}`, value);
    const range = (from: number) =>
      `${columnLetter(from)}${row}:${columnLetter(from + COST_CATEGORIES.length - 1)}${row}`;
    const Ub = at(V.budgetUseful, b.usefulGpuHours);
    const Hb = at(V.budgetHeld, b.heldGpuHours);
    const Sb = at(V.budgetSpend, cell.budgetSpendCny);
    const Ua = at(V.actualUseful, a.usefulGpuHours);
    const Ha = at(V.actualHeld, a.heldGpuHours);
    const Sa = at(V.actualSpend, cell.actualSpendCny);
    const split = cell.split;
    const difference = engine(sub(Sa, Sb), split.differenceCny);
    const D = at(V.difference, split.differenceCny);
    // varianceSplit: a budget without useful or held hours has no rates to flex — all volume.
    const rates = and(cmp(Ub, '>', 0), cmp(Hb, '>', 0));
    const pricePerHeld = div(Sb, Hb);
    const volume = engine(iff(rates, div(mul(Sb, sub(Ua, Ub)), Ub), D), split.volumeCny);
    const efficiency = engine(
      iff(rates, mul(sub(Ha, div(mul(Ua, Hb), Ub)), pricePerHeld), 0),
      split.efficiencyCny,
    );
    const price = engine(iff(rates, sub(Sa, mul(Ha, pricePerHeld)), 0), split.priceCny);
    const check = sub(
      add(at(V.volume, split.volumeCny), at(V.efficiency, split.efficiencyCny), at(V.price, split.priceCny)),
      D,
    );
    v.add([
      { value: cell.month, numFmt: INTEGER_FORMAT },
      { value: way(cell.way) },
      { value: actualCells.has(k) ? 1 : 0, numFmt: INTEGER_FORMAT },
      { value: b.usefulGpuHours, numFmt: HOURS },
      { value: b.heldGpuHours, numFmt: HOURS },
      formula(rangeCall('SUM', [range(V.budgetCategory)], cell.budgetSpendCny), AMOUNT),
      { value: a.usefulGpuHours, numFmt: HOURS },
      { value: a.heldGpuHours, numFmt: HOURS },
      formula(rangeCall('SUM', [range(V.actualCategory)], cell.actualSpendCny), AMOUNT),
      formula(difference, AMOUNT),
      formula(volume, AMOUNT),
      formula(efficiency, AMOUNT),
      formula(price, AMOUNT),
      formula(check, CHECK),
      ...COST_CATEGORIES.map((k) => ({ value: b.spendByCategoryCny[k], numFmt: AMOUNT })),
      ...COST_CATEGORIES.map((k) => ({ value: a.spendByCategoryCny[k], numFmt: AMOUNT })),
    ]);
  }
  const last = v.rowCount;
  const column = (col: number) =>
    v.model.rows.slice(first - 1, last).map((r) => Number(r[col - 1]?.value ?? 0));
  const sumOf = (col: number, value = column(col).reduce((s, x) => s + x, 0)) =>
    rangeCall('SUM', [v.range(col, first, last, false)], value);
  const total = c.variance.total;
  const totalRow = v.rowCount + 1;
  const T = (col: number, value: number) => ref(`${columnLetter(col)}${totalRow}`, value);
  v.add([
    { value: L('total'), bold: true },
    null,
    null,
    formula(sumOf(V.budgetUseful), HOURS, true),
    formula(sumOf(V.budgetHeld), HOURS, true),
    formula(sumOf(V.budgetSpend, total.budgetSpendCny), AMOUNT, true),
    formula(sumOf(V.actualUseful), HOURS, true),
    formula(sumOf(V.actualHeld), HOURS, true),
    formula(sumOf(V.actualSpend, total.actualSpendCny), AMOUNT, true),
    formula(sumOf(V.difference, total.split.differenceCny), AMOUNT, true),
    formula(sumOf(V.volume, total.split.volumeCny), AMOUNT, true),
    formula(sumOf(V.efficiency, total.split.efficiencyCny), AMOUNT, true),
    formula(sumOf(V.price, total.split.priceCny), AMOUNT, true),
    formula(
      sub(
        add(
          T(V.volume, total.split.volumeCny),
          T(V.efficiency, total.split.efficiencyCny),
          T(V.price, total.split.priceCny),
        ),
        T(V.difference, total.split.differenceCny),
      ),
      CHECK,
      true,
    ),
  ]);

  // The categories: each a column of the cells above, summed.
  v.gap();
  v.title(L('byCategory'));
  v.header([L('category'), budget, actual, L('difference')]);
  const categoryRows: number[] = [];
  for (const [i, k] of COST_CATEGORIES.entries()) {
    const row = v.rowCount + 1;
    const figures = c.variance.byCategory[k];
    const b = engine(sumOf(V.budgetCategory + i), figures.budgetSpendCny);
    const a = engine(sumOf(V.actualCategory + i), figures.actualSpendCny);
    v.add([
      { value: t(`charts:category.${k}`) },
      formula(b, AMOUNT),
      formula(a, AMOUNT),
      formula(
        engine(sub(ref(`C${row}`, numberOf(a)), ref(`B${row}`, numberOf(b))), figures.split.differenceCny),
        AMOUNT,
      ),
    ]);
    categoryRows.push(row);
  }
  const firstCategory = categoryRows[0] ?? v.rowCount;
  const lastCategory = v.rowCount;
  const valueAt = (line: number, col: number) => Number(v.model.rows[line - 1]?.[col - 1]?.value ?? 0);
  const categorySum = (col: number) =>
    rangeCall(
      'SUM',
      [v.range(col, firstCategory, lastCategory, false)],
      categoryRows.reduce((s, line) => s + valueAt(line, col), 0),
    );
  const categoryTotalRow = v.rowCount + 1;
  const budgetByCategory = categorySum(2);
  const actualByCategory = categorySum(3);
  const differenceByCategory = categorySum(4);
  v.add([
    { value: L('total'), bold: true },
    formula(budgetByCategory, AMOUNT, true),
    formula(actualByCategory, AMOUNT, true),
    formula(differenceByCategory, AMOUNT, true),
  ]);
  const C = (col: number, value: number) => ref(`${columnLetter(col)}${categoryTotalRow}`, value);
  v.add([
    { value: L('categoriesCheck'), italic: true },
    formula(sub(C(2, numberOf(budgetByCategory)), T(V.budgetSpend, total.budgetSpendCny)), CHECK),
    formula(sub(C(3, numberOf(actualByCategory)), T(V.actualSpend, total.actualSpendCny)), CHECK),
    formula(sub(C(4, numberOf(differenceByCategory)), T(V.difference, total.split.differenceCny)), CHECK),
  ]);

  // ── Reforecast ──
  const r = c.reforecast;
  const f = new SheetBuilder(names.reforecast, [44, 16, 18, 18, 18]);
  f.note(R('note', { sheet: names.variance }));
  f.header([R('trendTitle'), budget, actual, R('ratio')], true);
  const there = (col: number) => v.range(col, first, last, true);
  const billedRows = c.variance.cells.map((cell) => actualCells.has(key(cell.month, cell.way)));
  const billedSum = (col: number) =>
    rangeCall(
      'SUMIF',
      [there(V.billed), '1', there(col)],
      column(col).reduce((s, x, i) => (billedRows[i] ? s + x : s), 0),
    );
  const trendFirst = f.rowCount + 1;
  const row = {
    useful: trendFirst,
    held: trendFirst + 1,
    spend: trendFirst + 2,
    utilization: trendFirst + 3,
    price: trendFirst + 4,
  };
  const Ub = billedSum(V.budgetUseful);
  const Ua = billedSum(V.actualUseful);
  const Hb = billedSum(V.budgetHeld);
  const Ha = billedSum(V.actualHeld);
  const Sb = billedSum(V.budgetSpend);
  const Sa = billedSum(V.actualSpend);
  const cellOf = (col: string, line: number, e: Expr) => ref(`${col}${line}`, numberOf(e));
  const [ub, ua, hb, ha, sb, sa] = [
    cellOf('B', row.useful, Ub),
    cellOf('C', row.useful, Ua),
    cellOf('B', row.held, Hb),
    cellOf('C', row.held, Ha),
    cellOf('B', row.spend, Sb),
    cellOf('C', row.spend, Sa),
  ] as [Expr, Expr, Expr, Expr, Expr, Expr];
  // trendRatios: actual ÷ budget, 1 where either side has none of the driver.
  const ratio = (x: Expr, y: Expr) => iff(and(cmp(y, '>', 0), cmp(x, '>', 0)), div(x, y), 1);
  const usage = engine(ratio(ua, ub), r.ratios.usage);
  const perHeld = (x: Expr, held: Expr) => iff(cmp(held, '>', 0), div(x, held), 0);
  const eb = perHeld(ub, hb);
  const ea = perHeld(ua, ha);
  const pb = perHeld(sb, hb);
  const pa = perHeld(sa, ha);
  const bothHeld = and(cmp(ha, '>', 0), cmp(hb, '>', 0));
  const efficiency = engine(
    iff(bothHeld, ratio(cellOf('C', row.utilization, ea), cellOf('B', row.utilization, eb)), 1),
    r.ratios.efficiency,
  );
  const price = engine(
    iff(bothHeld, ratio(cellOf('C', row.price, pa), cellOf('B', row.price, pb)), 1),
    r.ratios.price,
  );
  f.add([{ value: R('useful') }, formula(Ub, HOURS), formula(Ua, HOURS), formula(usage, RATIO)]);
  f.add([{ value: R('held') }, formula(Hb, HOURS), formula(Ha, HOURS)]);
  f.add([{ value: R('spend') }, formula(Sb, AMOUNT), formula(Sa, AMOUNT)]);
  f.add([{ value: R('utilization') }, formula(eb, RATIO), formula(ea, RATIO), formula(efficiency, RATIO)]);
  f.add([{ value: R('pricePerHeld') }, formula(pb, CHECK), formula(pa, CHECK), formula(price, RATIO)]);
  const ratioRef = (line: number, e: Expr) => ref(`$D$${line}`, numberOf(e));
  const usageRef = ratioRef(row.useful, usage);
  const efficiencyRef = ratioRef(row.utilization, efficiency);
  const priceRef = ratioRef(row.price, price);

  f.gap();
  const ways = r.ways.map(way).join(t('common:issue.separator'));
  f.header([R('outturnTitle', { ways }), R('months'), R('outturn'), R('budget'), R('outturnLessBudget')]);
  const yearRow = f.add([]);
  const horizonRow = f.add([]);
  f.note(R('outturnNote'));

  f.gap();
  f.title(R('decisionTitle'));
  const d = r.decision;
  f.add([{ value: R('recommended') }, { value: way(d.budgetWay) }]);
  f.add([{ value: R('nowCheapest') }, { value: way(d.nowWay) }]);
  f.add([{ value: R('holds') }, { value: t(d.holds ? 'export:excel.yes' : 'export:excel.no') }]);
  f.add([{ value: R('billedWay') }, { value: way(r.billedWay) }]);
  const text = reforecastTexts(t, r, c.lastMonth, money);
  f.add([{ value: text.flip ? `${text.decision} ${text.flip}` : text.decision }]);
  f.note(R('decisionNote'));

  f.gap();
  f.title(R('aheadTitle'));
  f.header([L('month'), L('way'), R('budget'), R('reforecast')]);
  const ahead = new Map(r.aheadCells.map((cell) => [key(cell.month, cell.way), cell]));
  const aheadFirst = f.rowCount + 1;
  for (const cell of r.unbilledBudgetCells) {
    const line = f.rowCount + 1;
    const spend = spendOf(cell);
    const onTrend = ahead.get(key(cell.month, cell.way));
    const reforecast = mul(div(mul(ref(`C${line}`, spend), usageRef), efficiencyRef), priceRef);
    f.add([
      { value: cell.month, numFmt: INTEGER_FORMAT },
      { value: way(cell.way) },
      { value: spend, numFmt: AMOUNT },
      formula(engine(reforecast, onTrend ? spendOf(onTrend) : numberOf(reforecast)), AMOUNT),
    ]);
  }
  const aheadLast = f.rowCount;
  const anyAhead = aheadLast >= aheadFirst;
  const aheadColumn = (col: number) =>
    f.model.rows.slice(aheadFirst - 1, aheadLast).map((cells) => Number(cells[col - 1]?.value ?? 0));
  const aheadRange = (col: number) => f.range(col, aheadFirst, aheadLast, false);
  const aheadAll = (col: number): Expr =>
    anyAhead
      ? rangeCall(
          'SUM',
          [aheadRange(col)],
          aheadColumn(col).reduce((s, x) => s + x, 0),
        )
      : lit(0);
  if (anyAhead)
    f.add([
      { value: L('total'), bold: true },
      null,
      formula(aheadAll(3), AMOUNT, true),
      formula(aheadAll(4), AMOUNT, true),
    ]);

  // The outturn: bills of the cells billed + the cells not billed on the trend; the budget of both.
  const months = (line: number, value: number) => ref(`B${line}`, value);
  const horizonMonths = months(horizonRow, r.horizonMonths);
  const yearMonths = engine(min(12, horizonMonths), r.yearMonths);
  const upTo = (line: number) => `"<="&B${line}`;
  const aheadMonths = aheadColumn(1);
  const cellMonths = column(V.month);
  const billedUpTo = (col: number, line: number, limit: number) =>
    rangeCall(
      'SUMIFS',
      [there(col), there(V.billed), '1', there(V.month), upTo(line)],
      column(col).reduce((s, x, i) => (billedRows[i] && (cellMonths[i] ?? 0) <= limit ? s + x : s), 0),
    );
  const aheadUpTo = (col: number, line: number, limit: number): Expr =>
    anyAhead
      ? rangeCall(
          'SUMIF',
          [aheadRange(1), upTo(line), aheadRange(col)],
          aheadColumn(col).reduce((s, x, i) => ((aheadMonths[i] ?? 0) <= limit ? s + x : s), 0),
        )
      : lit(0);
  const outturnRow = (line: number, label: string, monthsCell: CellModel, outturn: Expr, plan: Expr) => {
    const o = ref(`C${line}`, numberOf(outturn));
    const p = ref(`D${line}`, numberOf(plan));
    f.set(line, [
      { value: label },
      monthsCell,
      formula(outturn, AMOUNT),
      formula(plan, AMOUNT),
      formula(sub(o, p), AMOUNT),
    ]);
  };
  const Y = r.yearMonths;
  outturnRow(
    yearRow,
    R('firstYear'),
    formula(yearMonths, INTEGER_FORMAT),
    engine(add(billedUpTo(V.actualSpend, yearRow, Y), aheadUpTo(4, yearRow, Y)), r.yearOutturnCny),
    engine(add(billedUpTo(V.budgetSpend, yearRow, Y), aheadUpTo(3, yearRow, Y)), r.yearBudgetCny),
  );
  outturnRow(
    horizonRow,
    R('horizon'),
    { value: r.horizonMonths, numFmt: INTEGER_FORMAT },
    engine(add(billedSum(V.actualSpend), aheadAll(4)), r.horizonOutturnCny),
    engine(add(billedSum(V.budgetSpend), aheadAll(3)), r.horizonBudgetCny),
  );

  return {
    variance: v.model,
    reforecast: f.model,
    layout: {
      variance: { firstRow: first, lastRow: last, totalRow, categoryRows },
      reforecast: {
        trend: row,
        ratioColumn: 4,
        year: yearRow,
        horizon: horizonRow,
        aheadFirstRow: aheadFirst,
        aheadLastRow: aheadLast,
      },
    },
  };
}
