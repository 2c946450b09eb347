import { ownClusterGpus } from './demand';
import type { Scenario, TeamCapability } from './types';

/**
 * What team capability (1–5) does to an owned cluster and to hand-run work (docs/model.md §2 and §4; the
 * industry article on self-build vs rent, factor 3: without a dedicated team an owned cluster "has the
 * cards but cannot keep them busy").
 *
 * Level 3 is the defaults' average team. Every effect is monotone: a more capable team never makes
 * self-build more expensive. The factors are estimates (L).
 */
export interface CapabilityEffects {
  /** Points added to the own cluster's allocation efficiency at an average team (efficiency.ts). */
  efficiencyOffset: number;
  /** Multiplies self-build staffing (engineers per GPU). */
  staffMultiplier: number;
  /** Multiplies hand-done setup hours and manual detection/restart/engineer hours per failure. */
  manualHoursMultiplier: number;
  /**
   * Default months from order to first workload of an owned cluster (vendor survey 2025: 2–6 months;
   * docs/model.md "Build lead time (v2)"); a single server bought as an appliance takes about one.
   */
  buildLeadTimeMonths: number;
}

const EFFECTS: Record<TeamCapability, CapabilityEffects> = {
  1: { efficiencyOffset: -0.1, staffMultiplier: 1.6, manualHoursMultiplier: 1.5, buildLeadTimeMonths: 6 },
  2: { efficiencyOffset: -0.05, staffMultiplier: 1.25, manualHoursMultiplier: 1.25, buildLeadTimeMonths: 5 },
  3: { efficiencyOffset: 0, staffMultiplier: 1, manualHoursMultiplier: 1, buildLeadTimeMonths: 4 },
  4: { efficiencyOffset: 0.05, staffMultiplier: 0.8, manualHoursMultiplier: 0.75, buildLeadTimeMonths: 3 },
  5: { efficiencyOffset: 0.1, staffMultiplier: 0.65, manualHoursMultiplier: 0.5, buildLeadTimeMonths: 2 },
};

export function capabilityEffects(level: TeamCapability): CapabilityEffects {
  return EFFECTS[level];
}

/** Lead time of a single server bought as an appliance (docs/data-sources.md: 2–4 weeks ≈ one month). */
export const APPLIANCE_LEAD_TIME_MONTHS = 1;

/**
 * The lead time the scenario uses: as entered, or by team level (a single server: an appliance). With
 * a cluster already owned it is the servers added that are built: one added server is an appliance.
 */
export function buildLeadTimeMonthsOf(s: Scenario): number {
  if (s.selfBuild.buildLeadTimeMonths !== null) return s.selfBuild.buildLeadTimeMonths;
  const gpus = ownClusterGpus(s);
  const added = s.existing === null ? gpus : gpus - s.existing.servers * s.selfBuild.gpusPerServer;
  const capacity = s.existing === null || added <= 0 ? gpus : added;
  return capacity <= s.selfBuild.gpusPerServer
    ? APPLIANCE_LEAD_TIME_MONTHS
    : capabilityEffects(s.teamCapability).buildLeadTimeMonths;
}
