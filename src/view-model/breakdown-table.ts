import type { TFunction } from 'i18next';
import {
  COST_CATEGORIES,
  type CostCategory,
  type Evaluation,
  STRATEGY_IDS,
  type StrategyId,
} from '../engine';

/**
 * The cost breakdown table, shaped once for the dashboard's table (features/breakdown-table), the
 * PDF's breakdown section and the Excel workbook's Breakdown sheet: the six categories of every
 * strategy, the totals under them and the unit costs, all in CNY straight from the engine (each view
 * converts and formats), with the labels' i18n keys, so the three show the same rows in the same order.
 */

/** One table row: a cost category and each strategy's monthly cost in it (CNY, formatted on render). */
export type CategoryRow = Record<StrategyId, number> & { category: CostCategory };

export type TotalKind = 'monthly' | 'annual' | 'horizon';
export type TotalRow = Record<StrategyId, number> & { kind: TotalKind };

/**
 * The six categories of every strategy, straight from `breakdownMonthlyCny`, so the table shows the
 * very numbers the breakdown chart stacks (both read the same engine field).
 */
export function categoryRows(evaluation: Evaluation): CategoryRow[] {
  return COST_CATEGORIES.map((category) => {
    const row = { category } as CategoryRow;
    for (const id of STRATEGY_IDS) row[id] = evaluation.strategies[id].breakdownMonthlyCny[category];
    return row;
  });
}

/** A line inside a category: each strategy that has it (above 0) and its monthly amount (engine field). */
type LineField = 'leadTimeMonthlyCny' | 'capitalChargeMonthlyCny';

function linesOf(evaluation: Evaluation, field: LineField): { id: StrategyId; monthlyCny: number }[] {
  return STRATEGY_IDS.filter((id) => evaluation.strategies[id][field] > 0).map((id) => ({
    id,
    monthlyCny: evaluation.strategies[id][field],
  }));
}

/** The build lead time line inside each strategy's time category, where it has one. */
export function leadTimeLines(evaluation: Evaluation): { id: StrategyId; monthlyCny: number }[] {
  return linesOf(evaluation, 'leadTimeMonthlyCny');
}

/** The economic view's capital charge inside each strategy's compute, where it has one. */
export function capitalChargeLines(evaluation: Evaluation): { id: StrategyId; monthlyCny: number }[] {
  return linesOf(evaluation, 'capitalChargeMonthlyCny');
}

/** A total row's label: "Monthly total", "Annual total", "Total over 36 months" (charts namespace). */
export function totalLabel(kind: TotalKind, horizonMonths: number, t: TFunction): string {
  return kind === 'monthly'
    ? t('charts:table.monthlyTotal')
    : kind === 'annual'
      ? t('charts:table.annualTotal')
      : t('charts:table.horizonTotal', { months: horizonMonths });
}

/** Monthly, annual and horizon totals: footer rows that stay put while the categories are sorted. */
export function totalRows(evaluation: Evaluation): TotalRow[] {
  const pick = (kind: TotalKind, f: (id: StrategyId) => number): TotalRow => {
    const row = { kind } as TotalRow;
    for (const id of STRATEGY_IDS) row[id] = f(id);
    return row;
  };
  return [
    pick('monthly', (id) => evaluation.strategies[id].monthlyCny),
    pick('annual', (id) => evaluation.strategies[id].annualCny),
    pick('horizon', (id) => evaluation.strategies[id].horizonCny),
  ];
}

/** Unit costs under the totals (engine fields): per useful reference GPU-hour and per PFLOP-hour. */
export type UnitCostKind = 'perGpuHour' | 'perPflopHour';
export type UnitCostRow = Record<StrategyId, number> & { kind: UnitCostKind };

/** Unit costs are shown to the fen/cent: they are small numbers (tens of yuan per GPU-hour). */
export const UNIT_COST_DECIMALS = 2;

/** A unit-cost row's label ("Per useful GPU-hour", hardware namespace). */
export function unitCostLabel(kind: UnitCostKind, t: TFunction): string {
  return t(`hardware:table.${kind}`);
}

export function unitCostRows(evaluation: Evaluation): UnitCostRow[] {
  const pick = (kind: UnitCostKind, f: (id: StrategyId) => number): UnitCostRow => {
    const row = { kind } as UnitCostRow;
    for (const id of STRATEGY_IDS) row[id] = f(id);
    return row;
  };
  return [
    pick('perGpuHour', (id) => evaluation.strategies[id].costPerUsefulGpuHourCny),
    pick('perPflopHour', (id) => evaluation.strategies[id].costPerUsefulPflopHourCny),
  ];
}

/** The whole table: what every view of the breakdown renders. */
export interface BreakdownTable {
  categories: CategoryRow[];
  totals: TotalRow[];
  unitCosts: UnitCostRow[];
  leadTimes: { id: StrategyId; monthlyCny: number }[];
  capitalCharges: { id: StrategyId; monthlyCny: number }[];
}

export function breakdownTable(evaluation: Evaluation): BreakdownTable {
  return {
    categories: categoryRows(evaluation),
    totals: totalRows(evaluation),
    unitCosts: unitCostRows(evaluation),
    leadTimes: leadTimeLines(evaluation),
    capitalCharges: capitalChargeLines(evaluation),
  };
}
