import { HOURS_PER_MONTH } from './constants';
import { inputsFor, pricingInputs } from './model/inputs';
import { ownedPart } from './model/self-build';
import type { Breakdown, Scenario } from './types';

/**
 * The own cluster's amortised price of a GPU-hour, for cost allocation inside the company (a
 * Kubernetes cost tool's custom pricing, OpenCost's `GPU` price): everything the self-build cluster
 * costs a month in the scenario's cost view — depreciation (and, in the economic view, the capital
 * charge), maintenance, colocation, the private pool's licence, energy, staff, setup, failures,
 * iteration risk and the build lead-time line (docs/model.md §3) — divided by the GPU-hours it holds,
 * busy or idle (GPUs × 730 h). Work that bursts above the cluster is not the cluster's cost and is
 * left out; idle hours are in, since a tenant that holds a GPU holds it whether it computes or not.
 */
export interface OwnedGpuHourPrice {
  /** GPUs in whole servers. */
  capacityGpus: number;
  gpuHoursPerMonth: number;
  /** The cluster's monthly cost, by category and in all. */
  monthlyByCategoryCny: Breakdown;
  monthlyCny: number;
  cnyPerGpuHour: number;
  /** The same price split by category (Σ = cnyPerGpuHour). */
  byCategoryCnyPerGpuHour: Breakdown;
  /** The life its hardware is depreciated over, and what is left at its end. */
  depreciationYears: number;
  residualFraction: number;
  costView: Scenario['finance']['costView'];
}

/** null when the scenario owns no GPUs (a self-build capacity of 0). */
export function ownedGpuHourPrice(s: Scenario): OwnedGpuHourPrice | null {
  const x = inputsFor(pricingInputs(s), 'selfBuild');
  const part = ownedPart(x, x.selfBuildCapacityGpus);
  if (part.capacityGpus <= 0) return null;
  const gpuHoursPerMonth = part.capacityGpus * HOURS_PER_MONTH;
  const b = part.breakdown;
  const monthlyCny = b.compute + b.energy + b.time + b.ops + b.failure + b.iteration;
  const per = (v: number) => v / gpuHoursPerMonth;
  return {
    capacityGpus: part.capacityGpus,
    gpuHoursPerMonth,
    monthlyByCategoryCny: { ...b },
    monthlyCny,
    cnyPerGpuHour: monthlyCny / gpuHoursPerMonth,
    byCategoryCnyPerGpuHour: {
      compute: per(b.compute),
      energy: per(b.energy),
      time: per(b.time),
      ops: per(b.ops),
      failure: per(b.failure),
      iteration: per(b.iteration),
    },
    depreciationYears: s.selfBuild.depreciationYears,
    residualFraction: s.selfBuild.residualFraction,
    costView: s.finance.costView,
  };
}
