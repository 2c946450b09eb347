/**
 * The self-assessment wizard's logic (seed 003 §5: four self-test steps; §4 the decision factors; §6
 * hybrid and migration path), as pure functions of the scenario and its evaluation. The views only
 * render what these return. The changes are recipes (scenario → candidate scenario): the views pass
 * them to the store's door, which validates the whole candidate with the scenario schema before it is
 * applied, like every other change. Rules shared with other views (sizing to a curve, cash by year,
 * the migration plan) live in the engine.
 */
import {
  type CashByYear,
  type CurveKind,
  cashByYear,
  defaultOf,
  type Evaluation,
  evaluate,
  generateCurve,
  HOURS_PER_MONTH,
  ownedCapacityGpus,
  parameter,
  type Scenario,
  type StrategyId,
  scaleToLoadRate,
  type TeamCapability,
  usefulGpuHoursPerMonth,
  WEEKLY_CURVE_WEEKS,
  withWeeklyCurve,
  yearMonths,
} from '../../engine';

/** A scenario change, given the scenario it applies to. */
export type Recipe = (s: Scenario) => Scenario;

// ---------------------------------------------------------------------------------------------------
// Step 1: usage curve

/** The generator's seed: fixed, so the same choice always draws the same curve (and tests can rebuild it). */
export const WIZARD_CURVE_SEED = 2024;
export const DEFAULT_CURVE_WEEKS = 52;

export interface CurveSettings {
  kind: CurveKind;
  weeks: number;
  meanGpus: number;
}

/** A generated curve, rounded to 0.1 GPU like the presets (a table of 52 weeks reads better). */
export function generatedCurve({ kind, weeks, meanGpus }: CurveSettings): number[] {
  return generateCurve(kind, { weeks, meanGpus, seed: WIZARD_CURVE_SEED }).map(
    (g) => Math.round(g * 10) / 10,
  );
}

/**
 * Weeks to generate for a typed count: at most one week beyond the schema's maximum, so a huge count
 * never allocates a huge array and the schema still names the allowed range when it refuses the curve.
 */
export function weeksToGenerate(weeks: number): number {
  return Math.max(0, Math.min(Math.floor(weeks), WEEKLY_CURVE_WEEKS.max + 1));
}

/**
 * A new weekly curve. `resize` also sizes self-build to the curve (engine `sizeClusterToCurve`, the
 * same rule as the Scenarios tab's CSV import): a generated or imported curve replaces the workload,
 * so the old capacity no longer describes a sensible cluster; a single typed or dragged week does not
 * resize (the user is refining the same workload).
 */
export function withCurve(weeklyGpus: readonly number[], resize: boolean): Recipe {
  return (s) => withWeeklyCurve(s, weeklyGpus, resize);
}

/** Replaces one week's value (typed in the table or dragged on the chart); other weeks stay. */
export function withWeek(index: number, gpus: number): Recipe {
  return (s) => {
    const weekly = [...s.demand.weeklyGpus];
    if (index < 0 || index >= weekly.length) return s;
    weekly[index] = gpus;
    return withWeeklyCurve(s, weekly, false);
  };
}

/**
 * The weekly curve the scenario's jobs imply: flat, at the jobs' mean useful GPUs (jobs × hours × GPUs
 * ÷ 730 h), over a year. Step 1 starts from it instead of asking for a curve first; the person then
 * edits it (a week in the table, a drag on the chart, a generator). Not rounded: the same demand, so
 * every cost stays what the dashboard showed.
 */
export function jobsImpliedCurve(s: Scenario): number[] {
  const meanGpus = usefulGpuHoursPerMonth(s) / HOURS_PER_MONTH;
  return new Array<number>(DEFAULT_CURVE_WEEKS).fill(meanGpus);
}

/** Switches a job-form demand to the curve its jobs imply (a weekly demand is left as it is). */
export function withJobsCurve(): Recipe {
  return (s) => (s.demand.mode === 'weekly' ? s : withWeeklyCurve(s, jobsImpliedCurve(s), false));
}

export type CurveVerdict = 'ownOrReserve' | 'hybrid' | 'rent' | 'empty';

/**
 * Thresholds of the curve verdict on baseline ÷ peak (p15 ÷ p95 of weekly demand, demand.ts).
 * Seed 003 §5 step 1: "基线高且平稳，倾向自建或预留；基线低、峰谷差大，倾向租用". "High and steady" is
 * the engine's steady shape (peak within 1.5× the baseline, demand.ts classifyShape), i.e. baseline
 * ≥ 2/3 of the peak; "low baseline, big gap" is a peak at least 3× the baseline (the pulse generator's
 * campaigns run at ≈3× the quiet level, seed 003 §4 科研脉冲). In between, seed 003 §6's hybrid: own or
 * reserve the baseline, burst the peaks.
 */
export const STEADY_BASELINE_SHARE = 1 / 1.5;
export const PEAKY_BASELINE_SHARE = 1 / 3;

export interface CurveSummary {
  verdict: CurveVerdict;
  /** Baseline ÷ peak (0 when there is no demand). */
  baselineShare: number;
}

export function curveVerdict(evaluation: Pick<Evaluation, 'demand'>): CurveSummary {
  const d = evaluation.demand;
  if (d.shape === 'empty' || d.peakGpus <= 0) return { verdict: 'empty', baselineShare: 0 };
  const baselineShare = d.baselineGpus / d.peakGpus;
  const verdict =
    baselineShare >= STEADY_BASELINE_SHARE
      ? 'ownOrReserve'
      : baselineShare <= PEAKY_BASELINE_SHARE
        ? 'rent'
        : 'hybrid';
  return { verdict, baselineShare };
}

// ---------------------------------------------------------------------------------------------------
// Step 2: TCO table

/** Strategies the TCO table compares: self-build against renting whole servers and the pooled platform. */
export const TCO_STRATEGIES: readonly StrategyId[] = ['selfBuild', 'rent', 'platform', 'hybrid'];

export type TcoLine = 'compute' | 'energy' | 'time' | 'ops' | 'failure' | 'iteration';

export interface TcoRow {
  strategy: StrategyId;
  eligible: boolean;
  /** Cost in each year of the horizon (the last year may be partial). */
  yearsCny: number[];
  totalCny: number;
  /** Each category's total over the horizon, for the "what it is made of" line. */
  linesCny: Record<TcoLine, number>;
  /** Capex paid at purchase (self-build and an owned hybrid baseline), shown beside the amortised years. */
  capexCny: number;
  /**
   * Cash paid in each year (engine `cashByYear`: purchase month 0 counts in year 1): where the
   * amortised years are equal, this shows when the money actually goes out.
   */
  cash: CashByYear;
}

export interface TcoTable {
  /** Months in each year of the horizon: 12, 12, …, remainder. */
  yearMonths: number[];
  rows: TcoRow[];
  /** Useful GPU-hours a month (the real usage of seed 003 §5 step 2). */
  usefulGpuHoursPerMonth: number;
}

/**
 * Seed 003 §5 step 2: self-build amortised over the horizon (hardware, site, power, staff, maintenance,
 * depreciation — the engine's monthly accounting view) against renting at real usage (billed hours ×
 * price + environment setup + failure losses), per year and in total, one table — never unit prices.
 * A year's cost is the strategy's average monthly cost × the months of that year, so the years add
 * up to the engine's horizon total.
 */
export function tcoTable(scenario: Scenario, evaluation: Evaluation): TcoTable {
  const months = yearMonths(scenario.horizonMonths);
  const rows = TCO_STRATEGIES.map((id): TcoRow => {
    const r = evaluation.strategies[id];
    const b = r.breakdownMonthlyCny;
    const h = scenario.horizonMonths;
    return {
      strategy: id,
      eligible: r.eligible,
      yearsCny: months.map((m) => r.monthlyCny * m),
      totalCny: r.horizonCny,
      linesCny: {
        compute: b.compute * h,
        energy: b.energy * h,
        time: b.time * h,
        ops: b.ops * h,
        failure: b.failure * h,
        iteration: b.iteration * h,
      },
      capexCny: r.capexCny,
      cash: cashByYear(r, scenario.horizonMonths),
    };
  });
  return { yearMonths: months, rows, usefulGpuHoursPerMonth: evaluation.demand.usefulGpuHoursPerMonth };
}

// ---------------------------------------------------------------------------------------------------
// Step 3: utilization and cost per unit of output

export type ThroughputRate = 'perSecond' | 'perHour';
export const SECONDS_PER_HOUR = 3600;

/** Units per useful GPU-hour from a measured rate per GPU (tokens/s × 3,600). */
export function unitsPerGpuHour(value: number, rate: ThroughputRate): number {
  return rate === 'perSecond' ? value * SECONDS_PER_HOUR : value;
}

/** A measured throughput (null clears it). */
export function withThroughput(unitsPerUsefulGpuHour: number | null, unitName: string): Recipe {
  return (s) => ({ ...s, throughput: { unitsPerUsefulGpuHour, unitName } });
}

/** Seed 003 §5 step 3: a self-built cluster should run at 60 % or more, or its unit cost climbs. */
export const UTILIZATION_THRESHOLD = 0.6;
/** A well-run owned cluster (MODEL.md §7 compares 40 % against 85 %). */
export const GOOD_LOAD_RATE = 0.85;

export interface UnitCostPoint {
  loadRate: number;
  utilization: number;
  costPerUsefulGpuHourCny: number;
  costPerMillionUnitsCny: number | null;
}

export interface UtilizationCheck {
  utilization: number;
  meetsThreshold: boolean;
  current: UnitCostPoint;
  /** Self-build's unit cost with the demand scaled (shape kept) to 60 % and 85 % load. */
  atThreshold: UnitCostPoint;
  atGood: UnitCostPoint;
  /** Current unit cost ÷ unit cost at the threshold (how much low utilization raises it). */
  premiumOverThreshold: number;
  /** Whole-server capacity at which today's mean demand would be 60 % of it (seed: 重新审视规模设计). */
  capacityForThresholdGpus: number;
  /** Cost per million units for every strategy (null without a throughput). */
  perMillion: Record<StrategyId, number | null>;
}

/**
 * Step 3's sizing advice (seed 003 §5: 重新审视规模设计): a cluster of whole servers at which today's mean
 * demand would run at about 60 %. Only when that is smaller than the cluster today: when it is the
 * same (one server is already the smallest that holds the demand) there is no smaller size to offer,
 * and when it is larger the low utilization comes from the team's reachable load, not the size.
 */
export type ResizeAdvice =
  | { kind: 'smaller'; gpus: number; capacityGpus: number }
  | { kind: 'atMinimum'; gpus: number };

export function resizeAdvice(check: UtilizationCheck, capacityGpus: number): ResizeAdvice | null {
  if (check.meetsThreshold) return null;
  if (check.capacityForThresholdGpus < capacityGpus)
    return { kind: 'smaller', gpus: check.capacityForThresholdGpus, capacityGpus };
  if (check.capacityForThresholdGpus === capacityGpus) return { kind: 'atMinimum', gpus: capacityGpus };
  return null;
}

function unitPoint(s: Scenario, e: Evaluation): UnitCostPoint {
  const r = e.strategies.selfBuild;
  return {
    loadRate: e.loadRate,
    utilization: r.utilization,
    costPerUsefulGpuHourCny: r.costPerUsefulGpuHourCny,
    costPerMillionUnitsCny: s.throughput.unitsPerUsefulGpuHour === null ? null : r.costPerMillionUnitsCny,
  };
}

export function utilizationCheck(scenario: Scenario, evaluation: Evaluation): UtilizationCheck {
  const r = evaluation.strategies.selfBuild;
  const at = (rate: number) => {
    const scaled = scaleToLoadRate(scenario, rate);
    return unitPoint(scaled, evaluate(scaled));
  };
  const current = unitPoint(scenario, evaluation);
  const atThreshold = at(UTILIZATION_THRESHOLD);
  const perMillion = {} as Record<StrategyId, number | null>;
  for (const id of TCO_STRATEGIES) perMillion[id] = evaluation.strategies[id].costPerMillionUnitsCny;
  return {
    utilization: r.utilization,
    meetsThreshold: r.utilization >= UTILIZATION_THRESHOLD - 1e-9,
    current,
    atThreshold,
    atGood: at(GOOD_LOAD_RATE),
    premiumOverThreshold:
      atThreshold.costPerUsefulGpuHourCny > 0
        ? current.costPerUsefulGpuHourCny / atThreshold.costPerUsefulGpuHourCny
        : 1,
    capacityForThresholdGpus: ownedCapacityGpus(
      evaluation.demand.meanGpus / UTILIZATION_THRESHOLD,
      scenario.selfBuild.gpusPerServer,
    ),
    perMillion,
  };
}

// ---------------------------------------------------------------------------------------------------
// Step 4: risk and elasticity — answers move parameters

export type PeakAccess = 'fast' | 'sometimes' | 'slow';
export type Recovery = 'automatic' | 'manualCheckpoints' | 'none';
export type RefreshValue = 'well' | 'typical' | 'poorly';
export type OpsTeam = 'none' | 'partTime' | 'team' | 'experienced' | 'expert';

export const PEAK_ACCESS: readonly PeakAccess[] = ['fast', 'sometimes', 'slow'];
export const RECOVERY: readonly Recovery[] = ['automatic', 'manualCheckpoints', 'none'];
export const REFRESH: readonly RefreshValue[] = ['well', 'typical', 'poorly'];
export const OPS_TEAM: readonly OpsTeam[] = ['none', 'partTime', 'team', 'experienced', 'expert'];

export interface RiskAnswers {
  peakAccess: PeakAccess | null;
  recovery: Recovery | null;
  refresh: RefreshValue | null;
  opsTeam: OpsTeam | null;
}

export const NO_ANSWERS: RiskAnswers = { peakAccess: null, recovery: null, refresh: null, opsTeam: null };

export function allAnswered(a: RiskAnswers): boolean {
  return a.peakAccess !== null && a.recovery !== null && a.refresh !== null && a.opsTeam !== null;
}

/**
 * Seed 003 §4 factor 3 (团队能力): the ops question sets the team capability level 1–5, which moves
 * self-build's utilization cap, staffing, manual hours and build lead time (capability.ts).
 */
export const OPS_TEAM_LEVEL: Record<OpsTeam, TeamCapability> = {
  none: 1,
  partTime: 2,
  team: 3,
  experienced: 4,
  expert: 5,
};

/**
 * Seed 003 §4–§5 "技术换代时现有投入的保值性": how fast owned accelerators lose resale value (the engine's
 * resale-based iteration risk, model v2). "Holds value well" takes the low end of the researched
 * typical range, "poorly" the high end, "typical" the default (parameters.ts).
 */
export function resaleDeclineFor(answer: RefreshValue): number {
  const meta = parameter('finance.resaleValueDeclineFractionPerYear');
  const [low, high] = meta.typical ?? [meta.min, meta.max];
  return answer === 'well' ? low : answer === 'poorly' ? high : meta.defaultValue;
}

/**
 * Seed 003 §1 故障成本: "没有做好检查点，之前的进度可能全部丢失；即便有检查点，手动恢复也需要时间".
 * automatic → automatic checkpoint/resume of the owned cluster with checkpoints (the current interval,
 * or the default hourly one); manualCheckpoints → manual recovery with checkpoints; none → manual
 * recovery and no checkpoints (interval 0: a failure loses half the job on average).
 */
export function recoveryChange(answer: Recovery, s: Scenario): Pick<Scenario, 'selfBuild' | 'operations'> {
  const interval =
    answer === 'none'
      ? 0
      : s.operations.checkpointIntervalHours > 0
        ? s.operations.checkpointIntervalHours
        : defaultOf('operations.checkpointIntervalHours');
  return {
    selfBuild: { ...s.selfBuild, recovery: answer === 'automatic' ? 'automatic' : 'manual' },
    operations: { ...s.operations, checkpointIntervalHours: interval },
  };
}

/**
 * Seed 003 §3 "资源可用性受整体供需影响，高峰期可能需要排队" and §6 "把稳态的基线负载用自建或预留资源承载".
 * When peak capacity is slow to get, bursting cannot be relied on beyond the occasional week, so the
 * hybrid keeps whole servers covering the p95 peak week itself (owned or reserved: guaranteed) and bursts
 * only the top 5 % of weeks; otherwise the engine picks the cheapest baseline (null).
 */
export function hybridBaselineFor(
  answer: PeakAccess,
  s: Scenario,
  e: Pick<Evaluation, 'demand'>,
): number | null {
  if (answer !== 'slow') return null;
  return ownedCapacityGpus(e.demand.peakGpus, s.selfBuild.gpusPerServer);
}

/** Every scenario change the answers given so far imply (unanswered questions change nothing). */
export function applyAnswers(answers: RiskAnswers): Recipe {
  return (s) => {
    const e = evaluate(s);
    let next = s;
    if (answers.opsTeam !== null) next = { ...next, teamCapability: OPS_TEAM_LEVEL[answers.opsTeam] };
    if (answers.recovery !== null) next = { ...next, ...recoveryChange(answers.recovery, next) };
    if (answers.refresh !== null)
      next = {
        ...next,
        finance: { ...next.finance, resaleValueDeclineFractionPerYear: resaleDeclineFor(answers.refresh) },
      };
    if (answers.peakAccess !== null)
      next = {
        ...next,
        hybrid: { ...next.hybrid, baselineGpus: hybridBaselineFor(answers.peakAccess, next, e) },
      };
    return next;
  };
}
