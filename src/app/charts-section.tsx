import { useTranslation } from 'react-i18next';
import type { Evaluation, Scenario } from '../engine';
import { crossoverBandsOf, hybridBaselineLineOf, type ScenarioAnalyses } from '../features/analysis';
import { BreakdownChart, CrossoverChart, CumulativeChart, DemandChart } from '../features/charts';

/**
 * The four charts, loaded as one chunk with the chart library when the section nears the viewport
 * (see Deferred). The Monte Carlo band and the hybrid baseline from the analysis worker annotate two.
 */
export default function ChartsSection({
  scenario,
  evaluation,
  analyses,
}: {
  scenario: Scenario;
  evaluation: Evaluation;
  analyses: ScenarioAnalyses;
}) {
  const { t } = useTranslation();
  const props = { scenario, evaluation };
  return (
    <section className="section" aria-labelledby="sec-charts">
      <h2 id="sec-charts" className="section__title">
        {t('sections.charts')}
      </h2>
      <div className="chart-grid">
        <div className="card">
          <CrossoverChart {...props} crossoverBands={crossoverBandsOf(analyses.monteCarlo.result)} />
        </div>
        <div className="card">
          <CumulativeChart {...props} />
        </div>
        <div className="card">
          <BreakdownChart {...props} />
        </div>
        <div className="card">
          <DemandChart {...props} hybridBaselineGpus={hybridBaselineLineOf(analyses.hybrid.result)} />
        </div>
      </div>
    </section>
  );
}
