import { contextAtLoadRate } from './crossover';
import { createPricer } from './kernel';
import { pointOf } from './point';
import {
  COMPLIANCE_LEVELS,
  type Compliance,
  type LoadRatePoint,
  type Scenario,
  type StrategyId,
  TEAM_CAPABILITY_LEVELS,
  type TeamCapability,
} from './types';

export interface WinnerAt<T> {
  value: T;
  winner: StrategyId;
  /** Monthly cost per strategy; null when ineligible. */
  monthlyCny: Record<StrategyId, number | null>;
}

/**
 * Monthly cost of every strategy at `points` evenly spaced load rates from 0 to 100 % (input of the
 * crossover chart and the load-rate winner strip). Ineligible strategies are null.
 */
export function sweepLoadRate(scenario: Scenario, points: number): LoadRatePoint[] {
  const n = Math.max(2, Math.floor(points));
  const pricer = createPricer();
  const at = contextAtLoadRate(scenario, pricer);
  const out: LoadRatePoint[] = [];
  for (let i = 0; i < n; i++) {
    const loadRate = i / (n - 1);
    out.push({ loadRate, ...pointOf(pricer, at ? at(loadRate) : pricer.context(scenario, 0)) });
  }
  return out;
}

/** Winner at each team capability level (the "who wins across this range" strip). */
export function sweepTeamCapability(scenario: Scenario): WinnerAt<TeamCapability>[] {
  const pricer = createPricer();
  return TEAM_CAPABILITY_LEVELS.map((value) => ({
    value,
    ...pointOf(pricer, pricer.context({ ...scenario, teamCapability: value })),
  }));
}

/** Winner at each compliance level. */
export function sweepCompliance(scenario: Scenario): WinnerAt<Compliance>[] {
  const pricer = createPricer();
  return COMPLIANCE_LEVELS.map((value) => ({
    value,
    ...pointOf(pricer, pricer.context({ ...scenario, compliance: value })),
  }));
}
