import { HOURS_PER_MONTH, HOURS_PER_WEEK } from '../constants';
import { failureStretch, leadWeeks, progressLostHours } from '../training-plan/deadlines';
import {
  type CapacityProfile,
  type FailureStretch,
  type RunFinish,
  scheduleOn,
} from '../training-plan/schedule';
import type { LadderTierId, Scenario } from '../types';
import type { LadderPlan } from './plan';

/** When the plan's runs finish on the ladder's capacity, and what that capacity was. */
export interface LadderDeadlines {
  runs: RunFinish[];
  /** Every run finishes, each by its deadline. */
  allOnTime: boolean;
  /** The largest slip of any run (0 when all are on time); null when a run never finishes. */
  worstSlipWeeks: number | null;
  /** Physical GPUs the committed rungs hold (own from its lead time, the rest at once). */
  committedGpus: number;
  /** The week an own rung starts serving (after its build lead time); null without one. */
  ownFromWeek: number | null;
  /** Whole-server GPUs on demand and spot may hold at once: the GPUs one can get on demand. */
  serverGpus: number;
  /** Platform GPUs by the hour (the GPUs one can get on demand), 0 when platform elastic is off. */
  platformGpus: number;
  /** Spot preemptions a GPU-hour on the capacity as a whole (0 when spot serves nothing). */
  preemptionsPerGpuHour: number;
}

/** The hardware model each committed tier's GPUs are counted in. */
const TIER_MODEL: Record<LadderTierId, 'selfBuild' | 'rent' | 'platform'> = {
  own: 'selfBuild',
  reserved3y: 'rent',
  reserved1y: 'rent',
  monthly: 'rent',
  platformReserved: 'platform',
  spot: 'rent',
  onDemand: 'rent',
  platformElastic: 'platform',
};

/**
 * The deadlines on the ladder's plan (issue 37; docs/model.md §10): the committed rungs give their
 * GPUs (an own cluster only after its build lead time, a term band what its commitments hold that month), on demand and spot together no more than the
 * ladder's cap and the GPUs the market has at once, the platform's elastic compute what is left of
 * that market. Where spot serves before on demand, the servers' GPUs are spot, and each is
 * preempted λ times a server-month, losing what a failure loses (half a checkpoint interval) plus a
 * manual restart, as its cost is priced (bands.ts spotPart); the rate is spread over all the GPUs a
 * run may hold, the share of them that are spot. A missed deadline is said in weeks, never a cost.
 */
export function ladderDeadlines(s: Scenario, plan: LadderPlan): LadderDeadlines {
  const hw = s.hardware;
  const ratio = (id: LadderTierId) => hw[TIER_MODEL[id]].throughputRatio;
  const lead = leadWeeks(s);
  let earlyRef = 0;
  let laterRef = 0;
  let committedGpus = 0;
  for (const band of plan.pricing.bands) {
    const ref = band.gpus * ratio(band.id);
    committedGpus += band.gpus;
    laterRef += ref;
    // An own band waits for its lead time, but for the servers already owned (they serve at once).
    if (band.id !== 'own') earlyRef += ref;
    else if (s.existing !== null)
      earlyRef += Math.min(band.gpus, s.existing.servers * s.selfBuild.gpusPerServer) * ratio('own');
  }
  const market = s.trainingPlan.onDemandGpus;
  const variable = plan.pricing.variable.tiers.map((v) => v.id);
  const on = new Set(plan.tiersOn);
  const serversOn = on.has('spot') || on.has('onDemand');
  const serverGpus = serversOn ? market : 0;
  // "GPUs you can get on demand" is one market, whether rented as servers or on the platform.
  const platformGpus = on.has('platformElastic') ? Math.max(0, market - serverGpus) : 0;
  const variableRef = serverGpus * hw.rent.throughputRatio + platformGpus * hw.platform.throughputRatio;
  earlyRef += variableRef;
  laterRef += variableRef;
  // Spot holds the servers when it takes work before on demand; when neither serves any hours (the
  // platform takes all), only when on demand is off.
  const spotIndex = variable.indexOf('spot');
  const onDemandIndex = variable.indexOf('onDemand');
  const spotServes =
    spotIndex >= 0
      ? onDemandIndex < 0 || spotIndex < onDemandIndex
      : onDemandIndex < 0 && on.has('spot') && !on.has('onDemand');
  const physical = committedGpus + serverGpus + platformGpus;
  const spotShare = spotServes && physical > 0 ? serverGpus / physical : 0;
  const preemptionsPerGpuHour =
    (spotShare * s.ladder.spotPreemptionsPerServerMonth) / (HOURS_PER_MONTH * s.rent.gpusPerServer);
  const base = failureStretch(s);
  const lostPerPreemption = progressLostHours(s) + s.operations.restartHoursManual;
  const rate = base.interruptionsPerGpuHour + preemptionsPerGpuHour;
  const failures: FailureStretch = {
    interruptionsPerGpuHour: rate,
    // The stretch reads rate × hours lost: the two kinds of interruption, each with its own loss.
    hoursLostPerInterruption:
      rate > 0
        ? (base.interruptionsPerGpuHour * base.hoursLostPerInterruption +
            preemptionsPerGpuHour * lostPerPreemption) /
          rate
        : base.hoursLostPerInterruption,
  };
  const owns = plan.pricing.bands.some((b) => b.id === 'own');
  // Term bands sized quarter by quarter hold less than their whole band in some months.
  const shortfall = termShortfallByWeek(s, plan, ratio);
  const capacity: CapacityProfile = {
    earlyGpus: earlyRef,
    laterGpus: laterRef,
    fromTime: owns ? lead : 0,
    // Reference GPU-hours per physical GPU-hour of the mix, so interruptions count physical GPUs.
    throughputRatio: physical > 0 ? laterRef / physical : 1,
    ...(shortfall === null ? {} : { shortfallAt: shortfall }),
  };
  const runs = scheduleOn(s.trainingPlan, hw.referenceDenseTflopsPerGpu, capacity, failures);
  const never = runs.some((r) => r.finishWeek === null);
  return {
    runs,
    allOnTime: runs.every((r) => r.onTime),
    worstSlipWeeks: never ? null : runs.reduce((m, r) => Math.max(m, r.slipWeeks ?? 0), 0),
    committedGpus,
    ownFromWeek: owns ? Math.floor(lead) + 1 : null,
    serverGpus,
    platformGpus,
    preemptionsPerGpuHour,
  };
}

/**
 * A term band's commitments sized quarter by quarter (bands.ts heldTerm) hold less than the whole band
 * in some months: the reference GPUs short in each week (the month its first hour falls in), or null
 * when every term band is held whole. Past the horizon the bands count whole, as before.
 */
export function termShortfallByWeek(
  s: Scenario,
  plan: LadderPlan,
  ratio: (id: LadderTierId) => number,
): ((week: number) => number) | null {
  const terms = plan.pricing.bands.filter(
    (b) => b.id === 'reserved3y' || b.id === 'reserved1y' || b.id === 'monthly',
  );
  if (terms.length === 0) return null;
  const H = s.horizonMonths;
  const short = new Float64Array(H + 1);
  for (const band of terms) {
    const held = new Float64Array(H + 1);
    for (const row of plan.schedule) {
      if (row.id !== band.id) continue;
      for (let m = row.startMonth; m <= Math.min(H, row.endMonth); m++)
        held[m] = (held[m] as number) + row.gpus;
    }
    for (let m = 1; m <= H; m++)
      short[m] = (short[m] as number) + Math.max(0, band.gpus - (held[m] as number)) * ratio(band.id);
  }
  if (short.every((v) => v === 0)) return null;
  return (week) => {
    const month = Math.floor(((week - 1) * HOURS_PER_WEEK) / HOURS_PER_MONTH) + 1;
    return month >= 1 && month <= H ? (short[month] as number) : 0;
  };
}

/** The deadlines on the plan when the demand is a training plan with runs; else null (no deadlines). */
export function planLadderDeadlines(s: Scenario, plan: LadderPlan): LadderDeadlines | null {
  return s.demand.mode === 'plan' && s.trainingPlan.runs.length > 0 ? ladderDeadlines(s, plan) : null;
}
