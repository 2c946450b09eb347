import type { TFunction } from 'i18next';
import { type DatedDemand, HOURS_PER_MONTH } from '../../engine';
import { addColumnHeading, type CurveColumn, type MarketCurve } from './curve-sheet';
import { cmp, div, type Expr, iff, max, min, mul, rangeCall, ref, sub } from './expr';
import { INTEGER_FORMAT, PRECISE_FORMAT } from './number-format';
import { type CellModel, columnLetter, SheetBuilder } from './sheet-model';

/**
 * The Curve sheet of a training plan (model v4, demand over the horizon; docs/model.md "Demand over the
 * horizon"): the plan laid over the exported horizon — each row a piece of one month at one demand
 * (the plan's weeks split at month ends, then recurring work alone), its share of the horizon's
 * hours, its month's market factor and how much of the month falls in the build lead time — and, for
 * the own cluster and the hybrid's baseline, what each piece's demand is in their GPUs, what the
 * baseline serves (MIN(demand, what it holds)), the burst above it, and what it would serve if it
 * takes work (the lead-time line is priced on that). The calculation sheet reads weighted sums of
 * these (SUMPRODUCT), the monthly cash sheet each month's share (SUMIF by month). After them, the
 * on-demand market's columns, those of an own cluster's build months counting only the pieces in the
 * build lead time.
 *
 * The pieces are the engine's (horizon-demand.ts): editing the horizon here does not move the plan;
 * the plan is edited in the app.
 */
export interface DatedBaseline {
  /** Average useful GPUs a month the baseline serves: SUMPRODUCT(served, share of hours). */
  servedGpus: Expr;
  /** The burst's market factor: Σ burst × hours × factor ÷ Σ burst × hours (or `fallback`). */
  burstFactor(fallback: Expr): Expr;
  /** Columns of served × share of hours and burst × share of hours (qualified), for monthly shares. */
  servedWeighted: WeightedColumn;
  burstWeighted: WeightedColumn;
}

/** A baseline's first columns (demand in its GPUs, what it would serve), then the rest. */
export interface DatedBaselineColumns {
  /** The baseline's demand in its GPUs (demand × scale). */
  demand: CurveColumn;
  /**
   * The lead-time line per useful GPU-hour served: Σ over the pieces of the lead-time months of what
   * the cluster would serve × the month's part in the lead time × (a + b × factor) ÷ Σ what it would
   * serve (or `fallback` when it would serve nothing).
   */
  leadRate(a: Expr, b: Expr, fallback: Expr): Expr;
  /** Fills what the baseline serves (MIN(demand, usable)), the burst and their weighted columns. */
  serve(usable: Expr): DatedBaseline;
  /**
   * A column, after every baseline's, of what `part` usable GPUs of the baseline alone serve
   * (MIN(demand, part); the servers already owned, existing.ts): its average useful GPUs a month,
   * SUMPRODUCT(column, share of hours).
   */
  servedBy(part: Expr, who: 'selfBuild' | 'hybrid'): Expr;
}

/** A column of weighted values: its qualified range and the values (for cached results). */
export interface WeightedColumn {
  range: string;
  values: number[];
}

const FIRST_BASELINE_COLUMN = 7;

export class DatedCurveSheet implements MarketCurve {
  readonly sheet: SheetBuilder;
  private readonly firstRow: number;
  private readonly lastRow: number;
  private readonly headerRow: number;
  private readonly months: number[];
  private readonly gpus: number[];
  private readonly weights: number[];
  private readonly factors: number[];
  private readonly leadParts: number[];
  /** The months the plan is laid over (the pieces' shares are of their hours). */
  private readonly planMonths: number;
  private nextColumn = FIRST_BASELINE_COLUMN;
  /** Demand × share of hours (column F). */
  readonly demandWeighted: WeightedColumn;

  constructor(
    name: string,
    private readonly t: TFunction,
    dated: DatedDemand,
    factorAt: (M: Expr) => Expr,
    leadMonths: Expr,
  ) {
    this.sheet = new SheetBuilder(
      name,
      [10, 18, 14, 12, 12, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16],
    );
    this.sheet.note(t('export:workbook.curve.notePlan'));
    const baselineHeads = (who: 'selfBuild' | 'hybrid') => [
      t(`export:workbook.curve.${who}Demand`),
      t(`export:workbook.curve.${who}Candidate`),
      t(`export:workbook.curve.${who}Served`),
      t(`export:workbook.curve.${who}Burst`),
      t(`export:workbook.curve.${who}ServedWeighted`),
      t(`export:workbook.curve.${who}BurstWeighted`),
    ];
    this.headerRow = this.sheet.header(
      [
        t('export:workbook.curve.month'),
        t('export:workbook.curve.demand'),
        t('export:workbook.curve.hoursShare'),
        t('export:workbook.cash.factor'),
        t('export:workbook.curve.leadPart'),
        t('export:workbook.curve.demandWeighted'),
        ...baselineHeads('selfBuild'),
        ...baselineHeads('hybrid'),
      ],
      true,
    );
    const p = dated.pieces;
    this.planMonths = dated.usefulGpuHoursByMonth.length;
    this.months = Array.from(p.months);
    this.gpus = Array.from(p.gpus);
    this.weights = Array.from(p.weights);
    this.firstRow = this.sheet.rowCount + 1;
    this.factors = [];
    this.leadParts = [];
    const demandWeighted: number[] = [];
    this.months.forEach((month, i) => {
      const row = this.firstRow + i;
      const M = ref(`A${row}`, month);
      // The price path's index of the piece's month (price-path-sheet.ts): month 1 at today's price.
      const factor = factorAt(M);
      // The month's part in the build lead time: whole months 1..L, the fraction of a last part month.
      const leadPart = max(0, min(1, sub(leadMonths, sub(M, 1))));
      const weighted = mul(ref(`B${row}`, this.gpus[i] as number), ref(`C${row}`, this.weights[i] as number));
      this.sheet.add([
        { value: month, numFmt: INTEGER_FORMAT },
        { value: this.gpus[i] as number, numFmt: PRECISE_FORMAT },
        { value: this.weights[i] as number, numFmt: '0.000000' },
        cell(factor, '0.0000'),
        cell(leadPart, '0.00'),
        cell(weighted, PRECISE_FORMAT),
      ]);
      this.factors.push(Number(factor.v));
      this.leadParts.push(Number(leadPart.v));
      demandWeighted.push(Number(weighted.v));
    });
    this.lastRow = this.firstRow + this.months.length - 1;
    this.demandWeighted = { range: this.range(6), values: demandWeighted };
  }

  /** A column of the pieces' rows, qualified for the other sheets. */
  private range(column: number): string {
    return this.sheet.range(column, this.firstRow, this.lastRow, true);
  }

  /** Months of the pieces (qualified), for SUMIF by month. */
  get monthRange(): string {
    return this.range(1);
  }

  /** Average useful reference GPUs of the horizon: SUMPRODUCT(demand, share of hours). */
  weightedDemand(): Expr {
    return rangeCall('SUMPRODUCT', [this.range(2), this.range(3)], sumOf(this.demandWeighted.values));
  }

  /** The demand's market factor: Σ demand × hours × factor ÷ Σ demand × hours (or `fallback`). */
  demandFactor(fallback: Expr): Expr {
    return this.weightedFactor(this.demandWeighted, fallback);
  }

  /**
   * Month M's share of a weighted column: SUMIF(month, M, column) × months ÷ SUM(column), or
   * `fallback` when the column sums to 0.
   */
  shareOfMonth(column: WeightedColumn, M: Expr, horizon: Expr, fallback: Expr): Expr {
    const total = sumOf(column.values);
    const month = Number(M.v);
    let inMonth = 0;
    column.values.forEach((v, i) => {
      if (this.months[i] === month) inMonth += v;
    });
    const sum = rangeCall('SUM', [column.range], total);
    const sumIf = rangeCall('SUMIF', [this.monthRange, M.f, column.range], inMonth);
    return iff(cmp(sum, '>', 0), div(mul(sumIf, horizon), sum), fallback);
  }

  /**
   * One baseline's columns, in two steps: what it would serve if it takes work (the lead-time line
   * is priced on that, before the own cluster's choice), then what it serves and the burst.
   */
  baseline(scale: Expr, candidate: Expr): DatedBaselineColumns {
    const c = this.nextColumn;
    this.nextColumn += 6;
    const demands: Expr[] = [];
    const demandValues: number[] = [];
    const cand: number[] = [];
    this.months.forEach((_, i) => {
      const r = this.firstRow + i;
      const row = this.sheet.model.rows[r - 1] as (CellModel | null)[];
      const demand = mul(ref(`B${r}`, this.gpus[i] as number), scale);
      const demandRef = ref(`${columnLetter(c)}${r}`, demand.v);
      const would = min(demandRef, candidate);
      row[c - 1] = cell(demand, PRECISE_FORMAT);
      row[c] = cell(would, PRECISE_FORMAT);
      demands.push(demandRef);
      demandValues.push(Number(demand.v));
      cand.push(Number(would.v));
    });
    const weightRange = this.range(3);
    const candRange = this.range(c + 1);
    const leadRate = (a: Expr, b: Expr, fallback: Expr): Expr => {
      let wouldSum = 0;
      let leadSum = 0;
      cand.forEach((v, i) => {
        const w = this.weights[i] as number;
        wouldSum += v * w;
        leadSum +=
          v * w * (this.leadParts[i] as number) * (Number(a.v) + Number(b.v) * (this.factors[i] as number));
      });
      const would = rangeCall('SUMPRODUCT', [weightRange, candRange], wouldSum);
      const perPiece = `${wrapped(a)}+${wrapped(b)}*${this.range(4)}`;
      const lead = rangeCall('SUMPRODUCT', [weightRange, candRange, this.range(5), perPiece], leadSum);
      return iff(cmp(would, '>', 0), div(lead, would), fallback);
    };
    const serve = (usable: Expr): DatedBaseline => {
      const servedW: number[] = [];
      const burstW: number[] = [];
      this.months.forEach((_, i) => {
        const r = this.firstRow + i;
        const row = this.sheet.model.rows[r - 1] as (CellModel | null)[];
        const w = ref(`C${r}`, this.weights[i] as number);
        const demandRef = demands[i] as Expr;
        const take = min(demandRef, usable);
        const takeRef = ref(`${columnLetter(c + 2)}${r}`, take.v);
        const burst = sub(demandRef, takeRef);
        const burstRef = ref(`${columnLetter(c + 3)}${r}`, burst.v);
        const takeW = mul(takeRef, w);
        const burstWeighted = mul(burstRef, w);
        row[c + 1] = cell(take, PRECISE_FORMAT);
        row[c + 2] = cell(burst, PRECISE_FORMAT);
        row[c + 3] = cell(takeW, PRECISE_FORMAT);
        row[c + 4] = cell(burstWeighted, PRECISE_FORMAT);
        servedW.push(Number(takeW.v));
        burstW.push(Number(burstWeighted.v));
      });
      const servedWeighted = { range: this.range(c + 4), values: servedW };
      const burstWeighted = { range: this.range(c + 5), values: burstW };
      return {
        servedGpus: rangeCall('SUMPRODUCT', [this.range(c + 2), weightRange], sumOf(servedW)),
        burstFactor: (fallback) => this.weightedFactor(burstWeighted, fallback),
        servedWeighted,
        burstWeighted,
      };
    };
    const servedBy = (part: Expr, who: 'selfBuild' | 'hybrid'): Expr => {
      const column = this.nextColumn;
      this.nextColumn += 1;
      addColumnHeading(
        this.sheet,
        this.headerRow,
        column,
        this.t(`export:workbook.curve.${who}ExistingServed`),
      );
      let weighted = 0;
      this.months.forEach((_, i) => {
        const r = this.firstRow + i;
        const row = this.sheet.model.rows[r - 1] as (CellModel | null)[];
        const take = min(demands[i] as Expr, part);
        row[column - 1] = cell(take, PRECISE_FORMAT);
        weighted += Number(take.v) * (this.weights[i] as number);
      });
      return rangeCall('SUMPRODUCT', [this.range(column), weightRange], weighted);
    };
    return { leadRate, serve, servedBy, demand: { column: c, values: demandValues } };
  }

  /** A column of each piece's demand × `scale` (the demand in a way's GPUs), headed `label`. */
  demandColumn(scale: Expr, label: string): CurveColumn {
    const column = this.addColumn(label);
    const values = this.months.map((_, i) => {
      const r = this.firstRow + i;
      const demand = mul(ref(`B${r}`, this.gpus[i] as number), scale);
      (this.sheet.model.rows[r - 1] as (CellModel | null)[])[column - 1] = cell(demand, PRECISE_FORMAT);
      return Number(demand.v);
    });
    return { column, values };
  }

  /** The busiest piece of a demand column: MAX of it (qualified, for the calculation sheet). */
  peakOf(demand: CurveColumn): Expr {
    return rangeCall('MAX', [this.range(demand.column)], Math.max(...demand.values));
  }

  /**
   * A column of what `usable` GPUs serve of a demand column in each piece, MIN(demand, usable), headed
   * `label`; returns the useful GPU-hours a month they serve over the horizon: SUMPRODUCT(column,
   * share of hours) × 730 h (engine part.ts weightedServedGpuHours).
   */
  servedHours(demand: CurveColumn, usable: Expr, label: string): Expr {
    const column = this.addColumn(label);
    let weighted = 0;
    demand.values.forEach((d, i) => {
      const r = this.firstRow + i;
      const take = min(ref(`${columnLetter(demand.column)}${r}`, d), usable);
      (this.sheet.model.rows[r - 1] as (CellModel | null)[])[column - 1] = cell(take, PRECISE_FORMAT);
      weighted += Number(take.v) * (this.weights[i] as number);
    });
    return mul(rangeCall('SUMPRODUCT', [this.range(column), this.range(3)], weighted), HOURS_PER_MONTH);
  }

  /**
   * A column of the build lead months, headed `label`: each piece's formula of that piece's cells of
   * other columns (`at`) where the piece's month is in the lead time (its part > 0), else 0 — the
   * engine visits only months 1..⌈L⌉ (market-use.ts forEachLeadPiece).
   */
  leadColumn(label: string, cellOf: (at: (c: CurveColumn) => Expr) => Expr): CurveColumn {
    const column = this.addColumn(label);
    const values = this.months.map((_, i) => {
      const r = this.firstRow + i;
      const inLead = cmp(ref(`E${r}`, this.leadParts[i] as number), '>', 0);
      const e = iff(
        inLead,
        cellOf((c) => ref(`${columnLetter(c.column)}${r}`, c.values[i] as number)),
        0,
      );
      (this.sheet.model.rows[r - 1] as (CellModel | null)[])[column - 1] = cell(e, PRECISE_FORMAT);
      return Number(e.v);
    });
    return { column, values };
  }

  /**
   * Useful GPU-hours over the build lead months of a lead column: each piece lasts its share of the
   * plan's hours × its part in the lead time (column E, which already reads the lead months),
   * SUMPRODUCT(column, share, part) × the plan's months × 730 h. The plan's months are those its
   * pieces were laid over (a value: editing the horizon does not move the plan).
   */
  leadHours(column: CurveColumn, _leadMonths: Expr): Expr {
    let weighted = 0;
    column.values.forEach((v, i) => {
      weighted += v * (this.weights[i] as number) * (this.leadParts[i] as number);
    });
    const sum = rangeCall('SUMPRODUCT', [this.range(column.column), this.range(3), this.range(5)], weighted);
    return mul(sum, this.planMonths, HOURS_PER_MONTH);
  }

  /** The next free column, headed `label`. */
  private addColumn(label: string): number {
    const column = this.nextColumn;
    this.nextColumn += 1;
    addColumnHeading(this.sheet, this.headerRow, column, label);
    return column;
  }

  private weightedFactor(column: WeightedColumn, fallback: Expr): Expr {
    let weighted = 0;
    column.values.forEach((v, i) => {
      weighted += v * (this.factors[i] as number);
    });
    const total = sumOf(column.values);
    const sum = rangeCall('SUM', [column.range], total);
    const product = rangeCall('SUMPRODUCT', [column.range, this.range(4)], weighted);
    return iff(cmp(sum, '>', 0), div(product, sum), fallback);
  }
}

function sumOf(values: readonly number[]): number {
  let s = 0;
  for (const v of values) s += v;
  return s;
}

function cell(e: Expr, numFmt: string): CellModel {
  return { value: e.v, formula: e.f, numFmt };
}

/** An expression as an operand of + and * inside an array argument. */
function wrapped(e: Expr): string {
  return `(${e.f})`;
}
