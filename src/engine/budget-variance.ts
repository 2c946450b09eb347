/**
 * Budget vs actual: a flexible-budget variance analysis (docs/model.md §10 "Budget vs actual").
 *
 * A way's spend is useful GPU-hours ÷ efficiency × price, with efficiency e = useful ÷ held GPU-hours
 * and price p = spend ÷ held GPU-hour. The difference between actual and budget spend splits into
 * three parts, each the budget flexed one driver further towards the actual:
 *
 *   volume     = (U_a − U_b) ÷ e_b × p_b          more or less useful work, at the budget's e and p
 *   efficiency = (U_a ÷ e_a − U_a ÷ e_b) × p_b    the actual work held at a different e, budget p
 *   price      = H_a × (p_a − p_b)                the actual held hours at a different price
 *
 * which sum to spend_a − spend_b exactly in real arithmetic (within rounding in floating point).
 * Pure: no throwing; finite inputs whose difference is finite give finite parts, never NaN.
 */

import { type Breakdown, COST_CATEGORIES, type CostCategory, STRATEGY_IDS, type StrategyId } from './types';

/** What one budget or actual cell spent and what the spend bought. */
export interface VarianceDrivers {
  usefulGpuHours: number;
  heldGpuHours: number;
  spendCny: number;
}

/** Actual − budget spend and its three parts; volume + efficiency + price = difference. */
export interface VarianceSplit {
  differenceCny: number;
  volumeCny: number;
  efficiencyCny: number;
  priceCny: number;
}

const ZERO_SPLIT: VarianceSplit = { differenceCny: 0, volumeCny: 0, efficiencyCny: 0, priceCny: 0 };

/** The whole difference on volume: the split of a budget that has no rates to flex (see below). */
function allVolume(differenceCny: number): VarianceSplit {
  return { differenceCny, volumeCny: differenceCny, efficiencyCny: 0, priceCny: 0 };
}

/**
 * The flexible-budget split of actual − budget spend. Each part is exactly 0 when its driver equals
 * the budget's (same useful hours; same useful ÷ held as computed; same spend ÷ held as computed):
 * the guards keep floating rounding from leaving a residue of 1e-12 in a part that did not move.
 *
 * A budget with no useful or no held GPU-hours has no efficiency or price per hour to flex, so no
 * reference to measure efficiency and price against: all the difference is volume (work the budget
 * did not plan, or — the other way round — planned spend that bought no work). A cell missing from
 * the budget is such a budget. With nothing held in the actual (a cell missing from the actual) its
 * work at its own efficiency takes no held hours: U_a ÷ e_a is read as H_a = 0.
 */
export function varianceSplit(budget: VarianceDrivers, actual: VarianceDrivers): VarianceSplit {
  const differenceCny = actual.spendCny - budget.spendCny;
  const { usefulGpuHours: ub, heldGpuHours: hb, spendCny: sb } = budget;
  const { usefulGpuHours: ua, heldGpuHours: ha, spendCny: sa } = actual;
  if (!(ub > 0 && hb > 0)) return allVolume(differenceCny);

  const budgetEfficiency = ub / hb;
  const budgetPriceCnyPerHeldHour = sb / hb;
  const sameEfficiency = ha > 0 && ua / ha === budgetEfficiency;
  const samePrice = ha > 0 && sa / ha === budgetPriceCnyPerHeldHour;

  // (U_a − U_b) ÷ e_b × p_b, written as spend_b × (U_a − U_b) ÷ U_b: one rounding fewer.
  const volumeCny = ua === ub ? 0 : (sb * (ua - ub)) / ub;
  // U_a ÷ e_a is the actual held hours H_a (0 when nothing was held); U_a ÷ e_b = U_a × H_b ÷ U_b.
  const efficiencyCny = sameEfficiency ? 0 : (ha - (ua * hb) / ub) * budgetPriceCnyPerHeldHour;
  // H_a × (p_a − p_b) = spend_a − H_a × p_b, which also holds when nothing was held (p_a undefined).
  const priceCny = samePrice ? 0 : sa - ha * budgetPriceCnyPerHeldHour;

  // A budget so small that its rates overflow a double has, in effect, no rates either.
  if (!Number.isFinite(volumeCny + efficiencyCny + priceCny)) return allVolume(differenceCny);
  return { differenceCny, volumeCny, efficiencyCny, priceCny };
}

function addSplits(a: VarianceSplit, b: VarianceSplit): VarianceSplit {
  return {
    differenceCny: a.differenceCny + b.differenceCny,
    volumeCny: a.volumeCny + b.volumeCny,
    efficiencyCny: a.efficiencyCny + b.efficiencyCny,
    priceCny: a.priceCny + b.priceCny,
  };
}

/** One way's hours and spend by category in one month: a cell of the budget or of the actuals. */
export interface WayMonthFigures {
  month: number;
  way: StrategyId;
  usefulGpuHours: number;
  heldGpuHours: number;
  spendByCategoryCny: Breakdown;
}

/** Spend on both sides and the split of their difference, for a cell or a total of cells. */
export interface VarianceTotal {
  budgetSpendCny: number;
  actualSpendCny: number;
  split: VarianceSplit;
}

export interface CellVariance extends VarianceTotal {
  month: number;
  way: StrategyId;
  byCategory: Record<CostCategory, VarianceTotal>;
}

export interface BudgetVariance {
  /** By month, then by way in STRATEGY_IDS order. */
  cells: CellVariance[];
  /** Months in order (the cells are). */
  byMonth: (VarianceTotal & { month: number })[];
  /** The ways that appear on either side, in STRATEGY_IDS order. */
  byWay: (VarianceTotal & { way: StrategyId })[];
  byCategory: Record<CostCategory, VarianceTotal>;
  total: VarianceTotal;
}

const NO_SPEND: Breakdown = { compute: 0, energy: 0, time: 0, ops: 0, failure: 0, iteration: 0 };
const EMPTY_TOTAL: VarianceTotal = { budgetSpendCny: 0, actualSpendCny: 0, split: ZERO_SPLIT };

function addTotals(a: VarianceTotal, b: VarianceTotal): VarianceTotal {
  return {
    budgetSpendCny: a.budgetSpendCny + b.budgetSpendCny,
    actualSpendCny: a.actualSpendCny + b.actualSpendCny,
    split: addSplits(a.split, b.split),
  };
}

type Side = Omit<WayMonthFigures, 'month' | 'way'>;
const NOTHING: Side = { usefulGpuHours: 0, heldGpuHours: 0, spendByCategoryCny: NO_SPEND };

const cellKey = (month: number, way: StrategyId) => `${month}|${way}`;

/** Cells by (month, way); two rows for the same cell on one side add up (hours and spend). */
function cellsByKey(rows: readonly WayMonthFigures[]): Map<string, WayMonthFigures> {
  const out = new Map<string, WayMonthFigures>();
  for (const row of rows) {
    const key = cellKey(row.month, row.way);
    const seen = out.get(key);
    if (!seen) {
      out.set(key, row);
      continue;
    }
    const spend = { ...NO_SPEND };
    for (const c of COST_CATEGORIES) spend[c] = seen.spendByCategoryCny[c] + row.spendByCategoryCny[c];
    out.set(key, {
      ...seen,
      usefulGpuHours: seen.usefulGpuHours + row.usefulGpuHours,
      heldGpuHours: seen.heldGpuHours + row.heldGpuHours,
      spendByCategoryCny: spend,
    });
  }
  return out;
}

const drivers = (side: Side, spendCny: number): VarianceDrivers => ({
  usefulGpuHours: side.usefulGpuHours,
  heldGpuHours: side.heldGpuHours,
  spendCny,
});

/**
 * Each category's spend split with its way-month's useful and held hours. The split is linear in
 * spend, so the categories' parts add up to the split of the cell's whole spend (in real arithmetic)
 * and each category's parts to its own difference; the cell's figures are the sums of its categories'.
 */
function cellVariance(month: number, way: StrategyId, budget: Side, actual: Side): CellVariance {
  const byCategory = {} as Record<CostCategory, VarianceTotal>;
  let cell = EMPTY_TOTAL;
  for (const c of COST_CATEGORIES) {
    const budgetSpendCny = budget.spendByCategoryCny[c];
    const actualSpendCny = actual.spendByCategoryCny[c];
    byCategory[c] = {
      budgetSpendCny,
      actualSpendCny,
      split: varianceSplit(drivers(budget, budgetSpendCny), drivers(actual, actualSpendCny)),
    };
    cell = addTotals(cell, byCategory[c]);
  }
  return { month, way, ...cell, byCategory };
}

/**
 * Budget vs actual by month, way and category. Cells pair by (month, way); a cell on one side only
 * counts as zeros on the other. Every total is the sum of its cells' parts, so the grand difference
 * is Σ actual − Σ budget spend (within rounding) and the parts add up across every grouping.
 */
export function budgetVariance(
  budget: readonly WayMonthFigures[],
  actual: readonly WayMonthFigures[],
): BudgetVariance {
  const budgetCells = cellsByKey(budget);
  const actualCells = cellsByKey(actual);
  const wayOrder = (way: StrategyId) => STRATEGY_IDS.indexOf(way);
  const keys = new Map<string, { month: number; way: StrategyId }>();
  for (const { month, way } of [...budgetCells.values(), ...actualCells.values()]) {
    keys.set(cellKey(month, way), { month, way });
  }
  const cells = [...keys]
    .sort(([, a], [, b]) => a.month - b.month || wayOrder(a.way) - wayOrder(b.way))
    .map(([key, { month, way }]) =>
      cellVariance(month, way, budgetCells.get(key) ?? NOTHING, actualCells.get(key) ?? NOTHING),
    );

  const months = new Map<number, VarianceTotal>();
  const ways = new Map<StrategyId, VarianceTotal>();
  const byCategory = {} as Record<CostCategory, VarianceTotal>;
  for (const c of COST_CATEGORIES) byCategory[c] = EMPTY_TOTAL;
  let total = EMPTY_TOTAL;
  for (const cell of cells) {
    months.set(cell.month, addTotals(months.get(cell.month) ?? EMPTY_TOTAL, cell));
    ways.set(cell.way, addTotals(ways.get(cell.way) ?? EMPTY_TOTAL, cell));
    for (const c of COST_CATEGORIES) byCategory[c] = addTotals(byCategory[c], cell.byCategory[c]);
    total = addTotals(total, cell);
  }

  return {
    cells,
    byMonth: [...months].map(([month, t]) => ({ month, ...t })),
    byWay: [...ways].map(([way, t]) => ({ way, ...t })).sort((a, b) => wayOrder(a.way) - wayOrder(b.way)),
    byCategory,
    total,
  };
}

/** Each part of a split as a share of the difference (0.7 = 70 %). */
export interface VarianceShares {
  volume: number;
  efficiency: number;
  price: number;
}

/**
 * Each part ÷ the difference, for a sentence like "70 % from more GPU-hours, 25 % from lower
 * utilization, 5 % from price". The shares sum to 1, but the parts may pull in opposite directions
 * (more work at a better efficiency): a share is then above 1 or negative, and the sentence should
 * say which way each part went rather than print −40 %. Null when there is no difference to share.
 */
export function varianceShares(split: VarianceSplit): VarianceShares | null {
  const d = split.differenceCny;
  if (d === 0) return null;
  return { volume: split.volumeCny / d, efficiency: split.efficiencyCny / d, price: split.priceCny / d };
}

/** One bar of a waterfall: it spans startCny to endCny (end below start for a part that saved). */
export interface WaterfallBar {
  kind: 'budget' | 'volume' | 'efficiency' | 'price' | 'actual';
  startCny: number;
  endCny: number;
}

/**
 * The bars of a waterfall from budget to actual: the budget from 0, each part floating from where
 * the previous one ended, the actual from 0 (budget + difference, which the last part's end equals
 * within rounding).
 */
export function varianceWaterfall(budgetCny: number, split: VarianceSplit): WaterfallBar[] {
  const afterVolume = budgetCny + split.volumeCny;
  const afterEfficiency = afterVolume + split.efficiencyCny;
  return [
    { kind: 'budget', startCny: 0, endCny: budgetCny },
    { kind: 'volume', startCny: budgetCny, endCny: afterVolume },
    { kind: 'efficiency', startCny: afterVolume, endCny: afterEfficiency },
    { kind: 'price', startCny: afterEfficiency, endCny: afterEfficiency + split.priceCny },
    { kind: 'actual', startCny: 0, endCny: budgetCny + split.differenceCny },
  ];
}
