import type { Evaluation, Scenario } from '../engine';
import { hybridBaselineLineOf, type ScenarioAnalyses } from '../features/analysis';
import { BreakdownChart } from '../features/charts/breakdown-chart';
import { CumulativeChart } from '../features/charts/cumulative-chart';
import { DemandChart } from '../features/charts/demand-chart';

/**
 * The charts drawn with the chart library, in one chunk with it, loaded when their section nears the
 * viewport (see Deferred). The first screen's crossover chart is drawn by hand (overview-chart.tsx).
 * The hybrid baseline from the analysis worker annotates the demand chart.
 */
interface SectionProps {
  scenario: Scenario;
  evaluation: Evaluation;
  analyses: ScenarioAnalyses;
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
