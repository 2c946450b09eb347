import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DecisionFactor, Evaluation, ReasonItem, Scenario } from '../../engine';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { useMoneyFormat } from '../../state/store-context';
import { marketCaveatText } from '../../view-model/market-text';
import { overCapacityText } from '../../view-model/over-capacity-text';
import { reasonKey, reasonText } from '../../view-model/reason-text';
import { STRATEGY_COLORS } from '../../view-model/strategy-style';

/** Seed 003 §4's four factors, in the article's order. */
const FACTORS: readonly DecisionFactor[] = ['load', 'scale', 'team', 'compliance'];

/**
 * The engine's recommendation: the strategy (or hybrid split, or "own N GPUs, not M" when a
 * right-sized own cluster wins), its reasons grouped by the four factors,
 * what would flip it, and the migration path of seed 003 §6.
 */
export function RecommendationPanel({
  scenario,
  evaluation,
  ladderVerdict,
}: {
  scenario: Scenario;
  evaluation: Evaluation;
  /** Every way to commit, named with the recommendation when it wins. */
  ladderVerdict?: ReactNode;
}) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const rec = evaluation.recommendation;
  const hybrid = evaluation.strategies.hybrid;
  // A cluster too small for the demand is said with the recommendation too (issue 44).
  const caveat = overCapacityText(rec, money.locale, t);
  // And a winner needing more GPUs at once than one can get on demand (the market under the verdict).
  const market = marketCaveatText(evaluation, scenario, money.locale, t);

  return (
    <div className="recommendation" data-testid="recommendation">
      <p className="recommendation__lead">
        <span className="swatch" style={{ background: STRATEGY_COLORS[rec.strategy] }} aria-hidden="true" />
        {t('recommendation.lead', { strategy: t(`strategy.${rec.strategy}`) })}
      </p>
      {caveat ? (
        <p className="recommendation__split" data-testid="recommendation-over-capacity">
          {caveat}
        </p>
      ) : null}
      {market ? (
        <p className="recommendation__split" data-testid="recommendation-market">
          {market}
        </p>
      ) : null}
      {rec.strategy === 'hybrid' && rec.hybridBaselineGpus !== null ? (
        <p className="recommendation__split">
          {t('recommendation.hybridSplit', {
            baselineGpus: formatNumber(rec.hybridBaselineGpus, money.locale),
            mode: t(
              scenario.hybrid.baselineMode === 'owned'
                ? 'recommendation.modeOwned'
                : 'recommendation.modeReserved',
            ),
            burstShare: formatPercent(hybrid.burstShare, money.locale, 1),
          })}
        </p>
      ) : null}
      {ladderVerdict}
      {rec.ownGpus !== null ? (
        <p className="recommendation__split" data-testid="recommendation-own-gpus">
          {t('recommendation.ownGpus', {
            gpus: formatNumber(rec.ownGpus, money.locale),
            currentGpus: formatNumber(evaluation.rightSize.currentGpus, money.locale),
            saving: formatMoney(evaluation.rightSize.savingMonthlyCny, money),
          })}
        </p>
      ) : null}

      <div className="recommendation__columns">
        <section aria-labelledby="rec-reasons">
          <h3 id="rec-reasons">{t('recommendation.reasonsTitle')}</h3>
          {FACTORS.map((factor) => {
            const items = rec.reasons.filter((r) => r.factor === factor);
            if (items.length === 0) return null;
            return (
              <div key={factor} className="factor">
                <h4 className="factor__title">{t(`recommendation.factors.${factor}`)}</h4>
                <ul>
                  {items.map((item) => (
                    <li key={reasonKey(item)} data-code={item.code}>
                      <ReasonText item={item} kind="reasons" />
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </section>
        <div>
          <section aria-labelledby="rec-flips">
            <h3 id="rec-flips">{t('recommendation.flipsTitle')}</h3>
            {rec.flips.length === 0 ? (
              <p>{t('recommendation.noFlips')}</p>
            ) : (
              <ul>
                {rec.flips.map((item) => (
                  <li key={reasonKey(item)} data-code={item.code}>
                    <ReasonText item={item} kind="flips" />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="rec-migration">
            <h3 id="rec-migration">{t('recommendation.migrationTitle')}</h3>
            <p>{t('recommendation.migration')}</p>
          </section>
        </div>
      </div>
    </div>
  );
}

function ReasonText({ item, kind }: { item: ReasonItem; kind: 'reasons' | 'flips' }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  return <>{reasonText(item, kind, money, t)}</>;
}
