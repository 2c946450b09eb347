import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LadderBudget } from '../engine';
import { formatMoney } from '../lib/format';
import { useMoneyFormat } from '../state/store-context';
import { ladderBudgetRows } from '../view-model/ladder-text';
import { DataTable } from './data-table';

/**
 * The ladder's plan by quarter (engine ladder/budget.ts), shared by the ladder's section and the
 * sizing card (where it stands in for the buy-N plan when the ladder is the verdict, so the dashboard
 * budgets one plan): the own cluster's capex, resale and run-rate (only when the plan owns), the
 * commitments, what is paid as used, the quarter's total, and the horizon's sums. Each caller styles
 * the table with its own class.
 */
export function LadderBudgetTable({
  budget,
  tableClassName,
  testId,
}: {
  budget: LadderBudget;
  tableClassName: string;
  testId: string;
}): ReactNode {
  const { t } = useTranslation('sizing');
  const money = useMoneyFormat();
  const m = (cny: number) => formatMoney(cny, money);
  const rows = ladderBudgetRows(budget, t);
  const captionId = useId();
  return (
    <div className="ladder-budget" data-testid={testId} data-owned-gpus={budget.ownedGpus}>
      <p className="analysis-caption" id={captionId}>
        {rows.caption}
      </p>
      <div className="table-scroll">
        <DataTable
          className={tableClassName}
          testId={`${testId}-table`}
          labelledBy={captionId}
          numericFrom={2}
          headers={rows.head}
        >
          <tbody>
            {rows.quarters.map((q) => (
              <tr key={q.quarter} data-quarter={q.quarter}>
                <th scope="row">{q.label}</th>
                <td>{q.months}</td>
                {q.amounts.map((v, i) => (
                  <td key={rows.keys[i]} className="num">
                    {m(v)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-quarter="sum">
              <th scope="row">{rows.horizon.label}</th>
              <td />
              {rows.horizon.amounts.map((v, i) => (
                <td key={rows.keys[i]} className="num">
                  {m(v)}
                </td>
              ))}
            </tr>
          </tfoot>
        </DataTable>
      </div>
      {budget.afterHorizonCny > 0 ? (
        <p className="finance__note" data-testid={`${testId}-after`}>
          {t('ladder.budget.after', { cash: m(budget.afterHorizonCny) })}
        </p>
      ) : null}
      <p className="finance__note">{t('ladder.budget.note')}</p>
    </div>
  );
}
