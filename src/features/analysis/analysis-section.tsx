import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/section';
import type { Scenario } from '../../engine';
import { HybridPanel } from './hybrid-panel';
import { MonteCarloPanel } from './monte-carlo-panel';
import { SizingPanel } from './sizing-panel';
import { TornadoPanel } from './tornado-panel';
import type { ScenarioAnalyses } from './use-scenario-analyses';
import './analysis.css';

// The editor validates with the zod scenario schema; loading it only when opened keeps zod off the
// first visit (docs/performance.md).
const UncertaintyRangesEditor = lazy(() => import('./uncertainty-ranges-editor'));

/**
 * "Uncertainty and sensitivity": Monte Carlo, the editable ranges it samples, the optimal hybrid
 * baseline, the sizing curve with its band and budget plan, and the tornado, all computed in the analysis worker (see useScenarioAnalyses).
 */
export function AnalysisSection({
  scenario,
  analyses,
}: {
  scenario: Scenario;
  analyses: ScenarioAnalyses;
}): ReactNode {
  const { t } = useTranslation('analysis');
  const [rangesOpen, setRangesOpen] = useState(false);
  return (
    <Section
      headingId="sec-analysis"
      title={t('title')}
      className="section analysis"
      testId="analysis-section"
    >
      <p className="analysis-intro">{t('intro')}</p>
      {analyses.available ? null : <p className="note">{t('unavailable')}</p>}
      <div className="analysis-grid">
        <div className="card" data-testid="mc-panel">
          <MonteCarloPanel state={analyses.monteCarlo} draws={scenario.uncertainty.draws} />
          <details
            className="panel analysis-ranges-panel"
            open={rangesOpen}
            onToggle={(event) => setRangesOpen(event.currentTarget.open)}
          >
            <summary className="panel__summary">
              <span className="panel__title">
                {t('ranges.summary', { count: Object.keys(scenario.uncertainty.ranges).length })}
              </span>
            </summary>
            {rangesOpen ? (
              <div className="panel__body">
                <Suspense fallback={<p>{t('ranges.loading')}</p>}>
                  <UncertaintyRangesEditor />
                </Suspense>
              </div>
            ) : null}
          </details>
        </div>
        <div className="card">
          <HybridPanel state={analyses.hybrid} />
        </div>
        <div className="card analysis-grid__wide">
          <SizingPanel scenario={scenario} state={analyses.sizing} ladder={analyses.ladder} />
        </div>
        <div className="card analysis-grid__wide">
          <TornadoPanel state={analyses.tornado} />
        </div>
      </div>
    </Section>
  );
}
