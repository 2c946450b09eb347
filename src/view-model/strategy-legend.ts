import type { TFunction } from 'i18next';
import { type Evaluation, STRATEGY_IDS, type StrategyId } from '../engine';
import { INELIGIBLE_COLOR, STRATEGY_COLORS, STRATEGY_DASH } from './strategy-style';

/**
 * The strategy legend of the line charts (the dashboard's crossover and cumulative charts, the PDF's
 * two charts), shaped once: every strategy in the engine's order, drawn in its colour and dash, or
 * grey when the scenario rules it out. Views only put the name on it.
 */
export interface StrategyLegendEntry {
  strategy: StrategyId;
  /** False when the strategy is ruled out (compliance): not drawn, listed grey as "not available". */
  available: boolean;
  color: string;
  /** SVG dash array, where the strategy's line is dashed. */
  dash?: string;
}

export function strategyLegend(evaluation: Evaluation): StrategyLegendEntry[] {
  return STRATEGY_IDS.map((strategy) => {
    const available = evaluation.strategies[strategy].eligible;
    const dash = STRATEGY_DASH[strategy];
    return {
      strategy,
      available,
      color: available ? STRATEGY_COLORS[strategy] : INELIGIBLE_COLOR,
      ...(dash ? { dash } : {}),
    };
  });
}

/** "Self-build", or "Rent servers (not available)": `name` and `notAvailable` already translated. */
export function legendLabel(
  entry: StrategyLegendEntry,
  name: string,
  notAvailable: string,
  t: TFunction,
): string {
  return entry.available ? name : t('common:join.nameNote', { name, note: notAvailable });
}

/** The strategies a line chart draws: the eligible ones, in the engine's order. */
export function drawnStrategies(evaluation: Evaluation): StrategyId[] {
  return STRATEGY_IDS.filter((id) => evaluation.strategies[id].eligible);
}
