import {
  COST_CATEGORIES,
  type CostCategory,
  type Evaluation,
  STRATEGY_IDS,
  type StrategyId,
} from '../../engine';

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

/** The build lead time line inside each strategy's time category, where it has one (engine field). */
export function leadTimeLines(evaluation: Evaluation): { id: StrategyId; monthlyCny: number }[] {
  return STRATEGY_IDS.filter((id) => evaluation.strategies[id].leadTimeMonthlyCny > 0).map((id) => ({
    id,
    monthlyCny: evaluation.strategies[id].leadTimeMonthlyCny,
  }));
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
