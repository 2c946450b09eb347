import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import type { BudgetPlan } from '../../engine';
import { formatMoney, formatNumber } from '../../lib/format';
import { useMoneyFormat } from '../../state/store-context';
import { capexSentence } from '../../view-model/sizing-text';

/**
 * "Buy N, burst the rest" by quarter (engine sizing-budget.ts): what to buy and when it is paid, then
 * capex, resale, run-rate, burst and the burst's Monte Carlo P90 per quarter, and the horizon's sums.
 */
export function BudgetPlanTable({
  plan,
  stepGpus,
  titled = true,
}: {
  plan: BudgetPlan;
  stepGpus: number;
  /** False where a summary above already names the plan (the alternative to the ladder's plan). */
  titled?: boolean;
}): ReactNode {
  const { t } = useTranslation('sizing');
  const money = useMoneyFormat();
  const { locale } = money;
  const m = (cny: number) => formatMoney(cny, money);
  const bought = plan.ownedGpus > 0;
  const captionId = useId();
  return (
    <div className="analysis-budget" data-testid="budget-plan">
      {titled ? (
        <h4 className="analysis-subtitle">
          {bought ? t('plan.title', { gpus: formatNumber(plan.ownedGpus, locale) }) : t('plan.titleNone')}
        </h4>
      ) : null}
      <p className="analysis-plan-lead" data-testid="budget-plan-capex" data-month={plan.capexMonth ?? ''}>
        {capexSentence(plan, stepGpus, money, t)}
      </p>
      {/* The caption sits above the scroller, so a narrow screen wraps it instead of cutting it off. */}
      <p className="analysis-caption" id={captionId}>
        {t('plan.caption')}
      </p>
      <div className="analysis-table-wrap">
        <DataTable
          className="analysis-table"
          testId="budget-plan-table"
          labelledBy={captionId}
          headers={[
            t('plan.quarter'),
            t('plan.months'),
            t('plan.capexCol'),
            t('plan.resale'),
            t('plan.runRate'),
            t('plan.burst'),
            t('plan.burstP90'),
            t('plan.total'),
          ]}
        >
          <tbody>
            {plan.quarters.map((q) => (
              <tr key={q.quarter} data-quarter={q.quarter}>
                <th scope="row">{t('plan.quarterName', { quarter: q.quarter })}</th>
                <td>{t('plan.monthRange', { from: q.fromMonth, to: q.toMonth })}</td>
                <td>{m(q.capexCny)}</td>
                <td>{m(q.resaleCny)}</td>
                <td>{m(q.runRateCny)}</td>
                <td>{m(q.burstCny)}</td>
                <td data-testid="budget-burst-p90">
                  {q.burstP90Cny === null ? t('plan.pending') : m(q.burstP90Cny)}
                </td>
                <td>{m(q.totalCny)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('plan.sum')}</th>
              <td />
              <td>{m(plan.total.capexCny)}</td>
              <td>{m(plan.total.resaleCny)}</td>
              <td>{m(plan.total.runRateCny)}</td>
              <td>{m(plan.total.burstCny)}</td>
              <td />
              <td data-testid="budget-plan-total">{m(plan.total.totalCny)}</td>
            </tr>
          </tfoot>
        </DataTable>
      </div>
      <p className="analysis-note">{t('plan.note')}</p>
    </div>
  );
}
