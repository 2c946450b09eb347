import { COST_CATEGORIES, type CostCategory, STRATEGY_IDS, type StrategyId } from '../engine';
import { type ActualMonth, type Bills, type BillsResult, horizonMonthOf, parseBillsCsv } from './bills-csv';

/**
 * A bill typed by hand on the Budget vs actual card (issue 39 item 2): one line, read by the bills
 * CSV's own reader (the same rules and limits as a file's line), then added to the bills already kept
 * as one more line of them — amounts add up by month, way and category; GPU-hours add up where given.
 */
export interface TypedBill {
  /** 'YYYY-MM'. */
  month: string;
  way: StrategyId;
  category: CostCategory;
  /** As typed, in CNY. */
  amount: string;
  /** As typed; empty when not known. */
  heldGpuHours: string;
  usefulGpuHours: string;
}

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

export function withTypedBill(existing: Bills | null, typed: TypedBill, firstMonth: string): BillsResult {
  // Bills dated by month of the budget take the typed calendar month as that month of the budget.
  const month =
    existing?.monthKind === 'horizon' ? String(horizonMonthOf(typed.month, firstMonth)) : typed.month;
  const csv = [
    'month,way,category,amount,currency,held_gpu_hours,useful_gpu_hours',
    [
      month,
      typed.way,
      typed.category,
      typed.amount.trim(),
      'CNY',
      typed.heldGpuHours.trim(),
      typed.usefulGpuHours.trim(),
    ]
      .map(quoted)
      .join(','),
  ].join('\n');
  // The exchange rate is not used: a typed amount is in CNY.
  const read = parseBillsCsv(csv, { cnyPerUsd: 1 });
  if (!read.ok || existing === null || existing.rows === 0) return read;
  return { ok: true, bills: mergeBills(existing, read.bills) };
}

const orderOf = (b: Bills, month: string) => (b.monthKind === 'horizon' ? Number(month) : 0);

/** Two sets of bills of one month kind as one: cells of the same month and way added up. */
export function mergeBills(a: Bills, b: Bills): Bills {
  const cells = new Map<string, ActualMonth>();
  for (const m of [...a.months, ...b.months]) {
    const key = `${m.month}|${m.way}`;
    const seen = cells.get(key);
    if (!seen) {
      cells.set(key, { ...m, spendByCategoryCny: { ...m.spendByCategoryCny } });
      continue;
    }
    for (const c of COST_CATEGORIES) seen.spendByCategoryCny[c] += m.spendByCategoryCny[c];
    if (m.heldGpuHours !== null) seen.heldGpuHours = (seen.heldGpuHours ?? 0) + m.heldGpuHours;
    if (m.usefulGpuHours !== null) seen.usefulGpuHours = (seen.usefulGpuHours ?? 0) + m.usefulGpuHours;
  }
  const wayOrder = (way: StrategyId) => STRATEGY_IDS.indexOf(way);
  const months = [...cells.values()].sort(
    (x, y) =>
      orderOf(a, x.month) - orderOf(a, y.month) ||
      x.month.localeCompare(y.month) ||
      wayOrder(x.way) - wayOrder(y.way),
  );
  return { monthKind: a.monthKind, months, rows: a.rows + b.rows, usdRows: a.usdRows + b.usdRows };
}
