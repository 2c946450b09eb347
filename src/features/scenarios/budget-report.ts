import type { OpenedBudget } from '../../state/store';
import { type BudgetActualReport, compareActuals } from '../../view-model/budget-actuals';
import { readSaves } from './saved-scenarios';

/**
 * The PDF's "Budget vs actual" page for the budget version open: the actual bills kept with its saved
 * entry, compared as the Scenarios tab compares them. Null without a version open, without bills kept
 * with it, or with bills outside its horizon (the tab says why).
 */
export function budgetActualFor(budget: OpenedBudget | null): BudgetActualReport | null {
  if (budget === null) return null;
  const { budgetId, version } = budget.stamp;
  const entry = readSaves().entries.find(
    (e) => e.budget?.budgetId === budgetId && e.budget.version === version,
  );
  const actuals = entry?.actuals;
  if (!actuals) return null;
  const comparison = compareActuals(budget.scenario, actuals.bills, actuals.firstMonth);
  return comparison.ok
    ? { stamp: budget.stamp, file: actuals.file, rows: actuals.bills.rows, comparison }
    : null;
}
