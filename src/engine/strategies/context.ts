import { type CapabilityEffects, capabilityEffects } from '../capability';
import { HOURS_PER_MONTH } from '../constants';
import { jobsPerMonth, ownedCapacityGpus, usefulCurve, usefulGpuHoursPerMonth } from '../demand';
import { COMPLIANCE_LEVELS, type Compliance, type Scenario } from '../types';

/**
 * Everything the strategy pricers share, computed once per scenario: demand (optionally scaled, so
 * sweeps need no copies), prices after compliance premiums, and team-capability effects.
 */
export interface PricingContext {
  s: Scenario;
  effects: CapabilityEffects;
  /** Multiplies the weekly curve, useful GPU-hours and jobs (1 for the scenario as given). */
  demandScale: number;
  curve: readonly number[];
  usefulGpuHoursPerMonth: number;
  jobsPerMonth: number;
  rentEligible: boolean;
  platformEligible: boolean;
  rentCnyPerServerHour: number;
  platformCnyPerGpuHour: number;
  platformUtilization: number;
  engineerCnyPerMonth: number;
  /** Self-built capacity after rounding up to whole servers. */
  selfBuildCapacityGpus: number;
  /** Progress lost per failure, in hours: half the checkpoint interval, or half the job without any. */
  lostHoursPerFailure: number;
}

export function atLeast(compliance: Compliance, level: Compliance): boolean {
  return COMPLIANCE_LEVELS.indexOf(compliance) >= COMPLIANCE_LEVELS.indexOf(level);
}

export function createContext(s: Scenario, demandScale = 1): PricingContext {
  const domestic = atLeast(s.compliance, 'domestic') ? 1 + s.complianceCosts.domesticPremiumFraction : 1;
  const dedicated = atLeast(s.compliance, 'dedicated');
  const onPrem = s.compliance === 'onPrem';
  const ops = s.operations;
  return {
    s,
    effects: capabilityEffects(s.teamCapability),
    demandScale,
    curve: usefulCurve(s),
    usefulGpuHoursPerMonth: usefulGpuHoursPerMonth(s) * demandScale,
    jobsPerMonth: jobsPerMonth(s) * demandScale,
    rentEligible: !onPrem,
    platformEligible: !onPrem,
    rentCnyPerServerHour: s.rent.priceCnyPerServerHour * domestic,
    // seed 000: the platform bills GPUs actually used at a per-GPU price plus its premium; a dedicated
    // (single-tenant) deployment costs more and pools only the team's own jobs (MODEL.md §4).
    platformCnyPerGpuHour:
      s.platform.priceCnyPerGpuHour *
      (1 + s.platform.premiumFraction) *
      domestic *
      (dedicated ? 1 + s.complianceCosts.dedicatedPremiumFraction : 1),
    platformUtilization: dedicated
      ? Math.min(s.platform.utilization, s.complianceCosts.dedicatedUtilization)
      : s.platform.utilization,
    engineerCnyPerMonth: ops.engineerCnyPerYear / 12,
    selfBuildCapacityGpus: ownedCapacityGpus(s.selfBuild.capacityGpus, s.selfBuild.gpusPerServer),
    lostHoursPerFailure:
      ops.checkpointIntervalHours > 0 ? ops.checkpointIntervalHours / 2 : s.demand.hoursPerJob / 2,
  };
}

export { HOURS_PER_MONTH };
