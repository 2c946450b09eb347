import { I18nextProvider, useTranslation } from 'react-i18next';
import type { Evaluation, Scenario } from '../engine';
import { BreakdownTable } from '../features/breakdown-table';
import { BreakdownChart, CrossoverChart, CumulativeChart, DemandChart } from '../features/charts';
import {
  CalibrationNote,
  HeaderBar,
  HeadlineSliders,
  KpiCards,
  MethodologyPanel,
  ParameterPanels,
  RecommendationPanel,
  WinnerSummary,
} from '../features/dashboard';
import { useEvaluation } from '../state/selectors';
import { useAppStore } from '../state/store-context';
import './app.css';
import { useAppI18n } from './use-app-i18n';

/** The app: i18n around the dashboard. */
export function App() {
  const i18n = useAppI18n();
  return (
    <I18nextProvider i18n={i18n}>
      <Dashboard />
    </I18nextProvider>
  );
}

/**
 * The dashboard screen, the only place features meet. The scenario comes from the store and is
 * evaluated once per change; every section derives from that one evaluation.
 */
function Dashboard() {
  const { t } = useTranslation();
  const scenario = useAppStore((s) => s.scenario);
  const evaluation = useEvaluation(scenario);
  const props: { scenario: Scenario; evaluation: Evaluation } = { scenario, evaluation };

  return (
    <div className="app">
      <HeaderBar />
      <main className="app-main" id="main">
        <section className="section section--headline" aria-labelledby="sec-headline">
          <h2 id="sec-headline" className="visually-hidden">
            {t('sections.headline')}
          </h2>
          <div className="card card--summary">
            <WinnerSummary evaluation={evaluation} />
          </div>
          <div className="card card--sliders">
            <h3 className="card__title">{t('sections.sliders')}</h3>
            <HeadlineSliders {...props} />
          </div>
        </section>

        <section className="section" aria-labelledby="sec-kpis">
          <h2 id="sec-kpis" className="section__title">
            {t('sections.kpis')}
          </h2>
          <KpiCards {...props} />
        </section>

        <section className="section card" aria-labelledby="sec-recommendation">
          <h2 id="sec-recommendation" className="section__title">
            {t('sections.recommendation')}
          </h2>
          <RecommendationPanel {...props} />
        </section>

        <section className="section" aria-labelledby="sec-charts">
          <h2 id="sec-charts" className="section__title">
            {t('sections.charts')}
          </h2>
          <div className="chart-grid">
            <div className="card">
              <CrossoverChart {...props} />
            </div>
            <div className="card">
              <CumulativeChart {...props} />
            </div>
            <div className="card">
              <BreakdownChart {...props} />
            </div>
            <div className="card">
              <DemandChart {...props} />
            </div>
          </div>
        </section>

        <section className="section card" aria-labelledby="sec-breakdown">
          <h2 id="sec-breakdown" className="section__title">
            {t('sections.breakdown')}
          </h2>
          <BreakdownTable {...props} />
        </section>

        <section className="section" aria-labelledby="sec-assumptions">
          <h2 id="sec-assumptions" className="section__title">
            {t('sections.assumptions')}
          </h2>
          <CalibrationNote scenario={scenario} />
          <ParameterPanels evaluation={evaluation} />
        </section>

        <section className="section" aria-labelledby="sec-methodology">
          <h2 id="sec-methodology" className="section__title">
            {t('sections.methodology')}
          </h2>
          <MethodologyPanel />
        </section>
        <p className="app-privacy">{t('app.privacy')}</p>
      </main>
    </div>
  );
}
