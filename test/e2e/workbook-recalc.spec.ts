/**
 * The workbook is a live model, checked by a real spreadsheet engine: the file exported in the
 * browser, and the workbook of every preset in both languages, are recalculated by LibreOffice
 * headless (one start for the whole batch). At export the Reconciliation's differences are 0 to the
 * yuan; after the server price, the demand, the horizon or the platform's price is changed in Inputs,
 * the recalculated figures equal the engine's evaluation of the same change, and so does the
 * Summary's verdict: its sentence, the recommended strategy and the row marked as recommended.
 * A training plan's workbook (model v4: the plan laid over the horizon, each month billed on its own
 * hours at its own price, on a shaped price path) reconciles to the yuan too, before and after a price
 * edit.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scaleToLoadRate } from '../../src/engine/demand.ts';
import { switchDemandMode } from '../../src/engine/demand-mode.ts';
import {
  cashReport,
  evaluate,
  newTrainingRun,
  presetHardwareShape,
  presetShape,
  presets,
  presetTermShape,
  type Scenario,
  type StrategyId,
  withInput,
} from '../../src/engine/index.ts';
import { workbookBytes } from '../../src/features/report-pdf/excel-workbook.ts';
import { verdictSentence } from '../../src/view-model/verdict-text.ts';
import { wayName } from '../../src/view-model/way-name.ts';
import { liveWorkbook, sheetName } from '../../src/view-model/workbook/live-workbook.ts';
import { exportFile, type Locale, namedScenario, openNamedScenario } from './export-helpers';
import { expect, test } from './fixtures';
import { nodeT } from './node-i18n';
import { cellValue, recalculateToCsv, sheetRows, withInputs } from './recalc';

const LOCALES: Locale[] = ['en', 'zh-CN'];

/**
 * The steady lab with a training plan: 64 GPUs in weeks 10–30, recurring work, an own cluster of
 * `capacityGpus` built in 4 months; `edit` changes the rest before the demand becomes the plan.
 */
function steadyLabPlan(capacityGpus: number, edit: (s: Scenario) => Scenario = (s) => s): Scenario {
  const steady = presets.steadyLab as Scenario;
  const run = {
    ...newTrainingRun(steady),
    sizeBy: 'gpuHours' as const,
    gpuHours: 64 * 168 * 21,
    startWeek: 10,
    gpus: 64,
    deadlineWeek: 30,
  };
  const s: Scenario = {
    ...steady,
    trainingPlan: { ...steady.trainingPlan, runs: [run], recurringGpuHoursPerMonth: 5_000 },
    selfBuild: { ...steady.selfBuild, capacityGpus, capacitySizedBy: 'user', buildLeadTimeMonths: 4 },
  };
  return switchDemandMode(edit(s), 'plan');
}

/**
 * The plan on a small cluster (16 GPUs), on the shortage price path (its own sheet of interpolation
 * formulas) with its term points (a Term price path sheet the reserved hybrid's reservation and cash
 * read).
 */
function planOnSteadyLab(): Scenario {
  return steadyLabPlan(16, (s) => ({
    ...s,
    // A shaped price path (model v4): the workbook lays it out on its Price path sheet; the preset's
    // own term points (schema v14) on the Term price path sheet, which the reserved hybrid reads.
    finance: {
      ...s.finance,
      gpuTimePriceShape: presetShape('shortage'),
      termPriceShape: presetTermShape('shortage'),
    },
    hybrid: { ...s.hybrid, baselineMode: 'reserved' },
  }));
}

/**
 * The plan on 128 GPUs, on the preset's steady path: building loses money fast — the IRR of building
 * is about −40 % a year against either comparator, a rate the spreadsheet's IRR, iterating from 1 % a
 * month, did not reach (no result, or another root).
 */
function lateSmallPlan(): Scenario {
  return steadyLabPlan(128);
}

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

/** The recalculated Summary: the verdict sentence, the recommended strategy and the marked rows. */
function summaryVerdict(outDir: string, file: string, locale: Locale) {
  const t = nodeT(locale);
  const rows = sheetRows(outDir, file, sheetName(t, 'summary'));
  const beside = (label: string) => rows.find((r) => r[0] === label)?.[1];
  return {
    verdict: beside(t('export:excel.verdict')),
    recommended: beside(t('export:workbook.recommended')),
    // The table's rows carry a mark by formula in column J on the recommended strategy's row.
    marked: rows.filter((r) => r[9] === t('export:workbook.mark')).map((r) => r[0]),
  };
}

/** What the Summary should say for a scenario: the engine's verdict in the exports' words. */
function expectedVerdict(s: Scenario, locale: Locale) {
  const t = nodeT(locale);
  const ev = evaluate(s);
  const name = wayName(t, ev.recommendation.strategy, s);
  return {
    verdict: verdictSentence(ev, { locale, currency: 'CNY', cnyPerUsd: 7.2 }, t, s),
    recommended: name,
    marked: [name],
    strategy: ev.recommendation.strategy,
  };
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

async function buildFor(s: Scenario, locale: Locale, path: string): Promise<void> {
  const bytes = await workbookBytes({
    scenario: s,
    evaluation: evaluate(s),
    money: { locale, currency: 'CNY', cnyPerUsd: 7.2 },
    t: nodeT(locale),
    scenarioName: s.name,
    generatedAt: new Date(),
    monteCarlo: null,
    tornado: null,
  });
  writeFileSync(path, Buffer.from(bytes));
}

test('LibreOffice recalculates the exported workbook: 0 differences at export, and a changed server price, demand, horizon or platform price moves every total and the verdict as the engine does', async ({
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
  // The server price at which self-build becomes the cheapest (the first of these cuts that does
  // it), and the platform's price doubled: each moves the verdict to another strategy.
  const cheapServer = (s: Scenario) => {
    for (const f of [0.5, 0.4, 0.3, 0.2]) {
      const price = Math.round(s.selfBuild.serverPriceCny * f);
      if (
        evaluate(withInput(pinned(s), 'selfBuild.serverPriceCny', price)).recommendation.strategy ===
        'selfBuild'
      )
        return price;
    }
    throw new Error(`no server price cut makes self-build the cheapest in ${s.name}`);
  };
  // The plan's file takes only the two price edits, so it needs no server price that flips its verdict.
  const changes = (s: Scenario, flipsToOwning = true) => {
    const price = Math.round(s.selfBuild.serverPriceCny * 1.25);
    const cheap = flipsToOwning ? cheapServer(s) : price;
    const platform = s.platform.priceCnyPerGpuHour * 2;
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
      {
        id: 'cheap-server',
        inputs: { selfBuild_serverPriceCny: cheap },
        engine: withInput(pinned(s), 'selfBuild.serverPriceCny', cheap),
      },
      {
        id: 'platform-price',
        inputs: { platform_priceCnyPerGpuHour: platform },
        engine: withInput(pinned(s), 'platform.priceCnyPerGpuHour', platform),
      },
    ];
  };
  // A training plan in both languages, at export and after two price edits (not the horizon: the plan
  // is laid over the exported horizon).
  const plan = planOnSteadyLab();
  const planFiles: { file: string; locale: Locale }[] = [];
  for (const locale of LOCALES) {
    const file = join(dir, `plan-${locale}.xlsx`);
    await buildFor(plan, locale, file);
    planFiles.push({ file, locale });
  }
  // A cluster too small for its demand: the verdict says so, by formula.
  const tooSmall: Scenario = {
    ...steady,
    selfBuild: { ...steady.selfBuild, capacityGpus: 8, capacitySizedBy: 'user' },
  };
  const smallFiles: { file: string; locale: Locale }[] = [];
  for (const locale of LOCALES) {
    const file = join(dir, `small-${locale}.xlsx`);
    await buildFor(tooSmall, locale, file);
    smallFiles.push({ file, locale });
  }
  // Building at a loss: the IRR the spreadsheet computes is the engine's (cash-sheet.ts, its guess).
  const lateSmall = lateSmallPlan();
  for (const c of ['rent', 'platform'] as const) {
    const v = cashReport(lateSmall).selfBuildVs[c].irrFractionPerYear;
    expect(v ?? 0, c).toBeLessThan(-0.3);
  }
  const lateFile = join(dir, 'late-small-en.xlsx');
  await buildFor(lateSmall, 'en', lateFile);
  // Hardware refreshed on paths of its own (schema v15): twice in six years, at the shortage's prices,
  // sold on the falling resale path; the Costs sheet reads its Hardware and Resale price path sheets.
  const refresh: Scenario = {
    ...steady,
    horizonMonths: 72,
    selfBuild: { ...steady.selfBuild, depreciationYears: 2, buildLeadTimeMonths: 3 },
    finance: {
      ...steady.finance,
      hardwarePriceShape: presetHardwareShape('shortage'),
      resalePriceShape: presetHardwareShape('observed'),
    },
  };
  const refreshFiles: { file: string; locale: Locale }[] = [];
  for (const locale of LOCALES) {
    const file = join(dir, `refresh-${locale}.xlsx`);
    await buildFor(refresh, locale, file);
    refreshFiles.push({ file, locale });
  }
  // The named scenario's workbook in Chinese too, built as the export builds it.
  const namedZh = join(dir, 'named-zh-CN.xlsx');
  await buildFor(named, 'zh-CN', namedZh);
  const edited: { file: string; engine: Scenario; base: Scenario; locale: Locale; id: string }[] = [];
  for (const [source, s, stem, locale] of [
    [exported, named, 'exported', 'en'],
    [steadyFile, steady, 'steady', 'en'],
    [namedZh, named, 'named-zh', 'zh-CN'],
  ] as const)
    for (const c of changes(s)) {
      // Chinese: the two edits that move the verdict (its words are what the language changes).
      if (locale === 'zh-CN' && c.id !== 'cheap-server' && c.id !== 'platform-price') continue;
      const file = join(dir, `${stem}-${c.id}.xlsx`);
      await withInputs(source, sheetName(nodeT(locale), 'inputs'), c.inputs, file);
      edited.push({ file, engine: c.engine, base: s, locale, id: c.id });
    }
  for (const c of changes(refresh, false)) {
    if (c.id !== 'server-price') continue;
    const file = join(dir, `refresh-${c.id}.xlsx`);
    await withInputs(refreshFiles[0]!.file, sheetName(nodeT('en'), 'inputs'), c.inputs, file);
    edited.push({ file, engine: c.engine, base: refresh, locale: 'en', id: `refresh-${c.id}` });
  }
  for (const c of changes(plan, false)) {
    if (c.id !== 'server-price' && c.id !== 'platform-price') continue;
    const file = join(dir, `plan-${c.id}.xlsx`);
    await withInputs(planFiles[0]!.file, sheetName(nodeT('en'), 'inputs'), c.inputs, file);
    edited.push({ file, engine: c.engine, base: plan, locale: 'en', id: `plan-${c.id}` });
  }

  const outDir = join(dir, 'csv');
  await recalculateToCsv(
    [
      exported,
      namedZh,
      ...presetFiles.map((p) => p.file),
      ...planFiles.map((p) => p.file),
      ...smallFiles.map((p) => p.file),
      lateFile,
      ...refreshFiles.map((p) => p.file),
      ...edited.map((e) => e.file),
    ],
    outDir,
    join(dir, 'profile'),
  );

  // At export: every difference 0 (to the yuan) in the file the browser made and in every preset's.
  for (const { file, locale } of [
    { file: exported, locale: 'en' as Locale },
    ...presetFiles,
    ...planFiles,
    { file: lateFile, locale: 'en' as Locale },
    ...refreshFiles,
  ]) {
    const recon = reconciliation(outDir, file, locale);
    expect(recon.size, file).toBeGreaterThan(50);
    // A refreshed cluster's saving stream changes sign at each refresh, so its IRR polynomial has
    // several roots; the spreadsheet's solver starts from the engine's (cash-sheet.ts) and keeps it.
    const off = [...recon].filter(([key, r]) => !closeEnough(r.difference, 0, key));
    expect(off, file).toEqual([]);
  }
  // At export the recalculated verdict is the engine's, in each language.
  for (const [file, s, locale] of [
    [exported, named, 'en'],
    [namedZh, named, 'zh-CN'],
    ...planFiles.map((p) => [p.file, plan, p.locale] as const),
    ...smallFiles.map((p) => [p.file, tooSmall, p.locale] as const),
    ...refreshFiles.map((p) => [p.file, refresh, p.locale] as const),
    ...Object.entries(presets).flatMap(([id, p]) =>
      LOCALES.map((l) => [join(dir, `preset-${id}-${l}.xlsx`), p as Scenario, l] as const),
    ),
  ] as const) {
    const { strategy: _, ...want } = expectedVerdict(s, locale);
    expect(summaryVerdict(outDir, file, locale), file).toEqual(want);
  }

  // After a change: the recalculated figures are the engine's for the changed scenario.
  const verdictMoved = new Map<string, StrategyId[]>();
  for (const { file, engine, base, locale, id } of edited) {
    const recon = reconciliation(outDir, file, locale);
    const expected = engineFigures(engine, locale);
    const before = engineFigures(base, locale);
    const off: string[] = [];
    let moved = 0;
    const t = nodeT(locale);
    const ladder = `${t('export:excel.ladder.reconFigure')}|${t('export:excel.ladder.reconWay')}`;
    for (const [key, r] of recon) {
      // The ladder's GPUs are a search's result, held as values: an edited input does not solve it
      // again, so the engine's plan for the changed scenario is not the file's (its export is checked above).
      if (key === ladder) continue;
      // A refreshed cluster's IRR has several roots (above): after an edit the solver starts from the
      // exported rate and may settle on another of the changed stream's roots than the engine's lowest.
      if (id.startsWith('refresh-') && key.startsWith(`${t('finance:returns.irr')}|`)) continue;
      // A year beyond a shortened horizon has no cash.
      const want = expected.get(key) ?? 0;
      if (!closeEnough(r.workbook, want, key)) off.push(`${key}: workbook ${r.workbook}, engine ${want}`);
      const was = before.get(key);
      if (typeof was === 'number' && typeof want === 'number' && Math.abs(want - was) > 1) moved++;
    }
    expect(off, file).toEqual([]);
    // The change moved the totals (the test would pass on an unchanged file otherwise).
    expect(moved, file).toBeGreaterThan(10);
    // The verdict follows: its sentence, the recommended strategy and the marked row are the engine's.
    const { strategy, ...want } = expectedVerdict(engine, locale);
    expect(summaryVerdict(outDir, file, locale), file).toEqual(want);
    if (id === 'cheap-server' || id === 'platform-price')
      verdictMoved.set(file, [evaluate(base).recommendation.strategy, strategy]);
  }
  // The two verdict edits did change the recommendation (else the check above proves nothing new):
  // a cheap server makes self-build the cheapest, a dearer platform hands the win to another strategy.
  expect(verdictMoved.size).toBe(6);
  for (const [file, [was, now]] of verdictMoved) {
    expect(now, file).not.toBe(was);
    if (file.includes('cheap-server')) expect(now, file).toBe('selfBuild');
  }
});
