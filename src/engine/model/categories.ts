import { type Breakdown, COST_CATEGORIES, type CostCategory } from '../types';

/**
 * The six cost categories of the industry article on self-build vs rent (section 1), named once in
 * types.ts COST_CATEGORIES: every strategy gives one formula per category (`CategoryFormulas`), and
 * every sum over categories runs over that list in its order, so a seventh category would be added in
 * one place and the compiler would name every strategy that lacks its formula.
 */
export type CategoryFormulas<T> = Readonly<Record<CostCategory, (use: T) => number>>;

/** Each category's formula applied to one use of a way of getting GPUs. */
export function breakdownOf<T>(formulas: CategoryFormulas<T>, use: T): Breakdown {
  const out = zeroBreakdown();
  for (const category of COST_CATEGORIES) out[category] = formulas[category](use);
  return out;
}

/**
 * A breakdown with every category 0: one literal (its type makes it exactly the six categories), so
 * every breakdown has the same object shape.
 */
export function zeroBreakdown(): Breakdown {
  return { compute: 0, energy: 0, time: 0, ops: 0, failure: 0, iteration: 0 };
}

/** The category-by-category sum x + scale × y. */
export function addBreakdowns(x: Breakdown, y: Breakdown, scale = 1): Breakdown {
  const out = zeroBreakdown();
  for (const category of COST_CATEGORIES) out[category] = x[category] + scale * y[category];
  return out;
}

/** The monthly total: the categories added in COST_CATEGORIES order. */
export function totalOf(breakdown: Breakdown): number {
  let total = breakdown[COST_CATEGORIES[0]];
  for (let i = 1; i < COST_CATEGORIES.length; i++) total += breakdown[COST_CATEGORIES[i] as CostCategory];
  return total;
}
