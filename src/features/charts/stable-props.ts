import { useRef } from 'react';

/**
 * The previous value while the new one is equal in content (JSON-equal plain data: axis ticks,
 * domains, margins, label options). Recharts keeps each axis', line's and reference's settings in its
 * own store and re-runs every selector of the chart when one of them arrives as a new object, so a
 * chart whose props keep their identity redraws only what changed (e.g. the current-load marker).
 */
export function useStableValue<T>(value: T): T {
  const ref = useRef<{ value: T; json: string } | null>(null);
  const json = JSON.stringify(value);
  if (ref.current === null || ref.current.json !== json) ref.current = { value, json };
  return ref.current.value;
}
