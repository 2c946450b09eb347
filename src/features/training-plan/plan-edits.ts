import {
  newTrainingRun,
  type Scenario,
  sizedToDemand,
  type TrainingPlanInput,
  type TrainingRun,
  withPlanCurve,
} from '../../engine';

/**
 * Pure edits of the plan, each a whole candidate scenario for the store's door. An edited plan is new
 * demand: self-build is sized to it by the engine's one rule unless the user sized it by hand.
 */
export function withPlan(s: Scenario, patch: Partial<TrainingPlanInput>): Scenario {
  return sizedToDemand(withPlanCurve({ ...s, trainingPlan: { ...s.trainingPlan, ...patch } }));
}

export function withRun(s: Scenario, index: number, patch: Partial<TrainingRun>): Scenario {
  const runs = s.trainingPlan.runs.map((r, i) => (i === index ? { ...r, ...patch } : r));
  return withPlan(s, { runs });
}

/** A run added at the end, named by the caller in the reader's language (its number: "训练任务 2"). */
export function addRun(s: Scenario, name: (index: number) => string): Scenario {
  return withPlan(s, { runs: [...s.trainingPlan.runs, newTrainingRun(s, name(s.trainingPlan.runs.length))] });
}

export function removeRun(s: Scenario, index: number): Scenario {
  return withPlan(s, { runs: s.trainingPlan.runs.filter((_, i) => i !== index) });
}
