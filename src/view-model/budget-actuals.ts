import {
  type BudgetVariance,
  budgetMonths,
  budgetVariance,
  type Scenario,
  type StrategyId,
  type VarianceShares,
  varianceShares,
  varianceWaterfall,
  type WaterfallBar,
  type WayMonthFigures,
} from '../engine';
import { type Bills, horizonMonthOf } from '../scenario/bills-csv';

/**
 * A frozen budget version against actual bills (issue 39 items 2–3), shaped for the Budget vs actual
 * card: each bill's month put on the budget's horizon (month 1 = `firstMonth` for calendar months),
 * the budget's cells of the ways the bills name up to the last month billed (a month with no bill for
 * a way counts as nothing spent), and the engine's flexible-budget split of the difference.
 *
 * Bills without GPU-hours take the budget's hours for that month and way: volume and efficiency then
 * did not move as far as the bills can tell, and the whole difference is price (`hoursGiven` false
 * says so on screen).
 */
export type ActualsComparison =
  | {
      ok: true;
      variance: BudgetVariance;
      ways: StrategyId[];
      lastMonth: number;
      hoursGiven: boolean;
      shares: VarianceShares | null;
      waterfall: WaterfallBar[];
    }
  /** Bills for months outside the budget's horizon (before month 1 or after its last month). */
  | { ok: false; error: 'outsideHorizon'; months: string[]; horizonMonths: number };

export function compareActuals(budget: Scenario, bills: Bills, firstMonth: string): ActualsComparison {
  const horizon = budget.horizonMonths;
  const monthOf = (month: string) =>
    bills.monthKind === 'calendar' ? horizonMonthOf(month, firstMonth) : Number(month);
  const outside = bills.months.filter((b) => {
    const m = monthOf(b.month);
    return !(Number.isInteger(m) && m >= 1 && m <= horizon);
  });
  if (outside.length > 0)
    return {
      ok: false,
      error: 'outsideHorizon',
      months: [...new Set(outside.map((b) => b.month))],
      horizonMonths: horizon,
    };

  const ways = [...new Set(bills.months.map((b) => b.way))];
  const lastMonth = bills.months.reduce((max, b) => Math.max(max, monthOf(b.month)), 0);
  const plan = budgetMonths(budget);
  const budgetCells: WayMonthFigures[] = ways.flatMap((way) => plan[way].filter((c) => c.month <= lastMonth));
  const budgetOf = (month: number, way: StrategyId) => plan[way][month - 1];
  let hoursGiven = true;
  const actualCells: WayMonthFigures[] = bills.months.map((b) => {
    const month = monthOf(b.month);
    const planned = budgetOf(month, b.way);
    if (b.usefulGpuHours === null || b.heldGpuHours === null) hoursGiven = false;
    return {
      month,
      way: b.way,
      usefulGpuHours: b.usefulGpuHours ?? planned?.usefulGpuHours ?? 0,
      heldGpuHours: b.heldGpuHours ?? planned?.heldGpuHours ?? 0,
      spendByCategoryCny: b.spendByCategoryCny,
    };
  });
  const variance = budgetVariance(budgetCells, actualCells);
  return {
    ok: true,
    variance,
    ways,
    lastMonth,
    hoursGiven,
    shares: varianceShares(variance.total.split),
    waterfall: varianceWaterfall(variance.total.budgetSpendCny, variance.total.split),
  };
}

/** "2026-12" for an ISO time: the month a frozen version was frozen in (the default month 1). */
export function monthOfIso(iso: string): string {
  return /^\d{4}-\d{2}/.exec(iso)?.[0] ?? '';
}
