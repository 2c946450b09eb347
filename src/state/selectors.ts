import { useMemo } from 'react';
import { type Evaluation, evaluate, type Scenario } from '../engine';

/** One engine call per scenario change, shared by every view (memoised on the scenario object). */
let lastScenario: Scenario | null = null;
let lastEvaluation: Evaluation | null = null;
export function selectEvaluation(scenario: Scenario): Evaluation {
  if (scenario !== lastScenario || lastEvaluation === null) {
    lastEvaluation = evaluate(scenario);
    lastScenario = scenario;
  }
  return lastEvaluation;
}

export function useEvaluation(scenario: Scenario): Evaluation {
  return useMemo(() => selectEvaluation(scenario), [scenario]);
}
