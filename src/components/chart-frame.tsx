import type { ReactElement, ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';
import { CHART_HEIGHT, ChartFigure, INITIAL_DIMENSION, type LegendItem } from './chart-figure';

export { type ChartProps, INITIAL_DIMENSION, type LegendItem } from './chart-figure';

/**
 * A chart drawn with the chart library: the common figure (chart-figure.tsx) around a responsive plot.
 * Charts drawn by hand use ChartFigure directly, so they do not load the library.
 */
export function ChartFrame(props: {
  id: string;
  title: string;
  summary: string;
  legendLabel: string;
  legend: LegendItem[];
  notes: string[];
  height?: number;
  /** Told the plot's size whenever it changes (charts that lay out labels by width). */
  onResize?: (width: number, height: number) => void;
  children: ReactElement;
}): ReactNode {
  const { children, onResize, ...figure } = props;
  const height = props.height ?? CHART_HEIGHT;
  return (
    <ChartFigure
      {...figure}
      height={height}
      plot={
        <ResponsiveContainer
          width="100%"
          height={height}
          initialDimension={{ ...INITIAL_DIMENSION, height }}
          {...(onResize ? { onResize } : {})}
        >
          {children}
        </ResponsiveContainer>
      }
    />
  );
}
