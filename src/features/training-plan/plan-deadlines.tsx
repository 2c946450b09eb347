import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { STRATEGY_IDS } from '../../engine';
import { formatNumber, type MoneyFormat } from '../../lib/format';
import type { PlanView } from '../../view-model/training-plan';
import { finishText, onTimeCheapestText, runLabel } from '../../view-model/training-plan-text';

/** Per way of getting GPUs: when the plan finishes, what is late and by how much; the cheapest on time. */
export function PlanDeadlines({ view, money }: { view: PlanView; money: MoneyFormat }) {
  const { t } = useTranslation();
  const n = (v: number) => formatNumber(v, money.locale);
  return (
    <div className="plan-deadlines">
      <h4 className="card__subtitle">{t('plan:deadlines.title')}</h4>
      <p
        className="plan-cheapest"
        data-testid="on-time-cheapest"
        data-strategy={view.deadlines.cheapest.strategyId ?? ''}
      >
        {onTimeCheapestText(view, t, money)}
      </p>
      <div className="table-scroll">
        <DataTable
          className="plan-table"
          headers={[
            t('plan:deadlines.strategy'),
            t('plan:deadlines.finish'),
            ...view.rows.map((r) => runLabel(r.index, r.name, t)),
          ]}
        >
          <tbody>
            {STRATEGY_IDS.map((id) => {
              const d = view.deadlines.strategies[id];
              return (
                <tr key={id}>
                  <th scope="row">{t(`common:strategy.${id}`)}</th>
                  <td
                    data-testid={`finish-week-${id}`}
                    data-week={d.lastFinishWeek ?? ''}
                    data-on-time={d.allOnTime}
                  >
                    {finishText(view, id, t, money)}
                  </td>
                  {view.rows.map((r) => {
                    const week = r.finishWeek[id];
                    const slip = r.slipWeeks[id] ?? 0;
                    return (
                      <td key={r.index} className={slip > 0 || week === null ? 'plan-late' : undefined}>
                        {week === null
                          ? t('plan:finish.neverShort')
                          : slip > 0
                            ? t('plan:finish.weekLate', { week: n(week), weeks: n(slip) })
                            : t('plan:finish.week', { week: n(week) })}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      </div>
      <p className="field__hint">{t('plan:deadlines.note')}</p>
    </div>
  );
}
