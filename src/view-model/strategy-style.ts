import type { StrategyId } from '../engine';

/** One colour per strategy everywhere (Okabe–Ito palette: distinguishable with colour-vision deficiency). */
export const STRATEGY_COLORS: Record<StrategyId, string> = {
  selfBuild: '#E69F00',
  rent: '#D55E00',
  platform: '#0072B2',
  hybrid: '#009E73',
};

/** Grey used for ineligible strategies (compliance). */
export const INELIGIBLE_COLOR = '#9ca3af';

/**
 * Dash per strategy: hybrid often equals the platform exactly (baseline 0), and a dashed line on top
 * lets the solid one show through; dashes also separate lines for readers who cannot tell the colours.
 */
export const STRATEGY_DASH: Record<StrategyId, string | undefined> = {
  selfBuild: undefined,
  rent: undefined,
  platform: undefined,
  hybrid: '7 4',
};
