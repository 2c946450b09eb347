import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { ScrollRegion } from '../../../components/scroll-region';
import {
  COMPARATOR_IDS,
  curveFinding,
  type DecisionFactor,
  type Evaluation,
  holdsPeakInHouse,
  migrationPlan,
  type ReasonItem,
  type RiskAnswers,
  type Scenario,
  type StrategyId,
  selfAssessmentHybrid,
  strategyRanking,
  utilizationCheck,
} from '../../../engine';
import { formatMoney, formatNumber, formatPercent } from '../../../lib/format';
import { encodeScenarioHash } from '../../../scenario';
import { useMoneyFormat } from '../../../state/store-context';
import { comparatorName, crossoverText, paybackText } from '../../../view-model/comparison-text';
import { countText } from '../../../view-model/count-text';
import { reasonKey, reasonText } from '../../../view-model/reason-text';
import { STRATEGY_COLORS } from '../../../view-model/strategy-style';
import { curveFindingText } from './curve-text';
import { HybridOfferNote } from './hybrid-offer-note';
import { checkText } from './utilization-text';

const FACTORS: readonly DecisionFactor[] = ['load', 'scale', 'team', 'compliance'];

/**
 * The wizard's result: the engine's recommendation (strategy or hybrid split) for the scenario the four
 * steps built, the numbers behind it, the deciding factors (seed 003 §4) with what the self-tests found,
 * what would flip it, and the migration path of seed 003 §6.
 */
export function ResultPanel({
  scenario,
  evaluation,
  answers,
  onShowDashboard,
}: {
  scenario: Scenario;
  evaluation: Evaluation;
  answers: RiskAnswers;
  onShowDashboard: () => void;
}) {
  const { t } = useTranslation('wizard');
  const captionId = useId();
  const { t: tc } = useTranslation('common');
  const money = useMoneyFormat();
  const rec = evaluation.recommendation;
  const winner = evaluation.strategies[rec.strategy];
  const m = (v: number) => formatMoney(v, money);
  const pct = (v: number) => formatPercent(v, money.locale, 1);
  const curve = curveFinding(scenario, evaluation);
  const util = utilizationCheck(scenario, evaluation);
  const plan = migrationPlan(scenario, evaluation);
  // The same competitors as the engine's recommendation, cheapest first (engine strategyRanking).
  const ranked = strategyRanking(evaluation);
  const hybrid = selfAssessmentHybrid(scenario, evaluation, answers);
  const name = (id: StrategyId) => tc(`strategy.${id}`);
  const best = ranked[0];
  const reason = (item: ReasonItem, kind: 'reasons' | 'flips') => reasonText(item, kind, money, tc);
  const findings: Partial<Record<DecisionFactor, string[]>> = {
    load: [curveFindingText(curve, t, tc, money.locale), checkText(util, t, money)],
    team: answers.opsTeam ? [t(`risk.opsTeam.options.${answers.opsTeam}`)] : [],
  };

  return (
    <div className="wizard-result" data-testid="wizard-result" data-strategy={rec.strategy}>
      <p className="wizard-result__lead">
        <span className="swatch" style={{ background: STRATEGY_COLORS[rec.strategy] }} aria-hidden="true" />
        {tc('recommendation.lead', { strategy: tc(`strategy.${rec.strategy}`) })}
      </p>
      {rec.strategy === 'hybrid' && rec.hybridBaselineGpus !== null ? (
        <p className="wizard-result__split" data-testid="wizard-result-split">
          {tc('recommendation.hybridSplit', {
            baselineGpus: formatNumber(rec.hybridBaselineGpus, money.locale),
            mode: tc(
              scenario.hybrid.baselineMode === 'owned'
                ? 'recommendation.modeOwned'
                : 'recommendation.modeReserved',
            ),
            burstShare: pct(evaluation.strategies.hybrid.burstShare),
          })}
        </p>
      ) : null}
      {rec.ownGpus !== null ? (
        <p className="wizard-result__split" data-testid="wizard-result-own-gpus">
          {tc('recommendation.ownGpus', {
            gpus: formatNumber(rec.ownGpus, money.locale),
            currentGpus: formatNumber(evaluation.rightSize.currentGpus, money.locale),
            saving: m(evaluation.rightSize.savingMonthlyCny),
          })}
        </p>
      ) : null}

      <section aria-labelledby="wiz-numbers">
        <h3 id="wiz-numbers">{t('result.numbersTitle')}</h3>
        <p>
          {rec.runnerUp && rec.tie !== null
            ? t('result.tie', {
                monthly: m(winner.monthlyCny),
                horizon: m(winner.horizonCny),
                months: scenario.horizonMonths,
                runnerUp: name(rec.runnerUp),
                reason: t(`result.tieReason.${rec.tie}`),
              })
            : rec.runnerUp
              ? t('result.saving', {
                  monthly: m(winner.monthlyCny),
                  horizon: m(winner.horizonCny),
                  months: scenario.horizonMonths,
                  runnerUp: tc(`strategy.${rec.runnerUp}`),
                  saving: m(rec.savingMonthlyCny),
                  fraction: pct(rec.savingFraction),
                })
              : t('result.only', {
                  monthly: m(winner.monthlyCny),
                  horizon: m(winner.horizonCny),
                  months: scenario.horizonMonths,
                })}
        </p>
        <ScrollRegion labelledBy={captionId} className="wizard-table-wrap">
          <DataTable
            className="wizard-table"
            testId="wizard-result-ranking"
            caption={t('result.rankingCaption')}
            captionId={captionId}
            headers={[
              t('tco.strategy'),
              t('result.monthly'),
              t('result.horizon', { months: scenario.horizonMonths }),
              t('result.vsBest'),
            ]}
          >
            <tbody>
              {ranked.map((r, i) => (
                <tr key={r.strategy} data-strategy={r.strategy}>
                  <th scope="row">
                    {t(r.strategy === 'hybrid' && hybrid.pinned ? 'result.rankedPinned' : 'result.ranked', {
                      rank: i + 1,
                      strategy: name(r.strategy),
                    })}
                  </th>
                  <td>{m(r.monthlyCny)}</td>
                  <td>{m(r.horizonCny)}</td>
                  <td>
                    {r.tie !== null
                      ? t('result.tieCell')
                      : r.aboveBestFraction !== null
                        ? `+${pct(r.aboveBestFraction)}`
                        : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </ScrollRegion>
        {best
          ? ranked.map((r) =>
              r.tie !== null ? (
                <p key={r.strategy} className="wizard-note" data-testid="wizard-ranking-tie">
                  {t('result.rankingTie', {
                    strategy: name(r.strategy),
                    best: name(best.strategy),
                    reason: t(`result.tieReason.${r.tie}`),
                  })}
                </p>
              ) : null,
            )
          : null}
        <HybridOfferNote offer={hybrid} />
      </section>

      <section aria-labelledby="wiz-comparisons">
        <h3 id="wiz-comparisons">{t('result.comparisonsTitle')}</h3>
        <ul>
          {COMPARATOR_IDS.map((id) => {
            const c = evaluation.comparisons[id];
            const comparator = comparatorName(id, tc);
            return (
              <li key={id} data-testid={`wizard-comparison-${id}`}>
                {!c.eligible
                  ? t('result.notAllowed', { comparatorCap: tc(`comparatorCap.${id}`) })
                  : t(c.crossoverLoadRate === null ? 'result.crossoverNever' : 'result.crossover', {
                      comparator,
                      crossover: crossoverText(c, money, tc),
                      payback: paybackText(c, tc),
                    })}
              </li>
            );
          })}
        </ul>
      </section>

      <div className="wizard-result__columns">
        <section aria-labelledby="wiz-why">
          <h3 id="wiz-why">{t('result.whyTitle')}</h3>
          {FACTORS.map((factor) => {
            const items = rec.reasons.filter((r) => r.factor === factor);
            const found = findings[factor] ?? [];
            if (items.length === 0 && found.length === 0) return null;
            return (
              <div key={factor} className="factor">
                <h4 className="factor__title">{tc(`recommendation.factors.${factor}`)}</h4>
                <ul>
                  {items.map((item) => (
                    <li key={reasonKey(item)} data-code={item.code}>
                      {reason(item, 'reasons')}
                    </li>
                  ))}
                  {found.map((text) => (
                    <li key={text} className="wizard-finding">
                      {t('result.youFound', { text })}
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
          <div className="factor">
            <h4 className="factor__title">{t('result.riskTitle')}</h4>
            <ul>
              {(['peakAccess', 'recovery', 'refresh'] as const).map((key) =>
                answers[key] ? (
                  <li key={key}>
                    {t('result.answer', {
                      q: t(`risk.${key}.short`),
                      a: t(`risk.${key}.options.${answers[key]}`),
                    })}
                  </li>
                ) : null,
              )}
              {answers.peakAccess !== null && holdsPeakInHouse(answers.peakAccess) ? (
                <li>{t('result.slowPeakNote')}</li>
              ) : null}
            </ul>
          </div>
        </section>
        <div>
          <section aria-labelledby="wiz-flips">
            <h3 id="wiz-flips">{t('result.flipsTitle')}</h3>
            {rec.flips.length === 0 ? (
              <p>{tc('recommendation.noFlips')}</p>
            ) : (
              <ul>
                {rec.flips.map((item) => (
                  <li key={reasonKey(item)} data-code={item.code}>
                    {reason(item, 'flips')}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="wiz-migration">
            <h3 id="wiz-migration">{t('result.migrationTitle')}</h3>
            <ol className="wizard-migration" data-testid="wizard-migration">
              {plan.steps.map((step) => (
                <li key={step}>
                  {t(`result.migration.${step}`, {
                    gpus: formatNumber(plan.targetGpus, money.locale),
                    months: countText(t, 'months', plan.leadTimeMonths, money.locale),
                  })}
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>

      <div className="wizard-result__actions">
        <button type="button" className="wizard-button wizard-button--primary" onClick={onShowDashboard}>
          {t('result.openDashboard')}
        </button>
        <a className="wizard-link" href={`#${encodeScenarioHash(scenario)}`} data-testid="wizard-share-link">
          {t('result.shareLink')}
        </a>
      </div>
    </div>
  );
}
