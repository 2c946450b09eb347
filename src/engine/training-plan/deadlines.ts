import { buildLeadTimeMonthsOf } from '../capability';
import { HOURS_PER_MONTH, HOURS_PER_WEEK } from '../constants';
import { ownClusterGpus } from '../demand';
import { type Evaluation, type Scenario, STRATEGY_IDS, type StrategyId } from '../types';
import { type CapacityProfile, type FailureStretch, type RunFinish, scheduleOn } from './schedule';

export interface StrategyDeadlines {
  id: StrategyId;
  eligible: boolean;
  runs: RunFinish[];
  /** Every run finishes, each by its deadline. */
  allOnTime: boolean;
  /** The largest slip of any run (0 when all are on time); null when a run never finishes. */
  worstSlipWeeks: number | null;
  /** The week the last run finishes in; null when one never does. */
  lastFinishWeek: number | null;
  /** The week an own cluster starts serving (after its build lead time); null without one. */
  ownFromWeek: number | null;
  /** Own (or reserved) GPUs this way keeps: the cluster, the hybrid's baseline; 0 for rentals. */
  baselineGpus: number;
}

export interface OnTimeCheapest {
  /** The cheapest way that meets every deadline, or null when none does. */
  strategyId: StrategyId | null;
  horizonCny: number | null;
  /** When none does: the way that misses by the fewest weeks (null when every way never finishes). */
  closestId: StrategyId | null;
  closestSlipWeeks: number | null;
}

export interface PlanDeadlines {
  strategies: Record<StrategyId, StrategyDeadlines>;
  cheapest: OnTimeCheapest;
}

/** The failure model's figures for wall-clock (the scenario's checkpointing and recovery). */
export function failureStretch(s: Scenario): FailureStretch {
  const ops = s.operations;
  const automatic = s.selfBuild.recovery === 'automatic';
  const lost = progressLostHours(s);
  const recovery = automatic
    ? ops.detectHoursAutomatic + ops.restartHoursAutomatic
    : ops.detectHoursManual + ops.restartHoursManual;
  return {
    interruptionsPerGpuHour: ops.hwInterruptionsPerGpuHour,
    hoursLostPerInterruption: lost + recovery,
  };
}

/** Progress an interruption loses: half a checkpoint interval, or half the job without checkpoints. */
export function progressLostHours(s: Scenario): number {
  const ops = s.operations;
  return ops.checkpointIntervalHours > 0 ? ops.checkpointIntervalHours / 2 : s.demand.hoursPerJob / 2;
}

/** The build lead time in weeks (a month is 730 h, a week 168 h). */
export function leadWeeks(s: Scenario): number {
  return (buildLeadTimeMonthsOf(s) * HOURS_PER_MONTH) / HOURS_PER_WEEK;
}

/**
 * What each way can give the plan (docs/model.md §2 build lead time): an own cluster serves only after
 * its lead time and up to its capacity; rent and the platform up to the GPUs one can get on demand;
 * the hybrid its owned baseline after the lead time (a reserved baseline at once) plus on-demand
 * platform GPUs throughout.
 */
function capacities(s: Scenario, e: Evaluation): Record<StrategyId, CapacityProfile> {
  const hw = s.hardware;
  const onDemand = s.trainingPlan.onDemandGpus;
  const lead = leadWeeks(s);
  const own = ownClusterGpus(s) * hw.selfBuild.throughputRatio;
  const rent = onDemand * hw.rent.throughputRatio;
  const platform = onDemand * hw.platform.throughputRatio;
  const base = e.strategies.hybrid.baselineGpus;
  const owned = s.hybrid.baselineMode === 'owned';
  const baseRef = base * (owned ? hw.selfBuild.throughputRatio : hw.platform.throughputRatio);
  // Servers already owned serve from the first week; only those added wait for the lead time.
  const existingRef =
    s.existing === null ? 0 : s.existing.servers * s.selfBuild.gpusPerServer * hw.selfBuild.throughputRatio;
  return {
    selfBuild: {
      earlyGpus: existingRef,
      laterGpus: own,
      fromTime: lead,
      throughputRatio: hw.selfBuild.throughputRatio,
    },
    rent: { earlyGpus: rent, laterGpus: rent, fromTime: 0, throughputRatio: hw.rent.throughputRatio },
    platform: {
      earlyGpus: platform,
      laterGpus: platform,
      fromTime: 0,
      throughputRatio: hw.platform.throughputRatio,
    },
    hybrid: {
      earlyGpus: platform + (owned ? existingRef : baseRef),
      laterGpus: platform + baseRef,
      fromTime: owned ? lead : 0,
      throughputRatio: hw.platform.throughputRatio,
    },
  };
}

/**
 * Per way of getting GPUs: when each run of the plan finishes and by how many weeks it slips, and
 * the cheapest way (over the horizon) that meets every deadline. A missed deadline is reported in
 * weeks, never folded into a cost.
 */
export function planDeadlines(s: Scenario, e: Evaluation): PlanDeadlines {
  const caps = capacities(s, e);
  const failures = failureStretch(s);
  const ref = s.hardware.referenceDenseTflopsPerGpu;
  const lead = leadWeeks(s);
  const strategies = {} as Record<StrategyId, StrategyDeadlines>;
  for (const id of STRATEGY_IDS) {
    const result = e.strategies[id];
    const runs = scheduleOn(s.trainingPlan, ref, caps[id], failures);
    const never = runs.some((r) => r.finishWeek === null);
    const ownsCluster = id === 'selfBuild' || (id === 'hybrid' && s.hybrid.baselineMode === 'owned');
    strategies[id] = {
      id,
      eligible: result.eligible,
      runs,
      allOnTime: result.eligible && runs.every((r) => r.onTime),
      worstSlipWeeks: never ? null : runs.reduce((m, r) => Math.max(m, r.slipWeeks ?? 0), 0),
      lastFinishWeek: never ? null : runs.reduce((m, r) => Math.max(m, r.finishWeek ?? 0), 0),
      ownFromWeek: ownsCluster && result.baselineGpus > 0 ? Math.floor(lead) + 1 : null,
      baselineGpus: result.baselineGpus,
    };
  }
  return { strategies, cheapest: cheapestOnTime(strategies, e) };
}

function cheapestOnTime(d: Record<StrategyId, StrategyDeadlines>, e: Evaluation): OnTimeCheapest {
  let best: StrategyId | null = null;
  for (const id of STRATEGY_IDS) {
    if (!d[id].allOnTime) continue;
    if (best === null || e.strategies[id].horizonCny < e.strategies[best].horizonCny) best = id;
  }
  if (best !== null) {
    return {
      strategyId: best,
      horizonCny: e.strategies[best].horizonCny,
      closestId: null,
      closestSlipWeeks: null,
    };
  }
  let closest: StrategyId | null = null;
  for (const id of STRATEGY_IDS) {
    const slip = d[id].worstSlipWeeks;
    if (!d[id].eligible || slip === null) continue;
    const bestSlip = closest === null ? null : d[closest].worstSlipWeeks;
    if (bestSlip === null || slip < bestSlip) closest = id;
  }
  return {
    strategyId: null,
    horizonCny: null,
    closestId: closest,
    closestSlipWeeks: closest === null ? null : d[closest].worstSlipWeeks,
  };
}
