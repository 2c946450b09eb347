import type { TFunction } from 'i18next';
import type { LegendItem } from '../../components/chart-figure';
import { legendLabel, type StrategyLegendEntry } from '../../view-model/strategy-legend';

/**
 * The dashboard's line charts (crossover, cumulative) put names on the view-model's strategy legend,
 * the one the PDF's charts draw too. `t` is the charts namespace.
 */
export function strategyLegendItems(
  entries: readonly StrategyLegendEntry[],
  t: TFunction<'charts'>,
): LegendItem[] {
  return entries.map((entry) => ({
    key: entry.strategy,
    label: legendLabel(entry, t(`strategy.${entry.strategy}`), t('notAvailable'), t),
    color: entry.color,
    shape: 'line',
    muted: !entry.available,
    ...(entry.dash ? { dash: entry.dash } : {}),
  }));
}
