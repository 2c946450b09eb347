import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { jumpToWhenRendered } from '../../components/scroll-hold';
import type { LadderPlan } from '../../engine';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { useMoneyFormat } from '../../state/store-context';
import { type LadderFormat, ladderSentence } from '../../view-model/ladder-text';

/**
 * The ladder's plan as a verdict (issue 37): on the first screen when committing in rungs is cheaper
 * than the best single way ("Cheaper still, committing in rungs: own 256 GPUs, reserve 128 …"), behind
 * Details when it is not, and in the recommendation. The sentence is the section's own, so the two never
 * disagree; a link jumps to the section's chart and rungs.
 */
export function LadderVerdictLine({
  plan,
  wins,
  stale,
  testId,
}: {
  plan: LadderPlan;
  wins: boolean;
  /** The plan is the previous scenario's, while the worker solves this one. */
  stale: boolean;
  testId: string;
}): ReactNode {
  const { t } = useTranslation(['sizing', 'common']);
  const money = useMoneyFormat();
  const f: LadderFormat = {
    money: (v) => formatMoney(v, money),
    count: (v) => formatNumber(v, money.locale),
    percent: (v) => formatPercent(v, money.locale, 1),
  };
  return (
    <p
      className={wins ? 'summary__ladder summary__ladder--wins' : 'summary__ladder'}
      data-testid={testId}
      data-wins={wins}
      aria-busy={stale}
    >
      <strong>{t(wins ? 'ladder.verdict.wins' : 'ladder.verdict.same')}</strong>{' '}
      <span data-testid={`${testId}-sentence`}>{ladderSentence(plan, t, f)}</span>{' '}
      <button
        type="button"
        className="link-button"
        // The section renders once it nears the viewport; the address stays as it is.
        onClick={() => jumpToWhenRendered('ladder-caption', 'ladder')}
      >
        {t('ladder.verdict.see')}
      </button>
    </p>
  );
}
