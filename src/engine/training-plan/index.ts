export type { PlanDeadlines } from './deadlines';
export { planDeadlines } from './deadlines';
export { mfuDefaultFor, PLAN_LIMITS } from './defaults';
export { runDurationWeeks, runFlops, runGpuHours, runGpus, runMfu } from './gpu-hours';
export { defaultOnDemandGpus, newTrainingRun, withPlanCurve } from './plan';
export { planBands, planWeeklyCurve } from './timeline';
export type { RunSizeKind, TrainingPlanInput, TrainingRun } from './types';
export { RUN_SIZE_KINDS } from './types';
