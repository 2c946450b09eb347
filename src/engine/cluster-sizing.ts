import { ownedCapacityGpus, ownThroughputRatio, usefulCurve as usefulCurveOf } from './demand';
import { ownEfficiency } from './efficiency';
import { parameter } from './parameters';
import type { Scenario } from './types';

/**
 * Sizing an owned cluster to a weekly demand curve: the one rule the self-assessment and the Scenarios
 * tab's CSV import share (MODEL.md §2: self-build is sized to the demand peak, in whole servers).
 */

/**
 * The share of owned capacity the team can keep busy with useful work: the own cluster's allocation
 * efficiency (efficiency.ts, by team level, siloed or pooled). Sizing reads it from here only, so a
 * change in how achievable utilization is modelled reaches every sizing.
 */
export function achievableUtilization(s: Scenario): number {
  return ownEfficiency(s);
}

/**
 * Self-build's size (MODEL.md §9, "two sizes, named once"): GPUs of owned capacity that serve the
 * curve's highest week in-house at the efficiency the cluster reaches (measured, or by rule): whole
 * servers covering peak ÷ efficiency, in GPUs of the own cluster's model (the curve is in reference
 * GPUs), within the capacity input's allowed range. The hybrid's size is the other one: the right
 * size (right-size.ts).
 */
export function sizeClusterToCurve(s: Scenario, weeklyGpus: readonly number[]): number {
  let peak = 0;
  for (const g of weeklyGpus) if (g > peak) peak = g;
  peak /= ownThroughputRatio(s);
  const utilization = achievableUtilization(s);
  const perServer = Math.max(1, s.selfBuild.gpusPerServer);
  const needed = utilization > 0 ? peak / utilization : peak;
  const { max } = parameter('selfBuild.capacityGpus');
  // Whole servers that fit under the maximum, so the result is always a valid capacity.
  const maxWhole = Math.floor(max / perServer) * perServer;
  return Math.min(maxWhole, ownedCapacityGpus(needed, perServer));
}

/**
 * The scenario with a weekly curve as its demand; with `resize`, owned capacity is sized to the curve
 * (a new workload), without it the capacity stays (the user is refining the same workload).
 */
export function withWeeklyCurve(s: Scenario, weeklyGpus: readonly number[], resize: boolean): Scenario {
  const next: Scenario = { ...s, demand: { ...s.demand, mode: 'weekly', weeklyGpus: [...weeklyGpus] } };
  if (!resize) return next;
  return { ...next, selfBuild: { ...next.selfBuild, capacityGpus: sizeClusterToCurve(next, weeklyGpus) } };
}

/** The ways of getting GPUs whose efficiency can be measured. */
export type MeasuredWay = keyof Scenario['measured'];

/**
 * The scenario with one way's measured efficiency set (or cleared: null, back to the rule). The own
 * cluster's measurement also re-sizes self-build to serve the peak at the new efficiency (MODEL.md
 * §9: the two sizes follow the efficiency the cluster reaches) — when its capacity was the size the
 * rule gave before, so a size the user chose stays theirs.
 */
export function withMeasuredEfficiency(
  s: Scenario,
  way: MeasuredWay,
  measured: Scenario['measured'][MeasuredWay],
): Scenario {
  const next: Scenario = { ...s, measured: { ...s.measured, [way]: measured } };
  if (way !== 'selfBuild') return next;
  const curve = usefulCurveOf(s);
  if (s.selfBuild.capacityGpus !== sizeClusterToCurve(s, curve)) return next;
  return { ...next, selfBuild: { ...next.selfBuild, capacityGpus: sizeClusterToCurve(next, curve) } };
}
