import { gpuModelById, REFERENCE_MODEL_ID } from '../catalog/models';
import type { Scenario } from '../types';
import { ON_DEMAND_GPUS_BY_AVAILABILITY } from './defaults';
import { planWeeklyCurve } from './timeline';
import type { TrainingPlanInput, TrainingRun } from './types';

/**
 * The least GPUs one can get on demand by default: the availability note's floor for the rented GPU (or
 * the reference). The default itself scales with the scenario (model/market-default.ts).
 */
export function onDemandFloorGpus(s: Pick<Scenario, 'hardware'>): number {
  const model = gpuModelById(s.hardware.rent.modelId ?? s.hardware.referenceModelId);
  return model
    ? ON_DEMAND_GPUS_BY_AVAILABILITY[model.availability.status]
    : ON_DEMAND_GPUS_BY_AVAILABILITY.restricted;
}

/** An empty plan (schema v6 adds it to every scenario; the demand form stays what it was). */
export function emptyTrainingPlan(s: Pick<Scenario, 'hardware'>): TrainingPlanInput {
  return { runs: [], recurringGpuHoursPerMonth: 0, onDemandGpus: onDemandFloorGpus(s) };
}

/**
 * A new run as "Add run" makes it: 7B dense on 1T tokens on the own cluster's GPU, 64 GPUs, from week 1.
 * Its name is the reader's words, given by the UI in the reader's language (blank: the run's number).
 */
export function newTrainingRun(s: Pick<Scenario, 'hardware'>, name = ''): TrainingRun {
  return {
    name,
    sizeBy: 'model',
    paramsBillions: 7,
    tokensTrillions: 1,
    flops: 4.2e22,
    gpuHours: 10_000,
    modelId: s.hardware.selfBuild.modelId ?? s.hardware.referenceModelId ?? REFERENCE_MODEL_ID,
    mfuFraction: null,
    reportedHoursOverhead: null,
    recompute: false,
    startWeek: 1,
    gpus: 64,
    deadlineWeek: null,
  };
}

/**
 * The scenario with its weekly curve made from its plan, when the plan is the demand form (the door
 * calls this on every parse, so a plan and the curve it prices never disagree).
 */
export function withPlanCurve(s: Scenario): Scenario {
  if (s.demand.mode !== 'plan') return s;
  const weeklyGpus = planWeeklyCurve(s.trainingPlan, s.hardware.referenceDenseTflopsPerGpu);
  return { ...s, demand: { ...s.demand, weeklyGpus } };
}
