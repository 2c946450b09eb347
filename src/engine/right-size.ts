import { cheapestBaseline, hybridMonthlyCnyAt, inputsFor, ownedPart, type PricingInputs } from './model';
import type { RightSize } from './types';

/**
 * The owned capacity that minimises cost for this demand (docs/model.md §5 "Right-sizing"): the cheapest
 * whole-server owned baseline with the rest bursting to the platform (or waiting, on premises) — the
 * same convex search as the hybrid's (model/hybrid.ts cheapestBaseline), always with an owned
 * baseline. When it needs no burst, it is simply a smaller (or larger) own cluster: "own N GPUs, not M".
 * `knownBaselineGpus`: the same search's answer when the caller has it (an unpinned hybrid with an
 * owned baseline is priced in the same GPU-hours, so its cheapest baseline is the right size).
 */
export function rightSize(
  reference: PricingInputs,
  selfBuildMonthlyCny: number,
  knownBaselineGpus: number | null = null,
): RightSize {
  // Sized in the own cluster's GPU model (docs/model.md §8).
  const x = inputsFor(reference, 'selfBuild');
  const searched = knownBaselineGpus ?? cheapestBaseline(x, 'owned').baselineGpus;
  // Never below the servers already owned: they are kept (self-build.ts ownedCluster).
  const gpus = x.existing === null ? searched : ownedPart(x, searched).capacityGpus;
  const monthlyCny = hybridMonthlyCnyAt(x, gpus, 'owned');
  const useful = x.usefulGpuHoursPerMonth;
  const served = gpus > 0 ? ownedPart(x, gpus).usefulGpuHours : 0;
  const burstShare = useful > 1e-9 ? Math.min(1, Math.max(0, useful - served) / useful) : 0;
  return {
    gpus,
    monthlyCny,
    burstShare: burstShare < 1e-12 ? 0 : burstShare,
    currentGpus: x.selfBuildCapacityGpus,
    savingMonthlyCny: Math.max(0, selfBuildMonthlyCny - monthlyCny),
  };
}
