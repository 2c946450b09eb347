import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LadderBudgetTable } from '../../components/ladder-budget-table';
import {
  LADDER_PREPAY_IDS,
  LADDER_TIER_IDS,
  type LadderPrepay,
  type LadderTierId,
  ladderTierEligibility,
  planLadderDeadlines,
  type Scenario,
} from '../../engine';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { useAppStore, useMoneyFormat } from '../../state/store-context';
import { ladderChart } from '../../view-model/ladder-chart';
import {
  commitmentEndText,
  commitmentStartText,
  type LadderFormat,
  ladderDeadlineText,
  ladderSentence,
  ladderStanding,
  rungSavingText,
  tierName,
} from '../../view-model/ladder-text';
import type { AnalysisState } from '../../workers/use-analysis';
import { LadderChartFigure } from './ladder-chart';
import './ladder.css';

/**
 * Every way to commit (issue 37, docs/model.md §10 "The ladder"): the cheapest stack of the tiers on,
 * solved by the engine from the demand curve, in one sentence; each rung's saving; the commitments by
 * quarter; the load-duration chart with the tiers as bands; and the tiers and terms the user may
 * change, each through the one door. The plan is solved in the analysis worker, so a slider step never
 * waits for it: the section keeps its last plan until the new one arrives.
 */
export function LadderSection({
  scenario,
  solved,
}: {
  scenario: Scenario;
  /** The plan solved in the analysis worker for the scenario (useScenarioAnalyses). */
  solved: AnalysisState<'ladder'>;
}): ReactNode {
  const { t } = useTranslation(['sizing', 'common']);
  const locale = useAppStore((s) => s.locale);
  const commitScenario = useAppStore((s) => s.commitScenario);
  const money = useMoneyFormat();
  // Solved in the analysis worker (tens of ms on a large curve): the last plan stays until the next.
  const plan = solved.result;
  const chart = useMemo(() => (plan === null ? null : ladderChart(plan)), [plan]);
  // A training plan's deadlines on the ladder's capacity (caps, lead time, spot's preemptions).
  // Only for the plan of this scenario: while the worker solves a change, the old plan's capacity
  // would be read with the new runs.
  const current = solved.status === 'done';
  const deadlines = useMemo(
    () => (plan === null || !current ? null : planLadderDeadlines(scenario, plan)),
    [scenario, plan, current],
  );
  const id = useId();
  const f: LadderFormat = {
    money: (v) => formatMoney(v, money),
    count: (v) => formatNumber(v, locale),
    percent: (v) => formatPercent(v, locale, 1),
  };
  const ladder = scenario.ladder;
  // What compliance allows, read off the scenario itself (not the worker's last plan).
  const eligible = useMemo(() => ladderTierEligibility(scenario), [scenario]);
  const setTier = (tier: LadderTierId, on: boolean) =>
    commitScenario((s) => ({ ...s, ladder: { ...s.ladder, tiers: { ...s.ladder.tiers, [tier]: on } } }), {
      source: 'choice',
    });
  const setPrepay = (tier: 'reserved3y' | 'reserved1y', value: LadderPrepay) =>
    commitScenario(
      (s) => ({ ...s, ladder: { ...s.ladder, prepay: { ...s.ladder.prepay, [tier]: value } } }),
      {
        source: 'choice',
      },
    );
  if (plan === null || chart === null)
    return (
      <div className="ladder" data-testid="ladder" aria-busy="true">
        <p className="ladder__plan ladder__plan--pending">
          {solved.status === 'error' ? t('ladder.failed') : t('ladder.solving')}
        </p>
      </div>
    );
  const ruledOut = LADDER_TIER_IDS.filter((tier) => ladder.tiers[tier] && !eligible[tier]).map((tier) =>
    tierName(tier, t),
  );
  // Highlighted, its details open, when it is the answer: cheaper, or the plan the market allows.
  const wins = ladderStanding(plan) !== 'same';

  return (
    <div className="ladder" data-testid="ladder" aria-busy={solved.status === 'running'}>
      {solved.status === 'error' ? (
        // The last plan stays on screen, said to be the last one, never passed off as this scenario's.
        <p className="notice" role="status">
          {t('ladder.stale')}
        </p>
      ) : null}
      <p className={wins ? 'ladder__plan ladder__plan--wins' : 'ladder__plan'} data-testid="ladder-plan">
        {ladderSentence(plan, t, f)}
      </p>
      {deadlines ? (
        <p className="ladder__deadlines" data-testid="ladder-deadlines" data-on-time={deadlines.allOnTime}>
          {ladderDeadlineText(deadlines, t, f)}
        </p>
      ) : null}
      <LadderChartFigure chart={chart} plan={plan} locale={locale} />
      <details className="ladder__details" open={wins || undefined}>
        <summary>{t('ladder.details')}</summary>
        <p className="finance__note">{t('ladder.intro')}</p>
        <fieldset className="ladder__tiers">
          <legend>{t('ladder.tiersLegend')}</legend>
          {LADDER_TIER_IDS.map((tier) => (
            <label key={tier} className="ladder__tier">
              <input
                type="checkbox"
                checked={ladder.tiers[tier] && eligible[tier]}
                disabled={!eligible[tier]}
                onChange={(e) => setTier(tier, e.target.checked)}
              />
              {tierName(tier, t)}
            </label>
          ))}
        </fieldset>
        {ruledOut.length > 0 ? (
          <p className="finance__note">
            {t('ladder.ruledOut', { tiers: ruledOut.join(t('common:join.separator')) })}
          </p>
        ) : null}
        <div className="ladder__fields">
          {(['reserved3y', 'reserved1y'] as const).map((tier) => (
            <div className="control" key={tier}>
              <label htmlFor={`${id}-${tier}`}>
                {t(tier === 'reserved3y' ? 'ladder.prepay.label3y' : 'ladder.prepay.label1y')}
              </label>
              <select
                id={`${id}-${tier}`}
                value={ladder.prepay[tier]}
                onChange={(e) => setPrepay(tier, e.target.value as LadderPrepay)}
              >
                {LADDER_PREPAY_IDS.map((p) => (
                  <option key={p} value={p}>
                    {t(`ladder.prepay.${p}`)}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
        <p className="finance__note">{t('ladder.prepay.note')}</p>
        <div className="table-scroll">
          <table className="ladder__table">
            <caption>{t('ladder.rungs.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('ladder.rungs.tier')}</th>
                <th scope="col">{t('ladder.rungs.gpus')}</th>
                <th scope="col">{t('ladder.rungs.hours')}</th>
                <th scope="col">{t('ladder.rungs.cost')}</th>
                <th scope="col">{t('ladder.rungs.saving')}</th>
              </tr>
            </thead>
            <tbody>
              {plan.rungs.map((r) => {
                const used = r.usefulGpuHoursPerMonth > 0 || (r.gpus ?? 0) > 0;
                return (
                  <tr key={r.id} data-testid={`ladder-rung-${r.id}`}>
                    <th scope="row">{tierName(r.id, t)}</th>
                    <td>{r.gpus === null ? t('ladder.rungs.variable') : f.count(r.gpus)}</td>
                    <td>{f.count(r.usefulGpuHoursPerMonth)}</td>
                    <td>{used ? f.money(r.monthlyCny) : t('ladder.rungs.unused')}</td>
                    <td>{used ? rungSavingText(r, t, f.money) : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {plan.schedule.length === 0 ? (
          <p className="finance__note" data-testid="ladder-schedule">
            {t('ladder.schedule.empty')}
          </p>
        ) : (
          <div className="table-scroll">
            <table className="ladder__table" data-testid="ladder-schedule">
              <caption>{t('ladder.schedule.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('ladder.schedule.tier')}</th>
                  <th scope="col">{t('ladder.schedule.from')}</th>
                  <th scope="col">{t('ladder.schedule.until')}</th>
                  <th scope="col">{t('ladder.schedule.gpus')}</th>
                  <th scope="col">{t('ladder.schedule.cash')}</th>
                  <th scope="col">{t('ladder.schedule.prepaid')}</th>
                </tr>
              </thead>
              <tbody>
                {plan.schedule.map((row) => (
                  <tr key={`${row.id}-${row.startMonth}`}>
                    <th scope="row">{tierName(row.id, t)}</th>
                    <td>{commitmentStartText(row, t)}</td>
                    <td>{commitmentEndText(row, plan.horizonMonths, t)}</td>
                    <td>{f.count(row.gpus)}</td>
                    <td>{f.money(row.monthlyCashCny)}</td>
                    <td>
                      {row.id === 'own'
                        ? t('ladder.schedule.bought', {
                            capex: f.money(row.prepaidCny),
                            month: row.paidMonth,
                          })
                        : f.money(row.prepaidCny)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <LadderBudgetTable budget={plan.budget} tableClassName="ladder__table" testId="ladder-budget" />
      </details>
    </div>
  );
}
