import type { TFunction } from 'i18next';
import type { DeclineFlip, StrategyId } from '../engine';
import { formatPercent, type Locale } from '../lib/format';

/**
 * The verdict's sentence on the deciding assumption (MODEL.md §9): the GPU-time price decline at
 * which the winner flips, and which way. Keys are in the `common` namespace.
 */
export function flipDeclineText(
  flip: DeclineFlip | null,
  winner: StrategyId,
  t: TFunction,
  locale: Locale,
): string {
  if (flip === null) return t('common:decline.never', { winner: t(`common:strategy.${winner}`) });
  return t(flip.side === 'lower' ? 'common:decline.flipBelow' : 'common:decline.flipAbove', {
    decline: formatPercent(flip.declineFractionPerYear, locale, 1),
    from: t(`common:strategy.${flip.from}`),
    to: t(`common:strategy.${flip.to}`),
  });
}
