import { lazy, type ReactNode, Suspense } from 'react';
import type { Scenario } from '../engine';
import { orNewVersionReady } from '../features/offline';
import { withOnDemandStrings } from '../i18n/app-i18n';
import { ladderStanding } from '../view-model/ladder-text';
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
 * in rungs is cheaper than the best single way, or keeps within the GPUs one can get on demand where
 * that way cannot (the first screen, the recommendation); `when="otherwise"` only when neither (behind
 * the first screen's Details). Nothing until the worker has a plan, and
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
  // A plan that keeps within the market where the best single way cannot is said with the winners.
  const standing = ladderStanding(plan);
  if ((standing !== 'same') !== (when === 'wins')) return null;
  return (
    <Suspense fallback={null}>
      <LadderVerdictLine
        scenario={scenario}
        plan={plan}
        standing={standing}
        stale={solved.status === 'running'}
        testId={testId}
      />
    </Suspense>
  );
}
