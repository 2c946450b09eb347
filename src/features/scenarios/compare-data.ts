import { COST_CATEGORIES, type CostCategory, type StrategyResult } from '../../engine';

/**
 * Shapes the side-by-side comparison of two (scenario, strategy) pairs. Pure: the engine's results in,
 * rows and waterfall steps out, all amounts in CNY (the view converts for display).
 */

export type WaterfallKind = 'start' | 'delta' | 'end';

export interface WaterfallStep {
  /** `a` / `b` for the totals, the cost category for a difference. */
  key: 'a' | 'b' | CostCategory;
  kind: WaterfallKind;
  /** Running total before and after this step; a total bar runs from 0. */
  fromCny: number;
  toCny: number;
  /** The bar's own value: the total for `start`/`end`, B − A of the category for `delta`. */
  valueCny: number;
  /** Floating bar for recharts: an invisible base and the visible height (both ≥ 0 on a positive axis). */
  baseCny: number;
  heightCny: number;
}

/**
 * The monthly cost of A, then each of the six categories' differences (B − A) stacked on it, ending at
 * the monthly cost of B. Because each strategy's monthly cost is the sum of its six categories
 * (engine: breakdownMonthlyCny), the steps always land exactly on B's total.
 */
export function waterfallSteps(a: StrategyResult, b: StrategyResult): WaterfallStep[] {
  const steps: WaterfallStep[] = [bar('a', 'start', 0, a.monthlyCny, a.monthlyCny)];
  let running = a.monthlyCny;
  for (const category of COST_CATEGORIES) {
    const delta = b.breakdownMonthlyCny[category] - a.breakdownMonthlyCny[category];
    steps.push(bar(category, 'delta', running, running + delta, delta));
    running += delta;
  }
  steps.push(bar('b', 'end', 0, b.monthlyCny, b.monthlyCny));
  return steps;
}

function bar(
  key: WaterfallStep['key'],
  kind: WaterfallKind,
  fromCny: number,
  toCny: number,
  valueCny: number,
): WaterfallStep {
  return {
    key,
    kind,
    fromCny,
    toCny,
    valueCny,
    baseCny: Math.min(fromCny, toCny),
    heightCny: Math.abs(toCny - fromCny),
  };
}

export type CompareRowKey =
  | 'monthly'
  | 'annual'
  | 'horizon'
  | 'unitCost'
  | 'utilization'
  | 'capex'
  | 'npv'
  | `category.${CostCategory}`;

export interface CompareRow {
  key: CompareRowKey;
  /** How the view formats the values: money (whole units), money per GPU-hour (2 digits), a fraction. */
  format: 'money' | 'unitMoney' | 'percent';
  a: number;
  b: number;
  /** b − a. */
  difference: number;
}

/** The KPI table: headline costs, then the six categories' monthly costs, each with B − A. */
export function compareRows(a: StrategyResult, b: StrategyResult): CompareRow[] {
  const row = (key: CompareRowKey, format: CompareRow['format'], va: number, vb: number): CompareRow => ({
    key,
    format,
    a: va,
    b: vb,
    difference: vb - va,
  });
  return [
    row('monthly', 'money', a.monthlyCny, b.monthlyCny),
    row('annual', 'money', a.annualCny, b.annualCny),
    row('horizon', 'money', a.horizonCny, b.horizonCny),
    row('unitCost', 'unitMoney', a.costPerUsefulGpuHourCny, b.costPerUsefulGpuHourCny),
    row('utilization', 'percent', a.utilization, b.utilization),
    row('capex', 'money', a.capexCny, b.capexCny),
    row('npv', 'money', a.npvCny, b.npvCny),
    ...COST_CATEGORIES.map((c) =>
      row(`category.${c}`, 'money', a.breakdownMonthlyCny[c], b.breakdownMonthlyCny[c]),
    ),
  ];
}
