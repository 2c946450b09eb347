import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '../../components/chart-frame';
import { AXIS_TICK } from '../../components/chart-style';
import { ScrollRegion } from '../../components/scroll-region';
import { Term } from '../../components/term';
import { compareHardware, type HardwareComparison, type Scenario } from '../../engine';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { useMoneyFormat, useShownScenario } from '../../state/store-context';
import { displayToCny } from '../../view-model/chart-data';
import { STRATEGY_COLORS } from '../../view-model/strategy-style';
import { type CompareTableRow, compareChartBars, compareTableRows } from './compare-data';
import './hardware.css';
import { catalogueDate, gpuNameIn, gpuShortNameIn } from '../../view-model/catalogue-text';

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic, alphanumeric: sortFn_alphanumeric },
});
const helper = createColumnHelper<typeof features, CompareTableRow>();
const columns = helper.columns([
  helper.accessor('name', { id: 'model', sortFn: 'alphanumeric' }),
  helper.accessor('availability', { id: 'availability', sortFn: 'alphanumeric' }),
  helper.accessor('serverPriceCny', { id: 'serverPrice', sortFn: 'basic' }),
  helper.accessor('capacityGpus', { id: 'gpus', sortFn: 'basic' }),
  helper.accessor('monthlyCny', { id: 'monthly', sortFn: 'basic' }),
  helper.accessor('costPerUsefulPflopHourCny', { id: 'perPflop', sortFn: 'basic' }),
  helper.accessor((r) => r.vsBestRentalMonthlyCny ?? Number.POSITIVE_INFINITY, {
    id: 'vsRental',
    sortFn: 'basic',
  }),
  helper.accessor('crossoverSort', { id: 'crossover', sortFn: 'basic' }),
]);

// The comparison prices every model's cluster (about a tenth of a second to a second on a large
// weekly curve): after a change it runs a moment after the last one, so dragging a slider stays
// smooth. The first comparison runs as the table mounts (it mounts when scrolled near), so it never
// sits on "Comparing…" once in view.
const SETTLE_MS = 250;

/** Compare hardware (docs/model.md §8): catalogue models as the own cluster against the best rental. */
export function CompareHardware(): ReactNode {
  const scenario = useShownScenario();
  const [result, setResult] = useState<{ scenario: Scenario; cmp: HardwareComparison }>(() => ({
    scenario,
    cmp: compareHardware(scenario),
  }));
  useEffect(() => {
    if (result.scenario === scenario) return;
    const timer = setTimeout(() => setResult({ scenario, cmp: compareHardware(scenario) }), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [scenario, result.scenario]);
  return (
    <div className="hw-compare" aria-busy={result.scenario !== scenario}>
      <CompareIntro cmp={result.cmp} />
      <CompareTable cmp={result.cmp} />
      <CompareChart cmp={result.cmp} />
    </div>
  );
}

function CompareIntro({ cmp }: { cmp: HardwareComparison }) {
  const { t } = useTranslation('hardware');
  const money = useMoneyFormat();
  if (!cmp.bestRental) return <p className="hw__intro">{t('compare.noRental')}</p>;
  return (
    <p className="hw__intro">
      {t('compare.intro', {
        rental: t(`strategy.${cmp.bestRental.id}`),
        cost: formatMoney(cmp.bestRental.costPerUsefulPflopHourCny, money, 2),
      })}
    </p>
  );
}

function CompareTable({ cmp }: { cmp: HardwareComparison }) {
  const { t } = useTranslation('hardware');
  const money = useMoneyFormat();
  const data = useMemo(() => compareTableRows(cmp), [cmp]);
  const table = useTable({
    features,
    columns,
    data,
    getRowId: (row) => row.modelId,
    initialState: { sorting: [{ id: 'perPflop', desc: false }] },
  });
  const captionId = useId();
  const pct = (x: number | null) => (x === null ? t('compare.never') : formatPercent(x, money.locale, 0));
  const cell = (row: CompareTableRow, id: string): ReactNode => {
    switch (id) {
      case 'model':
        return gpuNameIn(row.name, money.locale);
      case 'availability':
        return t(`availability.${row.availability}`);
      case 'serverPrice':
        return (
          <>
            {formatMoney(row.serverPriceCny, money)}
            <span className="hw-compare__date">
              {row.serverPriceConfidence === 'L'
                ? t('priceDateEstimate', {
                    asOf: catalogueDate(row.serverPriceAsOf, money.locale),
                    estimate: t('estimate'),
                  })
                : t('priceDate', { asOf: catalogueDate(row.serverPriceAsOf, money.locale) })}
            </span>
          </>
        );
      case 'gpus':
        return formatNumber(row.capacityGpus, money.locale);
      case 'monthly':
        return formatMoney(row.monthlyCny, money);
      case 'perPflop':
        return formatMoney(row.costPerUsefulPflopHourCny, money, 2);
      case 'vsRental':
        return row.vsBestRentalMonthlyCny === null ? '—' : formatMoney(row.vsBestRentalMonthlyCny, money);
      case 'crossover':
        return pct(row.crossoverLoadRate);
      default:
        return null;
    }
  };
  return (
    <ScrollRegion labelledBy={captionId} className="hw-compare__scroll table-scroll">
      <table className="hw-compare__table" data-testid="hardware-compare-table">
        <caption id={captionId}>{t('compare.caption')}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const label = t(`compare.col.${header.column.id}`);
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                  >
                    <button
                      type="button"
                      className="hw-compare__sort"
                      onClick={header.column.getToggleSortingHandler()}
                      title={t('compare.sortBy', { column: label })}
                    >
                      {label}
                      <span aria-hidden="true">
                        {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                      </span>
                    </button>
                    {header.column.id === 'perPflop' ? <Term id="pflopHour" bare /> : null}
                    {header.column.id === 'crossover' ? <Term id="crossover" bare /> : null}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-testid="hardware-compare-row" data-model={row.original.modelId}>
              {row.getAllCells().map((c, i) =>
                i === 0 ? (
                  <th key={c.id} scope="row">
                    {cell(row.original, c.column.id)}
                  </th>
                ) : (
                  <td key={c.id}>{cell(row.original, c.column.id)}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function CompareChart({ cmp }: { cmp: HardwareComparison }) {
  const { t } = useTranslation('hardware');
  const money = useMoneyFormat();
  const bars = compareChartBars(cmp).map((b) => ({
    ...b,
    name: gpuShortNameIn(b.name, money.locale),
    shown: money.currency === 'USD' ? b.costPerPflop / money.cnyPerUsd : b.costPerPflop,
  }));
  const best = cmp.bestRental;
  const bestShown = best
    ? money.currency === 'USD'
      ? best.costPerUsefulPflopHourCny / money.cnyPerUsd
      : best.costPerUsefulPflopHourCny
    : null;
  const fmt = (shown: number) => formatMoney(displayToCny(shown, money), money, 2);
  const first = cmp.rows[0];
  const summary = first
    ? t('compare.chartSummary', {
        model: gpuNameIn(first.name, money.locale),
        cost: formatMoney(first.costPerUsefulPflopHourCny, money, 2),
        rental: best ? formatMoney(best.costPerUsefulPflopHourCny, money, 2) : '—',
      })
    : '';
  const legend = [
    { key: 'own', label: t('select.selfBuild'), color: STRATEGY_COLORS.selfBuild, shape: 'square' as const },
    ...(best
      ? [
          {
            key: 'best',
            label: t('compare.chartBest'),
            color: STRATEGY_COLORS[best.id],
            shape: 'line' as const,
            dash: '6 3',
          },
        ]
      : []),
  ];
  return (
    <ChartFrame
      id="hardware-compare"
      title={t('compare.chartTitle')}
      summary={summary}
      legendLabel={t('compare.chartTitle')}
      legend={legend}
      notes={[]}
      height={Math.max(300, bars.length * 30 + 60)}
    >
      <BarChart
        data={bars}
        layout="vertical"
        margin={{ top: 8, right: 24, bottom: 8, left: 4 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" horizontal={false} />
        <XAxis type="number" tick={AXIS_TICK} tickFormatter={(v: number) => fmt(v)} />
        <YAxis type="category" dataKey="name" width={104} tick={AXIS_TICK} interval={0} />
        <Tooltip
          formatter={(value) => [typeof value === 'number' ? fmt(value) : '', t('compare.col.perPflop')]}
        />
        <Bar dataKey="shown" isAnimationActive={false}>
          {bars.map((b) => (
            <Cell key={b.name} fill={STRATEGY_COLORS.selfBuild} fillOpacity={b.cheaper ? 1 : 0.55} />
          ))}
        </Bar>
        {best && bestShown !== null ? (
          <ReferenceLine
            x={bestShown}
            stroke={STRATEGY_COLORS[best.id]}
            strokeDasharray="6 3"
            strokeWidth={2}
          />
        ) : null}
      </BarChart>
    </ChartFrame>
  );
}
