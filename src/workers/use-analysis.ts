import { useEffect, useState } from 'react';
import type {
  Compliance,
  HybridAnalysis,
  LadderBudget,
  LadderPlan,
  LoadRatePoint,
  MonteCarloResult,
  Scenario,
  SizingBand,
  TeamCapability,
  TornadoResult,
  WinnerAt,
} from '../engine';
import { type AnalysisClient, sharedAnalysisClient } from './analysis-client';
import type { AnalysisKind } from './messages';
import { rememberResult } from './result-cache';

export interface SweepResult {
  loadRate: LoadRatePoint[];
  team: WinnerAt<TeamCapability>[];
  compliance: WinnerAt<Compliance>[];
}

export interface AnalysisResults {
  monteCarlo: MonteCarloResult;
  tornado: TornadoResult;
  sweep: SweepResult;
  hybrid: HybridAnalysis;
  sizing: SizingBand;
  /** The ladder's plan and its cash by quarter (ladder/budget.ts). */
  ladder: LadderPlan & { budget: LadderBudget };
}

export interface AnalysisState<K extends AnalysisKind> {
  status: 'idle' | 'running' | 'done' | 'error';
  /** 0–1 while running (Monte Carlo reports every 5 %). */
  progress: number;
  result: AnalysisResults[K] | null;
  error: string | null;
}

/**
 * Runs one analysis in the worker for the scenario and re-runs it when the scenario changes; the
 * latest scenario wins (the previous request is cancelled, its late answers ignored). The last result
 * stays visible while a new one is computed. Pass `null` to stay idle.
 */
export function useAnalysis<K extends AnalysisKind>(
  kind: K,
  scenario: Scenario | null,
  client: AnalysisClient | null = null,
): AnalysisState<K> {
  const [state, setState] = useState<AnalysisState<K>>({
    status: 'idle',
    progress: 0,
    result: null,
    error: null,
  });
  useEffect(() => {
    if (!scenario) return;
    setState((s) => ({ ...s, status: 'running', progress: 0, error: null }));
    const cancel = (client ?? sharedAnalysisClient()).run(kind, scenario, {
      onProgress: (progress) => setState((s) => ({ ...s, progress })),
      // The worker's response was checked against this kind's result schema (messages.ts).
      onResult: (result) => {
        rememberResult(kind, scenario, result);
        setState({ status: 'done', progress: 1, result: result as AnalysisResults[K], error: null });
      },
      onError: (error) => setState((s) => ({ ...s, status: 'error', error })),
    });
    return cancel;
  }, [kind, scenario, client]);
  return state;
}
