import { useTranslation } from 'react-i18next';
import { COST_CATEGORIES, type CostCategory, STRATEGY_IDS } from '../../engine';
import { formatMoney, formatNumber, type MoneyFormat } from '../../lib/format';
import type { Bills } from '../../scenario/bills-csv';

/**
 * A bills file read, before it is kept: how its lines were mapped — each way's amount in each of the
 * six categories, the months it covers, the lines in USD converted — with "Keep these bills" or
 * "Discard". Nothing changes until the user keeps them.
 */
export function BillsPreview({
  file,
  bills,
  money,
  onKeep,
  onDiscard,
}: {
  file: string;
  bills: Bills;
  money: MoneyFormat;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation(['scenarios', 'charts', 'common']);
  const ways = STRATEGY_IDS.filter((w) => bills.months.some((m) => m.way === w));
  const sum = (way: string, c: CostCategory) =>
    bills.months.reduce((s, m) => (m.way === way ? s + m.spendByCategoryCny[c] : s), 0);
  const months = bills.months.map((m) => m.month);
  return (
    <section
      className="notice actuals__preview"
      aria-label={t('actuals.preview.title')}
      data-testid="bills-preview"
    >
      <div className="notice__text">
        <p className="notice__title">{t('actuals.preview.title')}</p>
        <p>
          {t('actuals.preview.read', {
            file,
            count: bills.rows,
            rows: formatNumber(bills.rows, money.locale),
            first: months[0] ?? '',
            last: months[months.length - 1] ?? '',
            usd: formatNumber(bills.usdRows, money.locale),
          })}
        </p>
        <div className="table-scroll">
          <table className="actuals__table">
            <caption>{t('actuals.preview.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('actuals.col.category')}</th>
                {ways.map((w) => (
                  <th key={w} scope="col">
                    {t(`common:strategy.${w}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {COST_CATEGORIES.map((c) => (
                <tr key={c} data-category={c}>
                  <th scope="row">{t(`charts:category.${c}`)}</th>
                  {ways.map((w) => (
                    <td key={w}>{formatMoney(sum(w, c), money)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          <button type="button" className="button button--primary" onClick={onKeep}>
            {t('actuals.preview.keep')}
          </button>{' '}
          <button type="button" className="button" onClick={onDiscard}>
            {t('actuals.preview.discard')}
          </button>
        </p>
      </div>
    </section>
  );
}
