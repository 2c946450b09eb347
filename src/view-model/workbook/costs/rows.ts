import type { TFunction } from 'i18next';
import { COST_CATEGORIES, type CostCategory, STRATEGY_IDS, type StrategyId } from '../../../engine';
import { add, type Expr } from '../expr';
import type { Inputs } from '../inputs-sheet';
import { INTEGER_FORMAT } from '../number-format';
import type { CellModel, Placed, SheetBuilder } from '../sheet-model';

/**
 * How the calculation sheet is written: one row per quantity, one column per strategy (or one cell for
 * a quantity common to all), each cell a formula from one expression (../expr.ts) with its cached
 * result. The files beside this one write the sheet's sections in the model's order, each after its
 * file in src/engine/model/.
 */

export const AMOUNT = INTEGER_FORMAT;
export const RATE = '#,##0.0000';
export const RATIO = '0.0000';
export const PER_GPU_HOUR = '0.000000';

/** A row's placed cells by strategy (a strategy it does not apply to has none). */
export type Row = Partial<Record<StrategyId, Placed>>;

/** The baselines: the strategies that own (or, the hybrid, may reserve) GPUs. */
export type BaselineId = 'selfBuild' | 'hybrid';

export const isBaseline = (id: StrategyId): id is BaselineId => id === 'selfBuild' || id === 'hybrid';

/**
 * One formula per cost category (src/engine/model/categories.ts CategoryFormulas), as expressions: the
 * six categories named once, so a strategy lacking one does not compile.
 */
export type CategoryExprs<T> = Readonly<Record<CostCategory, (use: T) => Expr>>;

/** Each category's expression for one use (model/categories.ts breakdownOf). */
export function categoriesOf<T>(formulas: CategoryExprs<T>, use: T): Record<CostCategory, Expr> {
  const out = {} as Record<CostCategory, Expr>;
  for (const c of COST_CATEGORIES) out[c] = formulas[c](use);
  return out;
}

/** Time, ops and failure added: what a rental's running cash takes besides compute. */
export function otherOf(r: Record<CostCategory, Expr>): Expr {
  return add(r.time, r.ops, r.failure);
}

/** The strategy's cell of a row, referred to from this sheet. */
export function h(r: Row, id: StrategyId): Expr {
  const p = r[id];
  if (!p) throw new Error(`row has no ${id}`);
  return p.here;
}

/** The strategy's cell of a row, referred to from another sheet (qualified). */
export function there(r: Row, id: StrategyId): Expr {
  const p = r[id];
  if (!p) throw new Error(`row has no ${id}`);
  return p.there;
}

/** Writes rows of the calculation sheet, its labels and units in the reader's language. */
export class CostRows {
  constructor(
    readonly sheet: SheetBuilder,
    private readonly inputs: Inputs,
    private readonly t: TFunction,
  ) {}

  /** The Inputs sheet's named cell `key` (an input's path with "_" for "."). */
  input(key: string): Expr {
    const e = this.inputs[key];
    if (!e) throw new Error(`no input ${key}`);
    return e;
  }

  /** Whether the Inputs sheet holds `key` (a cluster already owned has rows only when there is one). */
  hasInput(key: string): boolean {
    return this.inputs[key] !== undefined;
  }

  /** A text of the reader's language for a cell's value (`key` in full, e.g. "common:strategy.rent"). */
  phrase(key: string): string {
    return this.t(key);
  }

  private label(key: string, params?: Record<string, number>): string {
    return params ? this.t(`export:workbook.costs.${key}`, params) : this.t(`export:workbook.costs.${key}`);
  }

  private unit(key: string): string {
    return this.t(`export:workbook.unit.${key}`);
  }

  /** A row with one formula per strategy (null where it does not apply). */
  line(
    key: string,
    unitKey: string,
    f: (id: StrategyId) => Expr | null,
    numFmt = AMOUNT,
    labelParams?: Record<string, number>,
  ): Row {
    const exprs = STRATEGY_IDS.map(f);
    const row = this.sheet.add([
      { value: this.label(key, labelParams) },
      ...exprs.map((e) => (e ? cellOf(e, numFmt) : null)),
      { value: this.unit(unitKey) },
    ]);
    const out: Row = {};
    STRATEGY_IDS.forEach((id, i) => {
      if (exprs[i]) out[id] = this.sheet.at(row, i + 2);
    });
    return out;
  }

  /** A quantity common to every strategy, in the first strategy column. */
  single(
    key: string,
    unitKey: string,
    e: Expr,
    numFmt = AMOUNT,
    labelParams?: Record<string, number>,
  ): Placed {
    const row = this.sheet.add([
      { value: this.label(key, labelParams) },
      cellOf(e, numFmt),
      null,
      null,
      null,
      { value: this.unit(unitKey) },
    ]);
    return this.sheet.at(row, 2);
  }

  /** A section's title after an empty row. */
  section(key: string): void {
    this.sheet.gap();
    this.sheet.title(this.label(key));
  }
}

function cellOf(e: Expr, numFmt: string): CellModel {
  return { value: e.v, formula: e.f, numFmt };
}
