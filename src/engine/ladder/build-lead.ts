import {
  buildLeadOf,
  forEachLeadPiece,
  rentHeldPerUsefulGpu,
  usefulPerPlatformGpuOf,
} from '../model/market-use';
import { type LadderContext, variableUsablePerGpu } from './bands';
import type { LadderPricing } from './solve';

/** What the plan's own rung asks of the on-demand market while it is built (docs/model.md §10). */
export interface LadderBuildLead {
  /** The build lead time in months. */
  months: number;
  /** Who serves the own rung's new servers' work meanwhile, as its build lead time line prices it. */
  via: 'rent' | 'platform';
  /** GPUs held by the hour at once in the busiest week of those months: that work and the by-the-hour tiers'. */
  peakGpus: number;
  /** Whether those GPUs are within the GPUs one can get on demand (within rounding). */
  withinMarket: boolean;
}

/**
 * The own rung's build months: its new servers' work is bought by the hour meanwhile (rented or pooled,
 * the cheaper, as the lead time line prices it), on top of what the plan's by-the-hour tiers hold.
 * Both grow with the week's demand, so the busiest week of those months holds the most of both.
 * Reported, not yet kept within the market by the solver (docs/model.md "One market"). Null without
 * an own rung, a build lead time or new servers, or when the work waits on premises.
 */
export function ladderBuildLead(c: LadderContext, pricing: LadderPricing): LadderBuildLead | null {
  const own = pricing.bands.find((b) => b.id === 'own');
  const x = c.x;
  const lead = own === undefined ? null : buildLeadOf(x, own.part);
  if (own === undefined || lead === null) return null;
  const { months, ownedUsable } = lead;
  const ownUsable = own.part.usableGpus;
  const heldPerUseful = lead.via === 'rent' ? rentHeldPerUsefulGpu(x) : 1 / usefulPerPlatformGpuOf(x);
  // What the by-the-hour tiers hold at a week's demand: each what lies above its floor, within its band.
  const variableHeld = (demand: number) =>
    pricing.variable.tiers.reduce((sum, tier) => {
      const above = Math.max(0, demand - tier.floorUsable);
      const usable = tier.usable === null ? above : Math.min(above, tier.usable);
      return sum + usable / variableUsablePerGpu(c, tier.id);
    }, 0);
  let peak = 0;
  forEachLeadPiece(x, months, (demand) => {
    const bought = Math.min(Math.max(0, demand - ownedUsable), ownUsable - ownedUsable);
    peak = Math.max(peak, bought * heldPerUseful + variableHeld(demand));
  });
  const market = x.scenario.trainingPlan.onDemandGpus;
  return {
    months,
    via: lead.via,
    peakGpus: peak,
    withinMarket: peak <= market + 1e-9 * Math.max(1, market),
  };
}
