import { describe, expect, it } from 'vitest';
import {
  type Breakdown,
  budgetMonths,
  COST_CATEGORIES,
  evaluate,
  newTrainingRun,
  presets,
  type Scenario,
  type StrategyId,
  type WayMonthFigures,
} from '../../../src/engine';
import { switchDemandMode } from '../../../src/engine/demand-mode';
import { buildWorkbook } from '../../../src/features/report-pdf/excel-workbook';
import { createI18n } from '../../../src/i18n';
import type { MoneyFormat } from '../../../src/lib/format';
import type { BudgetStamp } from '../../../src/scenario';
import type { ActualMonth, Bills } from '../../../src/scenario/bills-csv';
import { type BudgetActualReport, compareActuals } from '../../../src/view-model/budget-actuals';
import { sheetName } from '../../../src/view-model/workbook/live-workbook';
import type { SheetModel } from '../../../src/view-model/workbook/sheet-model';
import { budgetActualSheets } from '../../../src/view-model/workbook/variance-sheet';
import { FormulaEvaluator } from '../formula-evaluator';

const money: MoneyFormat = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 };
const STAMP: BudgetStamp = {
  budgetId: 'b1',
  label: 'FY27 compute',
  version: 2,
  frozenAt: '2026-12-01T08:00:00.000Z',
  preparedBy: 'Li Na',
  hash: '0123abcd',
};

const sum = (b: Breakdown) => COST_CATEGORIES.reduce((s, c) => s + b[c], 0);
const scaled = (b: Breakdown, f: Record<keyof Breakdown, number>): Breakdown => {
  const out = { ...b };
  for (const c of COST_CATEGORIES) out[c] = b[c] * f[c];
  return out;
};
const calendar = (m: number) => `2027-${String(m).padStart(2, '0')}`;

function report(scenario: Scenario, months: ActualMonth[]): BudgetActualReport {
  const bills: Bills = { monthKind: 'calendar', months, rows: months.length * 6, usdRows: 0 };
  const comparison = compareActuals(scenario, bills, '2027-01');
  if (!comparison.ok) throw new Error('bills outside the horizon');
  return { stamp: STAMP, file: 'bills.csv', rows: bills.rows, comparison };
}

function sheets(r: BudgetActualReport, locale: 'en' | 'zh-CN' = 'en') {
  const t = createI18n(locale).t;
  return budgetActualSheets(
    { variance: sheetName(t, 'variance'), reforecast: sheetName(t, 'reforecast') },
    r,
    { ...money, locale },
    t,
  );
}

/** A cell's cached value (what a spreadsheet shows before recalculating). */
const cached = (sheet: SheetModel, row: number, column: number) => sheet.rows[row - 1]?.[column - 1]?.value;
const num = (sheet: SheetModel, row: number, column: number) => {
  const v = cached(sheet, row, column);
  if (typeof v !== 'number') throw new Error(`${sheet.name} row ${row} column ${column} holds ${v}`);
  return v;
};

/** Every formula cell recomputed from the values alone, against its cached result. */
function mismatches(models: SheetModel[]): string[] {
  const evaluator = new FormulaEvaluator(models);
  const out: string[] = [];
  let formulas = 0;
  for (const sheet of models)
    for (const { row, column, value } of evaluator.formulaCells(sheet.name)) {
      formulas++;
      const want = cached(sheet, row, column);
      const ok =
        typeof want === 'number' && typeof value === 'number'
          ? Math.abs(value - want) <= 1e-6 + 1e-9 * Math.abs(want)
          : value === want;
      if (!ok) out.push(`${sheet.name}!R${row}C${column}: formula gives ${value}, cached ${want}`);
    }
  if (formulas < 50) out.push(`only ${formulas} formulas`);
  return out;
}

// Columns of the Variance sheet.
const COL = {
  month: 1,
  way: 2,
  billed: 3,
  budgetUseful: 4,
  budgetHeld: 5,
  budgetSpend: 6,
  actualUseful: 7,
  actualHeld: 8,
  actualSpend: 9,
  difference: 10,
  volume: 11,
  efficiency: 12,
  price: 13,
  check: 14,
};

describe('the Variance and Reforecast sheets of a budget version with its bills', () => {
  // The steady lab's budget; bills for three months: the platform with GPU-hours (10 % more useful
  // work held 20 % longer, each category at its own price change), rented servers without GPU-hours
  // in months 1 and 3 (month 2 not billed: a budget cell with nothing spent).
  const scenario = presets.steadyLab as Scenario;
  const plan = budgetMonths(scenario);
  const prices = { compute: 1.15, energy: 0.9, time: 1, ops: 1.05, failure: 1.3, iteration: 0.8 };
  const platformBill = (m: number): ActualMonth => {
    const b = plan.platform[m - 1] as WayMonthFigures;
    return {
      month: calendar(m),
      way: 'platform',
      spendByCategoryCny: scaled(b.spendByCategoryCny, prices),
      usefulGpuHours: b.usefulGpuHours * 1.1,
      heldGpuHours: b.heldGpuHours * 1.2,
    };
  };
  const rentBill = (m: number): ActualMonth => {
    const b = plan.rent[m - 1] as WayMonthFigures;
    return {
      month: calendar(m),
      way: 'rent',
      spendByCategoryCny: scaled(b.spendByCategoryCny, { ...prices, compute: 0.95 }),
      usefulGpuHours: null,
      heldGpuHours: null,
    };
  };
  const months = [platformBill(1), rentBill(1), platformBill(2), platformBill(3), rentBill(3)];
  const r = report(scenario, months);
  const { variance, reforecast, layout } = sheets(r);
  const vl = layout.variance;
  const rl = layout.reforecast;

  it('recomputes every formula of both sheets from the values to its cached result', () => {
    expect(mismatches([variance, reforecast])).toEqual([]);
  });

  it('in Chinese too (sheet names quoted in the formulas)', () => {
    const zh = sheets(r, 'zh-CN');
    expect(zh.variance.name).toBe('预算差异');
    expect(zh.reforecast.name).toBe('滚动预测');
    expect(mismatches([zh.variance, zh.reforecast])).toEqual([]);
  });

  it('has one row per (month, way) cell, month 2 of rent as a budget cell not billed', () => {
    const rows = [];
    for (let row = vl.firstRow; row <= vl.lastRow; row++)
      rows.push([
        cached(variance, row, COL.month),
        cached(variance, row, COL.way),
        cached(variance, row, COL.billed),
      ]);
    const t = createI18n('en').t;
    const [rent, platform] = [t('common:strategy.rent'), t('common:strategy.platform')];
    expect(rows).toEqual([
      [1, rent, 1],
      [1, platform, 1],
      [2, rent, 0],
      [2, platform, 1],
      [3, rent, 1],
      [3, platform, 1],
    ]);
    const notBilled = vl.firstRow + 2;
    expect(num(variance, notBilled, COL.actualSpend)).toBe(0);
    expect(num(variance, notBilled, COL.budgetSpend)).toBeCloseTo(sum(plan.rent[1]!.spendByCategoryCny), 6);
  });

  it('splits a cell as worked out here from its drivers: the platform in month 1', () => {
    const row = vl.firstRow + 1;
    const b = plan.platform[0]!;
    const Sb = sum(b.spendByCategoryCny);
    const Sa = COST_CATEGORIES.reduce((s, c) => s + b.spendByCategoryCny[c] * prices[c], 0);
    // U_a = 1.1 U_b, H_a = 1.2 H_b: volume = S_b × 0.1; utilization = (1.2 H_b − 1.1 H_b) × S_b ÷ H_b
    // = 0.1 S_b; price = S_a − 1.2 H_b × S_b ÷ H_b = S_a − 1.2 S_b.
    expect(num(variance, row, COL.budgetSpend)).toBeCloseTo(Sb, 6);
    expect(num(variance, row, COL.actualSpend)).toBeCloseTo(Sa, 6);
    expect(num(variance, row, COL.difference)).toBeCloseTo(Sa - Sb, 6);
    expect(num(variance, row, COL.volume)).toBeCloseTo(0.1 * Sb, 6);
    expect(num(variance, row, COL.efficiency)).toBeCloseTo(0.1 * Sb, 6);
    expect(num(variance, row, COL.price)).toBeCloseTo(Sa - 1.2 * Sb, 6);
    expect(Math.abs(0.1 * Sb)).toBeGreaterThan(1000);
    // Rented servers without GPU-hours keep the budget's: all of the difference is price.
    const rent = vl.firstRow;
    expect(num(variance, rent, COL.actualHeld)).toBe(plan.rent[0]!.heldGpuHours);
    expect(num(variance, rent, COL.volume)).toBe(0);
    expect(num(variance, rent, COL.efficiency)).toBe(0);
    expect(num(variance, rent, COL.price)).toBeCloseTo(num(variance, rent, COL.difference), 6);
  });

  it('totals the cells: the parts add up to the difference, which is Σ bills − Σ budget', () => {
    const t = vl.totalRow;
    expect(cached(variance, t, 1)).toBe('Total');
    const parts =
      num(variance, t, COL.volume) + num(variance, t, COL.efficiency) + num(variance, t, COL.price);
    expect(parts).toBeCloseTo(num(variance, t, COL.difference), 6);
    expect(num(variance, t, COL.check)).toBeCloseTo(0, 6);
    const bills = months.reduce((s, m) => s + sum(m.spendByCategoryCny), 0);
    const budget = [1, 2, 3].reduce(
      (s, m) => s + sum(plan.platform[m - 1]!.spendByCategoryCny) + sum(plan.rent[m - 1]!.spendByCategoryCny),
      0,
    );
    expect(num(variance, t, COL.difference)).toBeCloseTo(bills - budget, 4);
    expect(num(variance, t, COL.budgetSpend)).toBe(r.comparison.variance.total.budgetSpendCny);
    // The categories' block: compute's difference from the bills and the budget, here.
    const computeRow = vl.categoryRows[0]!;
    const computeBills = months.reduce((s, m) => s + m.spendByCategoryCny.compute, 0);
    const computeBudget = [1, 2, 3].reduce(
      (s, m) =>
        s + plan.platform[m - 1]!.spendByCategoryCny.compute + plan.rent[m - 1]!.spendByCategoryCny.compute,
      0,
    );
    expect(num(variance, computeRow, 4)).toBeCloseTo(computeBills - computeBudget, 4);
  });

  it('takes the trend ratios from the cells billed, as worked out here (1 where a side has none)', () => {
    const billed: [StrategyId, number][] = [
      ['platform', 1],
      ['platform', 2],
      ['platform', 3],
      ['rent', 1],
      ['rent', 3],
    ];
    let Ub = 0;
    let Hb = 0;
    let Sb = 0;
    let Ua = 0;
    let Ha = 0;
    let Sa = 0;
    for (const [way, m] of billed) {
      const b = plan[way][m - 1]!;
      const bill = months.find((x) => x.way === way && x.month === calendar(m))!;
      Ub += b.usefulGpuHours;
      Hb += b.heldGpuHours;
      Sb += sum(b.spendByCategoryCny);
      Ua += bill.usefulGpuHours ?? b.usefulGpuHours;
      Ha += bill.heldGpuHours ?? b.heldGpuHours;
      Sa += sum(bill.spendByCategoryCny);
    }
    const D = rl.ratioColumn;
    expect(num(reforecast, rl.trend.useful, D)).toBeCloseTo(Ua / Ub, 12);
    expect(num(reforecast, rl.trend.utilization, D)).toBeCloseTo(Ua / Ha / (Ub / Hb), 12);
    expect(num(reforecast, rl.trend.price, D)).toBeCloseTo(Sa / Ha / (Sb / Hb), 12);
    // The month not billed is left out: with it the budget's useful hours would be larger.
    expect(num(reforecast, rl.trend.useful, 2)).toBeCloseTo(Ub, 4);
    expect(Ua / Ub).not.toBeCloseTo(1, 3);
  });

  it('re-prices each budget cell not billed on the trend, and states the outturn at the reforecast’s figures', () => {
    const rf = r.comparison.reforecast;
    const ratio = (rf.ratios.usage / rf.ratios.efficiency) * rf.ratios.price;
    const rows = rl.aheadLastRow - rl.aheadFirstRow + 1;
    // Rent: months 2 and 4…36; the platform: months 4…36.
    expect(rows).toBe(1 + 33 + 33);
    for (let row = rl.aheadFirstRow; row <= rl.aheadLastRow; row++) {
      const m = num(reforecast, row, 1);
      const way =
        cached(reforecast, row, 2) === createI18n('en').t('common:strategy.rent') ? 'rent' : 'platform';
      const budget = sum(plan[way][m - 1]!.spendByCategoryCny);
      expect(num(reforecast, row, 3)).toBeCloseTo(budget, 6);
      expect(num(reforecast, row, 4)).toBeCloseTo(budget * ratio, 4);
    }
    const [year, horizon] = [rl.year, rl.horizon];
    expect(num(reforecast, year, 2)).toBe(12);
    expect(num(reforecast, year, 3)).toBe(rf.yearOutturnCny);
    expect(num(reforecast, year, 4)).toBe(rf.yearBudgetCny);
    expect(num(reforecast, horizon, 2)).toBe(36);
    expect(num(reforecast, horizon, 3)).toBe(rf.horizonOutturnCny);
    expect(num(reforecast, horizon, 4)).toBe(rf.horizonBudgetCny);
    // The horizon's budget of the ways billed, added up here.
    const whole = [...plan.platform, ...plan.rent].reduce((s, c) => s + sum(c.spendByCategoryCny), 0);
    expect(num(reforecast, horizon, 4)).toBeCloseTo(whole, 2);
    expect(num(reforecast, horizon, 5)).toBeCloseTo(rf.horizonOutturnCny - rf.horizonBudgetCny, 4);
    // The formulas give the same (checked over every cell above); here the outturn's alone.
    const evaluator = new FormulaEvaluator([variance, reforecast]);
    expect(evaluator.value(reforecast.name, horizon, 3)).toBeCloseTo(rf.horizonOutturnCny, 4);
    expect(evaluator.value(reforecast.name, year, 3)).toBeCloseTo(rf.yearOutturnCny, 4);
  });

  it('states the decision as text: the version’s recommendation, the way cheapest on the trend', () => {
    const text = reforecast.rows.flat().map((c) => c?.value);
    const d = r.comparison.reforecast.decision;
    const t = createI18n('en').t;
    expect(text).toContain(t(`common:strategy.${d.budgetWay}`));
    expect(text).toContain(t(`common:strategy.${d.nowWay}`));
    expect(text.some((v) => typeof v === 'string' && v.startsWith('The version’s recommendation'))).toBe(
      true,
    );
  });
});

describe('a budget cell without GPU-hours', () => {
  // A training plan whose first run starts in week 14: months 1 and 2 of the budget hold no work,
  // so a bill then has no rates to flex against — all of its difference is volume.
  const base = presets.steadyLab as Scenario;
  const run = {
    ...newTrainingRun(base),
    sizeBy: 'gpuHours' as const,
    gpuHours: 64 * 168 * 6,
    startWeek: 14,
    gpus: 64,
    deadlineWeek: 24,
  };
  const scenario = switchDemandMode(
    { ...base, trainingPlan: { ...base.trainingPlan, runs: [run], recurringGpuHoursPerMonth: 0 } },
    'plan',
  );
  const plan = budgetMonths(scenario).platform;
  const setup = { compute: 800, energy: 0, time: 200, ops: 0, failure: 0, iteration: 0 };

  it('puts the whole difference on volume (an IF in the formula), and the formulas still hold', () => {
    expect(plan[0]!.usefulGpuHours).toBe(0);
    const b4 = plan[3]!;
    const r = report(scenario, [
      {
        month: calendar(1),
        way: 'platform',
        spendByCategoryCny: setup,
        usefulGpuHours: 40,
        heldGpuHours: 50,
      },
      {
        month: calendar(4),
        way: 'platform',
        spendByCategoryCny: scaled(b4.spendByCategoryCny, {
          compute: 1.1,
          energy: 1,
          time: 1,
          ops: 1,
          failure: 1,
          iteration: 1,
        }),
        usefulGpuHours: b4.usefulGpuHours,
        heldGpuHours: b4.heldGpuHours,
      },
    ]);
    const { variance, reforecast, layout } = sheets(r);
    expect(mismatches([variance, reforecast])).toEqual([]);
    const month1 = layout.variance.firstRow;
    expect(num(variance, month1, COL.volume)).toBe(1000 - sum(plan[0]!.spendByCategoryCny));
    expect(num(variance, month1, COL.efficiency)).toBe(0);
    expect(num(variance, month1, COL.price)).toBe(0);
    expect(variance.rows[month1 - 1]?.[COL.volume - 1]?.formula).toMatch(/^IF\(AND\(D\d+>0,E\d+>0\),/);
    // Months 2 and 3 are budget cells not billed.
    expect(cached(variance, month1 + 1, COL.billed)).toBe(0);
  });
});

describe('the workbook with a budget version open', () => {
  const scenario = presets.seedTeam as Scenario;
  const plan = budgetMonths(scenario).platform;
  const r = report(
    scenario,
    [1, 2, 3].map((m) => ({
      month: calendar(m),
      way: 'platform' as const,
      spendByCategoryCny: scaled(plan[m - 1]!.spendByCategoryCny, {
        compute: 1.2,
        energy: 1,
        time: 1,
        ops: 1,
        failure: 1,
        iteration: 1,
      }),
      usefulGpuHours: null,
      heldGpuHours: null,
    })),
  );
  const names = (budgetActual: BudgetActualReport | null) =>
    buildWorkbook({
      scenario,
      evaluation: evaluate(scenario),
      money,
      t: createI18n('en').t,
      scenarioName: scenario.name,
      generatedAt: new Date('2026-12-01T08:00:00Z'),
      monteCarlo: null,
      tornado: null,
      budgetActual,
    }).worksheets.map((w) => w.name);

  it('adds Variance and Reforecast after the Reconciliation, and only then', () => {
    const withBudget = names(r);
    const at = withBudget.indexOf('Reconciliation');
    expect(withBudget.slice(at, at + 4)).toEqual(['Reconciliation', 'Variance', 'Reforecast', 'Uncertainty']);
    expect(names(null)).not.toContain('Variance');
    expect(names(null)).not.toContain('Reforecast');
  });
});
