import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Term } from '../../components/term';
import { COMPARATOR_IDS, type Evaluation, type Scenario } from '../../engine';
import { formatNumber, formatPercent } from '../../lib/format';
import { useMoneyFormat } from '../../state/store-context';
import { sharedFlipDecline } from '../../state/sweep-cache';
import { comparatorName, crossoverText, paybackText, verdictTail } from '../../view-model/comparison-text';
import { flipDeclineText } from '../../view-model/decline-text';
import { STRATEGY_COLORS } from '../../view-model/strategy-style';

/**
 * The one-sentence headline ("Platform is 34.2% cheaper than Rent: ¥19,500 a month (¥234,000 a
 * year).") plus, against each named comparator (renting whole servers, the pooled platform), the load
 * rate where self-build turns cheaper and its cash-payback month; the cost-minimising owned cluster,
 * the load an own cluster can reach, and the load rate now.
 */
export function WinnerSummary({ evaluation, scenario }: { evaluation: Evaluation; scenario: Scenario }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const rec = evaluation.recommendation;
  const right = evaluation.rightSize;
  const locale = money.locale;
  // The flip search prices ≈30–60 scenarios: deferred, so a slider step paints its numbers first.
  const deferred = useDeferredValue(scenario);
  const flip = useMemo(() => sharedFlipDecline(deferred), [deferred]);

  return (
    <div className="summary">
      <p className="summary__headline" aria-live="polite">
        <strong data-testid="winner" className="summary__winner" style={{ color: 'var(--ink)' }}>
          <span className="swatch" style={{ background: STRATEGY_COLORS[rec.strategy] }} aria-hidden="true" />
          {t(`strategy.${rec.strategy}`)}
        </strong>{' '}
        {verdictTail(evaluation, money, t)}
      </p>
      <p className="summary__flip" data-testid="flip-decline">
        {flipDeclineText(flip, rec.strategy, t, locale)}
      </p>
      <dl className="summary__facts">
        {COMPARATOR_IDS.map((id) => {
          const c = evaluation.comparisons[id];
          return (
            <div key={`crossover-${id}`} data-comparator={id}>
              <dt>
                <Term id="crossover">{t('summary.crossoverVs', { comparator: comparatorName(id, t) })}</Term>
              </dt>
              <dd
                data-testid={`crossover-vs-${id}`}
                className={c.crossoverLoadRate === null ? 'is-never' : ''}
              >
                {crossoverText(c, money, t)}
              </dd>
            </div>
          );
        })}
        {COMPARATOR_IDS.map((id) => (
          <div key={`payback-${id}`} data-comparator={id}>
            <dt>
              <Term id="cashPayback">{t('summary.paybackVs', { comparator: comparatorName(id, t) })}</Term>
            </dt>
            <dd data-testid={`payback-vs-${id}`}>{paybackText(evaluation.comparisons[id], t)}</dd>
          </div>
        ))}
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
        </div>
        <div>
          <dt>
            <Term id="loadRate">{t('summary.loadRateNow')}</Term>
          </dt>
          <dd>{formatPercent(evaluation.loadRate, locale, 1)}</dd>
        </div>
      </dl>
    </div>
  );
}
