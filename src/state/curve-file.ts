import type { Scenario } from '../engine';

/**
 * The weekly usage file the current curve came from (issue 25): its name and the dates its week
 * column gave, so the dashboard's demand chart can label its axis with them. View state beside the
 * curve, not part of the scenario (the schema has no place for dates and links must not grow): it is
 * forgotten as soon as the curve stops being the file's, whatever changed it (a field, another file, a
 * link, undo).
 */
export interface CurveFile {
  fileName: string;
  /** The curve as the file gave it. */
  weeklyGpus: readonly number[];
  /** One date per week as the file wrote it, or null when its week column held no calendar dates. */
  dates: readonly string[] | null;
}

/**
 * Week values this close (relative) are the same week once scaled and scaled back: the load-rate
 * slider multiplies every week by one factor, and floating point leaves the last bits.
 */
const SAME_SHAPE_TOLERANCE = 1e-9;

/**
 * Whether the scenario's demand is still the file's curve: the weekly form, the same number of
 * weeks, and every week the file's value times one common factor (the load-rate slider scales the
 * whole curve and keeps its shape, so each week keeps its date). Pure.
 */
export function isCurveFromFile(scenario: Scenario, file: CurveFile): boolean {
  const { mode, weeklyGpus } = scenario.demand;
  if (mode !== 'weekly' || weeklyGpus.length !== file.weeklyGpus.length) return false;
  // The factor from the file's largest week, the one least affected by rounding.
  let top = 0;
  for (let i = 1; i < file.weeklyGpus.length; i++) {
    if ((file.weeklyGpus[i] ?? 0) > (file.weeklyGpus[top] ?? 0)) top = i;
  }
  const reference = file.weeklyGpus[top] ?? 0;
  if (reference === 0) return weeklyGpus.every((g) => g === 0);
  const factor = (weeklyGpus[top] ?? 0) / reference;
  for (let i = 0; i < weeklyGpus.length; i++) {
    const expected = (file.weeklyGpus[i] ?? 0) * factor;
    const actual = weeklyGpus[i] ?? 0;
    if (Math.abs(actual - expected) > SAME_SHAPE_TOLERANCE * Math.max(1, Math.abs(expected))) return false;
  }
  return true;
}
