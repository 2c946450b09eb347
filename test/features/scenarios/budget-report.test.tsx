import { describe, expect, it } from 'vitest';
import { budgetMonths, COST_CATEGORIES, defaultScenario } from '../../../src/engine';
import { budgetActualFor } from '../../../src/features/scenarios/budget-report';
import type { BudgetStamp } from '../../../src/scenario/budget-stamp';
import type { StoredActuals } from '../../../src/scenario/stored-actuals';

const stamp: BudgetStamp = {
  budgetId: 'fy27',
  label: 'Budget FY27',
  version: 1,
  frozenAt: '2026-12-03T09:00:00.000Z',
  preparedBy: 'Li Wei',
  hash: '00000000',
};
const first = budgetMonths(defaultScenario).platform[0]!;
const spend = COST_CATEGORIES.reduce((s, c) => s + first.spendByCategoryCny[c], 0);
const actuals: StoredActuals = {
  file: 'bills.csv',
  importedAt: '2027-02-02T08:00:00.000Z',
  firstMonth: '2027-01',
  bills: {
    monthKind: 'calendar',
    rows: 1,
    usdRows: 0,
    months: [
      {
        month: '2027-01',
        way: 'platform',
        spendByCategoryCny: { compute: spend, energy: 0, time: 0, ops: 0, failure: 0, iteration: 0 },
        heldGpuHours: first.heldGpuHours,
        usefulGpuHours: null,
      },
    ],
  },
  usage: {
    file: 'usage.csv',
    origin: 'usageCsv',
    way: 'platform',
    months: [
      {
        month: '2027-01',
        usefulGpuHours: first.usefulGpuHours * 2,
        heldGpuHours: null,
        coveredHours: 744,
        monthHours: 744,
      },
    ],
  },
};

describe('the exports’ budget vs actual', () => {
  it('takes the actuals the version was opened with (a link’s or a file’s), measured usage included', () => {
    localStorage.clear();
    const report = budgetActualFor({ stamp, scenario: defaultScenario, exact: true, actuals });
    expect(report?.file).toBe('bills.csv');
    expect(report?.comparison.usageCells).toBe(1);
    // Twice the budget's work on the budget's held hours at the same spend: volume = +spend, utilization −spend.
    expect(report?.comparison.variance.total.split.volumeCny).toBeCloseTo(spend, 4);
    expect(report?.comparison.variance.total.split.efficiencyCny).toBeCloseTo(-spend, 4);
  });

  it('has no page for usage without bills, or for no actuals at all', () => {
    localStorage.clear();
    const noBills = { ...actuals, bills: { ...actuals.bills, rows: 0, months: [] } };
    expect(budgetActualFor({ stamp, scenario: defaultScenario, exact: true, actuals: noBills })).toBeNull();
    expect(budgetActualFor({ stamp, scenario: defaultScenario, exact: true })).toBeNull();
  });
});
