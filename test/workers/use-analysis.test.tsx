// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { presets } from '../../src/engine';
import type { AnalysisCallbacks, AnalysisClient } from '../../src/workers/analysis-client';
import { useAnalysis } from '../../src/workers/use-analysis';

/** A client that records runs and lets the test answer them. */
function fakeClient() {
  const runs: { callbacks: AnalysisCallbacks; cancelled: boolean }[] = [];
  const client: AnalysisClient = {
    run(_kind, _scenario, callbacks) {
      const entry = { callbacks, cancelled: false };
      runs.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
  };
  return { client, runs };
}

describe('useAnalysis', () => {
  it('shows progress, then the result', () => {
    const { client, runs } = fakeClient();
    const { result } = renderHook(() => useAnalysis('hybrid', presets.seedTeam!, client));
    expect(result.current.status).toBe('running');
    act(() => runs[0]!.callbacks.onProgress?.(0.5));
    expect(result.current.progress).toBe(0.5);
    act(() => runs[0]!.callbacks.onResult({ baselineGpus: 8 }));
    expect(result.current).toMatchObject({ status: 'done', progress: 1, result: { baselineGpus: 8 } });
  });

  it('cancels the previous request when the scenario changes (latest wins)', () => {
    const { client, runs } = fakeClient();
    const { rerender } = renderHook(({ s }) => useAnalysis('tornado', s, client), {
      initialProps: { s: presets.seedTeam! },
    });
    rerender({ s: presets.steadyLab! });
    expect(runs.map((r) => r.cancelled)).toEqual([true, false]);
  });

  it('reports an error message as state', () => {
    const { client, runs } = fakeClient();
    const { result } = renderHook(() => useAnalysis('sweep', presets.seedTeam!, client));
    act(() => runs[0]!.callbacks.onError('invalid scenario: horizonMonths'));
    expect(result.current).toMatchObject({ status: 'error', error: 'invalid scenario: horizonMonths' });
  });
});
