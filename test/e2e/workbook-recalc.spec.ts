/**
 * The workbook is a live model, checked by a real spreadsheet engine: the file exported in the
 * browser, and the workbook of every preset in both languages, are recalculated by LibreOffice
 * headless (one start for the whole batch). At export the Reconciliation's differences are 0 to the
 * yuan; after the server price, the demand or the horizon is changed in Inputs, the recalculated
 * figures equal the engine's evaluation of the same change.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluate, presets, type Scenario, scaleToLoadRate, withInput } from '../../src/engine/index.ts';
import { workbookBytes } from '../../src/features/report-pdf/excel-workbook.ts';
import { liveWorkbook, sheetName } from '../../src/view-model/workbook/live-workbook.ts';
import { exportFile, type Locale, namedScenario, openNamedScenario } from './export-helpers';
import { expect, test } from './fixtures';
import { nodeT } from './node-i18n';
import { cellValue, recalculateToCsv, sheetRows, withInputs } from './recalc';

const LOCALES: Locale[] = ['en', 'zh-CN'];

/** The recalculated Reconciliation: figure|strategy → the workbook's own value and the difference. */
function reconciliation(outDir: string, file: string, locale: Locale) {
  const rows = sheetRows(outDir, file, sheetName(nodeT(locale), 'reconciliation'));
  const out = new Map<string, { workbook: number | string; difference: number | string }>();
  // Row 1 is a note, row 2 the header; the lines run until the first row without a strategy.
  for (const row of rows.slice(2)) {
    if (!row[1]) break;
    out.set(`${row[0]}|${row[1]}`, { workbook: cellValue(row[3]), difference: cellValue(row[4]) });
  }
  return out;
}

/** The engine's figures for a scenario, keyed as the Reconciliation lists them. */
function engineFigures(s: Scenario, locale: Locale): Map<string, number | string> {
  const t = nodeT(locale);
  const lines = liveWorkbook({
    scenario: s,
    evaluation: evaluate(s),
    money: { locale, currency: 'CNY', cnyPerUsd: 7.2 },
    scale: 'unit',
    t,
    scenarioName: s.name,
    verdict: '',
    generatedText: '',
  }).reconciliation;
  return new Map(
    lines.map((l) => [
      `${l.figure}|${l.strategy}`,
      typeof l.engine === 'boolean' ? Number(l.engine) : l.engine,
    ]),
  );
}

/** Half a yuan for amounts and months; a millionth for rates (the load rate, an IRR). */
function closeEnough(actual: number | string, expected: number | string, key: string): boolean {
  if (typeof actual === 'string' || typeof expected === 'string') return actual === expected;
  const rate = Math.abs(expected) < 10 && !/payback|回收/i.test(key);
  return Math.abs(actual - expected) < (rate ? 1e-6 : 0.5);
}

async function buildFor(s: Scenario, locale: Locale, path: string) {
  const bytes = await workbookBytes({
    scenario: s,
    evaluation: evaluate(s),
    money: { locale, currency: 'CNY', cnyPerUsd: 7.2 },
    t: nodeT(locale),
    scenarioName: s.name,
    verdict: '',
    generatedAt: new Date(),
    monteCarlo: null,
    tornado: null,
  });
  writeFileSync(path, Buffer.from(bytes));
}

test('LibreOffice recalculates the exported workbook: 0 differences at export, and a changed server price, demand or horizon moves every total as the engine does', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await openNamedScenario(page, 'en');
  const { path: exported } = await exportFile(page, 'xlsx', 'en');
  const dir = test.info().outputPath('recalc');
  mkdirSync(dir, { recursive: true });
  const named = namedScenario();
  const steady = presets.steadyLab as Scenario;

  // Every preset in both languages, as the export builds them.
  const presetFiles: { file: string; locale: Locale }[] = [];
  for (const [id, s] of Object.entries(presets))
    for (const locale of LOCALES) {
      const file = join(dir, `preset-${id}-${locale}.xlsx`);
      await buildFor(s as Scenario, locale, file);
      presetFiles.push({ file, locale });
    }

  // Changes typed into Inputs, each beside the engine evaluating the same change. The hybrid's
  // baseline is a search result the workbook holds as a value, so the engine keeps it too.
  const steadyFile = join(dir, 'steady-en.xlsx');
  await buildFor(steady, 'en', steadyFile);
  const pinned = (s: Scenario): Scenario => ({
    ...s,
    hybrid: { ...s.hybrid, baselineGpus: evaluate(s).strategies.hybrid.baselineGpus },
  });
  const changes = (s: Scenario) => {
    const price = Math.round(s.selfBuild.serverPriceCny * 1.25);
    return [
      {
        id: 'server-price',
        inputs: { selfBuild_serverPriceCny: price },
        engine: withInput(pinned(s), 'selfBuild.serverPriceCny', price),
      },
      {
        id: 'demand',
        inputs: { demand_scale: 1.2 },
        engine: scaleToLoadRate(pinned(s), evaluate(s).loadRate * 1.2),
      },
      { id: 'horizon', inputs: { horizonMonths: 48 }, engine: { ...pinned(s), horizonMonths: 48 } },
    ];
  };
  const inputsName = sheetName(nodeT('en'), 'inputs');
  const edited: { file: string; engine: Scenario; base: Scenario }[] = [];
  for (const [source, s, stem] of [
    [exported, named, 'exported'],
    [steadyFile, steady, 'steady'],
  ] as const)
    for (const c of changes(s)) {
      const file = join(dir, `${stem}-${c.id}.xlsx`);
      await withInputs(source, inputsName, c.inputs, file);
      edited.push({ file, engine: c.engine, base: s });
    }

  const outDir = join(dir, 'csv');
  await recalculateToCsv(
    [exported, ...presetFiles.map((p) => p.file), ...edited.map((e) => e.file)],
    outDir,
    join(dir, 'profile'),
  );

  // At export: every difference 0 (to the yuan) in the file the browser made and in every preset's.
  for (const { file, locale } of [{ file: exported, locale: 'en' as Locale }, ...presetFiles]) {
    const recon = reconciliation(outDir, file, locale);
    expect(recon.size, file).toBeGreaterThan(50);
    const off = [...recon].filter(([key, r]) => !closeEnough(r.difference, 0, key));
    expect(off, file).toEqual([]);
  }

  // After a change: the recalculated figures are the engine's for the changed scenario.
  for (const { file, engine, base } of edited) {
    const recon = reconciliation(outDir, file, 'en');
    const expected = engineFigures(engine, 'en');
    const before = engineFigures(base, 'en');
    const off: string[] = [];
    let moved = 0;
    for (const [key, r] of recon) {
      // A year beyond a shortened horizon has no cash.
      const want = expected.get(key) ?? 0;
      if (!closeEnough(r.workbook, want, key)) off.push(`${key}: workbook ${r.workbook}, engine ${want}`);
      const was = before.get(key);
      if (typeof was === 'number' && typeof want === 'number' && Math.abs(want - was) > 1) moved++;
    }
    expect(off, file).toEqual([]);
    // The change moved the totals (the test would pass on an unchanged file otherwise).
    expect(moved, file).toBeGreaterThan(10);
  }
});
