import type { TFunction } from 'i18next';
import { DECLINE_STRIP, type DeclineFlip, type StrategyId } from '../engine';
import { formatPercent, type Locale } from '../lib/format';

/**
 * The verdict's sentence on the deciding assumption (docs/model.md §9): the GPU-time price decline at
 * which the winner flips, and which way. Keys are in the `common` namespace.
 */
export function flipDeclineText(
  flip: DeclineFlip | null,
  winner: StrategyId,
  t: TFunction,
  locale: Locale,
): string {
  if (flip === null)
    // The range the flip was searched over, the strip's (engine DECLINE_STRIP): one range on every output.
    return t('common:decline.never', {
      winner: t(`common:strategy.${winner}`),
      min: formatPercent(DECLINE_STRIP.min, locale, 0),
      max: formatPercent(DECLINE_STRIP.max, locale, 0),
    });
  return t(flip.side === 'lower' ? 'common:decline.flipBelow' : 'common:decline.flipAbove', {
    decline: formatPercent(flip.declineFractionPerYear, locale, 1),
    from: t(`common:strategy.${flip.from}`),
    to: t(`common:strategy.${flip.to}`),
  });
}
