import type { KeyboardEvent } from 'react';

/**
 * Keyboard stepping for native range inputs, handled explicitly so every slider moves the same way
 * in every browser and in tests (jsdom has no built-in range keyboard behaviour): arrows by one step,
 * Page Up/Down by a big step, Home/End to the ends.
 */
export function nextRangeValue(
  key: string,
  value: number,
  { min, max, step, bigStep }: { min: number; max: number; step: number; bigStep: number },
): number | null {
  let next: number;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      next = value + step;
      break;
    case 'ArrowLeft':
    case 'ArrowDown':
      next = value - step;
      break;
    case 'PageUp':
      next = value + bigStep;
      break;
    case 'PageDown':
      next = value - bigStep;
      break;
    case 'Home':
      next = min;
      break;
    case 'End':
      next = max;
      break;
    default:
      return null;
  }
  return Math.min(max, Math.max(min, Math.round(next / step) * step));
}

/** How a slider's value changed: a key press, or the pointer (and anything else the input reports). */
export type SliderInput = 'keys' | 'pointer';

/**
 * Key steps on one slider within this many milliseconds of each other are one undo step (issue 21):
 * a key press has no gesture end like a pointer release, so a pause ends the step instead.
 */
export const KEY_STEPS_MERGE_MS = 1_000;

/**
 * The undo grouping of a slider change: a drag is one step (ended by the pointer release); key steps
 * form their own group that closes after a pause, so a drag and the key presses around it stay apart.
 */
export function sliderGroup(name: string, via: SliderInput): { group: string; groupWithinMs?: number } {
  return via === 'keys' ? { group: `${name}:keys`, groupWithinMs: KEY_STEPS_MERGE_MS } : { group: name };
}

export function rangeKeyHandler(
  value: number,
  bounds: { min: number; max: number; step: number; bigStep: number },
  onValue: (value: number, via: SliderInput) => void,
) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    const next = nextRangeValue(event.key, value, bounds);
    if (next === null) return;
    event.preventDefault();
    if (next !== value) onValue(next, 'keys');
  };
}
