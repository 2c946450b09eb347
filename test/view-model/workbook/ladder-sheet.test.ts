import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { type LadderPrepay, ladderPlan, type Scenario } from '../../../src/engine';
import { createI18n } from '../../../src/i18n';
import { tierName } from '../../../src/view-model/ladder-text';
import type { LiveWorkbook } from '../../../src/view-model/workbook/live-workbook';
import type { SheetModel } from '../../../src/view-model/workbook/sheet-model';
import { arbScenario } from '../../engine/arbitraries';
import { handCase } from '../../engine/ladder/hand-case';
import {
  growingPlan,
  growingPlanMonthlyComputeCny,
  planOnLadder,
  pretrain,
} from '../../engine/ladder/plan-case';
import { englishWords } from '../../english-words';
import { FormulaEvaluator } from '../formula-evaluator';
import { type Locale, sheetOf, workbookOf } from './workbook-of';

/*
 * The Ladder sheet of the live workbook (issue 37, "every way to commit"): the plan the engine solved,
 * its term tiers' compute as formulas from the Inputs sheet. Pinned against the case worked by hand
 * (test/engine/ladder/hand-case.ts: whole 8-GPU servers at 100 CNY an hour, 12.5 a GPU-hour, half
 * the weeks at 80 useful GPUs and half at 40, 50 % of held hours useful), every expected figure worked
 * out here by plain arithmetic; the formulas are recomputed from the inputs (the cached results
 * dropped) by ../formula-evaluator.ts. On random scenarios with the term tiers on, each committed
 * rung's compute and the plan's total recomputed equal the engine's.
 */

vi.setConfig({ testTimeout: 120_000 });

const build = workbookOf;
const ladderOf = (wb: LiveWorkbook, locale: Locale = 'en'): SheetModel => sheetOf(wb, 'ladder', locale);

/** The 1-based row whose first cell reads `label`. */
function rowOf(sheet: SheetModel, label: string): number {
  const i = sheet.rows.findIndex((r) => r[0]?.value === label);
  if (i < 0) throw new Error(`no row "${label}" in ${sheet.name}`);
  return i + 1;
}

const COMPUTE = 4;
const OTHER = 5;
const TOTAL = 6;
const GPUS = 2;

const en = createI18n('en').t;
const label = (key: string, options: Record<string, string> = {}) =>
  en(`export:excel.ladder.${key}`, options);

/** A copy of the workbook's sheets with one named input cell set to `value`. */
function withInput(wb: LiveWorkbook, name: string, value: number): SheetModel[] {
  const sheets = structuredClone(wb.sheets);
  for (const sheet of sheets)
    for (const row of sheet.rows)
      for (const cell of row)
        if (cell?.name === name) {
          cell.value = value;
          return sheets;
        }
  throw new Error(`no input cell ${name}`);
}

const near = (a: unknown, b: number) =>
  typeof a === 'number' && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

describe('the Ladder sheet of the live workbook', () => {
  const hand = handCase(['reserved1y', 'onDemand']);
  // By hand: 80 GPUs × 730 h × 12.5 CNY × (1 − 25 %); on demand the 40 useful GPUs above the band in
  // half the weeks, ÷ 50 % useful, × 12.5; renting everything: 60 useful GPUs on average ÷ 50 % × 730 × 12.5.
  const reserved = 80 * 730 * 12.5 * (1 - 0.25);
  const onDemand = ((40 * 0.5 * 730) / 0.5) * 12.5;
  const rent = ((60 * 730) / 0.5) * 12.5;

  it('on the case worked by hand: 80 GPUs reserved for a year, 547,500 a month by formula, 365,000 on demand, 912,500 in all — 182,500 below renting', () => {
    expect([reserved, onDemand, rent]).toEqual([547_500, 365_000, 1_095_000]);
    const wb = build(hand);
    const sheet = ladderOf(wb);
    const ev = new FormulaEvaluator(wb.sheets);
    const at = (row: number, col: number) => ev.value(sheet.name, row, col);
    const r1y = rowOf(sheet, tierName('reserved1y', en));
    expect(sheet.rows[r1y - 1]?.[GPUS - 1]?.value).toBe(80);
    // The reservation's compute is a formula reading the discount's named input, recomputed here.
    const formula = sheet.rows[r1y - 1]?.[COMPUTE - 1]?.formula ?? '';
    expect(formula).toContain('ladder_reserved1yDiscountFraction');
    expect(at(r1y, COMPUTE)).toBe(reserved);
    expect(at(r1y, TOTAL)).toBe(reserved);
    const od = rowOf(sheet, tierName('onDemand', en));
    // A variable tier commits no GPUs: its cell is blank.
    expect(sheet.rows[od - 1]?.[GPUS - 1] ?? null).toBeNull();
    expect(sheet.rows[od - 1]?.[2]?.value).toBe(40 * 0.5 * 730);
    expect(at(od, TOTAL)).toBe(onDemand);
    // Nothing waits; the plan's total is a SUM, the best single way renting, the saving a formula.
    expect(sheet.rows.some((r) => r[0]?.value === label('waiting'))).toBe(false);
    const total = rowOf(sheet, label('planTotal'));
    expect(sheet.rows[total - 1]?.[TOTAL - 1]?.formula).toMatch(/^SUM\(/);
    expect(at(total, TOTAL)).toBe(912_500);
    const best = rowOf(sheet, label('bestWay', { way: en('common:strategy.rent') }));
    expect(at(best, TOTAL)).toBeCloseTo(rent, 6);
    expect(at(rowOf(sheet, label('savingVsBest')), TOTAL)).toBeCloseTo(rent - 912_500, 6);
    // The on-demand price the terms read: 100 CNY a server-hour ÷ 8 GPUs, a formula from the inputs.
    const price = rowOf(sheet, label('onDemandPrice'));
    expect(sheet.rows[price - 1]?.[1]?.formula).toContain('rent_priceCnyPerServerHour');
    expect(at(price, 2)).toBe(12.5);
    // Spot: on demand × (1 − 50 %).
    expect(at(rowOf(sheet, label('spotPrice')), 2)).toBe(6.25);
    // The schedule: one 1-year term from month 1 to 12, 547,500 a month, nothing prepaid.
    const schedule = sheet.rows.slice(rowOf(sheet, label('scheduleTitle')) + 1);
    expect(schedule[0]?.slice(0, 6).map((c) => c?.value)).toEqual([
      tierName('reserved1y', en),
      1,
      12,
      80,
      reserved,
      0,
    ]);
  });

  it('on a dated plan, a monthly term held only in the quarter with work: 128 × 730 × 12.5 × 0.7 × 3 ÷ 36 by formula', () => {
    // A 12-week run from week 1 over 36 months (test/engine/ladder/term-quarters.test.ts): the term is
    // held in months 1–3, so its held factor is three months' index over thirty-six (a flat path).
    const run = { ...pretrain, gpuHours: 64 * 168 * 12, deadlineWeek: null };
    const s0 = planOnLadder(['monthly', 'onDemand'], { monthlyDiscountFraction: 0.3 }, [run]);
    const s: Scenario = {
      ...s0,
      finance: {
        ...s0.finance,
        gpuTimePriceDeclineFractionPerYear: 0,
        gpuTimePriceShape: null,
        costView: 'accounting',
      },
    };
    const wb = build(s);
    const sheet = ladderOf(wb);
    const ev = new FormulaEvaluator(wb.sheets);
    const row = rowOf(sheet, tierName('monthly', en));
    expect(sheet.rows[row - 1]?.[GPUS - 1]?.value).toBe(128);
    expect(ev.value(sheet.name, row, COMPUTE)).toBeCloseTo((128 * 730 * 12.5 * 0.7 * 3) / 36, 6);
  });

  it('on a plan that grows and shrinks, the monthly term sized quarter by quarter (64, 192, 64 GPUs) recomputes to the sum worked by hand', () => {
    const wb = build(growingPlan());
    const sheet = ladderOf(wb);
    const ev = new FormulaEvaluator(wb.sheets);
    const row = rowOf(sheet, tierName('monthly', en));
    expect(sheet.rows[row - 1]?.[GPUS - 1]?.value).toBe(192);
    expect(ev.value(sheet.name, row, COMPUTE)).toBeCloseTo(growingPlanMonthlyComputeCny(), 4);
  });

  it('carries the plan by quarter: each quarter a SUM of its columns (3 × 547,500 + 3 × 365,000 = 2,737,500), the horizon a SUM of the quarters', () => {
    const wb = build(hand);
    const sheet = ladderOf(wb);
    const ev = new FormulaEvaluator(wb.sheets);
    const q1 = rowOf(sheet, 'Q1');
    expect(sheet.rows[q1 - 1]?.[4]?.formula).toMatch(/^SUM\(C\d+:D\d+\)$/);
    expect(ev.value(sheet.name, q1, 3)).toBeCloseTo(3 * 547_500, 6);
    expect(ev.value(sheet.name, q1, 4)).toBeCloseTo(3 * 365_000, 6);
    expect(ev.value(sheet.name, q1, 5)).toBeCloseTo(2_737_500, 6);
    const horizon = rowOf(sheet, en('sizing:plan.sum'));
    expect(ev.value(sheet.name, horizon, 5)).toBeCloseTo(4 * 2_737_500, 4);
  });

  it('recomputes every formula of the sheet to its cached result', () => {
    for (const s of [
      hand,
      growingPlan(),
      handCase(['own', 'reserved3y', 'monthly', 'platformReserved', 'spot', 'onDemand']),
    ]) {
      const wb = build(s);
      const sheet = ladderOf(wb);
      const cells = new FormulaEvaluator(wb.sheets).formulaCells(sheet.name);
      expect(cells.length).toBeGreaterThan(15);
      for (const { row, column, value } of cells) {
        const cached = sheet.rows[row - 1]?.[column - 1]?.value;
        expect(typeof cached === 'number' ? near(value, cached) : value === cached, `R${row}C${column}`).toBe(
          true,
        );
      }
    }
  });

  it('follows the Inputs sheet: a 40 % one-year discount typed in makes the reservation 438,000 and the plan 803,000 a month', () => {
    const wb = build(hand);
    const sheet = ladderOf(wb);
    const ev = new FormulaEvaluator(withInput(wb, 'ladder_reserved1yDiscountFraction', 0.4));
    const r1y = rowOf(sheet, tierName('reserved1y', en));
    expect(ev.value(sheet.name, r1y, COMPUTE)).toBe(80 * 730 * 12.5 * 0.6);
    expect(ev.value(sheet.name, rowOf(sheet, label('planTotal')), TOTAL)).toBe(438_000 + 365_000);
    // A dearer server moves the price every term reads: 120 CNY a server-hour is 15 a GPU-hour.
    const dearer = new FormulaEvaluator(withInput(wb, 'rent_priceCnyPerServerHour', 120));
    expect(dearer.value(sheet.name, r1y, COMPUTE)).toBe(80 * 730 * 15 * 0.75);
  });

  it('charges a prepaid term the cost of capital in the economic view: × 1 + p × (T ÷ A_r(T) − 1), the annuity summed month by month here', () => {
    const s: Scenario = {
      ...hand,
      finance: { ...hand.finance, costView: 'economic', discountRateFractionPerYear: 0.1 },
      ladder: { ...hand.ladder, prepay: { ...hand.ladder.prepay, reserved1y: 'all' } },
    };
    let annuity = 0;
    for (let month = 1; month <= 12; month++) annuity += 1.1 ** (-month / 12);
    const factor = 1 + 1 * (12 / annuity - 1);
    expect(factor).toBeGreaterThan(1.04);
    const wb = build(s);
    const sheet = ladderOf(wb);
    const ev = new FormulaEvaluator(wb.sheets);
    const r1y = rowOf(sheet, tierName('reserved1y', en));
    expect(sheet.rows[r1y - 1]?.[GPUS - 1]?.value).toBe(80);
    expect(near(ev.value(sheet.name, r1y, COMPUTE), reserved * factor)).toBe(true);
    // In the accounting view the same prepayment costs nothing more.
    const accounting = build({ ...s, finance: { ...s.finance, costView: 'accounting' } });
    expect(new FormulaEvaluator(accounting.sheets).value(sheet.name, r1y, COMPUTE)).toBe(reserved);
  });

  it('holds a 3-year term over a 60-month horizon of prices falling 20 % a year at 36 × (1 + 0.8³) ÷ 60 of today’s price', () => {
    const s3 = handCase(['reserved3y', 'onDemand']);
    const s: Scenario = {
      ...s3,
      horizonMonths: 60,
      finance: { ...s3.finance, gpuTimePriceDeclineFractionPerYear: 0.2 },
      ladder: { ...s3.ladder, reserved3yDiscountFraction: 0.55 },
    };
    // Terms start in months 1 and 37 (index 0.8^((37 − 1) ÷ 12)); the second is paid to month 72.
    const held = (36 * (1 + 0.8 ** 3)) / 60;
    const wb = build(s);
    const sheet = ladderOf(wb);
    const ev = new FormulaEvaluator(wb.sheets);
    const r3y = rowOf(sheet, tierName('reserved3y', en));
    const gpus = sheet.rows[r3y - 1]?.[GPUS - 1]?.value;
    expect(gpus).toBe(80);
    expect(near(ev.value(sheet.name, r3y, COMPUTE), 80 * 730 * 12.5 * held * 0.45)).toBe(true);
    const terms = sheet.rows.slice(rowOf(sheet, label('termsTitle')) + 1);
    expect(near(ev.value(sheet.name, rowOf(sheet, label('termsTitle')) + 2, 4), held)).toBe(true);
    expect(terms[0]?.[0]?.value).toBe(tierName('reserved3y', en));
  });

  it('reconciles the plan: the Reconciliation line reads the Ladder sheet’s total, 912,500 a month against the engine’s', () => {
    const wb = build(hand);
    const line = wb.reconciliation.find((l) => l.figure === en('export:excel.ladder.reconFigure'));
    expect(line?.workbook.f).toBe(`'Ladder'!$F$${rowOf(ladderOf(wb), label('planTotal'))}`);
    expect(line?.engine).toBeCloseTo(912_500, 6);
    const recon = wb.sheets[wb.sheets.length - 1] as SheetModel;
    const row = recon.rows.findIndex((r) => r[0]?.value === line?.figure) + 1;
    expect(new FormulaEvaluator(wb.sheets).value(recon.name, row, 4)).toBe(912_500);
  });

  it('stands after the Energy sheet and before the Reconciliation, which stays last', () => {
    expect(
      build(hand)
        .sheets.map((x) => x.name)
        .slice(-3),
    ).toEqual(['Energy', 'Ladder', 'Reconciliation']);
  });

  it('builds in Chinese: 承诺组合, the tiers’ Chinese names, no English word, the same 912,500', () => {
    const wb = build(hand, 'zh-CN');
    const sheet = ladderOf(wb, 'zh-CN');
    expect(sheet.name).toBe('承诺组合');
    const zh = createI18n('zh-CN').t;
    const ev = new FormulaEvaluator(wb.sheets);
    expect(ev.value(sheet.name, rowOf(sheet, tierName('reserved1y', zh)), COMPUTE)).toBe(reserved);
    expect(ev.value(sheet.name, rowOf(sheet, zh('export:excel.ladder.planTotal')), TOTAL)).toBe(912_500);
    const texts = sheet.rows.flatMap((r) => r.map((c) => c?.value).filter((v) => typeof v === 'string'));
    expect(texts.length).toBeGreaterThan(30);
    expect(texts.flatMap((x) => englishWords(String(x)))).toEqual([]);
  });

  it('on random scenarios with the term tiers on: each committed rung’s compute and the plan’s total, recomputed, are the engine’s', () => {
    const prepay = fc.constantFrom<LadderPrepay>('none', 'part', 'all');
    const arbTerms = fc.record({
      r3: fc.double({ min: 0.3, max: 0.8, noNaN: true }),
      r1: fc.double({ min: 0.2, max: 0.6, noNaN: true }),
      monthly: fc.double({ min: 0, max: 0.4, noNaN: true }),
      p3: prepay,
      p1: prepay,
      economic: fc.boolean(),
      // The own cluster and the platform's reservation, which often undercut a term, on in some runs.
      own: fc.boolean(),
      platformReserved: fc.boolean(),
      // A floor busy every week and bursts above it: the demand a term pays for.
      floorGpus: fc.integer({ min: 16, max: 400 }),
      bursts: fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 52, maxLength: 52 }),
    });
    const used = { term: 0, prepaidEconomic: 0, platformReserved: 0, own: 0 };
    fc.assert(
      fc.property(arbScenario, arbTerms, (base, d) => {
        const s: Scenario = {
          ...base,
          demand: { ...base.demand, mode: 'weekly', weeklyGpus: d.bursts.map((g) => d.floorGpus + g) },
          finance: { ...base.finance, costView: d.economic ? 'economic' : 'accounting' },
          ladder: {
            ...base.ladder,
            tiers: {
              own: d.own,
              reserved3y: true,
              reserved1y: true,
              monthly: true,
              platformReserved: d.platformReserved,
              onDemand: true,
              spot: false,
              platformElastic: false,
            },
            reserved3yDiscountFraction: d.r3,
            reserved1yDiscountFraction: d.r1,
            monthlyDiscountFraction: d.monthly,
            prepay: { reserved3y: d.p3, reserved1y: d.p1 },
          },
        };
        const plan = ladderPlan(s);
        const wb = build(s);
        const sheet = ladderOf(wb);
        const ev = new FormulaEvaluator(wb.sheets);
        for (const band of plan.pricing.bands) {
          const row = rowOf(sheet, tierName(band.id, en));
          const want = band.part.breakdown.compute;
          const got = ev.value(sheet.name, row, COMPUTE);
          expect(Math.abs(Number(got) - want), `${band.id}: workbook ${got}, engine ${want}`).toBeLessThan(
            1e-9 * Math.max(1, want),
          );
          used[band.id === 'own' || band.id === 'platformReserved' ? band.id : 'term']++;
          const prepaid = band.id === 'reserved3y' ? d.p3 : band.id === 'reserved1y' ? d.p1 : 'none';
          if (d.economic && prepaid !== 'none') used.prepaidEconomic++;
          // The rung's other costs are the engine's; its total their sum with the compute.
          const other = Number(sheet.rows[row - 1]?.[OTHER - 1]?.value);
          expect(near(ev.value(sheet.name, row, TOTAL), Number(got) + other)).toBe(true);
        }
        const total = ev.value(sheet.name, rowOf(sheet, label('planTotal')), TOTAL);
        expect(Math.abs(Number(total) - plan.monthlyCny)).toBeLessThan(
          1e-9 * Math.max(1, plan.monthlyCny) + 1e-6,
        );
      }),
      { numRuns: 60, seed: 20_261_237, endOnFailure: true },
    );
    // Not vacuous: the term tiers were in the plans (prepaid in the economic view too), and the
    // platform's reservation.
    expect(used.term).toBeGreaterThan(15);
    expect(used.prepaidEconomic).toBeGreaterThan(3);
    expect(used.platformReserved).toBeGreaterThan(3);
  });
});
