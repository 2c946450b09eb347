import type { Scenario } from '../src/engine';
import { makeDefaultInputs } from '../src/engine/presets';

type DeepPartial<T> = {
  [K in keyof T]?: T[K] extends readonly unknown[] ? T[K] : T[K] extends object ? DeepPartial<T[K]> : T[K];
};

/**
 * A scenario at the defaults of docs/data-sources.md (job form 20 × 24 h × 8 GPUs, 1 owned server,
 * no calibration), with nested overrides.
 */
export function makeScenario(overrides: DeepPartial<Scenario> = {}): Scenario {
  return merge(makeDefaultInputs('test'), overrides) as Scenario;
}

function merge(base: unknown, patch: unknown): unknown {
  if (patch === undefined) return base;
  if (Array.isArray(patch) || patch === null || typeof patch !== 'object') return patch;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(patch as Record<string, unknown>)) out[k] = merge(out[k], v);
  return out;
}

/** A weekly-curve scenario with the given curve and owned capacity. */
export function makeWeeklyScenario(
  weeklyGpus: number[],
  capacityGpus: number,
  overrides: DeepPartial<Scenario> = {},
): Scenario {
  const s = makeScenario(overrides);
  return {
    ...s,
    demand: { ...s.demand, mode: 'weekly', weeklyGpus },
    selfBuild: { ...s.selfBuild, capacityGpus },
  };
}

/**
 * `s` in the accounting view (straight-line depreciation, no capital charge): for tests of a regime the
 * presets show there — the seed's crossovers, the large lab owning its base — not of the view itself.
 */
export function inAccountingView(s: Scenario): Scenario {
  return { ...s, finance: { ...s.finance, costView: 'accounting' } };
}
