import type { Evaluation, Scenario } from '../engine';
import { crossoverBandsOf, type ScenarioAnalyses } from '../features/analysis';
import { CrossoverChart } from '../features/charts/crossover-chart';

/**
 * The crossover chart of the first screen: cost against load rate with both break-evens. Drawn by
 * hand (no chart library), loaded with the app (≈4 KB gzip: the prerendered first screen hydrates its drawing at once); the Monte Carlo band
 * from the analysis worker annotates it.
 */
export function OverviewChart({
  scenario,
  evaluation,
  analyses,
}: {
  scenario: Scenario;
  evaluation: Evaluation;
  analyses: ScenarioAnalyses;
}) {
  return (
    <CrossoverChart
      scenario={scenario}
      evaluation={evaluation}
      crossoverBands={crossoverBandsOf(analyses.monteCarlo.result)}
      bandsPending={analyses.monteCarlo.status !== 'done' && analyses.monteCarlo.status !== 'error'}
    />
  );
}
