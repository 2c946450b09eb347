import type { TFunction } from 'i18next';
import { HOURS_PER_MONTH } from '../../engine';
import { type Expr, min, mul, rangeCall, ref, sub } from './expr';
import { PRECISE_FORMAT } from './number-format';
import { type CellModel, columnLetter, SheetBuilder } from './sheet-model';

/**
 * The Curve sheet: the weekly demand (average useful GPUs busy each week, in reference GPUs; a
 * job-form demand is one flat week) and, for the own cluster and the hybrid's baseline, each week's
 * demand in their GPUs, what the baseline serves — min(demand, what it can hold) — and the burst
 * (seed 003 §6). The calculation sheet reads the served work as the average week × 730 h. After them,
 * the on-demand market's columns (costs/market-use.ts), those of an own cluster's build months among
 * them (costs/lead-market-use.ts).
 */
export class CurveSheet implements MarketCurve {
  readonly sheet: SheetBuilder;
  private readonly weeks: Expr[];
  private readonly firstRow: number;
  private readonly headerRow: number;
  private nextColumn = 3;

  constructor(
    name: string,
    private readonly t: TFunction,
    weeks: (number | Expr)[],
    weekly: boolean,
  ) {
    this.sheet = new SheetBuilder(name, [10, 18, 18, 18, 18, 18, 18, 18]);
    this.sheet.note(t(weekly ? 'export:workbook.curve.noteWeekly' : 'export:workbook.curve.noteJobs'));
    this.headerRow = this.sheet.header(
      [
        t('export:workbook.curve.week'),
        t('export:workbook.curve.demand'),
        t('export:workbook.curve.selfBuildDemand'),
        t('export:workbook.curve.selfBuildServed'),
        t('export:workbook.curve.selfBuildBurst'),
        t('export:workbook.curve.hybridDemand'),
        t('export:workbook.curve.hybridServed'),
        t('export:workbook.curve.hybridBurst'),
      ],
      true,
    );
    this.firstRow = this.sheet.rowCount + 1;
    this.weeks = weeks.map((w, i) => {
      const row = this.sheet.add([
        { value: i + 1 },
        typeof w === 'number'
          ? { value: w, numFmt: PRECISE_FORMAT }
          : { value: w.v, formula: w.f, numFmt: PRECISE_FORMAT },
      ]);
      return ref(`B${row}`, typeof w === 'number' ? w : w.v);
    });
  }

  get weekCount(): number {
    return this.weeks.length;
  }

  /**
   * Three columns for one baseline: demand × `scale` (into its GPUs), served = MIN(that, `usable`),
   * burst = demand − served. Returns the served column's range for the calculation sheet, and the
   * served values (what AVERAGE of the range gives); and `servedBy`, which adds a column of what part
   * of the baseline alone would serve (the servers already owned, existing.ts) after every baseline's.
   */
  baselineColumns(scale: Expr, usable: Expr): BaselineColumns {
    const c = this.nextColumn;
    this.nextColumn += 3;
    const served: number[] = [];
    const demands: number[] = [];
    this.weeks.forEach((week, i) => {
      const rowIndex = this.firstRow + i - 1;
      const row = this.sheet.model.rows[rowIndex] as (CellModel | null)[];
      const demand = mul(week, scale);
      const demandRef = ref(`${letter(c)}${rowIndex + 1}`, demand.v);
      const take = min(demandRef, usable);
      const takeRef = ref(`${letter(c + 1)}${rowIndex + 1}`, take.v);
      const burst = sub(demandRef, takeRef);
      row[c - 1] = { value: demand.v, formula: demand.f, numFmt: PRECISE_FORMAT };
      row[c] = { value: take.v, formula: take.f, numFmt: PRECISE_FORMAT };
      row[c + 1] = { value: burst.v, formula: burst.f, numFmt: PRECISE_FORMAT };
      served.push(Number(take.v));
      demands.push(Number(demand.v));
    });
    const last = this.firstRow + this.weeks.length - 1;
    const servedBy = (part: Expr, who: 'selfBuild' | 'hybrid') => {
      const column = this.nextColumn;
      this.nextColumn += 1;
      addColumnHeading(
        this.sheet,
        this.headerRow,
        column,
        this.t(`export:workbook.curve.${who}ExistingServed`),
      );
      const values: number[] = [];
      this.weeks.forEach((_, i) => {
        const rowIndex = this.firstRow + i - 1;
        const row = this.sheet.model.rows[rowIndex] as (CellModel | null)[];
        const take = min(ref(`${letter(c)}${rowIndex + 1}`, row[c - 1]?.value ?? 0), part);
        row[column - 1] = { value: take.v, formula: take.f, numFmt: PRECISE_FORMAT };
        values.push(Number(take.v));
      });
      return { servedRange: this.sheet.range(column, this.firstRow, last, true), served: values };
    };
    return {
      servedRange: this.sheet.range(c + 1, this.firstRow, last, true),
      served,
      servedBy,
      demand: { column: c, values: demands },
    };
  }

  /** A column of each week's demand × `scale` (the demand in a way's GPUs), headed `label`. */
  demandColumn(scale: Expr, label: string): CurveColumn {
    const column = this.addColumn(label);
    const values = this.weeks.map((week, i) => {
      const demand = mul(week, scale);
      this.rowAt(i)[column - 1] = { value: demand.v, formula: demand.f, numFmt: PRECISE_FORMAT };
      return Number(demand.v);
    });
    return { column, values };
  }

  /** The busiest week of a demand column: MAX of it (qualified, for the calculation sheet). */
  peakOf(demand: CurveColumn): Expr {
    return rangeCall('MAX', [this.rangeOf(demand.column)], Math.max(...demand.values));
  }

  /**
   * A column of what `usable` GPUs serve of a demand column each week, MIN(demand, usable), headed
   * `label`; returns the useful GPU-hours a month they serve: AVERAGE of the column × 730 h
   * (engine part.ts servedGpuHours).
   */
  servedHours(demand: CurveColumn, usable: Expr, label: string): Expr {
    const column = this.addColumn(label);
    let sum = 0;
    demand.values.forEach((d, i) => {
      const row = this.firstRow + i;
      const take = min(ref(`${columnLetter(demand.column)}${row}`, d), usable);
      this.rowAt(i)[column - 1] = { value: take.v, formula: take.f, numFmt: PRECISE_FORMAT };
      sum += Number(take.v);
    });
    const mean = sum / Math.max(1, demand.values.length);
    return mul(rangeCall('AVERAGE', [this.rangeOf(column)], mean), HOURS_PER_MONTH);
  }

  /**
   * A column of the build lead months, headed `label`: each week's formula of that week's cells of
   * other columns (`at`). A representative period repeats every month, so every week counts.
   */
  leadColumn(label: string, cellOf: (at: (c: CurveColumn) => Expr) => Expr): CurveColumn {
    const column = this.addColumn(label);
    const values = this.weeks.map((_, i) => {
      const row = this.firstRow + i;
      const e = cellOf((c) => ref(`${columnLetter(c.column)}${row}`, c.values[i] as number));
      this.rowAt(i)[column - 1] = { value: e.v, formula: e.f, numFmt: PRECISE_FORMAT };
      return Number(e.v);
    });
    return { column, values };
  }

  /**
   * Useful GPU-hours over the build lead months of a lead column: each week lasts its share of every
   * month, so AVERAGE of the column × the lead months × 730 h (engine market-use.ts forEachLeadPiece).
   */
  leadHours(column: CurveColumn, leadMonths: Expr): Expr {
    const mean = column.values.reduce((a, b) => a + b, 0) / Math.max(1, column.values.length);
    return mul(rangeCall('AVERAGE', [this.rangeOf(column.column)], mean), leadMonths, HOURS_PER_MONTH);
  }

  /** The cells of week `i` (0-based). */
  private rowAt(i: number): (CellModel | null)[] {
    return this.sheet.model.rows[this.firstRow + i - 1] as (CellModel | null)[];
  }

  /** The weeks' rows of a column, qualified for the calculation sheet. */
  private rangeOf(column: number): string {
    return this.sheet.range(column, this.firstRow, this.firstRow + this.weeks.length - 1, true);
  }

  /** The next free column, headed `label`. */
  private addColumn(label: string): number {
    const column = this.nextColumn;
    this.nextColumn += 1;
    addColumnHeading(this.sheet, this.headerRow, column, label);
    return column;
  }
}

/** A column of the Curve sheet's week (or piece) rows: its 1-based number and its values. */
export interface CurveColumn {
  column: number;
  values: number[];
}

/**
 * What the on-demand market check (costs/market-use.ts, engine market-use.ts) reads of a Curve sheet,
 * weekly or dated: a way's demand in its GPUs, its busiest week or piece, and what a number of usable
 * GPUs serves of it, in useful GPU-hours a month.
 */
export interface MarketCurve {
  demandColumn(scale: Expr, label: string): CurveColumn;
  peakOf(demand: CurveColumn): Expr;
  servedHours(demand: CurveColumn, usable: Expr, label: string): Expr;
  /**
   * A column of an own cluster's build lead months (costs/lead-market-use.ts), headed `label`: each
   * week's or piece's formula of that row's cells of other columns (`at`); a plan's piece outside
   * those months holds 0, so the column's MAX is the busiest of them.
   */
  leadColumn(label: string, cellOf: (at: (c: CurveColumn) => Expr) => Expr): CurveColumn;
  /**
   * Useful GPU-hours over the build lead months of a lead column's useful GPUs: Σ value × the hours
   * each week or piece lasts in them.
   */
  leadHours(column: CurveColumn, leadMonths: Expr): Expr;
}

/** A baseline's served column on the Curve sheet: its range (qualified) and its values. */
export interface ServedColumn {
  servedRange: string;
  served: number[];
}

export interface BaselineColumns extends ServedColumn {
  /** The baseline's demand in its GPUs (demand × scale). */
  demand: CurveColumn;
  /** A column of what `part` usable GPUs of the baseline alone serve each week: MIN(demand, part). */
  servedBy(part: Expr, who: 'selfBuild' | 'hybrid'): ServedColumn;
}

/**
 * A column added after the sheet's header was written: its bold heading, and the width of the
 * baselines' columns.
 */
export function addColumnHeading(
  sheet: SheetBuilder,
  headerRow: number,
  column: number,
  label: string,
): void {
  const row = sheet.model.rows[headerRow - 1] as (CellModel | null)[];
  row[column - 1] = { value: label, bold: true };
  sheet.model.widths[column - 1] = 18;
}

function letter(column: number): string {
  return String.fromCharCode(64 + column);
}
