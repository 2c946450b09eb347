import { efficiencies } from './efficiency';
import { createPricer, type Pricer } from './kernel';
import type { PricingInputs } from './model';
import { isSmallBaseline, minOwnedBaselineGpus } from './owned-baseline';
import { parameter } from './parameters';
import { pointOf } from './point';
import {
  COMPARATOR_IDS,
  type ComparatorId,
  type Comparison,
  type DemandStats,
  type OverCapacity,
  type ReasonItem,
  type Recommendation,
  type RightSize,
  type Scenario,
  STRATEGY_IDS,
  type StrategyId,
  type StrategyResult,
  TEAM_CAPABILITY_LEVELS,
  type TieReason,
} from './types';
import { competingMonthly, pickWinner, TIE_FRACTION } from './winner';

export { competingMonthly };

/** Horizons tried for the time-span flip: whole years, 1–6 (docs/model.md §2). */
const HORIZON_STEP_MONTHS = 12;
const MIN_HORIZON_MONTHS = parameter('horizonMonths').min;
const MAX_HORIZON_MONTHS = parameter('horizonMonths').max;

/** Seed 003 §4: above about a thousand GPUs over years, self-build's amortisation starts to show. */
export const LARGE_SCALE_GPUS = 1000;

export interface RecommendInput {
  scenario: Scenario;
  /** The reference inputs the strategies were priced with. */
  ctx: PricingInputs;
  /** The kernel pricer for the flips' searches (one per evaluation). */
  pricer?: Pricer;
  strategies: Record<StrategyId, StrategyResult>;
  demand: DemandStats;
  loadRate: number;
  comparisons: Record<ComparatorId, Comparison>;
  rightSize: RightSize;
}

/**
 * The right-sized own cluster as a candidate of its own: when owning a different number of GPUs
 * serves all the demand (no burst) more cheaply than the configured cluster, that is what self-build
 * should mean (docs/model.md §5 "Right-sizing": "own N GPUs, not M").
 */
function rightSizedOwn(input: RecommendInput): number | null {
  const r = input.rightSize;
  const self = input.strategies.selfBuild.monthlyCny;
  if (r.gpus <= 0 || r.burstShare > 0 || r.gpus === r.currentGpus) return null;
  return r.monthlyCny < self * (1 - 1e-9) ? r.monthlyCny : null;
}

/**
 * The recommended strategy with its reasons keyed to the four factors of the industry article on
 * self-build vs rent (load, time span and scale, team capability, compliance), each comparison
 * naming its comparator, and the thresholds that would flip it (docs/model.md §5).
 */
export function recommend(input: RecommendInput): Recommendation {
  const { scenario: s, strategies, demand, loadRate, comparisons } = input;
  const monthly = competingMonthly(strategies);
  const rightSized = rightSizedOwn(input);
  const monthlyWithRightSize = { ...monthly };
  if (rightSized !== null) monthlyWithRightSize.selfBuild = rightSized;
  const winner = pickWinner(monthlyWithRightSize) ?? 'selfBuild';
  const ownGpus = winner === 'selfBuild' && rightSized !== null ? input.rightSize.gpus : null;
  const winnerCost = ownGpus !== null && rightSized !== null ? rightSized : strategies[winner].monthlyCny;
  const others = { ...monthly, [winner]: null } as Record<StrategyId, number | null>;
  const runnerUp = pickWinner(others);
  const runnerCost = runnerUp ? strategies[runnerUp].monthlyCny : winnerCost;
  const saving = Math.max(0, runnerCost - winnerCost);

  const reasons: ReasonItem[] = [];
  if (ownGpus !== null) {
    reasons.push({
      factor: 'scale',
      code: 'rightSize',
      params: {
        gpus: ownGpus,
        currentGpus: input.rightSize.currentGpus,
        savingMonthlyCny: input.rightSize.savingMonthlyCny,
      },
    });
  }
  // Factor 1: load rate and load shape, against each comparator by name.
  const eligibleComparisons = COMPARATOR_IDS.map((id) => comparisons[id]).filter((c) => c.eligible);
  if (eligibleComparisons.length === 0) {
    reasons.push({ factor: 'load', code: 'loadNoRental', params: { loadRate } });
  }
  for (const c of eligibleComparisons) {
    if (c.crossoverLoadRate === null) {
      reasons.push({
        factor: 'load',
        code: 'loadNoCrossover',
        params: { loadRate, comparator: c.comparator },
      });
    } else {
      reasons.push({
        factor: 'load',
        code: loadRate < c.crossoverLoadRate ? 'loadBelowCrossover' : 'loadAboveCrossover',
        params: { loadRate, crossoverLoadRate: c.crossoverLoadRate, comparator: c.comparator },
      });
    }
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
  } else if (demand.shape === 'pulse' && demand.peakToBaseline === null) {
    // Quiet weeks at (next to) zero: there is no baseline to be a multiple of (no "∞×").
    reasons.push({ factor: 'load', code: 'shape_pulse_noBaseline', params: { peakGpus: demand.peakGpus } });
  } else if (demand.shape !== 'empty') {
    reasons.push({
      factor: 'load',
      code: shapeCode(demand, s.selfBuild.gpusPerServer, winner),
      params: {
        peakToBaseline: demand.peakToBaseline ?? 0,
        baselineGpus: demand.baselineGpus,
        peakGpus: demand.peakGpus,
        minOwnedGpus: minOwnedBaselineGpus(s.selfBuild.gpusPerServer),
        winner,
      },
    });
  }
  // Factor 2: time span and scale — the cash payback against each comparator.
  for (const c of eligibleComparisons) {
    reasons.push({
      factor: 'scale',
      code:
        c.paybackMonth === null
          ? 'noPayback'
          : c.paybackMonth <= s.horizonMonths
            ? 'paybackWithin'
            : 'paybackAfter',
      params: { paybackMonth: c.paybackMonth ?? 0, horizonMonths: s.horizonMonths, comparator: c.comparator },
    });
  }
  reasons.push({
    factor: 'scale',
    code: input.ctx.selfBuildCapacityGpus >= LARGE_SCALE_GPUS ? 'scaleLarge' : 'scaleSmall',
    params: { gpus: input.ctx.selfBuildCapacityGpus, threshold: LARGE_SCALE_GPUS },
  });
  // Factor 3: team capability — how much of its own cluster the team can keep busy.
  reasons.push({
    factor: 'team',
    code: loadRate > input.ctx.ownEfficiency ? 'teamEfficiencyBinding' : 'teamEfficiency',
    params: { level: s.teamCapability, efficiency: input.ctx.ownEfficiency },
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

  const savingFraction = runnerCost > 0 ? saving / runnerCost : 0;
  return {
    strategy: winner,
    hybridBaselineGpus: winner === 'hybrid' ? strategies.hybrid.baselineGpus : null,
    ownGpus,
    runnerUp,
    savingMonthlyCny: saving,
    savingFraction,
    reasons,
    flips: flips(input, winner),
    tie:
      runnerUp !== null && savingFraction < TIE_FRACTION
        ? tieReason(strategies, input.ctx.selfBuildCapacityGpus, winner, runnerUp)
        : null,
    overCapacity: overCapacity(input),
  };
}

/**
 * A cluster whose load rate is above 100 % cannot do the work it is compared on: self-build is priced
 * with the rest sent to the platform (or waiting, where data stays on premises: model/burst.ts), so a
 * verdict against it must say so (issue 44). The load rate is the one of docs/model.md §1.
 */
export function overCapacity(input: {
  loadRate: number;
  ctx: Pick<PricingInputs, 'platformEligible' | 'selfBuildCapacityGpus'>;
}): OverCapacity | null {
  if (!(input.loadRate > 1)) return null;
  return {
    // In whole servers, the capacity the load rate is measured against.
    capacityGpus: input.ctx.selfBuildCapacityGpus,
    loadRate: input.loadRate,
    rest: input.ctx.platformEligible ? 'platform' : 'waits',
  };
}

/**
 * The load shape's reason code. A steady shape "favours owning or reserving" (seed 003 §5 step 1) only
 * when its baseline fills a server worth owning (owned-baseline.ts) and owning wins: a small steady
 * baseline says it is too small (`shape_steady_small`), and a large one under a renting winner says
 * that the cost comparison overrides it (`shape_steady_loses`), so the reason never argues for the
 * strategy that lost.
 */
function shapeCode(demand: DemandStats, gpusPerServer: number, winner: StrategyId): string {
  if (demand.shape !== 'steady') return `shape_${demand.shape}`;
  if (isSmallBaseline(demand.baselineGpus, gpusPerServer)) return 'shape_steady_small';
  return winner === 'selfBuild' || winner === 'hybrid' ? 'shape_steady' : 'shape_steady_loses';
}

/**
 * Why two strategies that cost the same do (a hybrid that is one of its parts, or a meeting). Shared
 * with every view that ranks strategies (the self-assessment's ranking), so a tie reads the same.
 */
export function tieReason(
  strategies: Record<StrategyId, Pick<StrategyResult, 'baselineGpus' | 'burstShare'>>,
  selfBuildCapacityGpus: number,
  a: StrategyId,
  b: StrategyId,
): TieReason {
  if (a !== 'hybrid' && b !== 'hybrid') return 'sameCost';
  const hybrid = strategies.hybrid;
  if (hybrid.baselineGpus <= 0) return 'hybridOwnsNothing';
  if (hybrid.burstShare <= 0 || hybrid.baselineGpus >= selfBuildCapacityGpus) return 'hybridOwnsAll';
  return 'sameCost';
}

function flips(input: RecommendInput, winner: StrategyId): ReasonItem[] {
  const { scenario: s, strategies, loadRate, comparisons } = input;
  const out: ReasonItem[] = [];
  const selfWins = winner === 'selfBuild';
  // The flips below are searches (prices solved, horizons and team levels tried): the kernel prices
  // them, with the model's numbers (kernel-equals-model.test.ts).
  const pricer = input.pricer ?? createPricer();

  for (const id of COMPARATOR_IDS) {
    const x = comparisons[id].crossoverLoadRate;
    if (x === null) continue;
    out.push({
      factor: 'load',
      code: loadRate < x ? 'flipLoadAbove' : 'flipLoadBelow',
      params: { crossoverLoadRate: x, comparator: id },
    });
  }

  // Server price at which self-build costs the same as the winner (self-build is affine in the price).
  if (!selfWins) {
    const target = strategies[winner].monthlyCny;
    const price = solveAffine(
      (price) =>
        pricer.selfBuildMonthlyCny(
          pricer.context({ ...s, selfBuild: { ...s.selfBuild, serverPriceCny: price } }),
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
        pricer.platformMonthlyCny(
          pricer.context({ ...s, platform: { ...s.platform, priceCnyPerGpuHour: price } }),
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
    const other = pointOf(pricer, pricer.context({ ...s, horizonMonths })).winner;
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
    const self = pricer.selfBuildMonthlyCny(pricer.context({ ...s, teamCapability: level }));
    const flipsNow = selfWins
      ? self > strategies[competitor].monthlyCny
      : self < strategies[winner].monthlyCny;
    if (flipsNow) {
      out.push({
        factor: 'team',
        code: 'flipTeam',
        params: { level, efficiency: efficiencies(s, level).own.value },
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
