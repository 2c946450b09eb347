/**
 * The cost engine's public surface. Pure and deterministic: no React, no DOM, no clock, no unseeded
 * randomness. Everything outside src/engine imports the engine from here.
 */
export { budgetMonths } from './budget-months';
export {
  type BudgetVariance,
  budgetVariance,
  type CellVariance,
  type VarianceDrivers,
  type VarianceShares,
  type VarianceSplit,
  type VarianceTotal,
  varianceShares,
  varianceSplit,
  varianceWaterfall,
  type WaterfallBar,
  type WayMonthFigures,
} from './budget-variance';
export { buildLeadTimeMonthsOf } from './capability';
export type { CostView } from './capital-charge';
export { type CashReport, cashReport } from './cash-report';
export * from './catalog';
export {
  clusterSizeNote,
  type MeasuredWay,
  ruleSizedGpus,
  sizedToDemand,
  withCapacityByHand,
  withMeasuredEfficiency,
  withRuleSize,
  withWeeklyCurve,
} from './cluster-sizing';
export { HOURS_PER_MONTH, HOURS_PER_WEEK } from './constants';
export { mean, ownClusterGpus, ownedCapacityGpus, usefulCurve } from './demand';
export { CURVE_KINDS, type CurveKind } from './demand-generators';
export { DEFAULT_FLAT_WEEKS, switchDemandForm } from './demand-mode';
export { ownEfficiency, type WayEfficiency } from './efficiency';
export { type EnergyReport, type EnergyYear, energyReport, type WayEnergy } from './energy-report';
export { evaluate } from './evaluate';
export {
  clusterCapexCny,
  EXISTING_LIMITS,
  existingCluster,
  selfBuildEconomicChargeMonthlyCny,
} from './existing-cluster';
export {
  ALL_HARDWARE_FILLED_PATHS,
  catalogueFiguresFor,
  chooseModel,
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
export { hardwarePathIndices } from './hardware-path';
export {
  HARDWARE_PATH_PRESETS,
  HARDWARE_STEADY_INITIAL,
  type HardwarePathPreset,
  hardwarePresetOf,
  presetHardwareShape,
} from './hardware-path-presets';
export { type DatedDemand, datedDemand } from './horizon-demand';
export { type HybridAnalysis, hybridAnalysis } from './hybrid-analysis';
export { readInput, withInput } from './input-path';
export { IRR_RANGE, irr } from './irr';
export * from './ladder';
export { type LoadRateLimit, scaleToLoadRateWithinLimits } from './load-rate-limits';
export {
  busyDrawMeasured,
  gpuBoardShareOfBusyDraw,
  type MeasuredEnergyApplied,
  type MeasuredEnergyKept,
  measuredBusyKwPerServer,
  withMeasuredEnergy,
} from './measured-energy';
export { migrationPlan } from './migration-plan';
export { type OnDemandDefault, onDemandDefaultOf } from './model/market-default';
export { type OwnedGpuHourPrice, ownedGpuHourPrice } from './owned-gpu-hour';
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
export { defaultScenario, presets } from './presets';
export { DECLINE_STRIP, type DeclineFlip, flipDecline, sweepPriceDecline } from './price-decline';
export { PRICE_PATH_LIMITS, pathIndices } from './price-path';
export { flipPathShift, PATH_SHIFT_RANGE, type PathFlip } from './price-path-flip';
export {
  PRICE_PATH_PRESETS,
  type PricePathPreset,
  pathPresetOf,
  presetDecline,
  presetShape,
  presetTermShape,
  STEADY_SHAPE,
  steadyShape,
  steadyShapeDecline,
  TERM_PATH_PRESETS,
  type TermPathPreset,
  termPresetOf,
  termShapeAfterPreset,
} from './price-path-presets';
export {
  type DecisionCheck,
  decisionCheck,
  reforecastMonths,
  reforecastScenario,
  type TrendRatios,
  trendRatios,
} from './reforecast';
export { changedInputs, comparedInputValue, inputsDifferingFromFirst, inputUsedBy } from './scenario-diff';
export {
  allAnswered,
  applyAnswers,
  type CurveFinding,
  type CurveSummary,
  curveFinding,
  curveVerdict,
  generatedCurve,
  generatorMeanGpus,
  holdsPeakInHouse,
  NO_ANSWERS,
  OPS_TEAM,
  PEAK_ACCESS,
  RECOVERY,
  REFRESH,
  type RiskAnswers,
  type ScenarioRecipe,
  type SelfAssessmentHybrid,
  type SizingAdvice,
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
export { type BreakEven, type TornadoResult, type TornadoRow, tornado } from './sensitivity';
export {
  atSite,
  carbonCnyPerKwh,
  defaultEnergy,
  ENERGY_RANGES,
  ownEnergyCnyPerKwh,
  SITE_PRESETS,
  type SitePreset,
  siteOf,
} from './sites';
export { type BudgetPlan, budgetPlan } from './sizing-budget';
export { type SizingBand, type SizingCurve, sizingCurve, startSizingBand } from './sizing-curve';
export { sweepCompliance, sweepLoadRate, sweepTeamCapability, type WinnerAt } from './sweep';
export * from './training-plan';
export * from './types';
export {
  defaultUncertainty,
  UNCERTAIN_PATH_CHOICES,
  UNCERTAINTY_DRAWS,
  UNCERTAINTY_SEED,
} from './uncertain-inputs';
export { DEFAULT_CROSSOVER_DRAWS, type MonteCarloResult, startMonteCarlo } from './uncertainty';
export { VAT_RATE_RANGE } from './vat';
export { TIE_FRACTION, TIE_PREFERENCE } from './winner';
export { type WorkbookFacts, workbookFacts } from './workbook-facts';
