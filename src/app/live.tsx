import type { ReactNode } from 'react';
import { LiveSection } from '../components/deferred';
import type { Evaluation, Scenario } from '../engine';
import type { ScenarioAnalyses } from '../features/analysis';
import { ShownScenarioProvider } from '../state/store-context';

/** What every dashboard section draws from: one scenario, its evaluation and its analyses. */
export interface SectionValue {
  scenario: Scenario;
  evaluation: Evaluation;
  analyses: ScenarioAnalyses;
}

/**
 * A dashboard section's content drawn from `value` (see LiveSection: current while on screen, caught
 * up in the background while off screen), with the same scenario for components that read it
 * themselves (useShownScenario).
 */
export function Live({
  value,
  lazy = false,
  minHeight,
  children,
}: {
  value: SectionValue;
  lazy?: boolean;
  minHeight?: number;
  children: (value: SectionValue) => ReactNode;
}) {
  return (
    <LiveSection value={value} lazy={lazy} {...(minHeight === undefined ? {} : { minHeight })}>
      {(v) => <ShownScenarioProvider scenario={v.scenario}>{children(v)}</ShownScenarioProvider>}
    </LiveSection>
  );
}
