import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_basic,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../components/scroll-region';
import { type Evaluation, type Scenario, STRATEGY_IDS, type StrategyId } from '../../engine';
import { formatMoney } from '../../lib/format';
import { useMoneyFormat } from '../../state/store-context';
import {
  breakdownTable,
  type CategoryRow,
  totalLabel,
  UNIT_COST_DECIMALS,
  unitCostLabel,
} from '../../view-model/breakdown-table';
import { countText } from '../../view-model/count-text';
import { INELIGIBLE_COLOR, STRATEGY_COLORS } from '../../view-model/strategy-style';

// Module scope: TanStack Table v9 wants features and columns stable between renders.
const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic },
});

const helper = createColumnHelper<typeof features, CategoryRow>();

// Money columns sort largest first on the first click: the question is "where does the money go".
const columns = helper.columns([
  helper.accessor('category', { id: 'category', enableSorting: false }),
  helper.accessor('selfBuild', { id: 'selfBuild', sortFn: 'basic', sortDescFirst: true }),
  helper.accessor('rent', { id: 'rent', sortFn: 'basic', sortDescFirst: true }),
  helper.accessor('platform', { id: 'platform', sortFn: 'basic', sortDescFirst: true }),
  helper.accessor('hybrid', { id: 'hybrid', sortFn: 'basic', sortDescFirst: true }),
]);

function isStrategy(id: string): id is StrategyId {
  return (STRATEGY_IDS as readonly string[]).includes(id);
}

const cellStyle = { padding: '0.4rem 0.6rem', textAlign: 'right', whiteSpace: 'nowrap' } as const;
// Row headers never wrap: in Chinese a narrow column would break a label into one character per line.
const rowHeaderStyle = {
  padding: '0.4rem 0.6rem',
  textAlign: 'left',
  fontWeight: 400,
  whiteSpace: 'nowrap',
} as const;

/**
 * The six-category monthly breakdown of every strategy as a sortable table: the data alternative of
 * the charts. Totals sit in the footer so sorting the categories never moves them.
 */
export function BreakdownTable({
  scenario,
  evaluation,
}: {
  scenario: Scenario;
  evaluation: Evaluation;
}): ReactNode {
  const { t } = useTranslation('charts');
  const money = useMoneyFormat();
  const shaped = useMemo(() => breakdownTable(evaluation), [evaluation]);
  const { categories: data, totals, unitCosts, leadTimes: lead, capitalCharges } = shaped;
  const table = useTable({ features, columns, data, getRowId: (row) => row.category });

  const name = (id: StrategyId) => t(`strategy.${id}`);
  const fmt = (cny: number) => formatMoney(cny, money);
  const muted = (id: StrategyId) => !evaluation.strategies[id].eligible;
  const reasons = STRATEGY_IDS.flatMap((id) => {
    const reason = evaluation.strategies[id].ineligibleReason;
    return reason === null
      ? []
      : [{ id, text: t('table.ineligibleNote', { name: name(id), reason: t(`ineligible.${reason}`) }) }];
  });

  const leadNote =
    lead.length === 0
      ? null
      : t('table.leadTimeNote', {
          months: countText(t, 'months', evaluation.buildLeadTimeMonths, money.locale),
          items: lead
            .map((l) => t('table.leadTimeItem', { name: name(l.id), amount: fmt(l.monthlyCny) }))
            .join(t('table.listSeparator')),
        });

  const capitalNote =
    capitalCharges.length === 0
      ? null
      : t('table.capitalChargeNote', {
          items: capitalCharges
            .map((l) => t('table.leadTimeItem', { name: name(l.id), amount: fmt(l.monthlyCny) }))
            .join(t('table.listSeparator')),
        });

  const captionId = useId();
  return (
    <div className="breakdown-table">
      <p id={`${captionId}-hint`} style={{ fontSize: '0.8125rem', color: '#4b5563', margin: '0 0 0.25rem' }}>
        {t('table.sortHint')}
      </p>
      {/* On a phone the table is wider than the screen. */}
      <ScrollRegion labelledBy={captionId} style={{ overflowX: 'auto', maxWidth: '100%' }}>
        <table
          aria-describedby={`${captionId}-hint`}
          style={{
            borderCollapse: 'collapse',
            width: '100%',
            fontSize: '0.875rem',
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          <caption id={captionId} style={{ textAlign: 'left', fontWeight: 600, paddingBottom: '0.5rem' }}>
            {t(`table.caption.${money.currency}`)}
          </caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} style={{ borderBottom: '2px solid #d1d5db' }}>
                {group.headers.map((header) => {
                  const id = header.column.id;
                  if (!isStrategy(id)) {
                    return (
                      <th key={header.id} scope="col" style={rowHeaderStyle}>
                        {t('table.categoryHeader')}
                      </th>
                    );
                  }
                  const sorted = header.column.getIsSorted();
                  const toggle = header.column.getToggleSortingHandler();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                      style={{ ...cellStyle, verticalAlign: 'bottom' }}
                    >
                      <button
                        type="button"
                        onClick={toggle}
                        style={{
                          font: 'inherit',
                          fontWeight: 600,
                          background: 'none',
                          border: 'none',
                          padding: 0,
                          cursor: 'pointer',
                          color: muted(id) ? '#6b7280' : 'inherit',
                          display: 'inline-flex',
                          alignItems: 'center',
                          gap: '0.3rem',
                        }}
                      >
                        <span
                          aria-hidden="true"
                          style={{
                            width: 10,
                            height: 10,
                            borderRadius: 2,
                            background: muted(id) ? INELIGIBLE_COLOR : STRATEGY_COLORS[id],
                          }}
                        />
                        {name(id)}
                        <span aria-hidden="true" style={{ width: '1ch' }}>
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                        </span>
                      </button>
                      {muted(id) && (
                        <span
                          style={{ display: 'block', fontWeight: 400, fontSize: '0.75rem', color: '#6b7280' }}
                        >
                          {t('common:join.bracketed', { note: t('notAvailable') })}
                        </span>
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} style={{ borderBottom: '1px solid #e5e7eb' }}>
                <th scope="row" style={rowHeaderStyle}>
                  {t(`category.${row.original.category}`)}
                </th>
                {STRATEGY_IDS.map((id) => (
                  <td key={id} style={{ ...cellStyle, color: muted(id) ? '#6b7280' : undefined }}>
                    {fmt(row.original[id])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            {totals.map((row, i) => (
              <tr key={row.kind} style={i === 0 ? { borderTop: '2px solid #d1d5db' } : undefined}>
                <th scope="row" style={{ ...rowHeaderStyle, fontWeight: 600 }}>
                  {totalLabel(row.kind, scenario.horizonMonths, t)}
                </th>
                {STRATEGY_IDS.map((id) => (
                  <td
                    key={id}
                    style={{ ...cellStyle, fontWeight: 600, color: muted(id) ? '#6b7280' : undefined }}
                  >
                    {fmt(row[id])}
                  </td>
                ))}
              </tr>
            ))}
            {unitCosts.map((row) => (
              <tr key={row.kind} data-testid={`unit-cost-${row.kind}`}>
                <th scope="row" style={rowHeaderStyle}>
                  {unitCostLabel(row.kind, t)}
                </th>
                {STRATEGY_IDS.map((id) => (
                  <td key={id} style={{ ...cellStyle, color: muted(id) ? '#6b7280' : undefined }}>
                    {formatMoney(row[id], money, UNIT_COST_DECIMALS)}
                  </td>
                ))}
              </tr>
            ))}
          </tfoot>
        </table>
      </ScrollRegion>
      {leadNote ? (
        <p
          data-testid="lead-time-line"
          style={{ fontSize: '0.8125rem', color: '#4b5563', margin: '0.25rem 0' }}
        >
          {leadNote}
        </p>
      ) : null}
      {capitalNote ? (
        <p
          data-testid="capital-charge-line"
          style={{ fontSize: '0.8125rem', color: '#4b5563', margin: '0.25rem 0' }}
        >
          {capitalNote}
        </p>
      ) : null}
      {reasons.map((r) => (
        <p key={r.id} style={{ fontSize: '0.8125rem', color: '#4b5563', margin: '0.25rem 0' }}>
          {r.text}
        </p>
      ))}
    </div>
  );
}
