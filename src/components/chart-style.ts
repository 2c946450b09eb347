import type { CostCategory } from '../engine';

/**
 * Colours of the six cost categories in the stacked bars. Distinct from the strategy colours (a bar's
 * strategy is on its axis label), taken from Tableau 10, which stays distinguishable in greyscale print.
 */
export const CATEGORY_COLORS: Record<CostCategory, string> = {
  compute: '#4E79A7',
  energy: '#F28E2B',
  time: '#59A14F',
  ops: '#B07AA1',
  failure: '#E15759',
  iteration: '#76B7B2',
};

/** Dash per strategy: shared with the PDF's charts, so it lives with the strategy colours. */
export { STRATEGY_DASH } from '../view-model/strategy-style';

/** Reference lines (break-even, current load, demand statistics) in a neutral dark grey. */
export const REFERENCE_COLOR = '#374151';
export const AXIS_TICK = { fontSize: 12, fill: '#374151' } as const;

/**
 * Reference-line labels get a white halo (stroke painted under the fill) so they stay readable where
 * they cross a data line.
 */
export const LABEL_HALO = {
  fontSize: 12,
  stroke: '#ffffff',
  strokeWidth: 3,
  paintOrder: 'stroke',
  strokeLinejoin: 'round',
} as const;
