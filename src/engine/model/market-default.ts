import { gpuModelById } from '../catalog/models';
import type { AvailabilityStatus } from '../catalog/types';
import {
  ON_DEMAND_GPUS_BY_AVAILABILITY,
  ON_DEMAND_SHARE_OF_RENT_PEAK_BY_AVAILABILITY,
  PLAN_LIMITS,
} from '../training-plan/defaults';
import type { Scenario } from '../types';
import { inputsFor, pricingInputs } from './inputs';
import { rentPeakHeldGpus } from './market-use';

/** The default of "GPUs you can get on demand" for a scenario, and what it is made of. */
export interface OnDemandDefault {
  /** The default: the larger of the floor and the share of renting's busiest week, in whole servers. */
  gpus: number;
  /** The catalogue's availability note of the rented GPU; null when the model is not in it (then priced as restricted). */
  status: AvailabilityStatus | null;
  /** The least one can get of a GPU with that note. */
  floorGpus: number;
  /** The share of renting's busiest week one can get of a GPU with that note. */
  shareOfRentPeak: number;
  /** GPUs renting all the work would hold in its busiest week (the market check's figure for rent). */
  rentPeakGpus: number;
  /** Whether anything reads the market: renting or the platform may serve (not on premises). */
  read: boolean;
}

/**
 * The default of "GPUs you can get on demand" (docs/model.md §10 "One market"): it follows the
 * catalogue's availability note of the rented GPU and scales with the scenario — a share of the GPUs
 * renting all the work would hold in its busiest week, rounded up to whole servers of the rented
 * GPU, and never below the note's floor (training-plan/defaults.ts; the floor itself is not rounded).
 * Both are estimates; a provider's quote replaces them. A bigger team asks for, and gets, bigger
 * blocks; a GPU that is harder to buy gives a smaller share of what it would need.
 */
export function onDemandDefaultOf(s: Scenario): OnDemandDefault {
  const model = gpuModelById(s.hardware.rent.modelId ?? s.hardware.referenceModelId);
  const status = model ? model.availability.status : null;
  // A GPU the catalogue does not know is taken as one sold in small lots.
  const priced: AvailabilityStatus = status ?? 'restricted';
  const floorGpus = ON_DEMAND_GPUS_BY_AVAILABILITY[priced];
  const shareOfRentPeak = ON_DEMAND_SHARE_OF_RENT_PEAK_BY_AVAILABILITY[priced];
  const x = pricingInputs(s);
  const rentPeakGpus = rentPeakHeldGpus(inputsFor(x, 'rent'));
  const step = s.rent.gpusPerServer;
  // Within rounding of a whole server it is that server.
  const scaled = Math.ceil((shareOfRentPeak * rentPeakGpus) / step - 1e-9) * step;
  const gpus = Math.min(PLAN_LIMITS.maxGpus, Math.max(floorGpus, Number.isFinite(scaled) ? scaled : 0));
  return {
    gpus,
    status,
    floorGpus,
    shareOfRentPeak,
    rentPeakGpus,
    read: x.rentEligible || x.platformEligible,
  };
}
