/**
 * Geometry of a hand-drawn line chart (the crossover chart of the first screen): scales, the plot box
 * and the SVG path of a series. Pure, so what the chart draws is tested without a browser, and drawn
 * without a chart library (a slider step must repaint within one frame; see docs/performance.md).
 */

/** The plot's box inside the chart, in px from the chart's top-left corner. */
export interface PlotBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The plot box of a chart `width` × `height` px with the given margins; never narrower than 1 px. */
export function plotBox(
  width: number,
  height: number,
  margin: { top: number; right: number; bottom: number; left: number },
): PlotBox {
  const left = margin.left;
  const top = margin.top;
  return {
    left,
    top,
    right: Math.max(left + 1, width - margin.right),
    bottom: Math.max(top + 1, height - margin.bottom),
  };
}

/** Maps [d0, d1] linearly onto [r0, r1]. A zero-width domain maps everything to r0. */
export function linearScale(d0: number, d1: number, r0: number, r1: number): (v: number) => number {
  const span = d1 - d0;
  if (span === 0) return () => r0;
  const k = (r1 - r0) / span;
  return (v) => r0 + (v - d0) * k;
}

/** Rounded to 0.01 px: exact enough on screen, and short attribute strings. */
function px(v: number): string {
  return String(Math.round(v * 100) / 100);
}

/**
 * The `d` of a polyline through the points that have a value; a null breaks the line (the next point
 * starts a new segment). Empty when no point has a value.
 */
export function linePath(
  points: ReadonlyArray<readonly [number, number | null]>,
  sx: (x: number) => number,
  sy: (y: number) => number,
): string {
  let d = '';
  let pen = false;
  for (const [x, y] of points) {
    if (y === null || !Number.isFinite(y)) {
      pen = false;
      continue;
    }
    d += `${pen ? 'L' : d === '' ? 'M' : ' M'}${px(sx(x))},${px(sy(y))}`;
    pen = true;
  }
  return d;
}

/** Index of the value in ascending `xs` nearest to `x` (the first on a tie); -1 for none. */
export function nearestIndex(xs: readonly number[], x: number): number {
  if (xs.length === 0) return -1;
  let lo = 0;
  let hi = xs.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((xs[mid] ?? 0) <= x) lo = mid;
    else hi = mid;
  }
  const a = xs[lo] ?? 0;
  const b = xs[hi] ?? 0;
  return Math.abs(x - a) <= Math.abs(b - x) ? lo : hi;
}
