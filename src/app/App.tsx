import { type ReactNode, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { Evaluation, Scenario } from '../engine';
import {
  AnalysisSection,
  crossoverBandOf,
  hybridBaselineLineOf,
  useScenarioAnalyses,
} from '../features/analysis';
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
import { ExportPdfButton } from '../features/report-pdf';
import { ScenarioActions, ScenarioNotice, ScenariosView } from '../features/scenarios';
import { useWizardReportAnswers, WizardView } from '../features/wizard';
import { useEvaluation } from '../state/selectors';
import { useAppStore } from '../state/store-context';
import { shareUrlFor } from '../state/url-sync';
import './app.css';
import { useAppI18n } from './use-app-i18n';

/** The app: i18n around the shell. */
export function App() {
  const i18n = useAppI18n();
  return (
    <I18nextProvider i18n={i18n}>
      <Shell />
    </I18nextProvider>
  );
}

export const VIEWS = ['dashboard', 'wizard', 'scenarios'] as const;
export type ViewId = (typeof VIEWS)[number];

/**
 * Header, view tabs and the three views. Every view stays mounted (inactive ones hidden), so the
 * wizard keeps its answers while the user looks at the dashboard and comes back.
 */
function Shell() {
  const { t } = useTranslation();
  const [view, setView] = useState<ViewId>('dashboard');
  const panels: Record<ViewId, ReactNode> = {
    dashboard: <Dashboard />,
    wizard: <WizardView onShowDashboard={() => setView('dashboard')} />,
    scenarios: <ScenariosView onShowDashboard={() => setView('dashboard')} />,
  };
  return (
    <div className="app">
      <HeaderBar
        actions={
          <>
            <ScenarioActions />
            <ReportButton />
          </>
        }
      />
      <nav className="view-tabs" aria-label={t('views.label')}>
        <div role="tablist" className="view-tabs__list">
          {VIEWS.map((id) => (
            <button
              key={id}
              type="button"
              role="tab"
              id={`tab-${id}`}
              aria-selected={view === id}
              aria-controls={`panel-${id}`}
              tabIndex={view === id ? 0 : -1}
              className="view-tabs__tab"
              onClick={() => setView(id)}
              onKeyDown={(event) => {
                const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                if (step === 0) return;
                const next = VIEWS[(VIEWS.indexOf(id) + step + VIEWS.length) % VIEWS.length] ?? 'dashboard';
                setView(next);
                document.getElementById(`tab-${next}`)?.focus();
              }}
            >
              {t(`views.${id}`)}
            </button>
          ))}
        </div>
      </nav>
      <main className="app-main" id="main">
        <ScenarioNotice />
        {VIEWS.map((id) => (
          <div key={id} role="tabpanel" id={`panel-${id}`} aria-labelledby={`tab-${id}`} hidden={view !== id}>
            {panels[id]}
          </div>
        ))}
        <p className="app-privacy">{t('app.privacy')}</p>
      </main>
    </div>
  );
}

/** PDF export with the current share link and the wizard's answers (features meet only here). */
function ReportButton() {
  const scenario = useAppStore((s) => s.scenario);
  const wizard = useWizardReportAnswers();
  const shareUrl = useMemo(() => shareUrlFor(scenario, window.location), [scenario]);
  return <ExportPdfButton shareUrl={shareUrl} wizard={wizard} />;
}

/**
 * The dashboard view. The scenario comes from the store and is evaluated once per change; every
 * section derives from that one evaluation.
 */
function Dashboard() {
  const { t } = useTranslation();
  const scenario = useAppStore((s) => s.scenario);
  const evaluation = useEvaluation(scenario);
  const props: { scenario: Scenario; evaluation: Evaluation } = { scenario, evaluation };
  // Monte Carlo, tornado and hybrid baseline run once per scenario in the analysis worker; the
  // crossover band and the hybrid baseline also annotate two of the charts.
  const analyses = useScenarioAnalyses(scenario);

  return (
    <>
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
            <CrossoverChart {...props} crossoverBand={crossoverBandOf(analyses.monteCarlo.result)} />
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

      <AnalysisSection scenario={scenario} analyses={analyses} />

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
    </>
  );
}
