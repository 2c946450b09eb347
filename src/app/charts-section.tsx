import type { Evaluation, Scenario } from '../engine';
import { crossoverBandsOf, hybridBaselineLineOf, type ScenarioAnalyses } from '../features/analysis';
import { BreakdownChart, CrossoverChart, CumulativeChart, DemandChart } from '../features/charts';

/**
 * The charts, in one chunk with the chart library, loaded on demand: the crossover chart right after
 * the first result (it is part of the first screen), the others when their section nears the viewport
 * (see Deferred). The Monte Carlo band and the hybrid baseline from the analysis worker annotate two.
 */
interface SectionProps {
  scenario: Scenario;
  evaluation: Evaluation;
  analyses: ScenarioAnalyses;
}

/** The crossover chart of the first screen: cost against load rate with both break-evens. */
export function OverviewChart({ scenario, evaluation, analyses }: SectionProps) {
  return (
    <CrossoverChart
      scenario={scenario}
      evaluation={evaluation}
      crossoverBands={crossoverBandsOf(analyses.monteCarlo.result)}
    />
  );
}

/** The Costs section's charts: what each strategy's month is made of, and the demand it serves. */
export function CostCharts({ scenario, evaluation, analyses }: SectionProps) {
  return (
    <div className="chart-grid">
      <div className="card">
        <BreakdownChart scenario={scenario} evaluation={evaluation} />
      </div>
      <div className="card">
        <DemandChart
          scenario={scenario}
          evaluation={evaluation}
          hybridBaselineGpus={hybridBaselineLineOf(analyses.hybrid.result)}
        />
      </div>
    </div>
  );
}

/** The Cash section's chart: cumulative cash of each strategy with the paybacks. */
export function CashCharts({ scenario, evaluation }: SectionProps) {
  return (
    <div className="card">
      <CumulativeChart scenario={scenario} evaluation={evaluation} />
    </div>
  );
}
