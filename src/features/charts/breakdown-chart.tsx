import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame, type ChartProps, type LegendItem } from '../../components/chart-frame';
import { AXIS_TICK, CATEGORY_COLORS } from '../../components/chart-style';
import { COST_CATEGORIES, type CostCategory, type StrategyId } from '../../engine';
import { formatMoney, formatMoneyCompact } from '../../lib/format';
import { useMoneyFormat } from '../../state/store-context';
import { breakdownRows, displayToCny, maxOf, niceScale } from '../../view-model/chart-data';
import { INELIGIBLE_COLOR } from '../../view-model/strategy-style';

/**
 * Grey shades per category for ineligible strategies: the stack stays readable (segments still differ)
 * while the bar clearly reads as "not an option".
 */
const INELIGIBLE_OPACITY: Record<CostCategory, number> = {
  compute: 0.9,
  energy: 0.45,
  time: 0.7,
  ops: 0.35,
  failure: 0.6,
  iteration: 0.3,
};

/** Six-category monthly cost of each strategy as horizontal stacked bars (names fit on a phone). */
export function BreakdownChart({ evaluation }: ChartProps): ReactNode {
  const { t } = useTranslation('charts');
  const money = useMoneyFormat();
  const rows = useMemo(() => breakdownRows(evaluation, money), [evaluation, money]);
  const name = (id: StrategyId) => t(`strategy.${id}`);
  const data = rows.map((r) => ({
    ...r,
    label: r.eligible ? name(r.strategy) : t('breakdown.ineligibleTick', { name: name(r.strategy) }),
  }));

  const xScale = niceScale(maxOf(rows, ['total']), 3);
  const legend: LegendItem[] = COST_CATEGORIES.map((c) => ({
    key: c,
    label: t(`category.${c}`),
    color: CATEGORY_COLORS[c],
    shape: 'square',
  }));
  const notes: string[] = [];
  for (const r of rows) {
    if (r.ineligibleReason !== null) {
      notes.push(
        t('notAvailableReason', { name: name(r.strategy), reason: t(`ineligible.${r.ineligibleReason}`) }),
      );
    }
  }

  const fmt = (display: number) => formatMoney(displayToCny(display, money), money);
  const items = rows
    .map((r) => {
      let largest: CostCategory = 'compute';
      for (const c of COST_CATEGORIES) if (r[c] > r[largest]) largest = c;
      return t('breakdown.summaryItem', {
        name: name(r.strategy),
        total: fmt(r.total),
        category: t(`category.${largest}`),
        amount: fmt(r[largest]),
      });
    })
    .join('; ');

  return (
    <ChartFrame
      id="breakdown"
      title={t('breakdown.title')}
      summary={t('breakdown.summary', { items })}
      legendLabel={t('legendLabel')}
      legend={legend}
      notes={notes}
    >
      <BarChart
        data={data}
        layout="vertical"
        margin={{ top: 8, right: 20, bottom: 24, left: 4 }}
        barCategoryGap="22%"
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" horizontal={false} />
        <XAxis
          type="number"
          domain={[0, xScale.top]}
          ticks={xScale.ticks}
          tick={AXIS_TICK}
          tickFormatter={(v: number) => formatMoneyCompact(displayToCny(v, money), money)}
          label={{ value: t('breakdown.xAxis'), position: 'insideBottom', offset: -16, fontSize: 12 }}
        />
        <YAxis type="category" dataKey="label" width={96} tick={AXIS_TICK} interval={0} />
        <Tooltip
          formatter={(value, label) => [typeof value === 'number' ? fmt(value) : '', label]}
          cursor={{ fill: 'rgba(0,0,0,0.04)' }}
        />
        {COST_CATEGORIES.map((c) => (
          <Bar
            key={c}
            dataKey={c}
            name={t(`category.${c}`)}
            stackId="cost"
            fill={CATEGORY_COLORS[c]}
            isAnimationActive={false}
          >
            {data.map((r) => (
              <Cell
                key={r.strategy}
                fill={r.eligible ? CATEGORY_COLORS[c] : INELIGIBLE_COLOR}
                fillOpacity={r.eligible ? 1 : INELIGIBLE_OPACITY[c]}
              />
            ))}
          </Bar>
        ))}
      </BarChart>
    </ChartFrame>
  );
}
