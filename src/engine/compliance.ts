import { atLeast } from './compliance-level';
import type { Scenario } from './types';

/** Today's GPU-time prices after the compliance level's effects. */
export interface CompliancePrices {
  rentEligible: boolean;
  platformEligible: boolean;
  rentTodayCnyPerServerHour: number;
  platformTodayCnyPerGpuHour: number;
}

/**
 * What the compliance level does to renting and the platform (docs/model.md §4): domestic providers cost
 * a premium; a dedicated (single-tenant) platform costs more again (and pools only the team's own
 * jobs, so its by-rule efficiency is capped: efficiency.ts); on premises neither public way is eligible. The platform bills GPUs
 * actually used at a per-GPU price plus its premium.
 */
export function pricesAfterCompliance(s: Scenario): CompliancePrices {
  const domestic = atLeast(s.compliance, 'domestic') ? 1 + s.complianceCosts.domesticPremiumFraction : 1;
  const dedicated = atLeast(s.compliance, 'dedicated');
  const onPrem = s.compliance === 'onPrem';
  return {
    rentEligible: !onPrem,
    platformEligible: !onPrem,
    rentTodayCnyPerServerHour: s.rent.priceCnyPerServerHour * domestic,
    platformTodayCnyPerGpuHour:
      s.platform.priceCnyPerGpuHour *
      (1 + s.platform.premiumFraction) *
      domestic *
      (dedicated ? 1 + s.complianceCosts.dedicatedPremiumFraction : 1),
  };
}
