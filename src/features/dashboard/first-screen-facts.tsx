import { type KeyboardEvent, memo, type ReactNode, useDeferredValue, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { jumpToWhenRendered } from '../../components/scroll-hold';
import { Term } from '../../components/term';
import type { ComparatorId, Evaluation, Scenario } from '../../engine';
import { formatNumber, formatPercent, type MoneyFormat } from '../../lib/format';
import { useMoneyFormat } from '../../state/store-context';
import { sharedFlipDecline, sharedFlipPath } from '../../state/sweep-cache';
import { comparatorName, crossoverText, paybackText } from '../../view-model/comparison-text';
import { flipDeclineText, flipPathText } from '../../view-model/decline-text';
import { existingSummaryText } from '../../view-model/existing-text';
import { type FactId, firstScreenFacts } from '../../view-model/first-screen';
import { marketWaysText } from '../../view-model/market-text';

/**
 * Layers 2 and 3 of the first screen (issue 25): at most three supporting figures chosen by the
 * situation (src/view-model/first-screen.ts), then a "Details" button that shows every other figure —
 * the crossover and payback against each comparator, the right size, the load rate now — and the
 * price decline at which the answer flips. The details stay in the page while closed (hidden), so
 * every figure's hook is always there; Escape on the button closes them.
 */
export function FirstScreenFacts({
  evaluation,
  scenario,
  ladderVerdict,
  open,
  onOpenChange,
}: {
  evaluation: Evaluation;
  scenario: Scenario;
  /** Every way to commit, when it does not win (else it is said under the verdict). */
  ladderVerdict?: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const facts = firstScreenFacts(evaluation);
  const regionId = useId();
  const button = useRef<HTMLButtonElement>(null);
  // The flip search prices ≈30–60 scenarios: deferred, so a slider step paints its numbers first.
  const deferred = useDeferredValue(scenario);
  // The steady rate's flip moves on-demand prices only: said when terms follow them (no term path).
  const steady = deferred.finance.gpuTimePriceShape === null && deferred.finance.termPriceShape === null;
  const flip = useMemo(() => (steady ? sharedFlipDecline(deferred) : null), [deferred, steady]);
  const pathFlip = useMemo(() => sharedFlipPath(deferred), [deferred]);
  // Escape on the button closes the open details (they hold no control of their own to focus).
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    onOpenChange(false);
    button.current?.focus();
  };

  return (
    <div className="facts">
      <dl className="summary__facts" aria-label={t('firstScreen:supporting')} data-layer="supporting">
        {facts.supporting.map((id) => (
          <Fact key={id} id={id} evaluation={evaluation} money={money} t={t} />
        ))}
      </dl>
      <button
        ref={button}
        type="button"
        className="button details-toggle"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => onOpenChange(!open)}
        onKeyDown={onKeyDown}
      >
        <span className="details-toggle__chevron" aria-hidden="true" />
        {t('firstScreen:details')}
      </button>
      <section
        id={regionId}
        className="facts__details"
        aria-label={t('firstScreen:detailsTitle')}
        hidden={!open}
      >
        {steady ? (
          <p className="summary__flip" data-testid="flip-decline">
            {flipDeclineText(flip, evaluation.recommendation.strategy, t, money.locale, scenario)}
          </p>
        ) : null}
        <p className="summary__flip" data-testid="flip-path">
          {flipPathText(pathFlip, evaluation.recommendation.strategy, t, money.locale, scenario)}
        </p>
        {ladderVerdict}
        {evaluation.existing ? (
          <p className="summary__flip" data-testid="existing-summary" data-lens={evaluation.existing.lens}>
            {existingSummaryText(evaluation.existing, money, t)}
          </p>
        ) : null}
        <MarketWays evaluation={evaluation} scenario={scenario} money={money} t={t} />
        <dl className="summary__facts" data-layer="details">
          {facts.details.map((id) => (
            <Fact key={id} id={id} evaluation={evaluation} money={money} t={t} />
          ))}
        </dl>
      </section>
    </div>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

/** Every way's draw on the on-demand market, in one sentence; nothing when no way takes from it. */
function MarketWays({
  evaluation,
  scenario,
  money,
  t,
}: {
  evaluation: Evaluation;
  scenario: Scenario;
  money: MoneyFormat;
  t: T;
}) {
  const text = marketWaysText(evaluation, scenario, money.locale, t);
  if (text === null) return null;
  return (
    <p
      className="summary__flip"
      data-testid="market-ways"
      data-on-demand-gpus={evaluation.market.onDemandGpus}
    >
      {text}
    </p>
  );
}

/**
 * One figure as a term and its value, with the hook docs/testing.md lists for it. Memoised: the flip
 * search's deferred render redraws the facts around it with the same evaluation.
 */
const Fact = memo(function Fact({
  id,
  evaluation,
  money,
  t,
}: {
  id: FactId;
  evaluation: Evaluation;
  money: MoneyFormat;
  t: T;
}) {
  const locale = money.locale;
  if (id === 'right-size') {
    const right = evaluation.rightSize;
    return (
      <div>
        <dt>
          <Term id="rightSize">{t('summary.rightSize')}</Term>
        </dt>
        <dd data-testid="right-size-gpus" data-gpus={right.gpus}>
          {right.gpus > 0
            ? t('summary.rightSizeGpus', {
                gpus: formatNumber(right.gpus, locale),
                currentGpus: formatNumber(right.currentGpus, locale),
              })
            : t('summary.rightSizeNone', { currentGpus: formatNumber(right.currentGpus, locale) })}
        </dd>
        <dd className="summary__fact-link">
          <button
            type="button"
            className="link-button"
            data-testid="see-sizing-curve"
            // The sizing card is in the Uncertainty section, drawn once it nears the viewport; the
            // address (the scenario and its section) stays as it is.
            onClick={() => jumpToWhenRendered('sizing', 'uncertainty')}
          >
            {t('firstScreen:seeSizingCurve')}
          </button>
        </dd>
      </div>
    );
  }
  if (id === 'load-now') {
    return (
      <div>
        <dt>
          <Term id="loadRate">{t('summary.loadRateNow')}</Term>
        </dt>
        <dd>{formatPercent(evaluation.loadRate, locale, 1)}</dd>
      </div>
    );
  }
  const [kind, comparator] = id.split('-') as ['crossover' | 'payback', ComparatorId];
  const c = evaluation.comparisons[comparator];
  if (kind === 'crossover') {
    return (
      <div data-comparator={comparator}>
        <dt>
          <Term id="crossover">
            {t('summary.crossoverVs', { comparator: comparatorName(comparator, t) })}
          </Term>
        </dt>
        <dd
          data-testid={`crossover-vs-${comparator}`}
          className={c.crossoverLoadRate === null ? 'is-never' : ''}
        >
          {crossoverText(c, money, t)}
        </dd>
      </div>
    );
  }
  return (
    <div data-comparator={comparator}>
      <dt>
        <Term id="cashPayback">{t('summary.paybackVs', { comparator: comparatorName(comparator, t) })}</Term>
      </dt>
      <dd data-testid={`payback-vs-${comparator}`}>{paybackText(c, t)}</dd>
    </div>
  );
});
