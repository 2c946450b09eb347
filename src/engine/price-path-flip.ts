import { nearestFlip } from './flip-search';
import { createPricer, type Pricer } from './kernel';
import { pointOf } from './point';
import { PRICE_PATH_LIMITS, shiftedFinance } from './price-path';
import type { Scenario, StrategyId } from './types';

/**
 * The verdict's flip along the price path the user chose (docs/model.md "Price paths", model v4): how
 * far every future GPU-time price — rent, the platform, the hybrid's reserved share and the lead
 * time's months — would have to move off the path, all months alike, for another way to win
 * ("12 % below this path, Platform wins"). It holds for steady and shaped paths alike.
 */
export interface PathFlip {
  /** The winner on the path as given. */
  from: StrategyId;
  /** The winner past the flip. */
  to: StrategyId;
  /** The shift at which the two cost the same: −0.12 = every price 12 % below the path. */
  shiftFraction: number;
}

/** The shifts searched: from 60 % below the path to double it (outside, no flip is named). */
export const PATH_SHIFT_RANGE = { min: -0.6, max: 1 } as const;

/** Scan step before bisecting (2 points); bisections after: the shift to within 0.02 ÷ 2²⁰. */
const SCAN_STEP = 0.02;
const BISECTIONS = 20;

/** The scenario with its GPU-time path shifted by `shift` (every month alike). */
export function withPathShift(s: Scenario, shift: number): Scenario {
  return { ...s, finance: shiftedFinance(s.finance, shift, PRICE_PATH_LIMITS.maxMonth) };
}

function winnerAt(pricer: Pricer, s: Scenario, shift: number): StrategyId {
  const at = shift === 0 ? s : withPathShift(s, shift);
  return pointOf(pricer, pricer.context(at)).winner;
}

/**
 * The nearest shift of the path at which the winner changes: scanning outwards from the path as given,
 * a step each way in turn, then bisecting the first change; null when the winner holds from 60 % below
 * the path to twice it. At the flip the two cost the same (a property test checks within 0.5 %).
 */
export function flipPathShift(s: Scenario, pricer: Pricer = createPricer()): PathFlip | null {
  const found = nearestFlip(0, PATH_SHIFT_RANGE, SCAN_STEP, BISECTIONS, (k) => winnerAt(pricer, s, k));
  return found === null ? null : { from: found.from, to: found.to, shiftFraction: found.value };
}
