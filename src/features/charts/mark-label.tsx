import type { ReactNode } from 'react';
import { LABEL_HALO } from '../../components/chart-style';

/** Height of one row of mark labels, in px. */
export const LABEL_ROW_PX = 15;

/**
 * A mark's label in its row (see `layoutLabels`). Recharts clones this element with the mark's
 * `viewBox` (a vertical line: x at the line, y at the top of the plot; an area: its top-left corner);
 * the hand-drawn crossover chart passes the same `viewBox` itself. The rows sit in the chart's top margin, above the plot (`rows` of them), so no label covers a line.
 */
export function MarkLabel({
  viewBox,
  text,
  lane,
  rows,
  dx,
  color,
}: {
  viewBox?: { x?: number; y?: number };
  text: string;
  lane: number;
  /** Number of label rows above the plot. */
  rows: number;
  /** Where the text starts, in px from the mark. */
  dx: number;
  color: string;
}): ReactNode {
  const x = viewBox?.x ?? 0;
  // Baseline of row `lane`, counting down from the top of the margin; 4 px above the plot for the last.
  const y = (viewBox?.y ?? 0) - (rows - lane - 1) * LABEL_ROW_PX - 4;
  return (
    <text x={x + dx} y={y} textAnchor="start" fill={color} className="chart-mark-label" {...LABEL_HALO}>
      {text}
    </text>
  );
}
