import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { ScrollRegion } from '../../../components/scroll-region';
import { COMPARATOR_IDS, COST_CATEGORIES, type Evaluation, type Scenario, tcoTable } from '../../../engine';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useMoneyFormat } from '../../../state/store-context';
import { comparatorName, paybackText } from '../../../view-model/comparison-text';

/**
 * Step 2 (seed 003 §5): total cost of ownership in one table — self-build amortised over the horizon
 * against renting at the real usage (billed hours × price + setup + failure losses), per year and in
 * total, never unit prices alone. Each year's cell is the cash really paid in it (engine cashByYear:
 * prices fall, a purchase is paid on delivery); the cost over the horizon (the purchase spread, the
 * resale credited) and its parts stand in the row's heading.
 */
export function TcoStep({ scenario, evaluation }: { scenario: Scenario; evaluation: Evaluation }) {
  const { t } = useTranslation('wizard');
  const captionId = useId();
  const money = useMoneyFormat();
  const table = tcoTable(scenario, evaluation);
  const m = (v: number) => formatMoney(v, money);
  const years = table.yearMonths.map((months, i) => ({ year: i + 1, months }));
  const billed = (id: 'rent' | 'platform') =>
    table.rows.find((r) => r.strategy === id)?.billedGpuHoursPerMonth ?? 0;
  return (
    <div className="wizard-step">
      <p className="wizard-step__intro">{t('tco.intro')}</p>
      <p className="wizard-note">
        {t('tco.usage', {
          useful: formatNumber(table.usefulGpuHoursPerMonth, money.locale),
          rentBilled: formatNumber(billed('rent'), money.locale),
          platformBilled: formatNumber(billed('platform'), money.locale),
        })}
      </p>
      <ScrollRegion labelledBy={captionId} className="wizard-table-wrap">
        <DataTable
          className="wizard-table"
          testId="wizard-tco-table"
          caption={t('tco.caption', { months: scenario.horizonMonths })}
          captionId={captionId}
          headers={[
            t('tco.strategy'),
            ...years.map(({ year, months }) =>
              months === 12 ? t('tco.year', { n: year }) : t('tco.partYear', { n: year, months }),
            ),
            t('tco.total'),
          ]}
        >
          <tbody>
            {table.rows.map((row) => (
              <tr
                key={row.strategy}
                data-strategy={row.strategy}
                className={row.eligible ? '' : 'is-ineligible'}
              >
                <th scope="row">
                  <span className="wizard-table__name">
                    {t(`strategy.${row.strategy}`, { ns: 'common' })}
                  </span>
                  <span className="wizard-table__lines">
                    {row.eligible
                      ? COST_CATEGORIES.filter((l) => row.linesCny[l] > 0.5)
                          .map((l) => `${t(`tco.lines.${l}`)} ${m(row.linesCny[l])}`)
                          .join(' · ')
                      : t('tco.ineligible')}
                  </span>
                  {row.capexCny > 0 ? (
                    <span className="wizard-table__lines">{t('tco.capex', { capex: m(row.capexCny) })}</span>
                  ) : null}
                  {row.eligible ? (
                    <span className="wizard-table__lines" data-testid={`wizard-tco-cost-${row.strategy}`}>
                      {t(row.capexCny > 0 ? 'tco.costTotal' : 'tco.costTotalRented', {
                        months: scenario.horizonMonths,
                        cost: m(row.totalCny),
                      })}
                    </span>
                  ) : null}
                </th>
                {years.map(({ year }) => (
                  <td key={year}>{row.eligible ? m(row.cash.years[year - 1]?.cashOutCny ?? 0) : '—'}</td>
                ))}
                <td className="wizard-table__total">{row.eligible ? m(row.cash.totalCny) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ScrollRegion>
      <p className="wizard-hint">{t('tco.howRead')}</p>
      <h3 className="wizard-subtitle">{t('tco.paybackTitle')}</h3>
      <ul className="wizard-list">
        {COMPARATOR_IDS.map((id) => (
          <li key={id} data-testid={`wizard-payback-vs-${id}`}>
            {t('tco.payback', {
              comparator: comparatorName(id, t),
              payback: paybackText(evaluation.comparisons[id], t),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
