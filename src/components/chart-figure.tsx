import { memo, type ReactNode } from 'react';
import type { Evaluation, Scenario } from '../engine';

/** Props every chart takes from the dashboard. */
export interface ChartProps {
  scenario: Scenario;
  evaluation: Evaluation;
}

export interface LegendItem {
  key: string;
  label: string;
  color: string;
  /** Line dash of the series, so the swatch matches what is drawn (and works without colour). */
  dash?: string;
  /** Bars are shown as filled squares, lines as short strokes. */
  shape: 'line' | 'square';
  /** Greyed out (ineligible strategy). */
  muted?: boolean;
  /**
   * Not there yet: an item that is expected shortly (a Monte Carlo band while the analysis runs). Its
   * place is kept, invisible and silent, so the legend does not wrap anew and move what follows.
   */
  reserved?: boolean;
}

/** Plot height in px: tall enough for four lines plus labels on a 390 px wide phone. */
export const CHART_HEIGHT = 300;

/**
 * Initial size before ResizeObserver reports one; also what jsdom renders at (it has no layout), so
 * component tests see a drawn chart rather than a zero-size one.
 */
export const INITIAL_DIMENSION = { width: 640, height: CHART_HEIGHT };

/**
 * The common figure of every chart, without any chart library: a caption, the plot as one image whose
 * accessible name summarises it (the breakdown table is the full data alternative), an HTML legend that
 * wraps on narrow screens, and notes (ineligible strategies, break-even explanations). `plot` is what
 * draws inside the image box of `height` px.
 */
export function ChartFigure(props: {
  id: string;
  title: string;
  summary: string;
  legendLabel: string;
  legend: LegendItem[];
  notes: string[];
  height: number;
  plot: ReactNode;
}): ReactNode {
  const { id, title, summary, legendLabel, legend, notes, height, plot } = props;
  const captionId = `${id}-caption`;
  return (
    <figure className="chart" aria-labelledby={captionId} data-chart={id} style={{ margin: 0, minWidth: 0 }}>
      <figcaption id={captionId} style={{ fontWeight: 600, marginBottom: '0.5rem' }}>
        {title}
      </figcaption>
      <div role="img" aria-label={summary} style={{ width: '100%', height, position: 'relative' }}>
        {plot}
      </div>
      <Legend label={legendLabel} items={legend} />
      {notes.length > 0 && (
        <div style={{ fontSize: '0.8125rem', color: '#4b5563', marginTop: '0.25rem' }}>
          {notes.map((n) => (
            <p key={n} style={{ margin: '0.25rem 0' }}>
              {n}
            </p>
          ))}
        </div>
      )}
    </figure>
  );
}

/**
 * The chart's legend: an HTML list that wraps on narrow screens. Compared by value, so a slider step
 * that leaves the legend as it was (most do) does not draw it again.
 */
const Legend = memo(
  function Legend({ label, items }: { label: string; items: readonly LegendItem[] }): ReactNode {
    return (
      <ul
        aria-label={label}
        style={{
          listStyle: 'none',
          padding: 0,
          margin: '0.5rem 0 0',
          display: 'flex',
          flexWrap: 'wrap',
          gap: '0.25rem 1rem',
          fontSize: '0.875rem',
        }}
      >
        {items.map((item) => (
          <li
            key={item.key}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: '0.4rem',
              opacity: item.muted ? 0.6 : 1,
              ...(item.reserved ? { visibility: 'hidden' as const } : {}),
            }}
            {...(item.reserved ? { 'aria-hidden': true } : {})}
          >
            <Swatch item={item} />
            <span style={item.muted ? { textDecoration: 'line-through' } : undefined}>{item.label}</span>
          </li>
        ))}
      </ul>
    );
  },
  (a, b) => a.label === b.label && sameLegend(a.items, b.items),
);

const LEGEND_FIELDS = ['key', 'label', 'color', 'dash', 'shape', 'muted', 'reserved'] as const;

/** Whether two legends list the same items with the same fields, in the same order. */
export function sameLegend(a: readonly LegendItem[], b: readonly LegendItem[]): boolean {
  return (
    a.length === b.length &&
    a.every((item, i) => {
      const other = b[i];
      return other !== undefined && LEGEND_FIELDS.every((field) => item[field] === other[field]);
    })
  );
}

function Swatch({ item }: { item: LegendItem }): ReactNode {
  if (item.shape === 'square') {
    return (
      <svg width="12" height="12" aria-hidden="true" focusable="false">
        <rect width="12" height="12" fill={item.color} />
      </svg>
    );
  }
  return (
    <svg width="24" height="10" aria-hidden="true" focusable="false">
      <line
        x1="0"
        y1="5"
        x2="24"
        y2="5"
        stroke={item.color}
        strokeWidth="3"
        {...(item.dash ? { strokeDasharray: item.dash } : {})}
      />
    </svg>
  );
}
