import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../components/panel';
import { Section } from '../components/section';
import {
  CalibrationNote,
  MethodologyPanel,
  ParameterPanels,
  RecommendationPanel,
} from '../features/dashboard';
import { HardwareSection } from '../features/hardware';
import { orNewVersionReady } from '../features/offline';
import { withOnDemandStrings } from '../i18n/app-i18n';
import { LadderVerdict } from './ladder-verdict';
import { Live, type SectionValue } from './live';
import { useOffScreenSkippedWhileSliding } from './skip-off-screen';

/**
 * The dashboard below its first screen, in a chunk of its own (src/app/App.tsx loads it once the app
 * has taken the page over): neither the prerendered page nor the render that hydrates it draws this,
 * so its code need not come before the app answers input (issue 36 item 5, docs/performance.md).
 */

// The plan's editor draws its chart with the chart library, which the first screen does without.
const TrainingPlanSection = lazy(
  orNewVersionReady(() =>
    import('../features/training-plan').then((m) => ({ default: m.TrainingPlanSection })),
  ),
);
const CostCharts = lazy(
  orNewVersionReady(() => import('./charts-section').then((m) => ({ default: m.CostCharts }))),
);
const CashCharts = lazy(
  orNewVersionReady(() => import('./charts-section').then((m) => ({ default: m.CashCharts }))),
);
const AnalysisSection = lazy(
  orNewVersionReady(
    withOnDemandStrings(() =>
      import('../features/analysis/analysis-section').then((m) => ({ default: m.AnalysisSection })),
    ),
  ),
);
const CompareHardware = lazy(
  orNewVersionReady(() =>
    import('../features/hardware/compare-hardware').then((m) => ({ default: m.CompareHardware })),
  ),
);
// Drawn when scrolled near like the charts beside it (its section is lazy), so its code waits as well.
const CashByYear = lazy(
  orNewVersionReady(() =>
    import('../features/finance/cash-by-year').then((m) => ({ default: m.CashByYear })),
  ),
);
const EnergySection = lazy(
  orNewVersionReady(() =>
    import('../features/energy/energy-section').then((m) => ({ default: m.EnergySection })),
  ),
);
// Every way to commit: its strings are on demand (the sizing namespace), its chart draws with the chart library.
const LadderSection = lazy(
  orNewVersionReady(
    withOnDemandStrings(() =>
      import('../features/ladder/ladder-section').then((m) => ({ default: m.LadderSection })),
    ),
  ),
);
const BreakdownTable = lazy(
  orNewVersionReady(() => import('../features/breakdown-table').then((m) => ({ default: m.BreakdownTable }))),
);

/**
 * Everything below the first screen (the recommendation, costs, cash, uncertainty, hardware,
 * assumptions, method). It is drawn once the app has taken the page over, in a transition: the
 * build's prerender and the browser's first render (which hydrates it) stop at the KPIs, so the
 * first screen's HTML stays small and is laid out at once (docs/performance.md).
 */
export function BelowFirstScreen({ value, onDrawn }: { value: SectionValue; onDrawn: () => void }) {
  const { t } = useTranslation();
  useOffScreenSkippedWhileSliding();
  // Once on the page (the section bar's jumps need their targets).
  useEffect(onDrawn, [onDrawn]);
  return (
    <>
      <Section
        headingId="sec-recommendation"
        title={t('sections.recommendation')}
        className="section card below-block"
      >
        <Live value={value}>
          {(v) => (
            <RecommendationPanel
              scenario={v.scenario}
              evaluation={v.evaluation}
              ladderVerdict={
                <LadderVerdict
                  scenario={v.scenario}
                  solved={v.analyses.ladder}
                  when="wins"
                  testId="recommendation-ladder"
                />
              }
            />
          )}
        </Live>
      </Section>

      <Section
        headingId="sec-ladder"
        title={t('sections.ladder')}
        id="ladder"
        className="section card below-block"
      >
        <Live value={value} lazy minHeight={420}>
          {(v) => <LadderSection scenario={v.scenario} solved={v.analyses.ladder} />}
        </Live>
      </Section>

      <Section
        headingId="sec-costs"
        title={t('nav.costs', { ns: 'layout' })}
        id="costs"
        className="section below-block"
      >
        <Live value={value} lazy minHeight={520}>
          {(v) => <CostCharts {...v} />}
        </Live>
        <Panel className="card section__block" title={t('sections.breakdown')} titleId="sec-breakdown">
          <Live value={value} lazy minHeight={320}>
            {(v) => <BreakdownTable scenario={v.scenario} evaluation={v.evaluation} />}
          </Live>
        </Panel>
      </Section>

      <Section
        headingId="sec-cash"
        title={t('nav.cash', { ns: 'layout' })}
        id="cash"
        className="section below-block"
      >
        <Live value={value} lazy minHeight={520}>
          {(v) => <CashCharts {...v} />}
        </Live>
        <Panel className="card section__block" title={t('finance:cash.title')} titleId="sec-cash-by-year">
          <Live value={value} lazy minHeight={320}>
            {(v) => <CashByYear scenario={v.scenario} />}
          </Live>
        </Panel>
        <Panel className="card section__block" title={t('finance:energy.title')} titleId="sec-energy">
          <Live value={value} lazy minHeight={320}>
            {(v) => <EnergySection scenario={v.scenario} />}
          </Live>
        </Panel>
      </Section>

      <div id="uncertainty" className="section-anchor below-block">
        <Live value={value} lazy minHeight={600}>
          {(v) => <AnalysisSection scenario={v.scenario} analyses={v.analyses} />}
        </Live>
      </div>

      <Section
        headingId="sec-hardware-nav"
        title={t('nav.hardware', { ns: 'layout' })}
        id="hardware"
        className="section below-block"
      >
        <section className="card section__block" aria-labelledby="sec-hardware">
          <h3 id="sec-hardware" className="card__title">
            {t('hardware:title')}
          </h3>
          <Live value={value}>{() => <HardwareSection />}</Live>
        </section>
        <Panel
          className="card section__block"
          title={t('hardware:compare.title')}
          titleId="sec-compare-hardware"
        >
          <Live value={value} lazy minHeight={600}>
            {() => <CompareHardware />}
          </Live>
        </Panel>
      </Section>

      <Section
        headingId="sec-assumptions"
        title={t('sections.assumptions')}
        id="assumptions"
        className="section below-block"
      >
        {/* The training plan (a demand form) is edited first, above the assumptions it feeds. */}
        <Live value={value}>
          {(v) =>
            v.scenario.demand.mode === 'plan' ? (
              <Suspense fallback={null}>
                <TrainingPlanSection scenario={v.scenario} evaluation={v.evaluation} />
              </Suspense>
            ) : null
          }
        </Live>
        <Live value={value}>
          {(v) => (
            <>
              <CalibrationNote scenario={v.scenario} />
              <ParameterPanels evaluation={v.evaluation} />
            </>
          )}
        </Live>
      </Section>

      <Section
        headingId="sec-methodology"
        title={t('sections.methodology')}
        id="method"
        className="section below-block"
      >
        <MethodologyPanel />
      </Section>
    </>
  );
}
