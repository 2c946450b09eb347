import type { StrategyId } from './types';

/** Where a winner changes along one input: the two sides' winners, the value and its direction. */
export interface FlipFound {
  from: StrategyId;
  to: StrategyId;
  value: number;
  direction: -1 | 1;
}

/**
 * The nearest value of one input, from `current` within `range`, at which the winner changes:
 * scanning outwards a `step` each way in turn, then bisecting the first change `bisections` times;
 * null when the winner holds over the whole range. Shared by the decline flip and the path flip.
 */
export function nearestFlip(
  current: number,
  range: { min: number; max: number },
  step: number,
  bisections: number,
  winnerAt: (value: number) => StrategyId,
): FlipFound | null {
  const from = winnerAt(current);
  const steps = Math.ceil(Math.max(current - range.min, range.max - current) / step);
  for (let k = 1; k <= steps; k++) {
    for (const direction of [-1, 1] as const) {
      const inside0 = current + direction * (k - 1) * step;
      // Past the range's end on this side: nothing new to look at.
      if (direction < 0 ? inside0 <= range.min : inside0 >= range.max) continue;
      const outside0 = Math.min(range.max, Math.max(range.min, current + direction * k * step));
      if (winnerAt(outside0) === from) continue;
      let inside = inside0;
      let outside = outside0;
      for (let i = 0; i < bisections; i++) {
        const mid = (inside + outside) / 2;
        if (winnerAt(mid) === from) inside = mid;
        else outside = mid;
      }
      return { from, to: winnerAt(outside), value: (inside + outside) / 2, direction };
    }
  }
  return null;
}
