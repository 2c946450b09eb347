import { capabilityEffects } from './capability';
import { atLeast } from './compliance-level';
import type {
  Efficiencies,
  MeasuredEfficiency,
  Scenario,
  TeamCapability,
  WayEfficiency,
  WorkloadShape,
} from './types';

export type { Efficiencies, WayEfficiency, WorkloadShape } from './types';

/**
 * One utilization model for every way of getting GPUs (docs/model.md §2 and §9, model v3): allocation
 * efficiency = useful ÷ held GPU-hours. Each way's efficiency is **measured** (typed, or derived
 * from the team's own scheduler or telemetry logs: used as given, 5–95 %, even above the
 * platform's) or **by rule**:
 *
 * - pooled platform: `platform.utilization` (75 %, the platform's own figure), capped at the
 *   dedicated pool's efficiency when compliance requires a dedicated deployment;
 * - own cluster, by team level: min(efficiency at an average team + the level's offset, the
 *   pooled platform's own figure), siloed or with a private pooling scheduler — at every compliance
 *   level (model v4: the dedicated platform's cap is the platform's, never the private pool's) (offsets −10/−5/0/+5/+10 points: 35…55 %
 *   siloed, 60…75 % pooled at the defaults; the industry article on self-build vs rent, sections 2
 *   and 3: siloed clusters under 40–50 %, pooling lifts them to 70 %+);
 * - whole rented servers: `rent.utilization` (50 %, seed 000).
 *
 * **Efficiency follows the workload** (seed 000, "影响降本幅度的因素": when every job needs similar
 * compute, the traditional way wastes less). Pooling's gain over whole-server rent and over silos
 * shrinks for a steady workload of whole-server jobs that runs around the clock: by-rule rent and
 * siloed efficiencies move towards the pooled ones by ⅔ × the workload factor (workloadShape), so
 * at a factor of 1 the gain is a third of its docs/model.md §2 value, and at 0 (pulsed demand, mixed job
 * sizes, or day-long jobs like the seed example's 20 × 24 h) nothing changes.
 */

/** Lowest efficiency the table gives (keeps held = useful ÷ efficiency finite). */
export const MIN_EFFICIENCY = 0.05;

/** Share of pooling's gain a fully steady, whole-server, round-the-clock workload gives up (§9). */
export const STEADY_GAIN_REDUCTION = 2 / 3;

/** A number kept within 0–1. */
function unit(value: number): number {
  return Math.max(0, Math.min(1, value));
}

/** Jobs this long or shorter run intermittently (frequency 0) … */
const INTERMITTENT_JOB_HOURS = 24;
/** … and jobs this long or longer run around the clock (frequency 1). */
const ROUND_THE_CLOCK_JOB_HOURS = 168;

/** The workload's shape (see WorkloadShape); independent of the demand's scale. */
export function workloadShape(s: Scenario): WorkloadShape {
  const d = s.demand;
  const frequency = unit(
    (d.hoursPerJob - INTERMITTENT_JOB_HOURS) / (ROUND_THE_CLOCK_JOB_HOURS - INTERMITTENT_JOB_HOURS),
  );
  // A job-form demand is one flat week.
  if (d.mode === 'jobs') return { steadiness: 1, frequency };
  let peak = 0;
  let lowest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < d.weeklyGpus.length; i++) {
    const g = d.weeklyGpus[i] as number;
    if (g > peak) peak = g;
    if (g < lowest) lowest = g;
  }
  const steadiness = peak <= 0 || lowest <= 0 ? 0 : unit((3 - peak / lowest) / 1.5);
  return { steadiness, frequency };
}

/**
 * How fully a job fills the whole servers it holds, mapped 1 when jobs are whole multiples of a
 * server, 0 at half a server or less (linear between).
 */
function wholeServerFit(gpusPerJob: number, gpusPerServer: number): number {
  if (gpusPerJob <= 0 || gpusPerServer <= 0) return 0;
  const fill = gpusPerJob / (Math.ceil(gpusPerJob / gpusPerServer) * gpusPerServer);
  return unit((fill - 0.5) / 0.5);
}

/** The workload factor on whole servers of `gpusPerServer` GPUs: steadiness × frequency × fit. */
export function workloadFactor(shape: WorkloadShape, gpusPerJob: number, gpusPerServer: number): number {
  return shape.steadiness * shape.frequency * wholeServerFit(gpusPerJob, gpusPerServer);
}

/** `byRule` moved towards `pooled` by the workload rule (never away from it). */
function towardsPooled(byRule: number, pooled: number, factor: number): number {
  if (byRule >= pooled) return byRule;
  return byRule + (pooled - byRule) * STEADY_GAIN_REDUCTION * factor;
}

/** An efficiency kept between MIN_EFFICIENCY and `cap` (and 1). */
function clampEfficiency(efficiency: number, cap: number): number {
  return Math.max(MIN_EFFICIENCY, Math.min(efficiency, cap, 1));
}

function way(byRule: number, measured: MeasuredEfficiency | null): WayEfficiency {
  if (measured === null) return { value: byRule, origin: 'rule', label: null, byRule };
  return { value: measured.value, origin: measured.origin, label: measured.label, byRule };
}

/** The pooled platform's by-rule efficiency after compliance (a dedicated pool pools fewer jobs). */
function platformByRule(s: Scenario): number {
  return atLeast(s.compliance, 'dedicated')
    ? Math.min(s.platform.utilization, s.complianceCosts.dedicatedUtilization)
    : s.platform.utilization;
}

/** Every way's efficiency at the team's level (or `level`), measured or by rule. */
export function efficiencies(s: Scenario, level: TeamCapability = s.teamCapability): Efficiencies {
  const offset = capabilityEffects(level).efficiencyOffset;
  const platform = platformByRule(s);
  const shape = workloadShape(s);
  const gpusPerJob = s.demand.gpusPerJob;
  // The table's ceiling is the specialist platform's figure, not what compliance leaves of it: a
  // dedicated deployment pools fewer jobs, the team's own scheduler on its own cluster does not.
  const pooled0 = clampEfficiency(s.selfBuild.pooledEfficiency + offset, s.platform.utilization);
  const siloed0 = clampEfficiency(s.selfBuild.siloedEfficiency + offset, s.platform.utilization);
  // Pooling never does worse than silos, even when a user sets the two the wrong way round.
  const pooled = Math.max(siloed0, pooled0);
  const siloed = towardsPooled(siloed0, pooled, workloadFactor(shape, gpusPerJob, s.selfBuild.gpusPerServer));
  const rent = towardsPooled(
    s.rent.utilization,
    platform,
    workloadFactor(shape, gpusPerJob, s.rent.gpusPerServer),
  );
  return {
    rent: way(rent, s.measured.rent),
    platform: way(platform, s.measured.platform),
    own: way(s.selfBuild.privatePool ? pooled : siloed, s.measured.selfBuild),
    siloed,
    pooled,
    workload: shape,
  };
}

/** The own cluster's efficiency the scenario is priced at: its reachable load rate. */
export function ownEfficiency(s: Scenario): number {
  return efficiencies(s).own.value;
}
