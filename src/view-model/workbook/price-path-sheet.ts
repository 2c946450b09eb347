import type { TFunction } from 'i18next';
import type { PriceShape } from '../../engine';
import { marketFactorSum } from './costs/market';
import { add, cmp, div, type Expr, iff, lit, min, mul, pow, rangeCall, ref, sub } from './expr';
import { INTEGER_FORMAT } from './number-format';
import { type CellModel, columnLetter, SheetBuilder } from './sheet-model';

/**
 * The price path of GPU-time as formulas (src/engine/price-path.ts, model v4): each month's index
 * and the sum over months 1..n, which the calculation sheet (averages, the lead time) and the monthly
 * cash sheet read. A steady path is its closed form in the yearly decline; a shaped path gets a sheet
 * of its own — the points as inputs, and each month's index interpolated between the two points
 * around it in log space (a × (b ÷ a)^t), with a running sum.
 */
export interface PathFormulas {
  /** The index of month M (M ≥ 1; month 0 of the cash sheet reads 1). */
  factorAt(M: Expr): Expr;
  /** Σ of the indices over months 1..n (0 when n < 1). */
  sum(n: Expr): Expr;
  /** The average over months 1..H (1 when H ≤ 0). */
  average(H: Expr): Expr;
  /** The Price path sheet of a shaped path, or null. */
  sheet: SheetBuilder | null;
}

/** Months the path sheet lays out: the longest cash sheet (72) and the longest lead time (24). */
export const PATH_SHEET_MONTHS = 96;

/** The steady path's formulas in the yearly decline `d` (negative: a rise). */
function steadyFormulas(d: Expr): PathFormulas {
  const sumOf = marketFactorSum(d);
  return {
    factorAt: (M) => iff(cmp(d, '=', 0), 1, pow(sub(1, min(d, 0.999999)), div(sub(M, 1), 12))),
    sum: sumOf,
    average: (H) => iff(cmp(d, '=', 0), 1, iff(cmp(H, '<=', 0), 1, div(sumOf(H), H))),
    sheet: null,
  };
}

const POINT_MONTH_COLUMN = 5;
const POINT_INDEX_COLUMN = 6;

/** A shaped path's sheet and formulas. */
function shapedFormulas(
  shape: PriceShape,
  name: string,
  title: string,
  t: TFunction,
  noteKey: string,
): PathFormulas {
  const sheet = new SheetBuilder(name, [10, 14, 16, 4, 12, 14]);
  sheet.note(t(noteKey, { name: title }));
  if (shape.source) sheet.note(t('export:workbook.pricePath.source', { source: shape.source }));
  const header = sheet.header(
    [
      t('export:workbook.pricePath.month'),
      t('export:workbook.pricePath.index'),
      t('export:workbook.pricePath.cumulative'),
      '',
      t('export:workbook.pricePath.pointMonth'),
      t('export:workbook.pricePath.pointIndex'),
    ],
    true,
  );
  const first = header + 1;
  const points = shape.points;
  // The points' cells (inputs: edit an index and every month that reads it follows).
  const pointRow = (i: number) => first + i;
  const pointMonth = (i: number) =>
    ref(`$${columnLetter(POINT_MONTH_COLUMN)}$${pointRow(i)}`, (points[i] as { month: number }).month);
  const pointIndex = (i: number) =>
    ref(`$${columnLetter(POINT_INDEX_COLUMN)}$${pointRow(i)}`, (points[i] as { index: number }).index);
  const indices: number[] = [];
  const sums: number[] = [];
  for (let m = 1; m <= Math.max(PATH_SHEET_MONTHS, points.length); m++) {
    const row = first + m - 1;
    const cells: (CellModel | null)[] = [];
    if (m <= PATH_SHEET_MONTHS) {
      const index = indexFormula(points, m, pointMonth, pointIndex);
      const here = ref(`B${row}`, index.v);
      const cumulative = m === 1 ? mul(1, here) : add(ref(`C${row - 1}`, sums[m - 2] as number), here);
      indices.push(Number(index.v));
      sums.push(Number(cumulative.v));
      cells.push({ value: m, numFmt: INTEGER_FORMAT }, formulaCell(index), formulaCell(cumulative), null);
    } else cells.push(null, null, null, null);
    const p = points[m - 1];
    if (p) cells.push({ value: p.month, numFmt: INTEGER_FORMAT }, { value: p.index, numFmt: '0.0000' });
    sheet.add(cells);
  }
  const last = first + PATH_SHEET_MONTHS - 1;
  const indexRange = sheet.range(2, first, last, true);
  const sumRange = sheet.range(3, first, last, true);
  // Months beyond the sheet read its last month (every path is flat there: the last point is earlier).
  const clamp = (M: Expr) => min(M, PATH_SHEET_MONTHS);
  const at = (values: number[], M: Expr) =>
    values[Math.min(PATH_SHEET_MONTHS, Math.max(1, Math.floor(Number(M.v)))) - 1] as number;
  const factorAt = (M: Expr): Expr =>
    iff(cmp(M, '<', 1), 1, rangeCall('INDEX', [indexRange, clamp(M).f], at(indices, M)));
  const sum = (n: Expr): Expr =>
    iff(cmp(n, '<', 1), 0, rangeCall('INDEX', [sumRange, clamp(n).f], at(sums, n)));
  return {
    factorAt,
    sum,
    average: (H) => iff(cmp(H, '<=', 0), 1, div(sum(H), H)),
    sheet,
  };
}

/** Month m's index: a point's own where m is at or outside the points, else log-linear between two. */
function indexFormula(
  points: PriceShape['points'],
  m: number,
  month: (i: number) => Expr,
  index: (i: number) => Expr,
): Expr {
  const lastI = points.length - 1;
  if (m <= (points[0] as { month: number }).month) return mul(1, index(0));
  if (m >= (points[lastI] as { month: number }).month) return mul(1, index(lastI));
  const b = points.findIndex((p) => p.month >= m);
  const a = b - 1;
  // a × (b ÷ a)^((m − month a) ÷ (month b − month a))
  return mul(index(a), pow(div(index(b), index(a)), div(sub(m, month(a)), sub(month(b), month(a)))));
}

function formulaCell(e: Expr): CellModel {
  return { value: e.v, formula: e.f, numFmt: '0.0000' };
}

/**
 * A path's formulas: steady in the decline input, or a sheet of a shaped path (its note: the GPU-time
 * path's, or the term path's).
 */
export function pathFormulas(
  d: Expr,
  shape: PriceShape | null,
  sheetName: string,
  title: string,
  t: TFunction,
  noteKey = 'export:workbook.pricePath.note',
): PathFormulas {
  return shape === null ? steadyFormulas(d) : shapedFormulas(shape, sheetName, title, t, noteKey);
}

/**
 * Hardware on price paths (src/engine/hardware-path.ts): the purchase and resale indices of month M,
 * each from a sheet of its own; resale follows the purchase path without a shape of its own, and the
 * purchase path is today's price (1) without one. Null when neither has a shape: the workbook keeps
 * the formulas of batches all at today's price.
 */
export interface HardwarePathFormulas {
  purchaseAt(M: Expr): Expr;
  resaleAt(M: Expr): Expr;
  sheets: SheetBuilder[];
}

export function hardwarePathFormulas(
  shapes: { hardware: PriceShape | null; resale: PriceShape | null },
  sheets: { hardware: string; resale: string },
  titles: { hardware: string; resale: string },
  t: TFunction,
): HardwarePathFormulas | null {
  if (shapes.hardware === null && shapes.resale === null) return null;
  const purchase = shapes.hardware
    ? shapedFormulas(
        shapes.hardware,
        sheets.hardware,
        titles.hardware,
        t,
        'export:workbook.pricePath.hardwareNote',
      )
    : null;
  const resale = shapes.resale
    ? shapedFormulas(shapes.resale, sheets.resale, titles.resale, t, 'export:workbook.pricePath.resaleNote')
    : null;
  const purchaseAt = (M: Expr): Expr => (purchase ? purchase.factorAt(M) : lit(1));
  return {
    purchaseAt,
    resaleAt: (M) => (resale ? resale.factorAt(M) : purchaseAt(M)),
    sheets: [purchase?.sheet, resale?.sheet].filter((s): s is SheetBuilder => s != null),
  };
}
