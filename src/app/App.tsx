import {
  lazy,
  type ReactNode,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Section } from '../components/section';
import { useScenarioAnalyses } from '../features/analysis';
import { FirstScreenFacts, HeaderBar, HeadlineSliders, KpiCards, WinnerSummary } from '../features/dashboard';
import { ScenarioNameField } from '../features/finance';
import { orNewVersionReady } from '../features/offline';
import '../features/finance/finance.css';
import { HeaderMenu, SectionNav, useScrollCues } from '../features/layout';
import { ExportButtons, type WizardAnswers } from '../features/report-pdf';
import { BudgetBanner, ResumeOffer, ScenarioActions, ScenarioNotice } from '../features/scenarios';
import { withOnDemandStrings } from '../i18n/app-i18n';
import { useEvaluation } from '../state/selectors';
import { useAppStore, useAppStoreApi } from '../state/store-context';
import { shareUrlFor, shownActuals, shownStamp } from '../state/url-sync';
import './app.css';
import { LadderVerdict } from './ladder-verdict';
import { Live, type SectionValue } from './live';
// The crossover chart is part of the first screen, prerendered into index.html: loaded with the app
// (4 KB), so hydrating its drawing never waits for its code (a loading box would flash in its place).
import { OverviewChart } from './overview-chart';
import { UndoRedoButtons, useHistoryShortcuts } from './undo-redo';
import { useAppI18n } from './use-app-i18n';

// Each lazy part is wrapped in orNewVersionReady: when its files cannot be fetched (a release replaced
// since this page loaded), "A new version is ready — Reload" stands in its place (issue 42).
// Code that the first screen does not need loads on demand (docs/performance.md): the other
// views when their tab is first opened, the charts, analysis and breakdown table when scrolled near;
// the views and the analysis with the strings only they read (withOnDemandStrings).
const WizardView = lazy(
  orNewVersionReady(
    withOnDemandStrings(() => import('../features/wizard').then((m) => ({ default: m.WizardView }))),
  ),
);
const ScenariosView = lazy(
  orNewVersionReady(
    withOnDemandStrings(() =>
      import('../features/scenarios/scenarios-view').then((m) => ({ default: m.ScenariosView })),
    ),
  ),
);
// Everything below the first screen: drawn only once the app has taken the page over, so its code
// (the sections, their fields and texts) loads then, not before the app answers input.
const BelowFirstScreen = lazy(
  orNewVersionReady(() => import('./below-first-screen').then((m) => ({ default: m.BelowFirstScreen }))),
);

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
  const [view, setViewState] = useState<ViewId>('dashboard');
  // A view is mounted the first time it is opened and then kept (the wizard keeps its answers).
  const [opened, setOpened] = useState<ReadonlySet<ViewId>>(() => new Set(['dashboard']));
  const setView = useCallback((next: ViewId) => {
    setViewState(next);
    setOpened((prev) => (prev.has(next) ? prev : new Set([...prev, next])));
  }, []);
  const showDashboard = useCallback(() => setView('dashboard'), [setView]);
  useHistoryShortcuts();
  useScrollCues(t('table.scrollHint', { ns: 'layout' }));
  const loading = <p className="view-loading">{t('views.loading')}</p>;
  const panels: Record<ViewId, ReactNode> = {
    dashboard: <Dashboard />,
    wizard: (
      <Suspense fallback={loading}>
        <WizardView onShowDashboard={showDashboard} />
      </Suspense>
    ),
    scenarios: (
      <Suspense fallback={loading}>
        <ScenariosView onShowDashboard={showDashboard} />
      </Suspense>
    ),
  };
  return (
    <div className="app">
      <HeaderBar
        nameField={<ScenarioNameField />}
        actions={
          <HeaderMenu>
            <UndoRedoButtons />
            <ScenarioActions />
            <ReportButton />
          </HeaderMenu>
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
        <ResumeOffer />
        <ScenarioNotice />
        <BudgetBanner />
        {VIEWS.map((id) => (
          <div key={id} role="tabpanel" id={`panel-${id}`} aria-labelledby={`tab-${id}`} hidden={view !== id}>
            {opened.has(id) ? panels[id] : null}
          </div>
        ))}
        <p className="app-privacy">{t('app.privacy')}</p>
      </main>
    </div>
  );
}

/**
 * PDF export with the current share link and the self-assessment's answers (features meet only
 * here). The wizard module is read at export time, so it need not load with the page.
 */
function ReportButton() {
  const { i18n } = useTranslation();
  const store = useAppStoreApi();
  // Encoded at export time from the store as it is then, not on every scenario change (a slider
  // step would pay for it and redraw the header).
  const getShareUrl = useCallback(() => {
    const state = store.getState();
    return shareUrlFor(
      state.scenario,
      { currency: state.currency, cnyPerUsd: state.cnyPerUsd },
      window.location,
      shownStamp(state),
      shownActuals(state),
    );
  }, [store]);
  const getWizard = useCallback(async (): Promise<WizardAnswers | null> => {
    const [{ wizardReportAnswers }] = await Promise.all([
      import('../features/wizard/report-answers'),
      i18n.loadNamespaces('wizard'),
    ]);
    return wizardReportAnswers(i18n.getFixedT(i18n.language, 'wizard'));
  }, [i18n]);
  // The version open and the bills kept with it (read at export time; the module loads on demand).
  const getBudgetActual = useCallback(async () => {
    const { budgetActualFor } = await import('../features/scenarios/budget-report');
    return budgetActualFor(store.getState().budget);
  }, [store]);
  return (
    <ExportButtons
      className="button"
      getShareUrl={getShareUrl}
      getWizard={getWizard}
      getBudgetActual={getBudgetActual}
    />
  );
}

/**
 * The dashboard view. The scenario comes from the store and is evaluated once per change; every
 * section derives from that one evaluation. A slider step redraws the sections in view within its
 * frame; the others follow in the background (Live).
 */
function Dashboard() {
  const { t } = useTranslation();
  const scenario = useAppStore((s) => s.scenario);
  const evaluation = useEvaluation(scenario);
  // Monte Carlo, tornado and hybrid baseline run once per scenario in the analysis worker; the
  // crossover band and the hybrid baseline also annotate two of the charts.
  const analyses = useScenarioAnalyses(scenario);
  const value = useMemo<SectionValue>(
    () => ({ scenario, evaluation, analyses }),
    [scenario, evaluation, analyses],
  );
  const chartLoading = <div className="deferred-placeholder" style={{ minHeight: 380 }} />;
  // Keeps the page as tall as a screen at least, so the scrollbar is there from the first paint and
  // its arrival never narrows the first screen; it stays until the sections below are drawn.
  const restPlaceholder = <div className="dashboard-rest-placeholder" />;
  // Layer 3 of the first screen ("Details"): the other figures, and the sliders' explanations on a
  // wide screen, where the first screen has no room for them.
  const [detailsOpen, setDetailsOpen] = useState(false);
  // The sections below the first screen follow the first render (see BelowFirstScreen): false on
  // the server and in the render that hydrates, then drawn in a transition input can interrupt.
  const [belowReady, setBelowReady] = useState(false);
  useEffect(() => startTransition(() => setBelowReady(true)), []);
  // Their code loads then (a chunk of its own): the section bar's jumps wait until they are drawn.
  const [belowDrawn, setBelowDrawn] = useState(false);
  const markBelowDrawn = useCallback(() => setBelowDrawn(true), []);

  // Sections with stable ids (DASHBOARD_SECTIONS) under one sticky section bar. The first screen
  // (1280×800) answers the question in three layers (docs/architecture.md, Layout): the verdict and its key
  // number, the four deciding sliders and the crossover chart; up to three supporting figures; the
  // rest behind "Details". On a phone the supporting figures follow the chart.
  return (
    <>
      <SectionNav ready={belowDrawn} />
      <section
        id="overview"
        className={`section section--overview${detailsOpen ? ' is-details' : ''}`}
        aria-labelledby="sec-headline"
      >
        <h2 id="sec-headline" className="visually-hidden">
          {t('sections.headline')}
        </h2>
        <div className="card card--summary">
          <Live value={value}>
            {(v) => (
              <>
                <WinnerSummary scenario={v.scenario} evaluation={v.evaluation} />
                <LadderVerdict
                  scenario={v.scenario}
                  solved={v.analyses.ladder}
                  when="wins"
                  testId="ladder-verdict"
                />
              </>
            )}
          </Live>
        </div>
        <div className="card card--sliders">
          <h3 className="card__title">{t('sections.sliders')}</h3>
          <HeadlineSliders scenario={scenario} evaluation={evaluation} />
        </div>
        <div className="card card--overview-chart">
          <Live value={value}>
            {(v) => (
              <Suspense fallback={chartLoading}>
                <OverviewChart {...v} />
              </Suspense>
            )}
          </Live>
        </div>
        <div className="card card--facts">
          <Live value={value}>
            {(v) => (
              <FirstScreenFacts
                scenario={v.scenario}
                evaluation={v.evaluation}
                ladderVerdict={
                  <LadderVerdict
                    scenario={v.scenario}
                    solved={v.analyses.ladder}
                    when="otherwise"
                    testId="ladder-verdict"
                  />
                }
                open={detailsOpen}
                onOpenChange={setDetailsOpen}
              />
            )}
          </Live>
        </div>
      </section>

      <Section headingId="sec-kpis" title={t('sections.kpis')}>
        {/* Always current, in or out of view: the headline numbers of every strategy. */}
        <KpiCards scenario={scenario} evaluation={evaluation} />
      </Section>

      {belowReady ? (
        // Until its code is in, the same placeholder as before.
        <Suspense fallback={restPlaceholder}>
          <BelowFirstScreen value={value} onDrawn={markBelowDrawn} />
        </Suspense>
      ) : (
        restPlaceholder
      )}
    </>
  );
}
