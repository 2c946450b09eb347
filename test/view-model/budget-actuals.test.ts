import { describe, expect, it } from 'vitest';
import { budgetMonths, COST_CATEGORIES, defaultScenario, type Scenario } from '../../src/engine';
import { parseBillsCsv } from '../../src/scenario/bills-csv';
import { compareActuals } from '../../src/view-model/budget-actuals';

const sum = (o: Record<string, number>) => COST_CATEGORIES.reduce((s, c) => s + (o[c] ?? 0), 0);

function bills(text: string) {
  const read = parseBillsCsv(text, { cnyPerUsd: 7.2 });
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.bills;
}

describe('budget vs actual bills', () => {
  const budget: Scenario = defaultScenario;
  const plan = budgetMonths(budget).platform;

  it('splits each month’s difference by the flexible-budget formulas, worked out here from the budget’s month', () => {
    // Month 1: 20 % more useful work at the budget's utilization and price per held hour;
    // month 2: the budget's work held 10 % longer at a 5 % higher price per held hour.
    const b1 = plan[0]!;
    const b2 = plan[1]!;
    const spend1 = sum(b1.spendByCategoryCny);
    const spend2 = sum(b2.spendByCategoryCny);
    const u1 = b1.usefulGpuHours * 1.2;
    const h1 = b1.heldGpuHours * 1.2;
    const a1 = spend1 * 1.2;
    const h2 = b2.heldGpuHours * 1.1;
    const a2 = (spend2 / b2.heldGpuHours) * 1.05 * h2;
    const csv = [
      'month,way,category,amount,held_gpu_hours,useful_gpu_hours',
      `1,platform,compute,${a1},${h1},${u1}`,
      `2,platform,compute,${a2},${h2},${b2.usefulGpuHours}`,
    ].join('\n');
    const result = compareActuals(budget, bills(csv), '2027-01');
    if (!result.ok) throw new Error('outside the horizon');
    const [m1, m2] = result.variance.byMonth;
    expect(m1?.budgetSpendCny).toBeCloseTo(spend1, 6);
    // All volume in month 1: 0.2 × the budget's month.
    expect(m1?.split.volumeCny).toBeCloseTo(0.2 * spend1, 4);
    expect(m1?.split.efficiencyCny).toBeCloseTo(0, 4);
    expect(m1?.split.priceCny).toBeCloseTo(0, 4);
    // Month 2: efficiency = 0.1 × H_b × p_b = 0.1 × spend; price = 1.1 H_b × 0.05 p_b = 0.055 × spend.
    expect(m2?.split.volumeCny).toBe(0);
    expect(m2?.split.efficiencyCny).toBeCloseTo(0.1 * spend2, 4);
    expect(m2?.split.priceCny).toBeCloseTo(0.055 * spend2, 4);
    expect(result.variance.total.split.differenceCny).toBeCloseTo(a1 + a2 - spend1 - spend2, 4);
    expect(result.hoursGiven).toBe(true);
    expect(result.lastMonth).toBe(2);
    expect(result.ways).toEqual(['platform']);
  });

  it('bills without GPU-hours take the budget’s: the whole difference is price', () => {
    const b1 = plan[0]!;
    const result = compareActuals(
      budget,
      bills(`month,way,category,amount\n2027-01,platform,compute,1000`),
      '2027-01',
    );
    if (!result.ok) throw new Error('outside the horizon');
    expect(result.hoursGiven).toBe(false);
    const split = result.variance.total.split;
    expect(split.volumeCny).toBe(0);
    expect(split.efficiencyCny).toBe(0);
    expect(split.priceCny).toBeCloseTo(1000 - sum(b1.spendByCategoryCny), 4);
  });

  it('calendar months are put on the horizon from month 1; a bill before it or past the horizon is named', () => {
    const csv = 'month,way,category,amount\n2026-12,rent,compute,5\n2027-02,rent,compute,5';
    const outside = compareActuals(budget, bills(csv), '2027-01');
    expect(outside).toEqual({ ok: false, error: 'outsideHorizon', months: ['2026-12'], horizonMonths: 36 });
    const inside = compareActuals(budget, bills(csv), '2026-12');
    expect(inside.ok && inside.lastMonth).toBe(3);
  });

  it('takes the trend only from the months billed: a bill equal to the budget in month 2 alone is no trend, and month 1 is forecast as budgeted', () => {
    const b2 = plan[1]!;
    const spend2 = sum(b2.spendByCategoryCny);
    const csv = `month,way,category,amount,held_gpu_hours,useful_gpu_hours\n2,platform,compute,${spend2},${b2.heldGpuHours},${b2.usefulGpuHours}`;
    const result = compareActuals(budget, bills(csv), '2027-01');
    if (!result.ok) throw new Error('outside the horizon');
    expect(result.reforecast.ratios.usage).toBeCloseTo(1, 12);
    expect(result.reforecast.ratios.efficiency).toBeCloseTo(1, 12);
    expect(result.reforecast.ratios.price).toBeCloseTo(1, 12);
    const horizonBudget = plan.reduce((t, c) => t + sum(c.spendByCategoryCny), 0);
    expect(result.reforecast.horizonOutturnCny).toBeCloseTo(horizonBudget, 4);
    expect(result.reforecast.horizonBudgetCny).toBeCloseTo(horizonBudget, 4);
  });
});

describe('budget vs actual with measured usage', () => {
  const budget: Scenario = defaultScenario;
  const plan = budgetMonths(budget).platform;
  const monthUsage = (month: string, usefulGpuHours: number, heldGpuHours: number | null) => ({
    month,
    usefulGpuHours,
    heldGpuHours,
    coveredHours: 744,
    monthHours: 744,
  });

  it('takes a whole month’s useful GPU-hours from the usage and the held hours from the bills', () => {
    const b1 = plan[0]!;
    const spend1 = sum(b1.spendByCategoryCny);
    // The bills say the budget's held hours at its price; the usage says 30 % more work was done.
    const csv = `month,way,category,amount,held_gpu_hours\n2027-01,platform,compute,${spend1},${b1.heldGpuHours}`;
    const used = b1.usefulGpuHours * 1.3;
    const result = compareActuals(budget, bills(csv), '2027-01', {
      file: 'usage.csv',
      origin: 'usageCsv',
      way: 'platform',
      months: [monthUsage('2027-01', used, null)],
    });
    if (!result.ok) throw new Error('outside the horizon');
    expect(result.usageCells).toBe(1);
    expect(result.heldAssumed).toBe(false);
    expect(result.actualCells[0]?.usefulGpuHours).toBe(used);
    expect(result.actualCells[0]?.heldGpuHours).toBe(b1.heldGpuHours);
    // Same spend: volume = 0.3 × spend; utilization = (H_b − 1.3 U_b × H_b ÷ U_b) × p_b = −0.3 × spend.
    const split = result.variance.total.split;
    expect(split.volumeCny).toBeCloseTo(0.3 * spend1, 4);
    expect(split.efficiencyCny).toBeCloseTo(-0.3 * spend1, 4);
    expect(split.priceCny).toBeCloseTo(0, 4);
  });

  it('without held hours anywhere, takes them at the budget’s utilization and says so', () => {
    const b1 = plan[0]!;
    const spend1 = sum(b1.spendByCategoryCny);
    const used = b1.usefulGpuHours * 0.5;
    const result = compareActuals(
      budget,
      bills(`month,way,category,amount\n1,platform,compute,${spend1 * 0.5}`),
      '2027-01',
      { file: 'log.csv', origin: 'clusterLog', way: 'platform', months: [monthUsage('2027-01', used, null)] },
    );
    if (!result.ok) throw new Error('outside the horizon');
    expect(result.heldAssumed).toBe(true);
    expect(result.actualCells[0]?.heldGpuHours).toBeCloseTo((used * b1.heldGpuHours) / b1.usefulGpuHours, 6);
    // Half the work at the budget's utilization and price: all volume, −0.5 × spend.
    expect(result.variance.total.split.volumeCny).toBeCloseTo(-0.5 * spend1, 4);
    expect(result.variance.total.split.efficiencyCny).toBe(0);
    expect(result.variance.total.split.priceCny).toBe(0);
  });

  it('ignores usage of another way and of months the file covers only in part', () => {
    const b1 = plan[0]!;
    const csv = `month,way,category,amount\n2027-01,platform,compute,100`;
    const other = compareActuals(budget, bills(csv), '2027-01', {
      file: 'u.csv',
      origin: 'usageCsv',
      way: 'rent',
      months: [monthUsage('2027-01', 5, null)],
    });
    const partial = compareActuals(budget, bills(csv), '2027-01', {
      file: 'u.csv',
      origin: 'usageCsv',
      way: 'platform',
      months: [{ ...monthUsage('2027-01', 5, null), coveredHours: 700 }],
    });
    for (const r of [other, partial]) {
      if (!r.ok) throw new Error('outside the horizon');
      expect(r.usageCells).toBe(0);
      expect(r.actualCells[0]?.usefulGpuHours).toBe(b1.usefulGpuHours);
    }
  });
});
