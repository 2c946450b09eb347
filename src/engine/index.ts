/**
 * The cost engine's public surface. Pure and deterministic: no React, no DOM, no clock, no unseeded
 * randomness. Everything outside src/engine imports the engine from here.
 */
export { buildLeadTimeMonthsOf } from './capability';
export { paybackMonth } from './cash';
export { cashByYear, yearMonths } from './cash-by-year';
export { type CashReport, cashReport } from './cash-report';
export * from './catalog';
export {
  achievableUtilization,
  clusterSizeNote,
  type MeasuredWay,
  ruleSizedGpus,
  sizeClusterToCurve,
  sizedToDemand,
  withCapacityByHand,
  withMeasuredEfficiency,
  withRuleSize,
  withWeeklyCurve,
} from './cluster-sizing';
export { HOURS_PER_MONTH, HOURS_PER_WEEK } from './constants';
export { crossoverLoadRates } from './crossover';
export {
  demandStats,
  jobsPerMonth,
  loadRateOf,
  mean,
  ownedCapacityGpus,
  percentileSorted,
  scaleToLoadRate,
  usefulCurve,
  usefulGpuHoursPerMonth,
} from './demand';
export { CURVE_KINDS, type CurveKind, generateCurve } from './demand-generators';
export { DEFAULT_FLAT_WEEKS, switchDemandForm, switchDemandMode } from './demand-mode';
export { efficiencies, ownEfficiency, STEADY_GAIN_REDUCTION, type WayEfficiency } from './efficiency';
export { evaluate } from './evaluate';
export {
  ALL_HARDWARE_FILLED_PATHS,
  catalogueFiguresFor,
  chooseModel,
  defaultHardware,
  defaultThroughputRatio,
  HARDWARE_FILLED_PATHS,
  HARDWARE_STRATEGIES,
  type HardwareStrategy,
  hardwareSummary,
  rangeOf,
  round2,
  withUserEdits,
} from './hardware';
export { compareHardware, type HardwareComparison } from './hardware-compare';
export { type DatedDemand, datedDemand } from './horizon-demand';
export { type HybridAnalysis, hybridAnalysis } from './hybrid-analysis';
export { readInput, withInput } from './input-path';
export { discountedPaybackPeriod, irr, presentValue } from './irr';
export { type LoadRateLimit, maxLoadRate, scaleToLoadRateWithinLimits } from './load-rate-limits';
export { hardwareLife, marketFactorAtMonth } from './market';
export { migrationPlan } from './migration-plan';
export { MIN_OWNED_BASELINE_GPUS, minOwnedBaselineGpus } from './owned-baseline';
export {
  BUILD_LEAD_TIME_MONTHS,
  isMoneyParameter,
  MONEY_PATHS,
  PARAMETERS,
  type ParameterGroup,
  type ParameterMeta,
  parameter,
  WEEKLY_CURVE_WEEKS,
  WEEKLY_GPUS_MAX,
} from './parameters';
export { type PlanTotal, planTotal } from './plan-total';
export { defaultScenario, makeDefaultInputs, presets } from './presets';
export { DECLINE_STRIP, type DeclineFlip, flipDecline, sweepPriceDecline } from './price-decline';
export { changedInputs, comparedInputValue, inputsDifferingFromFirst, inputUsedBy } from './scenario-diff';
export {
  allAnswered,
  applyAnswers,
  type CurveFinding,
  type CurveSummary,
  type CurveVerdict,
  curveFinding,
  curveVerdict,
  GOOD_LOAD_RATE,
  generatedCurve,
  generatorMeanGpus,
  holdsPeakInHouse,
  hybridBaselineFor,
  jobsImpliedCurve,
  NO_ANSWERS,
  OPS_TEAM,
  OPS_TEAM_LEVEL,
  PEAK_ACCESS,
  PEAKY_BASELINE_SHARE,
  RECOVERY,
  REFRESH,
  type RiskAnswers,
  recoveryChange,
  resaleDeclineFor,
  type ScenarioRecipe,
  SECONDS_PER_HOUR,
  SELF_ASSESSMENT_CURVE_SEED,
  type SelfAssessmentHybrid,
  type SizingAdvice,
  STEADY_BASELINE_SHARE,
  selfAssessmentHybrid,
  sizingAdvice,
  strategyRanking,
  THROUGHPUT_RATES,
  type ThroughputRate,
  tcoTable,
  UTILIZATION_THRESHOLD,
  type UtilizationCheck,
  unitsPerGpuHour,
  utilizationCheck,
  weeksToGenerate,
  withCurve,
  withJobsCurve,
  withThroughput,
  withWeek,
} from './self-assessment';
export {
  type BreakEven,
  breakEvenValue,
  selfBuildGapCny,
  type TornadoResult,
  type TornadoRow,
  tornado,
} from './sensitivity';
export { type BudgetPlan, budgetPlan } from './sizing-budget';
export {
  SIZING_MAX_POINTS,
  type SizingBand,
  type SizingCurve,
  sizingCurve,
  startSizingBand,
} from './sizing-curve';
export { sweepCompliance, sweepLoadRate, sweepTeamCapability, type WinnerAt } from './sweep';
export * from './training-plan';
export { triangular } from './triangular';
export * from './types';
export {
  defaultUncertainty,
  UNCERTAIN_PATH_CHOICES,
  UNCERTAINTY_DRAWS,
  UNCERTAINTY_SEED,
} from './uncertain-inputs';
export { DEFAULT_CROSSOVER_DRAWS, type MonteCarloResult, monteCarlo, startMonteCarlo } from './uncertainty';
export { VAT_RATE_RANGE, vatFactor } from './vat';
export { TIE_FRACTION, TIE_PREFERENCE } from './winner';
export { type WorkbookFacts, workbookFacts } from './workbook-facts';
