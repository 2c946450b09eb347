import { atLeast } from './compliance-level';
import { pricingInputs } from './model';
import type { Scenario } from './types';
import { vatFactor } from './vat';

/**
 * The figures the model derives by rule (or takes as measured) that a spreadsheet reads as given
 * rather than re-deriving: the allocation efficiency each way reaches, what the team level does to
 * staffing and hand-done hours, the build lead time, eligibility and which compliance premiums apply.
 * Read from the same pricing inputs `evaluate` uses, so the live workbook follows the model wherever
 * these rules change.
 */
export interface WorkbookFacts {
  ownEfficiency: number;
  platformEfficiency: number;
  rentEfficiency: number;
  staffMultiplier: number;
  manualHoursMultiplier: number;
  buildLeadTimeMonths: number;
  rentEligible: boolean;
  platformEligible: boolean;
  domesticPremiumApplies: boolean;
  dedicatedPremiumApplies: boolean;
  vatServicesFactor: number;
  /** Whole servers rented and the own cluster's maintenance (vat.ts 'leasing'). */
  vatLeasingFactor: number;
  vatHardwareFactor: number;
}

export function workbookFacts(s: Scenario): WorkbookFacts {
  const x = pricingInputs(s);
  return {
    ownEfficiency: x.ownEfficiency,
    platformEfficiency: x.platformUtilization,
    rentEfficiency: x.rentUtilization,
    staffMultiplier: x.effects.staffMultiplier,
    manualHoursMultiplier: x.effects.manualHoursMultiplier,
    buildLeadTimeMonths: x.buildLeadTimeMonths,
    rentEligible: x.rentEligible,
    platformEligible: x.platformEligible,
    domesticPremiumApplies: atLeast(s.compliance, 'domestic'),
    dedicatedPremiumApplies: atLeast(s.compliance, 'dedicated'),
    vatServicesFactor: vatFactor(s.vat, 'services'),
    vatLeasingFactor: vatFactor(s.vat, 'leasing'),
    vatHardwareFactor: vatFactor(s.vat, 'hardware'),
  };
}
