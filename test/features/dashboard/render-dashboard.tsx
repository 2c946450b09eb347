import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Evaluation, Scenario } from '../../../src/engine';
import { CalibrationNote } from '../../../src/features/dashboard/calibration-note';
import { FirstScreenFacts } from '../../../src/features/dashboard/first-screen-facts';
import { HeadlineSliders } from '../../../src/features/dashboard/headline-sliders';
import { KpiCards } from '../../../src/features/dashboard/kpi-cards';
import { ParameterPanels } from '../../../src/features/dashboard/parameter-panels';
import { RecommendationPanel } from '../../../src/features/dashboard/recommendation-panel';
import { WinnerSummary } from '../../../src/features/dashboard/winner-summary';
import { useEvaluation } from '../../../src/state/selectors';
import { useAppStore } from '../../../src/state/store-context';
import { renderWithStore, type StoreOptions } from '../../render-with-store';

/**
 * The store's scenario and its one evaluation, as the dashboard hands them to its sections
 * (src/app/App.tsx, Dashboard), for sections rendered on their own.
 */
function FromStore({ children }: { children: (scenario: Scenario, evaluation: Evaluation) => ReactNode }) {
  const scenario = useAppStore((s) => s.scenario);
  const evaluation = useEvaluation(scenario);
  return <>{children(scenario, evaluation)}</>;
}

/** The KPI cards of the store's scenario (every strategy's monthly cost). */
export function LiveKpis() {
  return (
    <FromStore>
      {(scenario, evaluation) => <KpiCards scenario={scenario} evaluation={evaluation} />}
    </FromStore>
  );
}

/**
 * The verdict and its figures as the first screen shows them: winner, key number, the supporting
 * figures and the details (closed, in the page) with the crossovers, paybacks and right size.
 */
export function LiveWinnerSummary() {
  return (
    <FromStore>
      {(scenario, evaluation) => (
        <>
          <WinnerSummary scenario={scenario} evaluation={evaluation} />
          <FirstScreenFacts
            scenario={scenario}
            evaluation={evaluation}
            open={false}
            onOpenChange={() => {}}
          />
        </>
      )}
    </FromStore>
  );
}

/** The recommendation panel of the store's scenario. */
export function LiveRecommendation() {
  return (
    <FromStore>
      {(scenario, evaluation) => <RecommendationPanel scenario={scenario} evaluation={evaluation} />}
    </FromStore>
  );
}

/** The three headline sliders of the store's scenario. */
export function LiveSliders() {
  return (
    <FromStore>
      {(scenario, evaluation) => <HeadlineSliders scenario={scenario} evaluation={evaluation} />}
    </FromStore>
  );
}

/** The assumptions section: the seed calibration note and the parameter panels. */
export function LiveAssumptions() {
  return (
    <FromStore>
      {(scenario, evaluation) => (
        <>
          <CalibrationNote scenario={scenario} />
          <ParameterPanels evaluation={evaluation} />
        </>
      )}
    </FromStore>
  );
}

/**
 * Renders dashboard sections (only those under test, not the whole app) on their own store, so
 * tests can read the store's scenario afterwards.
 */
export function renderDashboard(ui: ReactNode, options: StoreOptions = {}) {
  return renderWithStore(ui, options);
}

/**
 * Queries inside one assumption group (the <details> panel titled `title`). A role query over all
 * six groups computes the styles and names of some 60 fields, which takes most of a test's time in
 * jsdom; inside one group it reads only that group's fields.
 */
export function panelGroup(title: string) {
  const summary = screen.getByText(title, { selector: 'summary h3' });
  return within(summary.closest('details') as HTMLElement);
}
