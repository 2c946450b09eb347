import { lazy, type ReactNode, Suspense } from 'react';
import { withOnDemandStrings } from '../../i18n/app-i18n';
import { ladderWins } from '../../view-model/ladder-text';
import type { AnalysisState } from '../../workers/use-analysis';
import { orNewVersionReady } from '../offline';

// Its words are on demand (the sizing namespace) and it comes only once a plan is solved, so the first
// screen's own code does not grow.
const LadderVerdictLine = lazy(
  orNewVersionReady(
    withOnDemandStrings(() =>
      import('../ladder/ladder-verdict-line').then((m) => ({ default: m.LadderVerdictLine })),
    ),
  ),
);

/**
 * Where the ladder's plan is said as the verdict (issue 37): `when="wins"` shows it only when committing
 * in rungs is cheaper than the best single way (the first screen, the recommendation); `when="otherwise"`
 * only when it is not (behind the first screen's Details). Nothing until the worker has a plan.
 */
export function LadderVerdict({
  solved,
  when,
  testId,
}: {
  solved: AnalysisState<'ladder'>;
  when: 'wins' | 'otherwise';
  testId: string;
}): ReactNode {
  const plan = solved.result;
  if (plan === null) return null;
  const wins = ladderWins(plan);
  if (wins !== (when === 'wins')) return null;
  return (
    <Suspense fallback={null}>
      <LadderVerdictLine plan={plan} wins={wins} stale={solved.status !== 'done'} testId={testId} />
    </Suspense>
  );
}
