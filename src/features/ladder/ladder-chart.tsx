import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure, type LegendItem } from '../../components/chart-figure';
import type { LadderPlan, LadderTierId } from '../../engine';
import { formatNumber, formatPercent, type Locale } from '../../lib/format';
import { LADDER_BAND_COLORS, type LadderChart } from '../../view-model/ladder-chart';
import { tierName } from '../../view-model/ladder-text';

const PLOT_HEIGHT = 260;

/** The demand's load-duration curve (busiest first), each tier of the plan a band of useful GPUs. */
export function LadderChartFigure(props: {
  chart: LadderChart;
  plan: LadderPlan;
  locale: Locale;
}): ReactNode {
  const { t } = useTranslation(['sizing']);
  const { chart, locale } = props;
  const name = (key: LadderTierId | 'waiting') =>
    key === 'waiting' ? t('ladder.chart.waiting') : tierName(key, t);
  const rows = chart.points.map((p) => ({ x: p.fromShare, ...p.bands }));
  const last = rows[rows.length - 1];
  // The last step runs to the end of the time.
  if (last) rows.push({ ...last, x: 1 });
  const legend: LegendItem[] = chart.keys.map((key) => ({
    key,
    label: name(key),
    color: LADDER_BAND_COLORS[key],
    shape: 'square',
  }));
  const peak = Math.max(0, ...chart.points.map((p) => p.demandGpus));
  const summary = t('ladder.chart.summary', {
    bands: chart.keys.map(name).join(t('ladder.chart.join')),
    peak: formatNumber(peak, locale),
  });
  return (
    <ChartFigure
      id="ladder"
      title={t('ladder.chart.title')}
      summary={summary}
      legendLabel={t('ladder.chart.legend')}
      legend={legend}
      notes={[]}
      height={PLOT_HEIGHT}
      plot={
        <ResponsiveContainer width="100%" height={PLOT_HEIGHT}>
          <AreaChart data={rows} margin={{ top: 8, right: 12, bottom: 20, left: 4 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="x"
              type="number"
              domain={[0, 1]}
              ticks={[0, 0.25, 0.5, 0.75, 1]}
              // Room between the first tick ("0%") and the y axis's "0" below it, so the two never overlap.
              padding={{ left: 16 }}
              tickFormatter={(v: number) => formatPercent(v, locale, 0)}
              label={{ value: t('ladder.chart.x'), position: 'insideBottom', offset: -12 }}
            />
            <YAxis tickFormatter={(g: number) => formatNumber(g, locale)} width={56} allowDecimals={false} />
            <Tooltip
              formatter={(v, key) => [formatNumber(Number(v), locale, 1), name(key as LadderTierId)]}
              labelFormatter={(x) => formatPercent(Number(x), locale, 0)}
            />
            {chart.keys.map((key) => (
              <Area
                key={key}
                type="stepAfter"
                dataKey={key}
                stackId="ladder"
                stroke={LADDER_BAND_COLORS[key]}
                fill={LADDER_BAND_COLORS[key]}
                fillOpacity={0.8}
                isAnimationActive={false}
              />
            ))}
          </AreaChart>
        </ResponsiveContainer>
      }
    />
  );
}
