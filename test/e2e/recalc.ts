/**
 * Recalculating workbooks with a real spreadsheet engine: LibreOffice headless (Debian
 * `libreoffice-calc-nogui`), one `soffice --convert-to csv` for a batch of files, every sheet to its
 * own CSV. By default LibreOffice keeps an xlsx's cached results; a profile setting "recalculate on
 * load: always" makes it compute every formula afresh.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import ExcelJS from 'exceljs';
import { run } from './export-helpers';

const RECALC_ALWAYS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`;

/** Converts every file, recalculated, to one CSV per sheet in `outDir` (one LibreOffice start). */
export async function recalculateToCsv(files: string[], outDir: string, profileDir: string): Promise<void> {
  mkdirSync(join(profileDir, 'user'), { recursive: true });
  writeFileSync(join(profileDir, 'user', 'registrymodifications.xcu'), RECALC_ALWAYS);
  mkdirSync(outDir, { recursive: true });
  await run(
    'soffice',
    [
      `-env:UserInstallation=file://${profileDir}`,
      '--headless',
      '--norestore',
      '--convert-to',
      // Comma-separated, UTF-8, every sheet (-1) to its own file, values not as formatted.
      'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1',
      '--outdir',
      outDir,
      ...files,
    ],
    { timeout: 300_000 },
  );
}

/** Rows of a CSV as LibreOffice writes it (quoted fields may hold commas and doubled quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (ch !== '\r') field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** The recalculated CSV of one sheet of `file`. */
export function sheetRows(outDir: string, file: string, sheet: string): string[][] {
  const stem = basename(file).replace(/\.xlsx$/, '');
  return parseCsv(readFileSync(join(outDir, `${stem}-${sheet}.csv`), 'utf8'));
}

/** A cell's number ("71.2%" → 0.712), or its text when it is not one. */
export function cellValue(text: string | undefined): number | string {
  const t = (text ?? '').trim();
  const percent = /%$/.test(t);
  const n = Number(t.replace(/%$/, ''));
  if (t === '' || !Number.isFinite(n)) return t;
  return percent ? n / 100 : n;
}

/** A copy of a workbook with named input cells set (found by the Inputs sheet's "cell name" column). */
export async function withInputs(
  file: string,
  inputsSheet: string,
  values: Record<string, number>,
  out: string,
): Promise<void> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const sheet = wb.getWorksheet(inputsSheet);
  if (!sheet) throw new Error(`no sheet ${inputsSheet}`);
  const left = new Set(Object.keys(values));
  sheet.eachRow((row) => {
    const name = row.getCell(7).text;
    const v = values[name];
    if (v !== undefined) {
      row.getCell(2).value = v;
      left.delete(name);
    }
  });
  if (left.size > 0) throw new Error(`no input cells ${[...left].join(', ')}`);
  await wb.xlsx.writeFile(out);
}
