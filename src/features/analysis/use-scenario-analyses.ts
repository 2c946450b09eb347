import { useContext, useEffect, useState } from 'react';
import type { Scenario } from '../../engine';
import { type AnalysisClient, sharedAnalysisClient } from '../../workers/analysis-client';
import { AnalysisClientContext } from '../../workers/analysis-client-context';
import { type AnalysisState, useAnalysis } from '../../workers/use-analysis';

/**
 * While a slider is dragged the scenario changes many times a second. Each change would cancel and
 * restart three worker runs; the tornado and the hybrid search cannot be interrupted mid-run, so the
 * worker would queue work nobody looks at. Waiting for the scenario to rest this long first keeps
 * the worker on the latest scenario only (the previous results stay visible meanwhile).
 */
export const ANALYSIS_DEBOUNCE_MS = 250;

/** The value, once it has stopped changing for `ms` (the first value immediately). */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, settled, ms]);
  return settled;
}

export interface ScenarioAnalyses {
  monteCarlo: AnalysisState<'monteCarlo'>;
  tornado: AnalysisState<'tornado'>;
  hybrid: AnalysisState<'hybrid'>;
  /** The sizing curve's Monte Carlo band and the budget plan's burst P90s. */
  sizing: AnalysisState<'sizing'>;
  /**
   * Every way to commit (the ladder) of the current scenario, not the debounced one: it is solved in
   * tens of milliseconds and is read on the first screen and in its section, so it runs once here.
   */
  ladder: AnalysisState<'ladder'>;
  /** False where no worker can be started (jsdom without an injected client): nothing runs. */
  available: boolean;
}

function useClient(): AnalysisClient | null {
  const injected = useContext(AnalysisClientContext);
  if (injected) return injected;
  return typeof Worker === 'undefined' ? null : sharedAnalysisClient();
}

/**
 * Monte Carlo, tornado and the optimal hybrid baseline of the (debounced) scenario, computed in the
 * analysis worker. Called once by the dashboard, which hands the results to the analysis section and
 * to the crossover and demand charts, so each analysis runs once per scenario.
 */
export function useScenarioAnalyses(scenario: Scenario): ScenarioAnalyses {
  const client = useClient();
  const settled = useDebouncedValue(scenario, ANALYSIS_DEBOUNCE_MS);
  const input = client ? settled : null;
  // Asked first, so on a first visit the worker solves the ladder before the longer analyses.
  const ladder = useAnalysis('ladder', client ? scenario : null, client);
  const monteCarlo = useAnalysis('monteCarlo', input, client);
  // The sizing band queues behind the Monte Carlo (one worker): the uncertainty panel's numbers come
  // first, as before the band existed, and the band follows for the same scenario.
  const monteCarloSettled = monteCarlo.status === 'done' || monteCarlo.status === 'error';
  return {
    monteCarlo,
    tornado: useAnalysis('tornado', input, client),
    hybrid: useAnalysis('hybrid', input, client),
    sizing: useAnalysis('sizing', monteCarloSettled ? input : null, client),
    ladder,
    available: client !== null,
  };
}
