import ExcelJS from 'exceljs';
import type { TFunction } from 'i18next';
import type { MoneyFormat } from '../../lib/format';
import type { ScenarioComparison } from '../../view-model/scenario-compare';
import { comparisonLines } from '../../view-model/scenario-compare-text';

/**
 * The comparison as one Excel sheet: the CSV's lines (src/view-model/scenario-compare-text.ts) with
 * amounts as numbers in thousands-grouped formats, the group headings bold, the cells that differ
 * from the first column filled, and the headings and measure columns frozen. Loaded on click (ExcelJS
 * is large).
 */

const DIFFERS_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF3CC' } };
const FIRST_VALUE_COLUMN = 4;

export async function comparisonWorkbookBytes(
  comparison: ScenarioComparison,
  money: MoneyFormat,
  t: TFunction,
): Promise<ArrayBuffer> {
  const { header, lines } = comparisonLines(comparison, money, t);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(t('compare:sheetName'), {
    views: [{ state: 'frozen', xSplit: FIRST_VALUE_COLUMN - 1, ySplit: 1 }],
  });
  sheet.addRow(header).font = { bold: true };
  let group = '';
  for (const line of lines) {
    // Each section starts under its own bold heading, as on screen.
    if (line.group !== group) {
      group = line.group;
      sheet.addRow([group]).font = { bold: true };
    }
    const row = sheet.addRow([line.group, line.measure, line.unit, ...line.cells, line.differing]);
    line.cells.forEach((value, i) => {
      const cell = row.getCell(FIRST_VALUE_COLUMN + i);
      if (typeof value === 'number')
        cell.numFmt =
          line.unit === '%' ? '0.0' : line.digits > 0 ? `#,##0.${'0'.repeat(line.digits)}` : '#,##0';
      if (line.differs[i]) {
        cell.fill = DIFFERS_FILL;
        cell.font = { bold: true };
      }
    });
  }
  sheet.getColumn(1).width = 24;
  sheet.getColumn(2).width = 34;
  sheet.getColumn(3).width = 14;
  comparison.columns.forEach((_, i) => {
    sheet.getColumn(FIRST_VALUE_COLUMN + i).width = 24;
  });
  sheet.getColumn(FIRST_VALUE_COLUMN + comparison.columns.length).width = 30;
  return (await book.xlsx.writeBuffer()) as ArrayBuffer;
}
