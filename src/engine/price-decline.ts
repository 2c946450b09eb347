import { nearestFlip } from './flip-search';
import { createPricer, type Pricer } from './kernel';
import { pointOf } from './point';
import type { WinnerAt } from './sweep';
import type { Scenario, StrategyId } from './types';

/**
 * The deciding assumption in view (docs/model.md §9): how fast the market price of GPU-time falls decides
 * most owning answers — renters and platform users pay each month's falling price while an owner's
 * capex is sunk. This file sweeps the winner across declines (the headline strip) and finds the
 * decline at which the winner flips (the verdict names it).
 */

/**
 * The one range of declines the answer is read over: from a 20 %/yr rise to a 30 %/yr fall in 1-point
 * steps (the input's typical range, docs/data-sources.md, and the rises of 2026 — model v4). The headline strip shows it, the flip is searched in it and the no-flip sentence
 * names it (view-model decline-text.ts), on the dashboard and in the PDF alike — a wider search would
 * name a flip, or a "never", outside what the strip shows.
 */
export const DECLINE_STRIP = { min: -0.2, max: 0.3, step: 0.01 } as const;

/**
 * The flip search's range: the strip's. A scenario whose own decline lies beyond it (the input accepts
 * up to 60 %/yr, parameters.ts) is still searched from its own value down into the strip.
 */
const DECLINE_RANGE = DECLINE_STRIP;

/** Scan step before bisecting (1 point): a winner held over a narrower span of declines may be missed. */
const SCAN_STEP = 0.01;

/** Bisection steps after the scan: the flip decline to within 0.01 ÷ 2²⁴ (far below 0.01 points). */
const BISECTIONS = 24;

export interface DeclineFlip {
  /** The winner at the scenario's own decline. */
  from: StrategyId;
  /** The winner on the other side of the flip. */
  to: StrategyId;
  /** The decline at which the two cost the same (fraction per year). */
  declineFractionPerYear: number;
  /** Where `to` wins: below the flip decline (`lower`) or above it (`higher`). */
  side: 'lower' | 'higher';
}

function withDecline(s: Scenario, decline: number): Scenario {
  return { ...s, finance: { ...s.finance, gpuTimePriceDeclineFractionPerYear: decline } };
}

function winnerAt(pricer: Pricer, s: Scenario, decline: number): StrategyId {
  return pointOf(pricer, pricer.context(withDecline(s, decline))).winner;
}

/** Winner and monthly costs at each decline of the strip (0, 1, …, 30 %/yr). */
export function sweepPriceDecline(s: Scenario): WinnerAt<number>[] {
  const pricer = createPricer();
  const out: WinnerAt<number>[] = [];
  const steps = Math.round((DECLINE_STRIP.max - DECLINE_STRIP.min) / DECLINE_STRIP.step);
  for (let i = 0; i <= steps; i++) {
    const value = DECLINE_STRIP.min + i * DECLINE_STRIP.step;
    out.push({ value, ...pointOf(pricer, pricer.context(withDecline(s, value))) });
  }
  return out;
}

/**
 * The nearest decline (within the strip's range, or between it and the scenario's own decline when
 * that lies beyond it) at which the winner changes: scanning outwards from
 * the scenario's own decline, a step each way in turn, then bisecting the first change; null when the
 * winner holds over the whole range. At the flip the two strategies cost the same (their costs are
 * continuous in the decline), which a property test checks within 0.5 %.
 */
export function flipDecline(s: Scenario, pricer: Pricer = createPricer()): DeclineFlip | null {
  const current = s.finance.gpuTimePriceDeclineFractionPerYear;
  const found = nearestFlip(current, DECLINE_RANGE, SCAN_STEP, BISECTIONS, (d) => winnerAt(pricer, s, d));
  if (found === null) return null;
  return {
    from: found.from,
    to: found.to,
    declineFractionPerYear: found.value,
    side: found.direction < 0 ? 'lower' : 'higher',
  };
}
