import { HOURS_PER_MONTH } from './constants';
import {
  baselinePart,
  baselineSteps,
  burstCnyPerUsefulGpuHour,
  cheapestBaseline,
  inputsFor,
  pricePlatform,
  priceRent,
  priceSelfBuild,
  pricingInputs,
  totalOf,
} from './model';
import type { HybridBaselineMode, Scenario } from './types';

export interface HybridAnalysis {
  mode: HybridBaselineMode;
  /** Whether the hybrid can be used (its burst needs the public platform). */
  eligible: boolean;
  /** The whole-server baseline (GPUs owned or reserved) with the lowest total monthly cost. */
  baselineGpus: number;
  /** Useful GPUs the baseline can serve (baseline × usable share). */
  usableBaselineGpus: number;
  monthlyCny: number;
  /** Share of useful demand served by burst at the optimal baseline. */
  burstShare: number;
  /** Pure strategy monthly − hybrid monthly (positive: the hybrid saves); null when the pure one is ineligible. */
  savingVsCny: { selfBuild: number; rent: number | null; platform: number | null };
  /** Share of weeks whose demand the baseline covers in full (where the baseline sits on the curve). */
  baselinePercentile: number;
  /**
   * The percentile at which one more baseline GPU costs the same as bursting the work it would serve:
   * 1 − F ÷ (u × 730 × (B − V)); null when owning never pays at the margin (B ≤ V) or F ≤ 0.
   */
  criticalPercentile: number | null;
  marginal: {
    /** F: fixed monthly cost of one more baseline GPU (the next whole server ÷ its GPUs), used or not. */
    baselineCnyPerGpuMonth: number;
    /** u: useful share of a baseline GPU (the own cluster's allocation efficiency, or the platform's when reserved). */
    usableShare: number;
    /** B: cost of one useful GPU-hour bursted to the platform. */
    burstCnyPerUsefulGpuHour: number;
    /** V: running cost of one useful GPU-hour on the baseline (energy over idle, setup, failures). */
    baselineCnyPerUsefulGpuHour: number;
  };
  /** Total monthly cost at each baseline the search priced. */
  costByBaseline: { baselineGpus: number; monthlyCny: number }[];
}

/**
 * The optimal hybrid baseline explained (seed 003 §6: own or reserve the baseline, burst the peaks).
 *
 * The baseline comes from the same search as the hybrid's (model/hybrid.ts cheapestBaseline: the cost is
 * convex in the baseline, so a binary search on its slope finds the cheapest; ties go to the smaller). Why the optimum sits where it does is the
 * newsvendor's critical fractile (Arrow, Harris & Marschak 1951): one more baseline GPU costs F a month
 * whether used or not, and in every week demand exceeds the baseline it serves u GPUs of work that
 * would otherwise burst at B instead of running at V per useful GPU-hour. It pays while
 * P(demand > baseline) × u × 730 × (B − V) > F, so the baseline sits near the percentile
 * 1 − F ÷ (u × 730 × (B − V)) of weekly demand. Whole servers, the staffing floor and partly served
 * weeks make the actual optimum a step or so away from it; the search, not the formula, decides.
 */
export function hybridAnalysis(s: Scenario): HybridAnalysis {
  // Priced in the hours of the baseline's GPU model (docs/model.md §8); the pricers convert for the others.
  const ctx = inputsFor(pricingInputs(s), 'hybrid');
  const mode = s.hybrid.baselineMode;
  const { step } = baselineSteps(ctx, mode);
  const search = cheapestBaseline(ctx, mode);
  // An owned baseline is never below the servers already owned (self-build.ts ownedCluster).
  const bestGpus =
    mode === 'owned' ? baselinePart(ctx, search.baselineGpus, mode).capacityGpus : search.baselineGpus;
  const bestTotal = search.monthlyCny;
  const costByBaseline = search.priced;

  const atBest = baselinePart(ctx, bestGpus, mode);
  const useful = ctx.usefulGpuHoursPerMonth;
  const burst = Math.max(0, useful - atBest.usefulGpuHours);

  // Fixed costs: the baseline priced with no demand at all (demand scale 0).
  const idle = inputsFor(pricingInputs(s, { demandScale: 0 }), 'hybrid');
  const fixedAt = (gpus: number): number => totalOf(baselinePart(idle, gpus, mode).breakdown);
  const baselineCnyPerGpuMonth = step > 0 ? (fixedAt(bestGpus + step) - fixedAt(bestGpus)) / step : 0;
  // Variable cost per useful GPU-hour on the baseline: (total − fixed) ÷ hours served, both linear.
  const probe = atBest.usefulGpuHours > 0 ? bestGpus : bestGpus + step;
  const probePart = baselinePart(ctx, probe, mode);
  const baselineCnyPerUsefulGpuHour =
    probePart.usefulGpuHours > 0
      ? (totalOf(probePart.breakdown) - fixedAt(probe)) / probePart.usefulGpuHours
      : 0;
  const usableShare = mode === 'owned' ? ctx.ownEfficiency : ctx.platformUtilization;
  const B = burstCnyPerUsefulGpuHour(ctx);
  const perGpuSaving = usableShare * HOURS_PER_MONTH * (B - baselineCnyPerUsefulGpuHour);
  const criticalPercentile =
    perGpuSaving > 0 && baselineCnyPerGpuMonth > 0
      ? Math.min(1, Math.max(0, 1 - baselineCnyPerGpuMonth / perGpuSaving))
      : null;

  const usableBaselineGpus = atBest.usableGpus;
  let covered = 0;
  for (const g of ctx.curve) if (g <= usableBaselineGpus) covered++;
  const baselinePercentile = ctx.curve.length > 0 ? covered / ctx.curve.length : 0;

  const rent = priceRent(ctx);
  const platform = pricePlatform(ctx);
  return {
    mode,
    eligible: ctx.platformEligible,
    baselineGpus: bestGpus,
    usableBaselineGpus,
    monthlyCny: bestTotal,
    burstShare: useful > 1e-9 ? Math.min(1, burst / useful) : 0,
    savingVsCny: {
      selfBuild: totalOf(priceSelfBuild(ctx).part.breakdown) - bestTotal,
      rent: rent.eligible ? totalOf(rent.part.breakdown) - bestTotal : null,
      platform: platform.eligible ? totalOf(platform.part.breakdown) - bestTotal : null,
    },
    baselinePercentile,
    criticalPercentile,
    marginal: {
      baselineCnyPerGpuMonth,
      usableShare,
      burstCnyPerUsefulGpuHour: B,
      baselineCnyPerUsefulGpuHour,
    },
    costByBaseline,
  };
}
