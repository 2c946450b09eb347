import type { TFunction } from 'i18next';
import {
  DECLINE_STRIP,
  type DeclineFlip,
  PATH_SHIFT_RANGE,
  type PathFlip,
  type Scenario,
  type StrategyId,
} from '../engine';
import { formatPercent, type Locale } from '../lib/format';
import { wayName } from './way-name';

/**
 * The verdict's sentences on the deciding assumption (docs/model.md §9 and §10): the steady GPU-time
 * price change at which the winner flips, and which way (a negative decline is a rise and is said as
 * one); and how far every future price would have to move off the chosen price path. Keys are in
 * the `common` namespace.
 */
export function flipDeclineText(
  flip: DeclineFlip | null,
  winner: StrategyId,
  t: TFunction,
  locale: Locale,
  ways: Pick<Scenario, 'existing' | 'hybrid'>,
): string {
  // With a cluster already owned the ways are named by what they do with it (way-name.ts).
  const name = (id: StrategyId) => wayName(t, id, ways);
  if (flip === null)
    // The range the flip was searched over, the strip's (engine DECLINE_STRIP): one range on every output.
    return t('common:decline.never', {
      winner: name(winner),
      rise: formatPercent(-DECLINE_STRIP.min, locale, 0),
      max: formatPercent(DECLINE_STRIP.max, locale, 0),
    });
  const names = { from: name(flip.from), to: name(flip.to) };
  // Shown to one decimal: a flip that rounds to 0.0 % is no rise.
  if (flip.declineFractionPerYear < -0.0005)
    return t(flip.side === 'lower' ? 'common:decline.flipBelowRise' : 'common:decline.flipAboveRise', {
      rise: formatPercent(-flip.declineFractionPerYear, locale, 1),
      ...names,
    });
  return t(flip.side === 'lower' ? 'common:decline.flipBelow' : 'common:decline.flipAbove', {
    decline: formatPercent(Math.max(0, flip.declineFractionPerYear), locale, 1),
    ...names,
  });
}

/** How far every future GPU-time price would have to move off the path for the answer to flip. */
export function flipPathText(
  flip: PathFlip | null,
  winner: StrategyId,
  t: TFunction,
  locale: Locale,
  ways: Pick<Scenario, 'existing' | 'hybrid'>,
): string {
  // With a cluster already owned the ways are named by what they do with it (way-name.ts).
  const name = (id: StrategyId) => wayName(t, id, ways);
  if (flip === null)
    return t('common:decline.pathNever', {
      winner: name(winner),
      min: formatPercent(-PATH_SHIFT_RANGE.min, locale, 0),
      max: formatPercent(PATH_SHIFT_RANGE.max, locale, 0),
    });
  return t(flip.shiftFraction < 0 ? 'common:decline.pathBelow' : 'common:decline.pathAbove', {
    shift: formatPercent(Math.abs(flip.shiftFraction), locale, 1),
    from: name(flip.from),
    to: name(flip.to),
  });
}
