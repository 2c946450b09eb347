export type { PlanDeadlines } from './deadlines';
export { planDeadlines } from './deadlines';
export type { MfuDefault, OverheadDefault } from './defaults';
export { PLAN_LIMITS, REPORTED_HOURS_OVERHEAD } from './defaults';
export {
  runDurationWeeks,
  runFlops,
  runGpuHours,
  runGpus,
  runMfu,
  runMfuDefault,
  runOverheadFactor,
  runSteadyGpuHours,
} from './gpu-hours';
export { newTrainingRun, onDemandFloorGpus, withPlanCurve } from './plan';
export { planBands, planWeekAboveLimit, planWeeklyCurve, planWeeks } from './timeline';
export type { RunSizeKind, TrainingPlanInput, TrainingRun } from './types';
export { RUN_SIZE_KINDS } from './types';
