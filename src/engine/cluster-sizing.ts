import {
  ownClusterGpus,
  ownedCapacityGpus,
  ownThroughputRatio,
  usefulCurve as usefulCurveOf,
} from './demand';
import { ownEfficiency } from './efficiency';
import { parameter } from './parameters';
import type { Scenario } from './types';

/**
 * Sizing an owned cluster to a weekly demand curve: the one rule the self-assessment and the Scenarios
 * tab's CSV import share (docs/model.md §2: self-build is sized to the demand peak, in whole servers).
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
 * Self-build's size (docs/model.md §9, "two sizes, named once"): GPUs of owned capacity that serve the
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
 * Self-build's size by the rule for the scenario's own demand: its weekly curve (a plan's is the curve
 * the plan makes), or for the job form its mean useful GPUs, the peak of the flat curve it implies.
 */
export function ruleSizedGpus(s: Scenario): number {
  return sizeClusterToCurve(s, usefulCurveOf(s));
}

/** Self-build sized by the rule and said to be the rule's (the size note's one-click offer). */
export function withRuleSize(s: Scenario): Scenario {
  return { ...s, selfBuild: { ...s.selfBuild, capacityGpus: ruleSizedGpus(s), capacitySizedBy: 'rule' } };
}

/**
 * New demand (a plan entered or edited, a curve or logs imported, the demand form switched): self-build
 * is sized to it by the rule, unless the user sized the cluster by hand — then their size stays and the
 * page says what the rule would give (`clusterSizeNote`). Without this an 8-GPU example cluster was
 * priced against a 1,000 % load (issue 44).
 */
export function sizedToDemand(s: Scenario): Scenario {
  return s.selfBuild.capacitySizedBy === 'user' ? s : withRuleSize(s);
}

/** Self-build of the size the user chose: it stays when the demand changes. */
export function withCapacityByHand(s: Scenario, capacityGpus: number): Scenario {
  return { ...s, selfBuild: { ...s.selfBuild, capacityGpus, capacitySizedBy: 'user' } };
}

/** What the first screen says about a size the user chose that is not the rule's. */
export interface ClusterSizeNote {
  /** The user's size, as they set it. */
  capacityGpus: number;
  /** What the rule gives for the current demand (whole servers). */
  ruleGpus: number;
}

/**
 * The user's own size, when it differs from the rule's in whole servers (a size that is also the
 * rule's needs no note); null when the size is the rule's to set.
 */
export function clusterSizeNote(s: Scenario): ClusterSizeNote | null {
  if (s.selfBuild.capacitySizedBy !== 'user') return null;
  const ruleGpus = ruleSizedGpus(s);
  const owned = ownClusterGpus(s);
  return owned === ruleGpus ? null : { capacityGpus: s.selfBuild.capacityGpus, ruleGpus };
}

/**
 * The scenario with a weekly curve as its demand; with `resize` (a new workload) self-build is sized to
 * the curve unless the user sized it (`sizedToDemand`), without it the capacity stays (the user is
 * refining the same workload).
 */
export function withWeeklyCurve(s: Scenario, weeklyGpus: readonly number[], resize: boolean): Scenario {
  const next: Scenario = { ...s, demand: { ...s.demand, mode: 'weekly', weeklyGpus: [...weeklyGpus] } };
  return resize ? sizedToDemand(next) : next;
}

/** The ways of getting GPUs whose efficiency can be measured. */
export type MeasuredWay = keyof Scenario['measured'];

/**
 * The scenario with one way's measured efficiency set (or cleared: null, back to the rule). The own
 * cluster's measurement also re-sizes self-build to serve the peak at the new efficiency (docs/model.md
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
  if (s.selfBuild.capacitySizedBy === 'user' || s.selfBuild.capacityGpus !== sizeClusterToCurve(s, curve))
    return next;
  return { ...next, selfBuild: { ...next.selfBuild, capacityGpus: sizeClusterToCurve(next, curve) } };
}
