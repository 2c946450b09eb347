import { type Expr, ref, type Value } from './expr';

/**
 * A workbook as plain data: sheets of rows of cells, each a value or a formula with its cached result,
 * a number format and a defined name where other sheets read it. The Excel writer turns it into a file
 * (src/features/report-pdf/excel-workbook.ts); tests read it without ExcelJS.
 */
export interface CellModel {
  value: Value | null;
  /** A formula (without "="); `value` is then its cached result. */
  formula?: string;
  numFmt?: string;
  bold?: boolean;
  italic?: boolean;
  wrap?: boolean;
  /** A workbook-level defined name for this cell (e.g. selfBuild_serverPriceCny). */
  name?: string;
  /** Marks an input the user changed from its default. */
  highlight?: boolean;
}

export interface SheetModel {
  name: string;
  widths: number[];
  rows: (CellModel | null)[][];
  /** Rows kept in view at the top (the header). */
  frozenRows: number;
  frozenColumns: number;
  /**
   * Cells drawn bold and shaded while a formula holds (conditional formatting), e.g. the recommended
   * strategy's row, so the mark follows a recalculation. `formula` is written for the range's
   * top-left cell, as spreadsheets expect.
   */
  conditional?: { range: string; formula: string }[];
}

/** Excel column letter of a 1-based column number (1 → A, 27 → AA). */
export function columnLetter(column: number): string {
  let out = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

/** A sheet name quoted for a formula ('成本计算'!B9). */
export function quoted(sheet: string): string {
  return `'${sheet.replace(/'/g, "''")}'`;
}

/** A placed cell: how a formula on its own sheet and on another sheet refers to it. */
export interface Placed {
  here: Expr;
  there: Expr;
  row: number;
  column: number;
}

export class SheetBuilder {
  readonly model: SheetModel;

  constructor(name: string, widths: number[]) {
    this.model = { name, widths, rows: [], frozenRows: 0, frozenColumns: 0 };
  }

  get rowCount(): number {
    return this.model.rows.length;
  }

  /** Appends a row; returns its 1-based number. */
  add(cells: (CellModel | null)[]): number {
    this.model.rows.push(cells);
    return this.model.rows.length;
  }

  /** Fills a row reserved earlier (with `add([])`), once what it shows is known. */
  set(row: number, cells: (CellModel | null)[]): void {
    if (row < 1 || row > this.model.rows.length) throw new Error(`no row ${row} to set`);
    this.model.rows[row - 1] = cells;
  }

  /** Appends an empty row. */
  gap(): void {
    this.add([]);
  }

  /** A bold row of labels (a header), frozen when it is the sheet's first header. */
  header(labels: string[], freeze = false): number {
    const row = this.add(labels.map((l) => ({ value: l, bold: true })));
    if (freeze) this.model.frozenRows = row;
    return row;
  }

  title(text: string): number {
    return this.add([{ value: text, bold: true }]);
  }

  note(text: string): number {
    return this.add([{ value: text, italic: true }]);
  }

  /** The cell at (row, column) as a reference from this sheet and from others. */
  at(row: number, column: number): Placed {
    const cell = this.model.rows[row - 1]?.[column - 1];
    const v = cell?.value ?? 0;
    const address = `${columnLetter(column)}${row}`;
    return {
      here: ref(address, v),
      there: ref(`${quoted(this.model.name)}!$${columnLetter(column)}$${row}`, v),
      row,
      column,
    };
  }

  /** A range of one column, from this sheet or qualified for another. */
  range(column: number, first: number, last: number, qualified: boolean): string {
    const c = columnLetter(column);
    return qualified ? `${quoted(this.model.name)}!$${c}$${first}:$${c}$${last}` : `${c}${first}:${c}${last}`;
  }
}
