import { lazy, type ReactNode, Suspense } from 'react';
import type { Scenario } from '../engine';
import { orNewVersionReady } from '../features/offline';
import { withOnDemandStrings } from '../i18n/app-i18n';
import { ladderWins } from '../view-model/ladder-text';
import type { AnalysisState } from '../workers/use-analysis';

// Its words are on demand (the sizing namespace) and it comes only once a plan is solved, so the first
// screen's own code does not grow.
const LadderVerdictLine = lazy(
  orNewVersionReady(
    withOnDemandStrings(() =>
      import('../features/ladder/ladder-verdict-line').then((m) => ({ default: m.LadderVerdictLine })),
    ),
  ),
);

/**
 * Where the ladder's plan is said as the verdict (issue 37): `when="wins"` shows it only when committing
 * in rungs is cheaper than the best single way (the first screen, the recommendation); `when="otherwise"`
 * only when it is not (behind the first screen's Details). Nothing until the worker has a plan, and
 * nothing when it could not solve the latest scenario (the section says so): a verdict is never the
 * previous scenario's.
 */
export function LadderVerdict({
  scenario,
  solved,
  when,
  testId,
}: {
  scenario: Scenario;
  solved: AnalysisState<'ladder'>;
  when: 'wins' | 'otherwise';
  testId: string;
}): ReactNode {
  const plan = solved.result;
  if (plan === null || solved.status === 'error') return null;
  const wins = ladderWins(plan);
  if (wins !== (when === 'wins')) return null;
  return (
    <Suspense fallback={null}>
      <LadderVerdictLine
        scenario={scenario}
        plan={plan}
        wins={wins}
        stale={solved.status === 'running'}
        testId={testId}
      />
    </Suspense>
  );
}
