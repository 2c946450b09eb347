import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  atSite,
  datedDemand,
  defaultScenario,
  type EnergyReport,
  energyReport,
  evaluate,
  newTrainingRun,
  presets,
  type Scenario,
  STRATEGY_IDS,
  type StrategyId,
} from '../../../src/engine';
import { switchDemandMode } from '../../../src/engine/demand-mode';
import { createI18n } from '../../../src/i18n';
import type { LiveWorkbook } from '../../../src/view-model/workbook/live-workbook';
import type { SheetModel } from '../../../src/view-model/workbook/sheet-model';
import { arbScenario } from '../../engine/arbitraries';
import { englishWords } from '../../english-words';
import { FormulaEvaluator } from '../formula-evaluator';
import { type Locale, sheetOf, workbookOf } from './workbook-of';

/*
 * The Energy sheet of the live workbook (issue 40): every formula recomputed from the inputs equals its
 * cached result, and the figures equal the engine's energyReport — year 1 to 1e-9 relative on the
 * default scenario and the western hub, the horizon's total on random scenarios (training plans among
 * them, whose years are the engine's values).
 */

vi.setConfig({ testTimeout: 120_000 });

const build = workbookOf;
const energyOf = (wb: LiveWorkbook, locale: Locale = 'en'): SheetModel => sheetOf(wb, 'energy', locale);

const column = (id: StrategyId) => 2 + STRATEGY_IDS.indexOf(id);
const cached = (sheet: SheetModel, row: number, col: number) => sheet.rows[row - 1]?.[col - 1]?.value;
const num = (sheet: SheetModel, row: number, col: number): number => {
  const v = cached(sheet, row, col);
  if (typeof v !== 'number') throw new Error(`${sheet.name} row ${row} column ${col} holds ${String(v)}`);
  return v;
};

/** The Energy sheet's formulas recomputed (the cached results dropped) against their cached results. */
function mismatches(wb: LiveWorkbook, sheet: SheetModel): { wrong: string[]; formulas: number } {
  const evaluator = new FormulaEvaluator(wb.sheets);
  const wrong: string[] = [];
  const cells = evaluator.formulaCells(sheet.name);
  for (const { row, column: col, value } of cells) {
    const want = cached(sheet, row, col);
    const ok =
      typeof want === 'number' && typeof value === 'number'
        ? Math.abs(value - want) <= 1e-9 * Math.max(1, Math.abs(want))
        : value === want;
    if (!ok) wrong.push(`R${row}C${col}: formula gives ${String(value)}, cached ${String(want)}`);
  }
  return { wrong, formulas: cells.length };
}

/** a and b equal to 1e-9 relative (of `scale` when given: a small part of a larger figure). */
const close = (a: number, b: number, scale = Math.abs(b)) => Math.abs(a - b) <= 1e-9 * Math.max(scale, 1e-9);

/** The sheet's year-1 and monthly figures against the engine's report, way by way. */
function offFromReport(wb: LiveWorkbook, sheet: SheetModel, report: EnergyReport, months: number): string[] {
  const r = wb.energy;
  const off: string[] = [];
  const year1 = r.years[0];
  if (!year1) return ['no year 1'];
  for (const id of STRATEGY_IDS) {
    const c = column(id);
    const y = report.ways[id].years[0];
    if (!y) return [`no year 1 of ${id}`];
    const kwhScale = Math.abs(y.kwh);
    const kgScale = Math.abs(y.scope2Kg + y.scope3Kg);
    const pairs: [string, number, number, number][] = [
      ['year 1 kWh', num(sheet, year1.kwh, c), y.kwh, kwhScale],
      ['year 1 scope 2 t', num(sheet, year1.scope2T, c) * 1000, y.scope2Kg, kgScale],
      ['year 1 scope 3 t', num(sheet, year1.scope3T, c) * 1000, y.scope3Kg, kgScale],
      ['year 1 t CO2e', num(sheet, year1.tonnes, c) * 1000, y.scope2Kg + y.scope3Kg, kgScale],
      ['month kWh × 12', num(sheet, r.kwh, c) * months, y.kwh, kwhScale],
      ['provider kWh × 12', num(sheet, r.providerKwh, c) * months, y.providerKwh, kwhScale],
      ['scope 2 kg × 12', num(sheet, r.scope2Kg, c) * months, y.scope2Kg, kgScale],
      ['scope 3 kg × 12', num(sheet, r.scope3Kg, c) * months, y.scope3Kg, kgScale],
      ['kg per useful GPU-hour', num(sheet, r.kgPerUseful, c), report.ways[id].kgPerUsefulGpuHour, 0],
      ['providers’ share', num(sheet, r.providerShare, c), report.ways[id].providerShare, 1],
    ];
    if (id === 'selfBuild' || id === 'hybrid')
      pairs.push(['own kWh × 12', num(sheet, r.ownKwh, c) * months, y.ownedKwh, kwhScale]);
    for (const [what, sheetValue, engine, scale] of pairs)
      if (!close(sheetValue, engine, scale || Math.abs(engine)))
        off.push(`${id} ${what}: sheet ${sheetValue}, engine ${engine}`);
  }
  return off;
}

const west = atSite(defaultScenario, 'westernHub');
const steady = presets.steadyLab as Scenario;

/** A training plan (dated months): a 64-GPU run in weeks 10–30 and recurring work. */
function planned(base: Scenario, capacityGpus: number, baselineMode: 'owned' | 'reserved'): Scenario {
  const run = {
    ...newTrainingRun(base),
    sizeBy: 'gpuHours' as const,
    gpuHours: 64 * 168 * 21,
    startWeek: 10,
    gpus: 64,
    deadlineWeek: 30,
  };
  return switchDemandMode(
    {
      ...base,
      trainingPlan: { ...base.trainingPlan, runs: [run], recurringGpuHoursPerMonth: 5_000 },
      selfBuild: { ...base.selfBuild, capacityGpus, capacitySizedBy: 'user', buildLeadTimeMonths: 4 },
      hybrid: { ...base.hybrid, baselineMode },
    },
    'plan',
  );
}

const CASES: Record<string, Scenario> = {
  'the default scenario': defaultScenario,
  'the western hub': west,
  'data on premises (no rent, no platform, burst waits)': { ...steady, compliance: 'onPrem' },
  'a reserved hybrid baseline': { ...steady, hybrid: { ...steady.hybrid, baselineMode: 'reserved' } },
  'other GPU models, a 30-month horizon': {
    ...steady,
    horizonMonths: 30,
    hardware: {
      ...steady.hardware,
      selfBuild: { ...steady.hardware.selfBuild, throughputRatio: 0.6 },
      rent: { ...steady.hardware.rent, throughputRatio: 1.4 },
    },
  },
  'a training plan on a small cluster, a reserved hybrid baseline': planned(steady, 16, 'reserved'),
  'a training plan on a large cluster': planned(steady, 128, 'owned'),
};

describe('the Energy sheet', () => {
  for (const [name, s] of Object.entries(CASES))
    it(`recomputes every formula to its cached result: ${name}`, () => {
      const wb = build(s);
      const { wrong, formulas } = mismatches(wb, energyOf(wb));
      expect(wrong).toEqual([]);
      expect(formulas).toBeGreaterThan(60);
    });

  it('keeps one layout for every scenario: the rows an end-to-end test reads after recalculation', () => {
    const layout = {
      ownKwh: 8,
      providerKwh: 11,
      kwh: 12,
      scope2Kg: 13,
      scope3Kg: 14,
      carbonPerKwh: 20,
      carbonMonthly: 21,
      drawMw: 24,
      capMw: 25,
      overCap: 26,
      horizonKwh: 30,
      horizonTonnes: 33,
    };
    for (const s of Object.values(CASES)) {
      const wb = build(s);
      expect(wb.energy).toMatchObject(layout);
      // Year y's months, kWh, scope 2, scope 3 and t CO2e: rows 37–41, then 5 rows a year.
      wb.energy.years.forEach((y, i) => {
        expect(y).toEqual({
          months: 37 + 5 * i,
          kwh: 38 + 5 * i,
          scope2T: 39 + 5 * i,
          scope3T: 40 + 5 * i,
          tonnes: 41 + 5 * i,
        });
      });
      expect(wb.energy.years).toHaveLength(Math.ceil(s.horizonMonths / 12));
    }
  });

  it('stands after the cash sheets and before the Ladder and the Reconciliation, which stays last', () => {
    const en = build(defaultScenario);
    const names = en.sheets.map((x) => x.name);
    expect(names.slice(-4)).toEqual(['Monthly cash', 'Energy', 'Ladder', 'Reconciliation']);
    expect(
      build(defaultScenario, 'zh-CN')
        .sheets.map((x) => x.name)
        .slice(-3),
    ).toEqual(['能耗与排放', '承诺组合', '核对']);
  });

  for (const [name, s] of [
    ['the default scenario', defaultScenario],
    ['the western hub', west],
  ] as const)
    it(`equals the engine's energy report in year 1, way by way: ${name}`, () => {
      const wb = build(s);
      const sheet = energyOf(wb);
      expect(wb.energy.years).toHaveLength(Math.ceil(s.horizonMonths / 12));
      expect(offFromReport(wb, sheet, energyReport(s), 12)).toEqual([]);
      // The month × 12 = year 1 (a steady demand): the figures an e2e reads after recalculation.
      const report = energyReport(s);
      for (const id of STRATEGY_IDS) {
        const y = report.ways[id].years[0];
        expect(y?.months).toBe(12);
        expect(num(sheet, wb.energy.years[0]?.months ?? 0, 2)).toBe(12);
        expect(close(num(sheet, wb.energy.horizonKwh, column(id)), report.ways[id].total.kwh)).toBe(true);
      }
    });

  it('gives a training plan’s years as the engine’s values, with a note; the month and the total stay formulas', () => {
    const s = planned(steady, 16, 'reserved');
    const wb = build(s);
    const sheet = energyOf(wb);
    const report = energyReport(s);
    const t = createI18n('en').t;
    expect(sheet.rows.flat().some((c) => c?.value === t('export:workbook.energySheet.yearsNoteDated'))).toBe(
      true,
    );
    wb.energy.years.forEach((rows, i) => {
      for (const id of STRATEGY_IDS) {
        const y = report.ways[id].years[i];
        const cell = sheet.rows[rows.kwh - 1]?.[column(id) - 1];
        expect(cell?.formula).toBeUndefined();
        expect(cell?.value).toBe(y?.kwh);
        expect(sheet.rows[rows.tonnes - 1]?.[column(id) - 1]?.value).toBe(
          ((y?.scope2Kg ?? 0) + (y?.scope3Kg ?? 0)) / 1000,
        );
      }
    });
    // The plan's months differ, so the engine's year 1 is not the month × 12 …
    const c = column('rent');
    expect(
      Math.abs(num(sheet, wb.energy.kwh, c) * 12 - (report.ways.rent.years[0]?.kwh ?? 0)),
    ).toBeGreaterThan(1);
    // … but the horizon's total (a formula) is the month × the months.
    for (const id of STRATEGY_IDS) {
      const total = report.ways[id].total;
      const col = column(id);
      expect(sheet.rows[wb.energy.horizonKwh - 1]?.[col - 1]?.formula).toBeDefined();
      expect(close(num(sheet, wb.energy.horizonKwh, col), total.kwh)).toBe(true);
      expect(close(num(sheet, wb.energy.horizonTonnes, col) * 1000, total.scope2Kg + total.scope3Kg)).toBe(
        true,
      );
    }
  });

  it('prices the carbon line at 100 CNY/t: 0.05306 CNY/kWh × the own cluster’s kWh, the engine’s energy with carbon less without', () => {
    const priced = { ...defaultScenario, energy: { ...defaultScenario.energy, carbonPriceCnyPerTonne: 100 } };
    const wb = build(priced);
    const sheet = energyOf(wb);
    const r = wb.energy;
    const { wrong } = mismatches(wb, sheet);
    expect(wrong).toEqual([]);
    const perKwh = num(sheet, r.carbonPerKwh, 2);
    expect(perKwh).toBeCloseTo(0.05306, 15);
    const ownKwh = num(sheet, r.ownKwh, column('selfBuild'));
    const line = num(sheet, r.carbonMonthly, column('selfBuild'));
    expect(line).toBeCloseTo(0.05306 * ownKwh, 6);
    const withCarbon = evaluate(priced).strategies.selfBuild.breakdownMonthlyCny.energy;
    const without = evaluate(defaultScenario).strategies.selfBuild.breakdownMonthlyCny.energy;
    expect(close(line, withCarbon - without)).toBe(true);
    // The kWh do not move with the price; at 0 the line is 0.
    expect(close(ownKwh, num(energyOf(build(defaultScenario)), r.ownKwh, column('selfBuild')))).toBe(true);
    expect(num(energyOf(build(defaultScenario)), r.carbonMonthly, column('selfBuild'))).toBe(0);
    // Rent and the platform have no own cluster: no carbon line.
    expect(cached(sheet, r.carbonMonthly, column('rent'))).toBeUndefined();
  });

  it('compares the own cluster’s draw with the site’s power cap (blank: none)', () => {
    const t = createI18n('en').t;
    const free = build(defaultScenario);
    const sheet = energyOf(free);
    const report = energyReport(defaultScenario);
    expect(close(num(sheet, free.energy.drawMw, 2), report.ownDrawMw)).toBe(true);
    expect(cached(sheet, free.energy.capMw, 2)).toBe('');
    expect(cached(sheet, free.energy.overCap, 2)).toBe(t('export:excel.no'));
    const capped = { ...defaultScenario, energy: { ...defaultScenario.energy, powerCapMw: 0.001 } };
    const wb = build(capped);
    const capSheet = energyOf(wb);
    expect(energyReport(capped).overPowerCap).toBe(true);
    expect(cached(capSheet, wb.energy.capMw, 2)).toBe(0.001);
    expect(cached(capSheet, wb.energy.overCap, 2)).toBe(t('export:excel.yes'));
    expect(mismatches(wb, capSheet).wrong).toEqual([]);
  });

  it('reads its factors from named cells on the Inputs sheet (the power cap blank when there is none)', () => {
    const wb = build(west);
    const named = new Map(
      wb.sheets.flatMap((sheet) => sheet.rows.flat()).flatMap((c) => (c?.name ? [[c.name, c.value]] : [])),
    );
    expect(named.get('energy_providerPue')).toBe(west.energy.providerPue);
    expect(named.get('energy_providerGridKgCo2ePerKwh')).toBe(west.energy.providerGridKgCo2ePerKwh);
    expect(named.get('energy_embodiedKgCo2ePerGpu')).toBe(west.energy.embodiedKgCo2ePerGpu);
    expect(named.get('energy_gridKgCo2ePerKwh')).toBe(0.5543);
    expect(named.has('energy_powerCapMw')).toBe(true);
    expect(named.get('energy_powerCapMw')).toBeNull();
  });

  it('zh-CN: Chinese labels, header and units, no English words (CO2e is a formula, not a word)', () => {
    const wb = build(west, 'zh-CN');
    const sheet = energyOf(wb, 'zh-CN');
    // CO2e is a formula; Slurm and its field ConsumedEnergyRaw (in the line on the draw's origin) are names.
    const words = (text: string) =>
      englishWords(text.replace(/CO2e?/g, '').replace(/\bSlurm\b|\bConsumedEnergyRaw\b/g, ''));
    const texts = sheet.rows.flatMap((row) =>
      row.flatMap((c) => (c && c.formula === undefined && typeof c.value === 'string' ? [c.value] : [])),
    );
    expect(texts.length).toBeGreaterThan(40);
    expect(texts.flatMap(words)).toEqual([]);
    expect(texts).toContain('第 1 年：千瓦时');
    expect(texts).toContain('第 1 年：吨 CO2e');
    expect(texts.some((x) => x.startsWith('功率：每台服务器满载 8.2 千瓦、空闲 3 千瓦，均为估算。'))).toBe(
      true,
    );
    expect(texts.join('')).not.toMatch(/₂|GPU 小时/);
    expect(mismatches(wb, sheet).wrong).toEqual([]);
  });

  it('equals the engine on random scenarios: the horizon’s totals, and year 1 when the demand is steady', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        // A demand of a few denormal GPU-hours (4e-323 jobs a month) has no precision left to compare.
        const useful = energyReport(s).ways.platform.usefulGpuHours;
        fc.pre(useful === 0 || useful > 1e-6);
        const wb = build(s);
        const sheet = energyOf(wb);
        const { wrong } = mismatches(wb, sheet);
        expect(wrong, JSON.stringify(s)).toEqual([]);
        const report = energyReport(s);
        const off: string[] = [];
        for (const id of STRATEGY_IDS) {
          const total = report.ways[id].total;
          const c = column(id);
          const kg = total.scope2Kg + total.scope3Kg;
          if (!close(num(sheet, wb.energy.horizonKwh, c), total.kwh)) off.push(`${id} kWh`);
          if (!close(num(sheet, wb.energy.horizonTonnes, c) * 1000, kg)) off.push(`${id} t CO2e`);
        }
        if (wb.energy.years.length > 0 && report.ways.rent.years[0]?.months === 12 && datedDemand(s) === null)
          off.push(...offFromReport(wb, sheet, report, 12));
        expect(off, JSON.stringify(s)).toEqual([]);
      }),
      { numRuns: 40, seed: 20_261_240, endOnFailure: true },
    );
  });
});
