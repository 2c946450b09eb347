/**
 * The cost engine's public surface. Pure and deterministic: no React, no DOM, no clock, no unseeded
 * randomness. Everything outside src/engine imports the engine from here.
 */
export {
  APPLIANCE_LEAD_TIME_MONTHS,
  buildLeadTimeMonthsOf,
  type CapabilityEffects,
  capabilityEffects,
} from './capability';
export { type CashModel, cashFlow, paybackMonth } from './cash';
export { type CashByYear, type CashYear, cashByYear, yearMonths } from './cash-by-year';
export {
  CATEGORY_VAT_CLASS,
  type CashReport,
  type CashReportYear,
  cashReport,
  type SelfBuildReturn,
  type StrategyCash,
} from './cash-report';
export * from './catalog';
export {
  achievableUtilization,
  type ClusterSizeNote,
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
export { compareWithRentals, solvePrice } from './comparisons';
export { BREAK_EVEN_SEARCH_MONTHS, HOURS_PER_MONTH, HOURS_PER_WEEK } from './constants';
export { bestRentalMonthly, crossoverLoadRates, PAYBACK_SEARCH_MONTHS } from './crossover';
export {
  demandStats,
  jobsPerMonth,
  loadRateOf,
  mean,
  ownedCapacityGpus,
  percentileSorted,
  scaleToLoadRate,
  usefulCurve,
  usefulGpuHoursPerJob,
  usefulGpuHoursPerMonth,
} from './demand';
export { CURVE_KINDS, type CurveKind, generateCurve } from './demand-generators';
export { DEFAULT_FLAT_WEEKS, switchDemandForm, switchDemandMode } from './demand-mode';
export {
  type Efficiencies,
  type EfficiencyOrigin,
  efficiencies,
  MIN_EFFICIENCY,
  ownEfficiency,
  STEADY_GAIN_REDUCTION,
  type WayEfficiency,
  type WorkloadShape,
  workloadShape,
} from './efficiency';
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
  type HardwareSummaryRow,
  hardwareSummary,
  isCatalogueValue,
  rangeOf,
  round2,
  strategyOfPath,
  userEditedPaths,
  withUserEdits,
} from './hardware';
export { compareHardware, type HardwareCompareRow, type HardwareComparison } from './hardware-compare';
export { type DatedDemand, datedDemand, isDatedDemand } from './horizon-demand';
export { type HybridAnalysis, hybridAnalysis } from './hybrid-analysis';
export { bestHybrid, type HybridAt, type HybridOffer, hybridOffer } from './hybrid-offer';
export { createWorkingCopy, readInput, withInput } from './input-path';
export { discountedPaybackPeriod, IRR_RANGE, irr, presentValue } from './irr';
export {
  type LoadRateLimit,
  maxLoadRate,
  type ScaledLoadRate,
  scaleToLoadRateWithinLimits,
} from './load-rate-limits';
export { averageMarketFactor, hardwareLife, marketFactorAtMonth, resaleValueCny } from './market';
export { type MigrationPlan, type MigrationStep, migrationPlan } from './migration-plan';
export { MIN_OWNED_BASELINE_GPUS, minOwnedBaselineGpus } from './owned-baseline';
export {
  BUILD_LEAD_TIME_MONTHS,
  type Confidence,
  defaultOf,
  isMoneyParameter,
  MONEY_PATHS,
  PARAMETERS,
  type ParameterGroup,
  type ParameterMeta,
  type ParameterUnit,
  parameter,
  WEEKLY_CURVE_WEEKS,
  WEEKLY_GPUS_MAX,
} from './parameters';
export { type PlanTotal, planTotal } from './plan-total';
export { defaultScenario, makeDefaultInputs, noMeasurements, presets } from './presets';
export { DECLINE_STRIP, type DeclineFlip, flipDecline, sweepPriceDecline } from './price-decline';
export { LARGE_SCALE_GPUS } from './recommend';
export { createRng } from './rng';
export {
  type ChoicePath,
  changedInputs,
  comparedInputValue,
  inputsDifferingFromFirst,
  inputUsedBy,
} from './scenario-diff';
export {
  allAnswered,
  applyAnswers,
  type BestBasis,
  type CurveFinding,
  type CurveSettings,
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
  type OpsTeam,
  PEAK_ACCESS,
  PEAKY_BASELINE_SHARE,
  type PeakAccess,
  type RankedStrategy,
  RECOVERY,
  REFRESH,
  type Recovery,
  type RefreshValue,
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
  type TargetBasis,
  type TcoRow,
  type TcoTable,
  THROUGHPUT_RATES,
  type ThroughputRate,
  tcoTable,
  type UnitCostPoint,
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
export {
  type BudgetPlan,
  type BudgetQuarter,
  budgetPlan,
  type QuarterRange,
} from './sizing-budget';
export {
  SIZING_BAND_DRAWS,
  SIZING_MAX_POINTS,
  type SizingBand,
  type SizingBandRun,
  type SizingCurve,
  type SizingPoint,
  sizingCurve,
  startSizingBand,
} from './sizing-curve';
export { sweepCompliance, sweepLoadRate, sweepTeamCapability, type WinnerAt } from './sweep';
export * from './training-plan';
export { triangular } from './triangular';
export * from './types';
export {
  DEFAULT_UNCERTAIN_PATHS,
  defaultUncertainty,
  UNCERTAIN_PATH_CHOICES,
  UNCERTAINTY_DRAWS,
  UNCERTAINTY_SEED,
} from './uncertain-inputs';
export {
  type CrossoverUncertainty,
  DEFAULT_CROSSOVER_DRAWS,
  type MonteCarloOptions,
  type MonteCarloResult,
  type MonteCarloRun,
  monteCarlo,
  type Percentiles,
  type StrategyUncertainty,
  startMonteCarlo,
} from './uncertainty';
export { defaultVat, VAT_RATE_RANGE, type VatBasis, type VatClass, vatBasis, vatFactor } from './vat';
export { pickWinner, TIE_FRACTION, TIE_PREFERENCE } from './winner';
export { type WorkbookFacts, workbookFacts } from './workbook-facts';
