import { HOURS_PER_MONTH } from '../constants';
import type { HybridBaselineMode } from '../types';
import { atBurstFactor, burstCnyPerUsefulGpuHour, burstPart } from './burst';
import { totalOf } from './categories';
import type { PricingInputs } from './inputs';
import { addParts, type BaselinePart, type PartCost, servedGpuHours, zeroBaseline } from './part';
import { platformPart } from './platform';
import { ownedPart } from './self-build';

/**
 * Baseline GPUs reserved on the platform at a commitment discount, billed every hour whether used or
 * not (seed 000: 预留算力, like 包年包月 but more flexible); they serve demand up to pooled utilization.
 * Time, failures and staff are those of platform work of the same useful hours; compute is the
 * reservation.
 */
export function reservedPart(x: PricingInputs, gpus: number): BaselinePart {
  return reservedBandPart(x, gpus, 0, 1);
}

/**
 * Reserved platform GPUs as a band of the commitment ladder (docs/model.md §10): `gpus` of the
 * platform's GPUs (each `platformRatio` of the inputs' GPUs) held over `floorUsable` usable GPUs that
 * tiers below already hold, serving what the band holds. At floor 0 and ratio 1, reservedPart.
 */
export function reservedBandPart(
  x: PricingInputs,
  gpus: number,
  floorUsable: number,
  platformRatio: number,
): BaselinePart {
  if (gpus <= 0) return zeroBaseline();
  const usableGpus = gpus * x.platformUtilization * platformRatio;
  const top = servedGpuHours(x.ascendingCurve, x.curveScale, floorUsable + usableGpus, x.weights);
  const served =
    floorUsable > 0 ? top - servedGpuHours(x.ascendingCurve, x.curveScale, floorUsable, x.weights) : top;
  const asPlatform = platformPart(x, served);
  const billedGpuHours = gpus * HOURS_PER_MONTH;
  // Held every month whatever the demand, so at the held factor (inputs.ts): the horizon's average.
  const cnyPerGpuHour =
    x.heldMarketFactor === x.marketFactor
      ? x.platformCnyPerGpuHour
      : x.platformTodayCnyPerGpuHour * x.heldMarketFactor;
  return {
    ...asPlatform,
    breakdown: {
      ...asPlatform.breakdown,
      compute:
        billedGpuHours * cnyPerGpuHour * platformRatio * (1 - x.scenario.hybrid.reservedDiscountFraction),
    },
    billedGpuHours,
    capacityGpus: gpus,
    usableGpus,
  };
}

/** An owned or reserved baseline of `gpus` GPUs. */
export function baselinePart(x: PricingInputs, gpus: number, mode: HybridBaselineMode): BaselinePart {
  return mode === 'owned' ? ownedPart(x, gpus) : reservedPart(x, gpus);
}

/** A baseline plus burst for the demand it does not serve (self-build is this with its full size). */
export function withBurst(
  x: PricingInputs,
  base: BaselinePart,
): { part: PartCost; burstUsefulGpuHours: number } {
  const burstUsefulGpuHours = Math.max(0, x.usefulGpuHoursPerMonth - base.usefulGpuHours);
  const burst = burstPart(atBurstFactor(x, base.usableGpus), burstUsefulGpuHours);
  return { part: addParts(base, burst), burstUsefulGpuHours };
}

/**
 * The hybrid's monthly cost at a baseline as the search ranks it: the baseline's total plus the burst
 * hours × a useful GPU-hour of burst (burst pricing is linear in the hours).
 */
export function hybridMonthlyCnyAt(x: PricingInputs, baselineGpus: number, mode: HybridBaselineMode): number {
  const base = baselinePart(x, baselineGpus, mode);
  const burst = Math.max(0, x.usefulGpuHoursPerMonth - base.usefulGpuHours);
  const total =
    totalOf(base.breakdown) +
    (burst > 0 ? burst * burstCnyPerUsefulGpuHour(atBurstFactor(x, base.usableGpus)) : 0);
  // A reserved baseline sells a cluster already owned (existing.ts withExistingSold): the same at
  // every baseline, so it moves no choice, but the totals are the hybrid's.
  const existing = x.existing;
  return mode === 'reserved' && existing !== null
    ? total + existing.sell.capitalChargeCny + existing.sell.iterationCny
    : total;
}

/** Whole-server baselines the search tries: 0 up to the one whose usable part covers the peak week. */
export function baselineSteps(
  x: PricingInputs,
  mode: HybridBaselineMode,
): { step: number; maxSteps: number } {
  const step = x.scenario.selfBuild.gpusPerServer;
  const peak = Math.max(0, ...x.curve.map((gpus) => gpus * x.curveScale));
  const perStepUsable = step * (mode === 'owned' ? x.ownEfficiency : x.platformUtilization);
  return { step, maxSteps: perStepUsable > 0 ? Math.ceil(peak / perStepUsable) : 0 };
}

/**
 * The cheapest whole-server baseline from 0 up to the one that serves the peak week (docs/model.md §5
 * "Right-sizing"; seed 003 §6), with the monthly costs it priced on the way.
 *
 * Over baselines above zero the hybrid's monthly cost is convex: fixed costs and staffing (a floor,
 * then linear) rise with the baseline, while the burst it saves is concave in it (each week's demand
 * is served up to the usable baseline) and runs on the baseline only while that is cheaper at the
 * margin (self-build.ts ownClusterTakesWork). So a binary search on the slope finds the cheapest
 * server count in about 2 × log₂(servers) pricings however large the cluster, and zero is compared on
 * its own (the first server carries the staffing floor). Ties, and differences within rounding
 * (a relative 1e-12), go to the smaller baseline.
 */
export function cheapestBaseline(
  x: PricingInputs,
  mode: HybridBaselineMode,
): { baselineGpus: number; monthlyCny: number; priced: { baselineGpus: number; monthlyCny: number }[] } {
  const { step, maxSteps } = baselineSteps(x, mode);
  const priced = new Map<number, number>();
  const costAt = (servers: number): number => {
    let cost = priced.get(servers);
    if (cost === undefined) {
      cost = hybridMonthlyCnyAt(x, servers * step, mode);
      priced.set(servers, cost);
    }
    return cost;
  };
  const nearlyBelow = (a: number, b: number) => a < b * (1 - 1e-12);
  let bestServers = 0;
  let bestCost = costAt(0);
  // An owned baseline of no more servers than are already owned prices as them (self-build.ts
  // ownedCluster): a flat stretch the slope search would not cross, so it starts above it.
  const from = mode === 'owned' && x.existing !== null ? Math.max(1, x.existing.servers) : 1;
  if (maxSteps >= from) {
    let lo = from;
    let hi = maxSteps;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (nearlyBelow(costAt(mid + 1), costAt(mid))) lo = mid + 1;
      else hi = mid;
    }
    if (nearlyBelow(costAt(lo), bestCost)) {
      bestServers = lo;
      bestCost = costAt(lo);
    }
  }
  return {
    baselineGpus: bestServers * step,
    monthlyCny: bestCost,
    priced: [...priced]
      .map(([servers, monthlyCny]) => ({ baselineGpus: servers * step, monthlyCny }))
      .sort((a, b) => a.baselineGpus - b.baselineGpus),
  };
}
