import type { MonteCarloResult, Scenario, SizingBand, TornadoResult } from '../../engine';
import type { AnalysisClient } from '../../workers/analysis-client';
import { cachedResult } from '../../workers/result-cache';

export interface ExportAnalyses {
  monteCarlo: MonteCarloResult;
  tornado: TornadoResult;
  sizing: SizingBand;
}

function runOne<T>(
  client: AnalysisClient,
  kind: 'monteCarlo' | 'tornado' | 'sizing',
  scenario: Scenario,
  onProgress: (fraction: number) => void,
): Promise<T> {
  const cached = cachedResult(kind, scenario);
  if (cached !== undefined) {
    onProgress(1);
    return Promise.resolve(cached as T);
  }
  return new Promise<T>((resolve, reject) => {
    client.run(kind, scenario, {
      onProgress,
      // The client checked the response against this kind's result schema (workers/messages.ts).
      onResult: (result) => resolve(result as T),
      onError: (message) => reject(new Error(message)),
    });
  });
}

/**
 * The Monte Carlo, tornado and sizing-band results the report and the workbook print, for exactly this scenario:
 * the dashboard's results when it computed them already, else the same worker requests run now, so an
 * export from any tab (or before the dashboard ever showed them) holds the same numbers. `onProgress`
 * gets 0–1 over the three analyses (the Monte Carlo is most of the work).
 */
export async function analysesForExport(
  scenario: Scenario,
  client: AnalysisClient,
  onProgress: (fraction: number) => void = () => {},
): Promise<ExportAnalyses> {
  let mc = 0;
  let tornado = 0;
  let sizing = 0;
  const report = () => onProgress(0.6 * mc + 0.2 * tornado + 0.2 * sizing);
  const [monteCarlo, tornadoResult, sizingBand] = await Promise.all([
    runOne<MonteCarloResult>(client, 'monteCarlo', scenario, (f) => {
      mc = f;
      report();
    }),
    runOne<TornadoResult>(client, 'tornado', scenario, (f) => {
      tornado = f;
      report();
    }),
    runOne<SizingBand>(client, 'sizing', scenario, (f) => {
      sizing = f;
      report();
    }),
  ]);
  tornado = 1;
  mc = 1;
  sizing = 1;
  report();
  return { monteCarlo, tornado: tornadoResult, sizing: sizingBand };
}
