import type { Scenario } from '../engine';
import type { AnalysisKind } from './messages';

/**
 * The last worker result of each analysis kind per scenario object (scenarios are immutable values
 * in the store, so the object is the key). The dashboard's analyses fill it; an export made later for
 * the same scenario reuses the result instead of running the same (seeded, deterministic) analysis
 * again. Entries go with their scenario (WeakMap).
 */
const cache = new WeakMap<Scenario, Partial<Record<AnalysisKind, unknown>>>();

export function rememberResult(kind: AnalysisKind, scenario: Scenario, result: unknown): void {
  const entry = cache.get(scenario) ?? {};
  entry[kind] = result;
  cache.set(scenario, entry);
}

export function cachedResult(kind: AnalysisKind, scenario: Scenario): unknown {
  return cache.get(scenario)?.[kind];
}
