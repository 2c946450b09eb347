import { capabilityEffects } from './capability';
import { parameter } from './parameters';
import { winnerAtContext } from './point';
import { createContext, type PricingContext } from './strategies/context';
import { pricePlatform, priceSelfBuild, totalOf } from './strategies/price';
import {
  type DemandStats,
  type ReasonItem,
  type Recommendation,
  type Scenario,
  STRATEGY_IDS,
  type StrategyId,
  type StrategyResult,
  TEAM_CAPABILITY_LEVELS,
} from './types';
import { competingMonthly, pickWinner } from './winner';

export { competingMonthly };

/** Horizons tried for the time-span flip: whole years, 1–6 (MODEL.md §2). */
const HORIZON_STEP_MONTHS = 12;
const MIN_HORIZON_MONTHS = parameter('horizonMonths').min;
const MAX_HORIZON_MONTHS = parameter('horizonMonths').max;

/** Seed 003 §4: above about a thousand GPUs over years, self-build's amortisation starts to show. */
export const LARGE_SCALE_GPUS = 1000;

export interface RecommendInput {
  scenario: Scenario;
  ctx: PricingContext;
  strategies: Record<StrategyId, StrategyResult>;
  demand: DemandStats;
  loadRate: number;
  crossoverLoadRate: number | null;
  breakEvenMonth: number | null;
  utilizationCap: number;
}

/**
 * The recommended strategy with its reasons keyed to seed 003 §4's four factors (load, time span and
 * scale, team capability, compliance) and the thresholds that would flip it (MODEL.md §5).
 */
export function recommend(input: RecommendInput): Recommendation {
  const {
    scenario: s,
    strategies,
    demand,
    loadRate,
    crossoverLoadRate,
    breakEvenMonth,
    utilizationCap,
  } = input;
  const monthly = competingMonthly(strategies);
  const winner = pickWinner(monthly) ?? 'selfBuild';
  const others = { ...monthly, [winner]: null } as Record<StrategyId, number | null>;
  const runnerUp = pickWinner(others);
  const winnerCost = strategies[winner].monthlyCny;
  const runnerCost = runnerUp ? strategies[runnerUp].monthlyCny : winnerCost;
  const saving = Math.max(0, runnerCost - winnerCost);

  const reasons: ReasonItem[] = [];
  const canRent = strategies.rent.eligible || strategies.platform.eligible;
  // Factor 1: load rate and load shape.
  if (!canRent) {
    reasons.push({ factor: 'load', code: 'loadNoRental', params: { loadRate } });
  } else if (crossoverLoadRate === null) {
    reasons.push({ factor: 'load', code: 'loadNoCrossover', params: { loadRate } });
  } else {
    reasons.push({
      factor: 'load',
      code: loadRate < crossoverLoadRate ? 'loadBelowCrossover' : 'loadAboveCrossover',
      params: { loadRate, crossoverLoadRate },
    });
  }
  if (s.demand.mode === 'jobs' && demand.shape !== 'empty') {
    // The job form has no weekly shape: say so rather than calling a flat line "steady".
    reasons.push({
      factor: 'load',
      code: 'shape_jobs',
      params: {
        jobsPerMonth: s.demand.jobsPerMonth,
        hoursPerJob: s.demand.hoursPerJob,
        gpusPerJob: s.demand.gpusPerJob,
      },
    });
  } else if (demand.shape !== 'empty') {
    reasons.push({
      factor: 'load',
      code: `shape_${demand.shape}`,
      params: {
        peakToBaseline: demand.peakToBaseline ?? 0,
        baselineGpus: demand.baselineGpus,
        peakGpus: demand.peakGpus,
      },
    });
  }
  // Factor 2: time span and scale.
  reasons.push({
    factor: 'scale',
    code:
      breakEvenMonth === null
        ? 'noBreakEven'
        : breakEvenMonth <= s.horizonMonths
          ? 'breakEvenWithin'
          : 'breakEvenAfter',
    params: { breakEvenMonth: breakEvenMonth ?? 0, horizonMonths: s.horizonMonths },
  });
  reasons.push({
    factor: 'scale',
    code: input.ctx.selfBuildCapacityGpus >= LARGE_SCALE_GPUS ? 'scaleLarge' : 'scaleSmall',
    params: { gpus: input.ctx.selfBuildCapacityGpus, threshold: LARGE_SCALE_GPUS },
  });
  // Factor 3: team capability.
  reasons.push({
    factor: 'team',
    code: loadRate > utilizationCap ? 'teamCapBinding' : 'teamCap',
    params: { level: s.teamCapability, utilizationCap },
  });
  // Factor 4: compliance.
  reasons.push({
    factor: 'compliance',
    code: `compliance_${s.compliance}`,
    params: { excluded: STRATEGY_IDS.filter((id) => !strategies[id].eligible).length },
  });
  if (winner === 'hybrid') {
    reasons.unshift({
      factor: 'load',
      code: 'hybridSplit',
      params: { baselineGpus: strategies.hybrid.baselineGpus, burstShare: strategies.hybrid.burstShare },
    });
  }

  return {
    strategy: winner,
    hybridBaselineGpus: winner === 'hybrid' ? strategies.hybrid.baselineGpus : null,
    runnerUp,
    savingMonthlyCny: saving,
    savingFraction: runnerCost > 0 ? saving / runnerCost : 0,
    reasons,
    flips: flips(input, winner),
  };
}

function flips(input: RecommendInput, winner: StrategyId): ReasonItem[] {
  const { scenario: s, strategies, loadRate, crossoverLoadRate } = input;
  const out: ReasonItem[] = [];
  const selfWins = winner === 'selfBuild';

  if (crossoverLoadRate !== null) {
    out.push({
      factor: 'load',
      code: loadRate < crossoverLoadRate ? 'flipLoadAbove' : 'flipLoadBelow',
      params: { crossoverLoadRate },
    });
  }

  // Server price at which self-build costs the same as the winner (self-build is affine in the price).
  if (!selfWins) {
    const target = strategies[winner].monthlyCny;
    const price = solveAffine(
      (price) =>
        totalOf(
          priceSelfBuild(createContext({ ...s, selfBuild: { ...s.selfBuild, serverPriceCny: price } })).part
            .breakdown,
        ),
      s.selfBuild.serverPriceCny,
      target,
    );
    if (price !== null && price > 0)
      out.push({ factor: 'scale', code: 'flipServerPrice', params: { serverPriceCny: price } });
  } else if (strategies.platform.eligible) {
    const target = strategies.selfBuild.monthlyCny;
    const price = solveAffine(
      (price) =>
        totalOf(
          pricePlatform(createContext({ ...s, platform: { ...s.platform, priceCnyPerGpuHour: price } })).part
            .breakdown,
        ),
      s.platform.priceCnyPerGpuHour,
      target,
    );
    if (price !== null && price > 0)
      out.push({ factor: 'scale', code: 'flipPlatformPrice', params: { priceCnyPerGpuHour: price } });
  }

  // Time span (seed 003 §4 factor 2): the nearest horizon, in whole years within 1–6, at
  // which another strategy would win.
  const horizons: number[] = [];
  for (let h = MIN_HORIZON_MONTHS; h <= MAX_HORIZON_MONTHS; h += HORIZON_STEP_MONTHS) {
    if (h !== s.horizonMonths) horizons.push(h);
  }
  horizons.sort((a, b) => Math.abs(a - s.horizonMonths) - Math.abs(b - s.horizonMonths) || a - b);
  for (const horizonMonths of horizons) {
    const other = winnerAtContext(createContext({ ...s, horizonMonths }));
    if (other !== winner) {
      out.push({ factor: 'scale', code: 'flipHorizon', params: { horizonMonths, winner: other } });
      break;
    }
  }

  // Team capability: the nearest level (up if self-build loses, down if it wins) that changes the winner.
  const levels = selfWins
    ? TEAM_CAPABILITY_LEVELS.filter((l) => l < s.teamCapability).reverse()
    : TEAM_CAPABILITY_LEVELS.filter((l) => l > s.teamCapability);
  // With no competitor (only self-build eligible) no team level can change the decision.
  const competitor = selfWins ? bestOther(strategies) : winner;
  for (const level of competitor === 'selfBuild' ? [] : levels) {
    const ctx = createContext({ ...s, teamCapability: level });
    const self = totalOf(priceSelfBuild(ctx).part.breakdown);
    const flipsNow = selfWins
      ? self > strategies[competitor].monthlyCny
      : self < strategies[winner].monthlyCny;
    if (flipsNow) {
      out.push({
        factor: 'team',
        code: 'flipTeam',
        params: { level, utilizationCap: capabilityEffects(level).utilizationCap },
      });
      break;
    }
  }

  if (s.compliance !== 'onPrem' && !selfWins) {
    out.push({ factor: 'compliance', code: 'flipCompliance', params: { level: 'onPrem' } });
  }
  return out;
}

/** The cheapest competitor of self-build (for "what would make self-build lose"). */
function bestOther(strategies: Record<StrategyId, StrategyResult>): StrategyId {
  const monthly = competingMonthly(strategies);
  monthly.selfBuild = null;
  return pickWinner(monthly) ?? 'selfBuild';
}

/** x at which the affine function f equals target, from f at x0 and at x0/2; null if f is flat. */
function solveAffine(f: (x: number) => number, x0: number, target: number): number | null {
  const x1 = x0 / 2;
  const y0 = f(x0);
  const y1 = f(x1);
  const slope = (y0 - y1) / (x0 - x1);
  if (!Number.isFinite(slope) || Math.abs(slope) < 1e-12) return null;
  return x0 + (target - y0) / slope;
}
