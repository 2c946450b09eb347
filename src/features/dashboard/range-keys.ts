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

export function rangeKeyHandler(
  value: number,
  bounds: { min: number; max: number; step: number; bigStep: number },
  onValue: (value: number) => void,
) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    const next = nextRangeValue(event.key, value, bounds);
    if (next === null) return;
    event.preventDefault();
    if (next !== value) onValue(next);
  };
}
