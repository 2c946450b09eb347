import type { OpenedBudget } from '../../state/store';
import { type BudgetActualReport, compareActuals } from '../../view-model/budget-actuals';
import { readSaves } from './saved-scenarios';

/**
 * The exports' "Budget vs actual" (the PDF page, the workbook's Variance and Reforecast sheets) for the
 * budget version open: its actuals as the Scenarios tab takes them — opened with it (a link's, a file's)
 * or kept with its saved entry — compared as the tab compares them, measured usage included. Null
 * without a version open, without bills, or with bills outside its horizon (the tab says why).
 */
export function budgetActualFor(budget: OpenedBudget | null): BudgetActualReport | null {
  if (budget === null) return null;
  const { budgetId, version } = budget.stamp;
  const entry = readSaves().entries.find(
    (e) => e.budget?.budgetId === budgetId && e.budget.version === version,
  );
  const actuals = budget.actuals ?? entry?.actuals;
  if (!actuals || actuals.bills.rows === 0) return null;
  const comparison = compareActuals(
    budget.scenario,
    actuals.bills,
    actuals.firstMonth,
    actuals.usage ?? null,
  );
  return comparison.ok
    ? { stamp: budget.stamp, file: actuals.file, rows: actuals.bills.rows, comparison }
    : null;
}
