import { averageMarketFactor, marketFactorAtMonth, sumMarketFactors } from './market';
import { steadyShape } from './price-path-presets';
import type { FinanceInput, PricePathPoint, PriceShape } from './types';

/**
 * The price path of GPU-time (docs/model.md "Price paths", model v4): a monthly index relative to
 * today's price that every bill for GPU-time follows — whole-server rent, the pooled platform, the
 * hybrid's reserved share and the build lead time's rented or pooled months.
 *
 * A path is **steady** (one yearly rate: (1 − d)^((m − 1)/12); a negative d is a rise — v3's decline,
 * reproduced to the last bit) or **shaped** (dated points, interpolated in log space — a steady rate
 * between two points — and flat before the first and beyond the last; presets and imported files).
 */
export interface MarketPath {
  /** The index of month m (m ≥ 1; month 1 = today on a steady path). */
  factorAt(month: number): number;
  /** Σ of the indices over months from..to (inclusive; 0 when to < from). */
  sum(from: number, to: number): number;
  /** Average of the indices over months 1..horizon (what a flat monthly view of the bills pays). */
  average(horizonMonths: number): number;
}

/** The GPU-time path a scenario's finance inputs describe. */
export function gpuTimePath(finance: FinanceInput): MarketPath {
  const shape = finance.gpuTimePriceShape;
  return shape === null ? steadyPath(finance.gpuTimePriceDeclineFractionPerYear) : shapedPath(shape.points);
}

/**
 * The term GPU-time path (model v4, separate paths per market): what a commitment pays — the hybrid's
 * reserved baseline, the ladder's term tiers and the platform's reservation — at the month it is held.
 * Without a shape of its own, terms follow the on-demand path (v13's one path, to the bit).
 */
export function termPath(finance: FinanceInput): MarketPath {
  const shape = finance.termPriceShape;
  return shape === null ? gpuTimePath(finance) : shapedPath(shape.points);
}

/** A steady path at a yearly decline (negative: a rise). */
export function steadyPath(decline: number): MarketPath {
  return {
    factorAt: (m) => marketFactorAtMonth(decline, m),
    sum: (from, to) => sumMarketFactors(decline, from, to),
    average: (h) => averageMarketFactor(decline, h),
  };
}

/** The index of month `m` on a path of points (sorted by month, at least one). */
export function shapeFactorAt(points: readonly PricePathPoint[], m: number): number {
  const first = points[0] as PricePathPoint;
  if (m <= first.month) return first.index;
  for (let i = 1; i < points.length; i++) {
    const b = points[i] as PricePathPoint;
    if (m <= b.month) {
      const a = points[i - 1] as PricePathPoint;
      // Log-linear: the steady rate that joins the two points (a geometric path between them).
      return a.index * (b.index / a.index) ** ((m - a.month) / (b.month - a.month));
    }
  }
  return (points[points.length - 1] as PricePathPoint).index;
}

/** A shaped path. Its sums add month by month (horizons are at most a few hundred months). */
export function shapedPath(points: readonly PricePathPoint[]): MarketPath {
  const factorAt = (m: number) => shapeFactorAt(points, m);
  const sum = (from: number, to: number) => {
    let s = 0;
    let m = from;
    for (; m <= to; m++) s += factorAt(m);
    // A part month at the end (a drawn lead time) counts its part of that month's index.
    const part = to - (m - 1);
    return part > 0 && part < 1 ? s + part * factorAt(m) : s;
  };
  return { factorAt, sum, average: (h) => (h <= 0 ? 1 : sum(1, h) / h) };
}

/** The finance inputs with the path moved by `shift` at every month (−0.12: every price 12 % lower). */
export function shiftedFinance(finance: FinanceInput, shift: number, lastMonth: number): FinanceInput {
  const k = 1 + shift;
  const scaled = (shape: PriceShape): PriceShape => ({
    ...shape,
    points: shape.points.map((p) => ({ month: p.month, index: p.index * k })),
  });
  const shape: PriceShape = finance.gpuTimePriceShape ?? steadyAsShape(finance, lastMonth);
  // Every future GPU-time price moves: on demand and, on its own path, term.
  const term = finance.termPriceShape;
  return {
    ...finance,
    gpuTimePriceShape: scaled(shape),
    termPriceShape: term === null ? null : scaled(term),
  };
}

/**
 * A steady path as two points, month 1 and `lastMonth`: log-linear between them is the same
 * geometric path (within rounding), so a shift applies to steady and shaped paths alike.
 */
function steadyAsShape(finance: FinanceInput, lastMonth: number): PriceShape {
  return steadyShape(finance.gpuTimePriceDeclineFractionPerYear, Math.max(2, lastMonth));
}

/** A path's indices for months 1..months (for a sparkline or an export): on demand, or term. */
export function pathIndices(
  finance: FinanceInput,
  months: number,
  market: 'onDemand' | 'term' = 'onDemand',
): number[] {
  const path = market === 'term' ? termPath(finance) : gpuTimePath(finance);
  return Array.from({ length: Math.max(0, months) }, (_, i) => path.factorAt(i + 1));
}

/**
 * What a shaped path may hold: enough points for ten years of monthly prices, months within 50 years,
 * indices between 1 % and 100 × today's price (a file outside these is refused with the limit).
 */
export const PRICE_PATH_LIMITS = {
  maxPoints: 240,
  maxMonth: 600,
  minIndex: 0.01,
  maxIndex: 100,
  maxNameChars: 120,
  maxSourceChars: 300,
} as const;
