/**
 * The axes of the cumulative cash chart, shaped once so the dashboard and the PDF label the same
 * months and the same amounts (they used to pick their own month steps).
 */
import type { StrategyId } from '../engine';
import { type CumulativePoint, maxOf, type NiceScale, niceScale } from './chart-data';

/** About four steps up the money axis: enough to read a value off, few enough for compact labels. */
const Y_TICK_TARGET = 4;

export interface CumulativeAxes {
  /** Months from 0 to the horizon. */
  xTicks: number[];
  /** The money axis, in the display currency (the series already are). */
  yScale: NiceScale;
}

/**
 * Year boundaries (0, 12, 24, …) keep the axis readable at any horizon (1–6 years); a one-year
 * horizon gets quarters instead, and the horizon itself is always the last tick so the line's end is
 * labelled.
 */
function monthTicks(horizonMonths: number): number[] {
  const ticks: number[] = [];
  const step = horizonMonths <= 12 ? 3 : 12;
  for (let m = 0; m <= horizonMonths; m += step) ticks.push(m);
  if (ticks[ticks.length - 1] !== horizonMonths) ticks.push(horizonMonths);
  return ticks;
}

/** Both axes of the cumulative chart for the drawn strategies' running totals over the horizon. */
export function cumulativeAxes(
  points: readonly CumulativePoint[],
  drawn: readonly StrategyId[],
  horizonMonths: number,
): CumulativeAxes {
  return { xTicks: monthTicks(horizonMonths), yScale: niceScale(maxOf(points, drawn), Y_TICK_TARGET) };
}
