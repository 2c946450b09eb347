import type { TeamCapability } from './types';

/**
 * What team capability (1–5) does to self-build and to hand-run work (MODEL.md §4; seed 003 §4,
 * "有了卡却跑不满": without a dedicated team an owned cluster cannot be kept busy).
 *
 * Level 3 is the defaults' average team. Every effect is monotone: a more capable team never makes
 * self-build more expensive. The factors are estimates (L); the utilization caps bracket the observed
 * range (siloed clusters under 40 %, Meta RSC ≈80 %, HPCA 2025).
 */
export interface CapabilityEffects {
  /** Highest share of owned capacity the team can keep busy with useful work. */
  utilizationCap: number;
  /** Multiplies self-build staffing (engineers per GPU). */
  staffMultiplier: number;
  /** Multiplies hand-done setup hours and manual detection/restart/engineer hours per failure. */
  manualHoursMultiplier: number;
  /** Months from order to first workload on an owned cluster (defaults.md: 3–6 months). */
  buildLeadTimeMonths: number;
}

const EFFECTS: Record<TeamCapability, CapabilityEffects> = {
  1: { utilizationCap: 0.5, staffMultiplier: 1.6, manualHoursMultiplier: 1.5, buildLeadTimeMonths: 6 },
  2: { utilizationCap: 0.7, staffMultiplier: 1.25, manualHoursMultiplier: 1.25, buildLeadTimeMonths: 5 },
  3: { utilizationCap: 0.85, staffMultiplier: 1, manualHoursMultiplier: 1, buildLeadTimeMonths: 4 },
  4: { utilizationCap: 0.9, staffMultiplier: 0.8, manualHoursMultiplier: 0.75, buildLeadTimeMonths: 3 },
  5: { utilizationCap: 0.95, staffMultiplier: 0.65, manualHoursMultiplier: 0.5, buildLeadTimeMonths: 2 },
};

export function capabilityEffects(level: TeamCapability): CapabilityEffects {
  return EFFECTS[level];
}
