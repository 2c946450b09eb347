import { bestRentalMonthly } from './crossover';
import { readInput, withInput } from './input-path';
import { priceSelfBuild, pricingInputs, totalOf } from './model';
import { parameter } from './parameters';
import type { Scenario } from './types';

/** Where self-build and the cheapest rental cost the same, as one input moves. */
export interface BreakEven {
  path: string;
  /** The input's value at which the gap changes sign. */
  value: number;
  /** Self-build is the cheaper side when the input is `below` (or `above`) the value. */
  selfBuildWins: 'below' | 'above';
}

export interface TornadoRow {
  path: string;
  low: number;
  high: number;
  /** Self-build monthly − cheapest eligible rental monthly, with the input at its low and its high. */
  gapLowCny: number;
  gapHighCny: number;
  /** |gapHigh − gapLow|: how far this input alone moves the decision. */
  swingCny: number;
  /** Break-even value of the input within its allowed range, or null when the gap keeps its sign. */
  breakEven: BreakEven | null;
}

export interface TornadoResult {
  /** The gap at the scenario's own values; null when nothing can be rented (on premises). */
  baseGapCny: number | null;
  /** One row per ranged input, largest swing first (ties by path). Empty when nothing can be rented. */
  rows: TornadoRow[];
}

/**
 * Self-build monthly cost − the cheapest eligible rental's (rent or platform), the quantity the
 * crossover (docs/model.md §5) sets to zero: negative means self-build wins. Null when nothing is rentable.
 */
export function selfBuildGapCny(s: Scenario): number | null {
  const rental = bestRentalMonthly(s);
  return rental === null ? null : totalOf(priceSelfBuild(pricingInputs(s)).part.breakdown) - rental;
}

/**
 * One-at-a-time sensitivity ("tornado"): each input with an uncertainty range is set to its low and
 * its high, all others kept at the scenario's values, and the self-build − best-rental gap recomputed;
 * rows are sorted by swing = |gap(high) − gap(low)|, descending. One-at-a-time swings ignore
 * interactions between inputs; the Monte Carlo (uncertainty.ts) covers those.
 */
export function tornado(s: Scenario): TornadoResult {
  const baseGapCny = selfBuildGapCny(s);
  if (baseGapCny === null) return { baseGapCny, rows: [] };
  const rows: TornadoRow[] = [];
  for (const [path, [low, high]] of Object.entries(s.uncertainty.ranges)) {
    const gapLowCny = selfBuildGapCny(withInput(s, path, low)) ?? 0;
    const gapHighCny = selfBuildGapCny(withInput(s, path, high)) ?? 0;
    rows.push({
      path,
      low,
      high,
      gapLowCny,
      gapHighCny,
      swingCny: Math.abs(gapHighCny - gapLowCny),
      breakEven: breakEvenValue(s, path),
    });
  }
  rows.sort((a, b) => b.swingCny - a.swingCny || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { baseGapCny, rows };
}

const SCAN_STEPS = 200;
const BISECTIONS = 60;

/**
 * The value of one input at which self-build costs the same as the cheapest rental, e.g. "self-build
 * wins if the server price is below X". The input's allowed range (PARAMETERS min–max) is scanned in
 * 200 even steps for a sign change of the gap; the change nearest the scenario's value is bisected
 * (60 halvings). Where the costs are continuous in the input the gap is 0 there; where they jump (the
 * own cluster stops taking work when bursting it is cheaper at the margin, parts.ts ownedPart) the
 * value is the jump. Null when the gap keeps its sign over the whole range or nothing is rentable.
 */
export function breakEvenValue(s: Scenario, path: string): BreakEven | null {
  const meta = parameter(path);
  const gapAt = (v: number): number | null => selfBuildGapCny(withInput(s, path, v));
  const current = readInput(s, path);
  let best: { lo: number; hi: number; gLo: number } | null = null;
  let prevX = meta.min;
  let prevG = gapAt(prevX);
  if (prevG === null) return null;
  for (let i = 1; i <= SCAN_STEPS; i++) {
    const x = meta.min + ((meta.max - meta.min) * i) / SCAN_STEPS;
    const g = gapAt(x);
    if (g === null) return null;
    if ((prevG < 0 && g >= 0) || (prevG >= 0 && g < 0)) {
      const distance = Math.min(Math.abs(prevX - current), Math.abs(x - current));
      const bestDistance = best
        ? Math.min(Math.abs(best.lo - current), Math.abs(best.hi - current))
        : Infinity;
      if (distance < bestDistance) best = { lo: prevX, hi: x, gLo: prevG };
    }
    prevX = x;
    prevG = g;
  }
  if (!best) return null;
  let { lo, hi } = best;
  const loNegative = best.gLo < 0;
  for (let k = 0; k < BISECTIONS; k++) {
    const mid = (lo + hi) / 2;
    const g = gapAt(mid) ?? 0;
    if (g < 0 === loNegative) lo = mid;
    else hi = mid;
  }
  return { path, value: (lo + hi) / 2, selfBuildWins: loNegative ? 'below' : 'above' };
}
