import {
  type BudgetVariance,
  budgetMonths,
  budgetVariance,
  COST_CATEGORIES,
  type DecisionCheck,
  decisionCheck,
  reforecastMonths,
  type Scenario,
  type StrategyId,
  type TrendRatios,
  trendRatios,
  type VarianceShares,
  varianceShares,
  varianceWaterfall,
  type WaterfallBar,
  type WayMonthFigures,
} from '../engine';
import type { BudgetStamp } from '../scenario';
import { type ActualUsage, isWholeMonth, usageFrom } from '../scenario/actual-usage';
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
      /** Cells whose useful GPU-hours are the measured usage's (a whole month of the usage's way). */
      usageCells: number;
      /** Some measured cell's held hours were taken at the budget's useful ÷ held (neither file gave them). */
      heldAssumed: boolean;
      shares: VarianceShares | null;
      waterfall: WaterfallBar[];
      reforecast: Reforecast;
      /** The budget's cells of the ways billed up to the last month billed (the variance's budget side). */
      budgetCells: WayMonthFigures[];
      /** One cell per (month, way) billed, with the hours the variance used (the actual side). */
      actualCells: WayMonthFigures[];
    }
  /** Bills for months outside the budget's horizon (before month 1 or after its last month). */
  | { ok: false; error: 'outsideHorizon'; months: string[]; horizonMonths: number };

export function compareActuals(
  budget: Scenario,
  bills: Bills,
  firstMonth: string,
  usage: ActualUsage | null = null,
): ActualsComparison {
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
  // Measured usage by horizon month: whole months only (isWholeMonth), of the usage's way.
  const measured = new Map(
    (usage ? usageFrom(usage, firstMonth) : [])
      .filter(isWholeMonth)
      .map((m) => [horizonMonthOf(m.month, firstMonth), m]),
  );
  let hoursGiven = true;
  let usageCells = 0;
  let heldAssumed = false;
  const actualCells: WayMonthFigures[] = bills.months.map((b) => {
    const month = monthOf(b.month);
    const planned = budgetOf(month, b.way);
    const use = usage?.way === b.way ? measured.get(month) : undefined;
    let usefulGpuHours: number;
    let heldGpuHours: number;
    if (use) {
      usageCells++;
      usefulGpuHours = use.usefulGpuHours;
      if (b.heldGpuHours === null && use.heldGpuHours === null) heldAssumed = true;
      // Held: what the bills say was paid for, else what the log saw held, else the measured work
      // at the budget's useful ÷ held (the bills cannot tell a change of utilization then).
      heldGpuHours =
        b.heldGpuHours ??
        use.heldGpuHours ??
        (planned && planned.usefulGpuHours > 0
          ? (use.usefulGpuHours * planned.heldGpuHours) / planned.usefulGpuHours
          : use.usefulGpuHours);
    } else {
      if (b.usefulGpuHours === null || b.heldGpuHours === null) hoursGiven = false;
      usefulGpuHours = b.usefulGpuHours ?? planned?.usefulGpuHours ?? 0;
      heldGpuHours = b.heldGpuHours ?? planned?.heldGpuHours ?? 0;
    }
    return { month, way: b.way, usefulGpuHours, heldGpuHours, spendByCategoryCny: b.spendByCategoryCny };
  });
  const variance = budgetVariance(budgetCells, actualCells);
  return {
    ok: true,
    reforecast: reforecastOf(budget, plan, ways, actualCells),
    variance,
    budgetCells,
    actualCells,
    ways,
    lastMonth,
    hoursGiven,
    usageCells,
    heldAssumed,
    shares: varianceShares(variance.total.split),
    waterfall: varianceWaterfall(variance.total.budgetSpendCny, variance.total.split),
  };
}

/** What the PDF's "Budget vs actual" page shows: the version, the bills kept with it, the comparison. */
export interface BudgetActualReport {
  stamp: BudgetStamp;
  file: string;
  rows: number;
  comparison: Extract<ActualsComparison, { ok: true }>;
}

/**
 * The reforecast (engine reforecast.ts), for the ways billed: the trend from the (month, way) cells
 * that have bills against the same cells of the budget; every cell without a bill (later months, and
 * a month skipped before the last) on that trend; the outturn of the first year and of the horizon
 * (bills + the rest on the trend) against the budget of the same ways; and whether the version's
 * recommendation still holds over its horizon re-priced on the trend of the way billed most.
 */
export interface Reforecast {
  ratios: TrendRatios;
  yearMonths: number;
  yearOutturnCny: number;
  yearBudgetCny: number;
  horizonMonths: number;
  horizonOutturnCny: number;
  horizonBudgetCny: number;
  decision: DecisionCheck;
  /** The way billed most, whose trend the decision is checked on. */
  billedWay: StrategyId;
  /** The ways billed, whose budget the outturn is set against. */
  ways: StrategyId[];
  /** The budget's cells of the ways billed that have no bill (whole horizon), before the trend. */
  unbilledBudgetCells: WayMonthFigures[];
  /** The same cells on the trend (`reforecastMonths`): the rest of the outturn. */
  aheadCells: WayMonthFigures[];
}

const spendOf = (cells: readonly WayMonthFigures[], upTo = Number.POSITIVE_INFINITY) =>
  cells.reduce(
    (s, c) => (c.month <= upTo ? s + COST_CATEGORIES.reduce((t, k) => t + c.spendByCategoryCny[k], 0) : s),
    0,
  );

function reforecastOf(
  budget: Scenario,
  plan: Record<StrategyId, WayMonthFigures[]>,
  ways: readonly StrategyId[],
  actual: readonly WayMonthFigures[],
): Reforecast {
  const billed = new Set(actual.map((c) => `${c.month}|${c.way}`));
  const isBilled = (c: WayMonthFigures) => billed.has(`${c.month}|${c.way}`);
  const whole = ways.flatMap((w) => plan[w]);
  // The trend compares like with like: only the budget's cells that have a bill.
  const ratios = trendRatios(
    whole.filter((c) => isBilled(c)),
    actual,
  );
  const unbilled = whole.filter((c) => !isBilled(c));
  const ahead = reforecastMonths(unbilled, 0, ratios);
  const yearMonths = Math.min(12, budget.horizonMonths);
  // The way billed most decides whose trend the decision is checked on.
  let mostBilled: StrategyId = ways[0] ?? 'platform';
  let most = Number.NEGATIVE_INFINITY;
  for (const w of ways) {
    const spend = spendOf(actual.filter((c) => c.way === w));
    if (spend > most) [mostBilled, most] = [w, spend];
  }
  return {
    ratios,
    yearMonths,
    yearOutturnCny: spendOf(actual, yearMonths) + spendOf(ahead, yearMonths),
    yearBudgetCny: spendOf(whole, yearMonths),
    horizonMonths: budget.horizonMonths,
    horizonOutturnCny: spendOf(actual) + spendOf(ahead),
    horizonBudgetCny: spendOf(whole),
    decision: decisionCheck(budget, mostBilled, ratios),
    billedWay: mostBilled,
    ways: [...ways],
    unbilledBudgetCells: unbilled,
    aheadCells: ahead,
  };
}

/**
 * "2026-12" for an ISO time, in the reader's time zone (the month the banner's date shows): the month
 * a version was frozen in, the default month 1. A freeze at 07:00 on 1 December in Beijing is
 * 23:00 on 30 November in UTC.
 */
export function monthOfIso(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}
