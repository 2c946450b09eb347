import { contextAtLoadRate } from './crossover';
import { competingMonthly } from './recommend';
import { createContext, type PricingContext } from './strategies/context';
import { priceAll, totalOf } from './strategies/price';
import {
  COMPLIANCE_LEVELS,
  type Compliance,
  type LoadRatePoint,
  type Scenario,
  STRATEGY_IDS,
  type StrategyId,
  TEAM_CAPABILITY_LEVELS,
  type TeamCapability,
} from './types';
import { pickWinner } from './winner';

export interface WinnerAt<T> {
  value: T;
  winner: StrategyId;
  /** Monthly cost per strategy; null when ineligible. */
  monthlyCny: Record<StrategyId, number | null>;
}

/** Monthly cost of each strategy and the winner, from one pricing of the context. */
function pointOf(ctx: PricingContext): { monthlyCny: Record<StrategyId, number | null>; winner: StrategyId } {
  const costs = priceAll(ctx);
  const monthlyCny = {} as Record<StrategyId, number | null>;
  const competing = {} as Parameters<typeof competingMonthly>[0];
  const useful = ctx.usefulGpuHoursPerMonth;
  for (const id of STRATEGY_IDS) {
    const c = costs[id];
    const total = totalOf(c.part.breakdown);
    monthlyCny[id] = c.eligible ? total : null;
    competing[id] = {
      eligible: c.eligible,
      monthlyCny: total,
      baselineGpus: c.baselineGpus,
      burstShare: useful > 0 ? c.burstUsefulGpuHours / useful : 0,
    };
  }
  return { monthlyCny, winner: pickWinner(competingMonthly(competing)) ?? 'selfBuild' };
}

/**
 * Monthly cost of every strategy at `points` evenly spaced load rates from 0 to 100 % (input of the
 * crossover chart and the load-rate winner strip). Ineligible strategies are null.
 */
export function sweepLoadRate(scenario: Scenario, points: number): LoadRatePoint[] {
  const n = Math.max(2, Math.floor(points));
  const at = contextAtLoadRate(scenario);
  const out: LoadRatePoint[] = [];
  for (let i = 0; i < n; i++) {
    const loadRate = i / (n - 1);
    out.push({ loadRate, ...pointOf(at ? at(loadRate) : createContext(scenario, 0)) });
  }
  return out;
}

/** Winner at each team capability level (the "who wins across this range" strip). */
export function sweepTeamCapability(scenario: Scenario): WinnerAt<TeamCapability>[] {
  return TEAM_CAPABILITY_LEVELS.map((value) => ({
    value,
    ...pointOf(createContext({ ...scenario, teamCapability: value })),
  }));
}

/** Winner at each compliance level. */
export function sweepCompliance(scenario: Scenario): WinnerAt<Compliance>[] {
  return COMPLIANCE_LEVELS.map((value) => ({
    value,
    ...pointOf(createContext({ ...scenario, compliance: value })),
  }));
}
