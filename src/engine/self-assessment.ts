/**
 * The self-assessment's domain rules (seed 003 §5 "自测方法与决策框架": four self-test steps; §4 the
 * decision factors; §6 hybrid and migration path), as pure functions of the scenario and its
 * evaluation. The wizard (src/features/wizard) holds only its UI state and wording: it calls these and
 * translates the codes they return.
 *
 * The scenario changes are recipes (scenario → candidate scenario): the wizard passes them to the
 * store's door, which validates the whole candidate with the scenario schema before it is applied,
 * like every other change. Rules shared with other views live in their own engine modules and are
 * called from here, not repeated: sizing to a curve (cluster-sizing.ts), the flat curve a job form
 * implies (demand-mode.ts), the steady shape (demand.ts), cash by year (cash-by-year.ts), the
 * competing strategies (winner.ts) and the migration plan (migration-plan.ts).
 *
 * Where each number comes from: seed 003 is the Chinese industry article on self-build vs rent,
 * 自建还是租用算力——六项成本、决定因素与四步自测 (docs/data-sources.md, "The two source articles"; its
 * §5 quoted below); the cost model is docs/model.md.
 */
import { type CashByYear, cashByYear, yearMonths } from './cash-by-year';
import { ruleSizedGpus, withWeeklyCurve } from './cluster-sizing';
import { HOURS_PER_MONTH } from './constants';
import { demandStats, ownedCapacityGpus, STEADY_PEAK_TO_BASELINE, scaleToLoadRate } from './demand';
import { type CurveKind, generateCurve } from './demand-generators';
import { impliedFlatCurve } from './demand-mode';
import { evaluate } from './evaluate';
import { type HybridOffer, hybridOffer } from './hybrid-offer';
import { inputsFor, ownedPart, pricingInputs } from './model';
import { isSmallBaseline, minOwnedBaselineGpus } from './owned-baseline';
import { defaultOf, parameter, WEEKLY_CURVE_WEEKS } from './parameters';
import { tieReason } from './recommend';
import {
  type Breakdown,
  COST_CATEGORIES,
  type Evaluation,
  type Scenario,
  STRATEGY_IDS,
  type StrategyId,
  type TeamCapability,
  type TieReason,
  type WayEfficiency,
} from './types';
import { competingMonthly, TIE_FRACTION, TIE_PREFERENCE } from './winner';

/** A scenario change, given the scenario it applies to (the wizard's store door validates the result). */
export type ScenarioRecipe = (s: Scenario) => Scenario;

// ---------------------------------------------------------------------------------------------------
// Step 1: usage curve — seed 003 §5 第一步 "铺开历史用量曲线 … 看稳态基线、峰值与谷值"

/** The generator's seed: fixed, so the same choice always draws the same curve (and tests can rebuild it). */
export const SELF_ASSESSMENT_CURVE_SEED = 2024;

export interface CurveSettings {
  kind: CurveKind;
  weeks: number;
  meanGpus: number;
}

/** A generated curve, rounded to 0.1 GPU like the presets (a table of 52 weeks reads better). */
export function generatedCurve({ kind, weeks, meanGpus }: CurveSettings): number[] {
  return generateCurve(kind, { weeks, meanGpus, seed: SELF_ASSESSMENT_CURVE_SEED }).map(
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
 * The generator's starting mean: the scenario's own mean demand rounded to 0.1 GPU (like the curve),
 * at least 1 GPU, so a first pick keeps the demand's size.
 */
export function generatorMeanGpus(meanGpus: number): number {
  return Math.max(1, Math.round(meanGpus * 10) / 10);
}

/**
 * A new weekly curve. `resize` also sizes self-build to the curve (engine `sizeClusterToCurve`, the
 * same rule as the Scenarios tab's CSV import): a generated or imported curve replaces the workload,
 * so the old capacity no longer describes a sensible cluster (unless the user sized it by hand: it
 * stays, cluster-sizing.ts `sizedToDemand`); a single typed or dragged week does not resize (the user
 * is refining the same workload).
 */
export function withCurve(weeklyGpus: readonly number[], resize: boolean): ScenarioRecipe {
  return (s) => withWeeklyCurve(s, weeklyGpus, resize);
}

/** Replaces one week's value (typed in the table or dragged on the chart); other weeks stay. */
export function withWeek(index: number, gpus: number): ScenarioRecipe {
  return (s) => {
    const weekly = [...s.demand.weeklyGpus];
    if (index < 0 || index >= weekly.length) return s;
    weekly[index] = gpus;
    return withWeeklyCurve(s, weekly, false);
  };
}

/**
 * The weekly curve the scenario's jobs imply: flat, at the jobs' mean useful GPUs (jobs × hours × GPUs
 * ÷ 730 h), over a year (demand-mode.ts `impliedFlatCurve`). Step 1 starts from it instead of asking
 * for a curve first; the person then edits it (a week in the table, a drag on the chart, a generator).
 * Not rounded: the same demand, so every cost stays what the dashboard showed.
 */
export function jobsImpliedCurve(s: Scenario): number[] {
  return impliedFlatCurve(s);
}

/**
 * Switches a job-form demand to the curve its jobs imply (a weekly demand is left as it is). Unlike
 * the dashboard's form switch, a curve kept from before is not reused: step 1 starts from the jobs.
 */
export function withJobsCurve(): ScenarioRecipe {
  return (s) => (s.demand.mode !== 'jobs' ? s : withWeeklyCurve(s, jobsImpliedCurve(s), false));
}

/**
 * Seed 003 §5 step 1's three readings of a curve, and the two where the baseline is too small to own
 * (owned-baseline.ts): `steadySmall` — steady, but below one server's worth of GPUs; `hybridSmall` — a
 * baseline with peaks, the baseline again too small to own. Both lean towards renting or the platform:
 * "high" in "基线高且平稳" is about size too. `empty`: no demand to read.
 */
export type CurveVerdict = 'ownOrReserve' | 'steadySmall' | 'hybrid' | 'hybridSmall' | 'rent' | 'empty';
/**
 * Baseline ÷ peak (p15 ÷ p95 of weekly demand, demand.ts) at or above which the curve is "基线高且平稳，
 * 倾向自建或预留" (seed 003 §5 step 1): the engine's steady shape, peak within
 * STEADY_PEAK_TO_BASELINE = 1.5× the baseline (demand.ts), i.e. a baseline ≥ 2/3 of the peak.
 */
export const STEADY_BASELINE_SHARE = 1 / STEADY_PEAK_TO_BASELINE;
/**
 * Baseline ÷ peak at or below which the curve is "基线低、峰谷差大，倾向租用" (seed 003 §5 step 1): a peak
 * at least 3× the baseline. The seed gives no number; 3× is this model's reading of its research
 * pulses (§4 第一 "科研机构的算力需求往往呈现脉冲特征"), whose campaigns the pulse generator draws at
 * about 3× the quiet level (demand-generators.ts). Between the two: seed 003 §6's hybrid, "把稳态的基线
 * 负载用自建或预留资源承载 … 把峰值与实验性需求交给弹性算力".
 */
export const PEAKY_BASELINE_SHARE = 1 / 3;

export interface CurveSummary {
  verdict: CurveVerdict;
  /** Baseline ÷ peak (0 when there is no demand). */
  baselineShare: number;
  /** The baseline (p15 of weekly demand, demand.ts) in GPUs. */
  baselineGpus: number;
  /** The smallest baseline worth owning for this scenario's servers (owned-baseline.ts). */
  minOwnedGpus: number;
}

/**
 * Seed 003 §5 step 1's verdict on the demand's baseline ÷ peak (thresholds above), with a steady or
 * mixed curve whose baseline is below one server worth owning read as small (owned-baseline.ts).
 */
export function curveVerdict(
  scenario: Pick<Scenario, 'selfBuild'>,
  evaluation: Pick<Evaluation, 'demand'>,
): CurveSummary {
  const d = evaluation.demand;
  const minOwnedGpus = minOwnedBaselineGpus(scenario.selfBuild.gpusPerServer);
  if (d.shape === 'empty' || d.peakGpus <= 0)
    return { verdict: 'empty', baselineShare: 0, baselineGpus: 0, minOwnedGpus };
  const baselineShare = d.baselineGpus / d.peakGpus;
  const small = isSmallBaseline(d.baselineGpus, scenario.selfBuild.gpusPerServer);
  const verdict: CurveVerdict =
    baselineShare >= STEADY_BASELINE_SHARE
      ? small
        ? 'steadySmall'
        : 'ownOrReserve'
      : baselineShare <= PEAKY_BASELINE_SHARE
        ? 'rent'
        : small
          ? 'hybridSmall'
          : 'hybrid';
  return { verdict, baselineShare, baselineGpus: d.baselineGpus, minOwnedGpus };
}

/** Strategies that own (or reserve) capacity; the other two rent it. */
const OWNING: ReadonlySet<StrategyId> = new Set(['selfBuild', 'hybrid']);

/**
 * The curve reading set against the recommendation, for the result's deciding factors: when the curve
 * leans one way (owning for `ownOrReserve` and `hybrid`, renting for the rest) and the cost comparison
 * picks the other, the reading must not stand alone — `against` says which strategy the curve leaned
 * to, which one won, and how much more a month the leaned one costs (null when it is not allowed).
 */
export interface CurveFinding extends CurveSummary {
  against: { leaned: StrategyId; winner: StrategyId; leanedAboveFraction: number | null } | null;
}

export function curveFinding(
  scenario: Pick<Scenario, 'selfBuild'>,
  evaluation: Pick<Evaluation, 'demand' | 'strategies' | 'recommendation'>,
): CurveFinding {
  const summary = curveVerdict(scenario, evaluation);
  const winner = evaluation.recommendation.strategy;
  if (summary.verdict === 'empty') return { ...summary, against: null };
  const leansOwn = summary.verdict === 'ownOrReserve' || summary.verdict === 'hybrid';
  if (leansOwn === OWNING.has(winner)) return { ...summary, against: null };
  const strategies = evaluation.strategies;
  // Leaning to rent means the cheaper rental way that is allowed (renting whole servers if neither is).
  const rentals = (['rent', 'platform'] as const).filter((id) => strategies[id].eligible);
  const leaned: StrategyId =
    summary.verdict === 'ownOrReserve'
      ? 'selfBuild'
      : summary.verdict === 'hybrid'
        ? 'hybrid'
        : (rentals.sort((a, b) => strategies[a].monthlyCny - strategies[b].monthlyCny)[0] ?? 'rent');
  const winnerMonthly = strategies[winner].monthlyCny;
  const leanedAboveFraction =
    strategies[leaned].eligible && winnerMonthly > 0
      ? strategies[leaned].monthlyCny / winnerMonthly - 1
      : null;
  return { ...summary, against: { leaned, winner, leanedAboveFraction } };
}

// ---------------------------------------------------------------------------------------------------
// Step 2: TCO table — seed 003 §5 第二步 "算总拥有成本 … 两者放在同一张表上比较，而不是比单价"

export interface TcoRow {
  strategy: StrategyId;
  eligible: boolean;
  /** Cost over the horizon (the monthly accounting view: purchase spread, resale credited). */
  totalCny: number;
  /** Each category's total over the horizon, for the "what it is made of" line. */
  linesCny: Breakdown;
  /** Capex paid at purchase (self-build and an owned hybrid baseline), shown beside the amortised years. */
  capexCny: number;
  /**
   * Cash paid in each year (engine `cashByYear`: purchase month 0 counts in year 1): the table's
   * year columns, so each year shows its real cash (prices fall, a purchase is paid on delivery).
   */
  cash: CashByYear;
  /** GPU-hours billed a month (average billed GPUs × 730 h): renting's "实际用量". */
  billedGpuHoursPerMonth: number;
}

export interface TcoTable {
  /** Months in each year of the horizon: 12, 12, …, remainder. */
  yearMonths: number[];
  /** One row per strategy, in STRATEGY_IDS order (self-build, rent, platform, hybrid). */
  rows: TcoRow[];
  /** Useful GPU-hours a month (the real usage of seed 003 §5 step 2). */
  usefulGpuHoursPerMonth: number;
}

/**
 * Seed 003 §5 step 2: self-build amortised over the horizon ("把硬件、机房、电力、运维人力、维保与折旧按三年
 * 摊开" — the engine's monthly accounting view) against renting at real usage ("按实际用量乘以单价，加上环境
 * 准备与故障损失的估算": billed hours × price + setup + failure losses), per year and in total, one
 * table — never unit prices. Each year is the cash really paid in it (cash-by-year.ts); the cost over
 * the horizon (purchase spread, resale credited) stands beside it, with its parts by category.
 */
export function tcoTable(scenario: Scenario, evaluation: Evaluation): TcoTable {
  const months = yearMonths(scenario.horizonMonths);
  const h = scenario.horizonMonths;
  const rows = STRATEGY_IDS.map((id): TcoRow => {
    const r = evaluation.strategies[id];
    const b = r.breakdownMonthlyCny;
    const linesCny = {} as Breakdown;
    for (const c of COST_CATEGORIES) linesCny[c] = b[c] * h;
    return {
      strategy: id,
      eligible: r.eligible,
      totalCny: r.horizonCny,
      linesCny,
      capexCny: r.capexCny,
      cash: cashByYear(r, scenario.horizonMonths),
      billedGpuHoursPerMonth: r.averageBilledGpus * HOURS_PER_MONTH,
    };
  });
  return { yearMonths: months, rows, usefulGpuHoursPerMonth: evaluation.demand.usefulGpuHoursPerMonth };
}

// ---------------------------------------------------------------------------------------------------
// Step 3: utilization and cost per unit of output — seed 003 §5 第三步 "用小规模任务实测吞吐，算出单位产出
// 的成本。自建方案的利用率若达不到六成以上，单位成本会被显著抬高，此时需要重新审视规模设计"

/** How a measured throughput is given: per second (e.g. tokens/s) or per hour, per GPU. */
export type ThroughputRate = 'perSecond' | 'perHour';
export const THROUGHPUT_RATES: readonly ThroughputRate[] = ['perSecond', 'perHour'];
export const SECONDS_PER_HOUR = 3600;

/** Units per useful GPU-hour from a measured rate per GPU (tokens/s × 3,600). */
export function unitsPerGpuHour(value: number, rate: ThroughputRate): number {
  return rate === 'perSecond' ? value * SECONDS_PER_HOUR : value;
}

/** A measured throughput (null clears it). */
export function withThroughput(unitsPerUsefulGpuHour: number | null, unitName: string): ScenarioRecipe {
  return (s) => ({ ...s, throughput: { unitsPerUsefulGpuHour, unitName } });
}

/**
 * Seed 003 §5 step 3: "自建方案的利用率若达不到六成以上，单位成本会被显著抬高" — a self-built cluster
 * should run at 60 % or more, or its unit cost climbs. Used as the check's target only where the own
 * cluster can reach it (docs/model.md §9: never a threshold the model says cannot be met).
 */
export const UTILIZATION_THRESHOLD = 0.6;
/**
 * The load of a well-run owned cluster, the second comparison point of step 3. Not from the seed: 85 %
 * is the top of the researched range of pooled utilization (parameters.ts `platform.utilization`,
 * typical 60–85 %). Shown only where the own cluster can reach it; else the point is the most it can
 * reach (above that the excess bursts, so 85 % would not describe the cluster).
 */
export const GOOD_LOAD_RATE = 0.85;
/** Rounding slack of the target check, so a utilization of exactly 60 % (0.6 ± float error) passes. */
const THRESHOLD_TOLERANCE = 1e-9;
/** Two comparison points closer than this (half a percentage point) would print as the same load. */
const SAME_POINT = 0.005;

export interface UnitCostPoint {
  loadRate: number;
  /** The own cluster's utilization in house (clusterUtilization). */
  utilization: number;
  costPerUsefulGpuHourCny: number;
  costPerMillionUnitsCny: number | null;
}

/** Where the check's target comes from: the seed's 60 %, or the own cluster's reachable efficiency. */
export type TargetBasis = 'seed' | 'reachable';
/** The second point: a well-run cluster's 85 %, or the most the own cluster reaches (below 85 %). */
export type BestBasis = 'wellRun' | 'reachable';

export interface UtilizationCheck {
  /** The own cluster's utilization in house today (clusterUtilization), what the check compares. */
  utilization: number;
  /** The own cluster's efficiency (measured or by rule): the highest load it can serve in house. */
  reachable: WayEfficiency;
  /** Team level and pooling, for the by-rule efficiency's wording. */
  teamCapability: TeamCapability;
  privatePool: boolean;
  /** The load the check compares with: 60 % where reachable, else the reachable efficiency. */
  target: { loadRate: number; basis: TargetBasis };
  meetsThreshold: boolean;
  current: UnitCostPoint;
  /** Self-build's unit cost with the demand scaled (shape kept) to the target load. */
  atThreshold: UnitCostPoint;
  /**
   * The same at 85 % load, or at the reachable efficiency when that is lower; null when it is the
   * target itself (a cluster that cannot reach 60 % has one point: the most it reaches).
   */
  atGood: { basis: BestBasis; point: UnitCostPoint } | null;
  /** Current unit cost ÷ unit cost at the target (how much low utilization raises it). */
  premiumOverThreshold: number;
  /** Cost per million units for every strategy (null without a throughput). */
  perMillion: Record<StrategyId, number | null>;
}

/**
 * How busy the own cluster itself is: useful GPU-hours it serves in house ÷ its GPU-hours (each week
 * at most its reachable efficiency, model/self-build.ts ownedPart). Not self-build's blended
 * utilization, which counts the burst's hours at the platform's efficiency too.
 */
export function clusterUtilization(s: Scenario): number {
  const x = inputsFor(pricingInputs(s), 'selfBuild');
  const part = ownedPart(x, x.selfBuildCapacityGpus);
  return part.billedGpuHours > 0 ? part.usefulGpuHours / part.billedGpuHours : 0;
}

function unitPoint(s: Scenario, e: Evaluation): UnitCostPoint {
  const r = e.strategies.selfBuild;
  return {
    loadRate: e.loadRate,
    utilization: clusterUtilization(s),
    costPerUsefulGpuHourCny: r.costPerUsefulGpuHourCny,
    costPerMillionUnitsCny: s.throughput.unitsPerUsefulGpuHour === null ? null : r.costPerMillionUnitsCny,
  };
}

/**
 * Step 3's check of self-build against the load its cluster should run at: the seed's 60 % where the
 * cluster can reach it, else its reachable efficiency (efficiency.ts, measured or by rule). Its
 * utilization today, its unit cost today, at the target and at the second point (the demand scaled,
 * shape kept: one or two more `evaluate` runs).
 */
export function utilizationCheck(scenario: Scenario, evaluation: Evaluation): UtilizationCheck {
  const reachable = evaluation.efficiencies.own;
  const at = (rate: number) => {
    const scaled = scaleToLoadRate(scenario, rate);
    return unitPoint(scaled, evaluate(scaled));
  };
  const target =
    reachable.value >= UTILIZATION_THRESHOLD - THRESHOLD_TOLERANCE
      ? { loadRate: UTILIZATION_THRESHOLD, basis: 'seed' as const }
      : { loadRate: reachable.value, basis: 'reachable' as const };
  const good =
    reachable.value >= GOOD_LOAD_RATE - THRESHOLD_TOLERANCE
      ? { loadRate: GOOD_LOAD_RATE, basis: 'wellRun' as const }
      : { loadRate: reachable.value, basis: 'reachable' as const };
  const current = unitPoint(scenario, evaluation);
  const atThreshold = at(target.loadRate);
  const perMillion = {} as Record<StrategyId, number | null>;
  for (const id of STRATEGY_IDS) perMillion[id] = evaluation.strategies[id].costPerMillionUnitsCny;
  return {
    utilization: current.utilization,
    reachable,
    teamCapability: scenario.teamCapability,
    privatePool: scenario.selfBuild.privatePool,
    target,
    meetsThreshold: current.utilization >= target.loadRate - THRESHOLD_TOLERANCE,
    current,
    atThreshold,
    atGood:
      good.loadRate - target.loadRate < SAME_POINT ? null : { basis: good.basis, point: at(good.loadRate) },
    premiumOverThreshold:
      atThreshold.costPerUsefulGpuHourCny > 0
        ? current.costPerUsefulGpuHourCny / atThreshold.costPerUsefulGpuHourCny
        : 1,
    perMillion,
  };
}

/**
 * Step 3's sizing advice (seed 003 §5 "重新审视规模设计"), in docs/model.md §9's two sizes and nothing else:
 * self-build owns enough to serve the curve's peak at the efficiency it reaches (cluster-sizing.ts);
 * the hybrid owns the engine's right size (right-size.ts, docs/model.md §5) and bursts the rest.
 * - `hybrid`: owning the right size and bursting the rest is cheaper than self-build;
 * - `ownNothing`: the right size is 0 — bursting everything is cheapest;
 * - `cluster`: a different own cluster serves all of the demand for less (a self-build capacity the
 *   user set away from the peak rule: "own N GPUs, not M");
 * - `asSized`: self-build's own size is already the cheapest to own.
 * `sizedToPeak`: whether self-build's capacity is the peak rule's (else the wording says "with its
 * M GPUs", not "sized to the peak").
 */
export type SizingAdvice =
  | {
      kind: 'hybrid' | 'ownNothing' | 'cluster';
      gpus: number;
      monthlyCny: number;
      savingMonthlyCny: number;
      burstShare: number;
      selfBuildGpus: number;
      sizedToPeak: boolean;
    }
  | { kind: 'asSized'; selfBuildGpus: number; sizedToPeak: boolean };

export function sizingAdvice(scenario: Scenario, evaluation: Pick<Evaluation, 'rightSize'>): SizingAdvice {
  const r = evaluation.rightSize;
  const sizedToPeak = r.currentGpus === ruleSizedGpus(scenario);
  const selfBuildGpus = r.currentGpus;
  // A saving that would print as 0.0 % of self-build is no reason to change: the sizes tie.
  const selfBuildMonthly = r.monthlyCny + r.savingMonthlyCny;
  if (r.gpus === selfBuildGpus || r.savingMonthlyCny <= TIE_FRACTION * selfBuildMonthly)
    return { kind: 'asSized', selfBuildGpus, sizedToPeak };
  const kind = r.gpus === 0 ? 'ownNothing' : r.burstShare > 0 ? 'hybrid' : 'cluster';
  return {
    kind,
    gpus: r.gpus,
    monthlyCny: r.monthlyCny,
    savingMonthlyCny: r.savingMonthlyCny,
    burstShare: r.burstShare,
    selfBuildGpus,
    sizedToPeak,
  };
}

// ---------------------------------------------------------------------------------------------------
// Step 4: risk and elasticity — seed 003 §5 第四步 "问三个问题：业务高峰期能否快速拿到资源？硬件故障时的恢复
// 能力如何？技术换代时现有投入的保值性如何？" plus §4 第三 团队能力. The answers move parameters, so the
// cost comparison, not a separate score, carries them.

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
 * Seed 003 §3 "资源可用性受整体供需影响，高峰期可能需要排队": whether peak capacity is slow to get, so the
 * hybrid holds the peak itself (hybridBaselineFor) rather than relying on bursting.
 */
export function holdsPeakInHouse(answer: PeakAccess): boolean {
  return answer === 'slow';
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
  if (!holdsPeakInHouse(answer)) return null;
  return ownedCapacityGpus(e.demand.peakGpus, s.selfBuild.gpusPerServer);
}

/**
 * Every scenario change the answers given so far imply (unanswered questions change nothing). The
 * peak is read from the demand before the answers (none of them changes the demand).
 */
export function applyAnswers(answers: RiskAnswers): ScenarioRecipe {
  return (s) => {
    let next = s;
    if (answers.opsTeam !== null) next = { ...next, teamCapability: OPS_TEAM_LEVEL[answers.opsTeam] };
    if (answers.recovery !== null) next = { ...next, ...recoveryChange(answers.recovery, next) };
    if (answers.refresh !== null)
      next = {
        ...next,
        finance: { ...next.finance, resaleValueDeclineFractionPerYear: resaleDeclineFor(answers.refresh) },
      };
    if (answers.peakAccess !== null) {
      const demand = demandStats(s);
      next = {
        ...next,
        hybrid: { ...next.hybrid, baselineGpus: hybridBaselineFor(answers.peakAccess, next, { demand }) },
      };
    }
    return next;
  };
}

// ---------------------------------------------------------------------------------------------------
// Result: the hybrid offered, and the strategies ranked by monthly cost

/**
 * The hybrid the result offers (docs/model.md §9): the engine's best (baseline left to the optimiser), or
 * — when the baseline is pinned — the pinned one, with who pinned it and what the best one costs.
 * `pinnedBy`: `peakAnswer` when the slow-peak answer holds the peak in house (hybridBaselineFor),
 * `assumptions` when the baseline was set elsewhere (the assumption panels, a link), null when the
 * optimiser chose it.
 */
export interface SelfAssessmentHybrid extends HybridOffer {
  pinnedBy: 'peakAnswer' | 'assumptions' | null;
}

export function selfAssessmentHybrid(
  scenario: Scenario,
  evaluation: Pick<Evaluation, 'strategies'>,
  answers: RiskAnswers,
): SelfAssessmentHybrid {
  const offer = hybridOffer(scenario, evaluation);
  const byAnswer = answers.peakAccess !== null && holdsPeakInHouse(answers.peakAccess);
  return { ...offer, pinnedBy: !offer.pinned ? null : byAnswer ? 'peakAnswer' : 'assumptions' };
}

export interface RankedStrategy {
  strategy: StrategyId;
  monthlyCny: number;
  horizonCny: number;
  /** Monthly cost above the cheapest, as a fraction of it (null for the cheapest, or a zero cheapest). */
  aboveBestFraction: number | null;
  /**
   * Set when this strategy costs the same as the cheapest to within TIE_FRACTION of its own cost (the
   * recommendation's tie rule, recommend.ts): why they are equal, so the row reads as a tie, never
   * "+0.0 %". Null for the cheapest itself and for a real difference.
   */
  tie: TieReason | null;
}

/**
 * The strategies that compete for the recommendation (winner.ts `competingMonthly`: eligible, a hybrid
 * only when it is a real mix), cheapest a month first; equal costs in TIE_PREFERENCE order (the
 * simpler option first, as the recommendation picks its winner).
 */
export function strategyRanking(evaluation: Pick<Evaluation, 'strategies'>): RankedStrategy[] {
  const strategies = evaluation.strategies;
  const monthly = competingMonthly(strategies);
  // Equal costs in the recommendation's order (winner.ts TIE_PREFERENCE), so the first row is its winner.
  const ranked = TIE_PREFERENCE.filter((id) => monthly[id] !== null).sort(
    (a, b) => strategies[a].monthlyCny - strategies[b].monthlyCny,
  );
  const bestId = ranked[0];
  const best = bestId === undefined ? 0 : strategies[bestId].monthlyCny;
  return ranked.map((id, i) => {
    const r = strategies[id];
    const ties = i > 0 && bestId !== undefined && r.monthlyCny - best <= TIE_FRACTION * r.monthlyCny;
    return {
      strategy: id,
      monthlyCny: r.monthlyCny,
      horizonCny: r.horizonCny,
      aboveBestFraction: best > 0 && i > 0 ? r.monthlyCny / best - 1 : null,
      tie: ties ? tieReason(strategies, strategies.selfBuild.baselineGpus, bestId, id) : null,
    };
  });
}
