import { totalOf } from '../model/categories';
import { withExistingSold } from '../model/existing';
import { addParts, type BaselinePart, type PartCost, zeroPart } from '../model/part';
import type { LadderTierId } from '../types';
import {
  committedBandPart,
  type LadderContext,
  serverUsablePerGpu,
  serveVariable,
  type VariableServing,
} from './bands';
import { COMMITTED_TIERS, type CommittedTierId, TIER_FACTS } from './tiers';

/** GPUs each committed tier holds (0 or absent: none). */
export type Commitments = Partial<Record<CommittedTierId, number>>;

/** A ladder priced at given commitments: each band, what the variable tiers serve, and the sum. */
export interface LadderPricing {
  commitments: Commitments;
  bands: { id: CommittedTierId; gpus: number; floorUsable: number; part: BaselinePart }[];
  variable: VariableServing;
  part: PartCost;
  monthlyCny: number;
}

/**
 * Prices commitments: committed bands stacked from the bottom of the curve in screening order, each
 * serving what it holds above the bands below; the rest to the variable tiers (bands.ts
 * serveVariable). Parts are added band by band, then the variable tiers', in that order — so own +
 * platform elastic is the hybrid's `withBurst` to the bit.
 */
export function priceLadder(c: LadderContext, commitments: Commitments): LadderPricing {
  const bands: LadderPricing['bands'] = [];
  let floor = 0;
  let served = 0;
  let part: PartCost | null = null;
  for (const id of COMMITTED_TIERS) {
    const gpus = commitments[id] ?? 0;
    if (gpus <= 0 || !c.on.has(id)) continue;
    const band = committedBandPart(c, id, gpus, floor);
    bands.push({ id, gpus: band.capacityGpus, floorUsable: floor, part: band });
    part = part === null ? band : addParts(part, band);
    served = served + band.usefulGpuHours;
    floor = floor + band.usableGpus;
  }
  const variable = serveVariable(c, floor, Math.max(0, c.x.usefulGpuHoursPerMonth - served));
  for (const t of variable.tiers) part = part === null ? t.part : addParts(part, t.part);
  if (variable.waiting !== null) part = part === null ? variable.waiting : addParts(part, variable.waiting);
  // Without an own band the plan sells a cluster already owned (the lens's lines for selling); with
  // one it keeps it (model/self-build.ts ownedCluster).
  const priced = part ?? zeroPart();
  const total = bands.some((b) => b.id === 'own') ? priced : withExistingSold(c.x, priced);
  return { commitments, bands, variable, part: total, monthlyCny: totalOf(total.breakdown) };
}

/** The step a committed tier is bought in: whole servers of the own cluster's size, or of the cloud's. */
export function stepGpusOf(c: LadderContext, id: CommittedTierId): number {
  const s = c.x.scenario;
  return TIER_FACTS[id].family === 'servers' ? s.rent.gpusPerServer : s.selfBuild.gpusPerServer;
}

/** Steps from 0 up to the one whose usable GPUs alone cover the peak (the hybrid's baselineSteps, per tier). */
export function maxStepsOf(c: LadderContext, id: CommittedTierId): number {
  const x = c.x;
  const peak = Math.max(0, ...x.curve.map((gpus) => gpus * x.curveScale));
  const family = TIER_FACTS[id].family;
  const usablePerGpu =
    family === 'own'
      ? x.ownEfficiency
      : family === 'platform'
        ? x.platformUtilization * c.platformRatio
        : serverUsablePerGpu(c);
  const perStep = stepGpusOf(c, id) * usablePerGpu;
  return perStep > 0 ? Math.ceil(peak / perStep) : 0;
}

const nearlyBelow = (a: number, b: number) => a < b * (1 - 1e-12);

/**
 * Whether pricing `a` is a better plan than `b`: less work beyond the market first (one market,
 * docs/model.md §10: what the by-the-hour tiers cannot get takes a commitment, never a wait valued
 * as a cost), then the lower cost. Work beyond the market equal within rounding counts as equal.
 */
export function betterPlan(a: LadderPricing, b: LadderPricing): boolean {
  if (betterPlanByMarket(a, b)) return true;
  if (betterPlanByMarket(b, a)) return false;
  return nearlyBelow(a.monthlyCny, b.monthlyCny);
}

/** Whether `a` leaves less work beyond the market than `b` (beyond rounding). */
export function betterPlanByMarket(a: LadderPricing, b: LadderPricing): boolean {
  const aw = a.variable.beyondMarketUsefulGpuHours;
  const bw = b.variable.beyondMarketUsefulGpuHours;
  return bw - aw > 1e-9 * Math.max(1, aw, bw);
}

/** Above this many steps a tier is scanned coarsely first, then step by step around the best. */
const FULL_SCAN_STEPS = 64;

/**
 * The best steps of one tier with the others held (betterPlan): every step when there are few; else
 * every k-th step, then each step within k of the best (ties to fewer GPUs).
 */
function bestStepOf(priceAt: (steps: number) => LadderPricing, maxSteps: number, start: number): number {
  let best = start;
  let bestPlan = priceAt(start);
  const tryStep = (steps: number) => {
    const plan = priceAt(steps);
    const sameMarket = !betterPlanByMarket(plan, bestPlan) && !betterPlanByMarket(bestPlan, plan);
    if (
      betterPlan(plan, bestPlan) ||
      (sameMarket && plan.monthlyCny <= bestPlan.monthlyCny && steps < best)
    ) {
      best = steps;
      bestPlan = plan;
    }
  };
  if (maxSteps <= FULL_SCAN_STEPS) {
    for (let k = 0; k <= maxSteps; k++) tryStep(k);
    return best;
  }
  const stride = Math.ceil(maxSteps / (FULL_SCAN_STEPS / 2));
  for (let k = 0; k <= maxSteps; k += stride) tryStep(k);
  tryStep(maxSteps);
  const centre = best;
  // The fewest coarse steps that leave no more beyond the market than the best: the cheapest plan
  // within the market often sits just above the step where the market stops binding.
  let frontier = centre;
  for (let k = 0; k < centre; k += stride)
    if (!betterPlanByMarket(bestPlan, priceAt(k))) {
      frontier = k;
      break;
    }
  for (let k = Math.max(0, centre - stride); k <= Math.min(maxSteps, centre + stride); k++) tryStep(k);
  if (frontier !== centre)
    for (let k = Math.max(0, frontier - stride); k <= Math.min(maxSteps, frontier + stride); k++) tryStep(k);
  return best;
}

/**
 * The ladder's best commitments (docs/model.md §10, the screening rule as a search; betterPlan): each
 * committed tier's size is searched with the others held (coordinate descent, until no tier moves),
 * from no commitment and from the best single committed tier. Small cases are checked against a
 * brute-force search of every combination (test/engine/ladder).
 */
export function solveLadder(c: LadderContext): LadderPricing {
  const tiers = COMMITTED_TIERS.filter((id) => c.on.has(id));
  const steps = new Map(tiers.map((id) => [id, { step: stepGpusOf(c, id), max: maxStepsOf(c, id) }]));
  const memo = new Map<string, LadderPricing>();
  const price = (m: Commitments): LadderPricing => {
    const key = tiers.map((id) => m[id] ?? 0).join(',');
    let p = memo.get(key);
    if (p === undefined) {
      p = priceLadder(c, m);
      memo.set(key, p);
    }
    return p;
  };
  const descend = (start: Commitments): LadderPricing => {
    let current: Commitments = { ...start };
    for (let pass = 0; pass < 6; pass++) {
      let moved = false;
      for (const id of tiers) {
        const { step, max } = steps.get(id) as { step: number; max: number };
        const at = (k: number) => price({ ...current, [id]: k * step });
        const was = Math.round((current[id] ?? 0) / step);
        const k = bestStepOf(at, max, was);
        if (k !== was) {
          current = { ...current, [id]: k * step };
          moved = true;
        }
      }
      if (!moved) break;
    }
    return price(current);
  };
  let best = descend({});
  // The best single committed tier, as a second start (a tier's staffing floor can hide it from the first).
  let single: Commitments = {};
  let singlePlan = price({});
  for (const id of tiers) {
    const { step, max } = steps.get(id) as { step: number; max: number };
    const k = bestStepOf((j) => price({ [id]: j * step }), max, 0);
    const plan = price({ [id]: k * step });
    if (betterPlan(plan, singlePlan)) {
      single = { [id]: k * step };
      singlePlan = plan;
    }
  }
  const second = descend(single);
  if (betterPlan(second, best)) best = second;
  return best;
}

/** The tiers a plan uses: committed tiers holding GPUs, variable tiers serving hours. */
export function tiersUsed(p: LadderPricing): LadderTierId[] {
  return [...p.bands.map((b) => b.id as LadderTierId), ...p.variable.tiers.map((t) => t.id as LadderTierId)];
}
