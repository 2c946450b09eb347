import { pricesAfterCompliance } from '../compliance';
import { defaultOf } from '../parameters';
import {
  LADDER_TIER_IDS,
  type LadderInput,
  type LadderPrepay,
  type LadderTierId,
  type Scenario,
} from '../types';

/**
 * What each tier of the commitment ladder is (docs/model.md §10 "The ladder"): committed tiers hold a
 * band of GPUs every month of their term from the bottom of the demand curve; variable tiers serve
 * what lies above, billed by the hour used.
 */
export type TierKind = 'committed' | 'variable';

/** Whose GPUs a tier holds: an own cluster, a cloud's whole servers, or the pooled platform. */
export type TierFamily = 'own' | 'servers' | 'platform';

export interface TierFacts {
  id: LadderTierId;
  kind: TierKind;
  family: TierFamily;
  /** Months a commitment lasts (0: none; an own cluster is bought, not rented). */
  termMonths: number;
}

export const TIER_FACTS: Readonly<Record<LadderTierId, TierFacts>> = {
  own: { id: 'own', kind: 'committed', family: 'own', termMonths: 0 },
  reserved3y: { id: 'reserved3y', kind: 'committed', family: 'servers', termMonths: 36 },
  reserved1y: { id: 'reserved1y', kind: 'committed', family: 'servers', termMonths: 12 },
  monthly: { id: 'monthly', kind: 'committed', family: 'servers', termMonths: 1 },
  // The platform's reserved compute (seed 000: 预留算力) is held month by month, as the hybrid's is.
  platformReserved: { id: 'platformReserved', kind: 'committed', family: 'platform', termMonths: 0 },
  onDemand: { id: 'onDemand', kind: 'variable', family: 'servers', termMonths: 0 },
  spot: { id: 'spot', kind: 'variable', family: 'servers', termMonths: 0 },
  platformElastic: { id: 'platformElastic', kind: 'variable', family: 'platform', termMonths: 0 },
};

/** Committed tiers in screening order: the band nearest the bottom of the curve first. */
export const COMMITTED_TIERS = ['own', 'reserved3y', 'reserved1y', 'monthly', 'platformReserved'] as const;
export type CommittedTierId = (typeof COMMITTED_TIERS)[number];
export const VARIABLE_TIERS = ['spot', 'onDemand', 'platformElastic'] as const;
export type VariableTierId = (typeof VARIABLE_TIERS)[number];
export type TermTierId = 'reserved3y' | 'reserved1y' | 'monthly';

/** The share of a term paid at its start. */
export const PREPAID_SHARE: Readonly<Record<LadderPrepay, number>> = { none: 0, part: 0.5, all: 1 };

/**
 * The ladder's defaults: every tier on but spot, whose availability for multi-server training no
 * provider assures and whose preemption rate is an estimate — a user switches it on.
 */
export function defaultLadder(): LadderInput {
  return {
    tiers: {
      own: true,
      reserved3y: true,
      reserved1y: true,
      monthly: true,
      platformReserved: true,
      onDemand: true,
      spot: false,
      platformElastic: true,
    },
    reserved3yDiscountFraction: defaultOf('ladder.reserved3yDiscountFraction'),
    reserved1yDiscountFraction: defaultOf('ladder.reserved1yDiscountFraction'),
    monthlyDiscountFraction: defaultOf('ladder.monthlyDiscountFraction'),
    prepay: { reserved3y: 'none', reserved1y: 'none' },
    spotDiscountFraction: defaultOf('ladder.spotDiscountFraction'),
    spotPreemptionsPerServerMonth: defaultOf('ladder.spotPreemptionsPerServerMonth'),
  };
}

/** A term tier's discount off the on-demand price. */
export function termDiscountOf(ladder: LadderInput, id: TermTierId): number {
  if (id === 'reserved3y') return ladder.reserved3yDiscountFraction;
  if (id === 'reserved1y') return ladder.reserved1yDiscountFraction;
  return ladder.monthlyDiscountFraction;
}

/** A term tier's prepaid share (a monthly term is paid month by month). */
export function prepaidShareOf(ladder: LadderInput, id: TermTierId): number {
  return id === 'monthly' ? 0 : PREPAID_SHARE[ladder.prepay[id]];
}

/**
 * Whether compliance lets a tier serve (§2's rules): whole servers and the platform are public
 * clouds; an own cluster always may.
 */
export function tierEligible(id: LadderTierId, eligible: { rent: boolean; platform: boolean }): boolean {
  const family = TIER_FACTS[id].family;
  if (family === 'own') return true;
  return family === 'servers' ? eligible.rent : eligible.platform;
}

/** The tiers the user left on that compliance allows. */
export function enabledTiers(s: Scenario, eligible: { rent: boolean; platform: boolean }): Set<LadderTierId> {
  const on = new Set<LadderTierId>();
  for (const [id, enabled] of Object.entries(s.ladder.tiers) as [LadderTierId, boolean][])
    if (enabled && tierEligible(id, eligible)) on.add(id);
  return on;
}

/** Whether compliance lets each tier serve in this scenario (whatever the user switched). */
export function ladderTierEligibility(s: Scenario): Record<LadderTierId, boolean> {
  const c = pricesAfterCompliance(s);
  const eligible = { rent: c.rentEligible, platform: c.platformEligible };
  return Object.fromEntries(LADDER_TIER_IDS.map((id) => [id, tierEligible(id, eligible)])) as Record<
    LadderTierId,
    boolean
  >;
}
