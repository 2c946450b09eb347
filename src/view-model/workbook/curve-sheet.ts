import type { TFunction } from 'i18next';
import { type Expr, min, mul, ref, sub } from './expr';
import { PRECISE_FORMAT } from './number-format';
import { type CellModel, SheetBuilder } from './sheet-model';

/**
 * The Curve sheet: the weekly demand (average useful GPUs busy each week, in reference GPUs; a
 * job-form demand is one flat week) and, for the own cluster and the hybrid's baseline, each week's
 * demand in their GPUs, what the baseline serves — min(demand, what it can hold) — and the burst
 * (seed 003 §6). The calculation sheet reads the served work as the average week × 730 h.
 */
export class CurveSheet {
  readonly sheet: SheetBuilder;
  private readonly weeks: Expr[];
  private readonly firstRow: number;
  private nextColumn = 3;

  constructor(name: string, t: TFunction, weeks: (number | Expr)[], weekly: boolean) {
    this.sheet = new SheetBuilder(name, [10, 18, 18, 18, 18, 18, 18, 18]);
    this.sheet.note(t(weekly ? 'export:workbook.curve.noteWeekly' : 'export:workbook.curve.noteJobs'));
    this.sheet.header(
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
   * served values (what AVERAGE of the range gives).
   */
  baselineColumns(scale: Expr, usable: Expr): { servedRange: string; served: number[] } {
    const c = this.nextColumn;
    this.nextColumn += 3;
    const served: number[] = [];
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
    });
    const last = this.firstRow + this.weeks.length - 1;
    return { servedRange: this.sheet.range(c + 1, this.firstRow, last, true), served };
  }
}

function letter(column: number): string {
  return String.fromCharCode(64 + column);
}
