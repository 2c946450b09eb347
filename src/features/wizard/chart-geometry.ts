/**
 * Geometry of the step-1 usage chart, shared by the drawing (recharts margins and axis sizes) and the
 * drag editor (pointer position → week and GPUs). Axis domains are fixed ([1, weeks] and [0, yMax]),
 * so the plot maps linearly and the pointer can be inverted without asking recharts.
 */
export const USAGE_CHART = {
  height: 260,
  margin: { top: 16, right: 16, bottom: 8, left: 4 },
  yAxisWidth: 52,
  xAxisHeight: 24,
} as const;

export interface PlotBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The plot area inside a chart of the given pixel width (height is fixed). */
export function plotBox(width: number): PlotBox {
  const { margin, yAxisWidth, xAxisHeight, height } = USAGE_CHART;
  return {
    left: margin.left + yAxisWidth,
    right: width - margin.right,
    top: margin.top,
    bottom: height - margin.bottom - xAxisHeight,
  };
}

/**
 * The week (0-based index) under a pointer and the GPUs its height stands for, clamped to the plot;
 * null for an empty curve. `x`, `y` are relative to the chart's top-left corner.
 */
export function pointerToWeek(
  x: number,
  y: number,
  width: number,
  weeks: number,
  yMax: number,
): { index: number; gpus: number } | null {
  if (weeks <= 0 || yMax <= 0) return null;
  const box = plotBox(width);
  const span = Math.max(1, box.right - box.left);
  const fx = Math.min(1, Math.max(0, (x - box.left) / span));
  const index = weeks === 1 ? 0 : Math.round(fx * (weeks - 1));
  const fy = Math.min(1, Math.max(0, (box.bottom - y) / Math.max(1, box.bottom - box.top)));
  // One decimal, like the generated and imported curves.
  return { index, gpus: Math.round(fy * yMax * 10) / 10 };
}

/** A round upper bound for the GPU axis with a little headroom above the highest week. */
export function niceYMax(maxGpus: number): number {
  if (maxGpus <= 0) return 1;
  const target = maxGpus * 1.15;
  const magnitude = 10 ** Math.floor(Math.log10(target));
  for (const step of [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) {
    if (step * magnitude >= target) return step * magnitude;
  }
  return 10 * magnitude;
}
