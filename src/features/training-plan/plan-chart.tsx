import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  CartesianGrid,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatNumber, type Locale } from '../../lib/format';
import type { PlanChartData } from '../../view-model/training-plan';

const BAND_COLORS = ['#4c78a8', '#f58518', '#54a24b', '#b279a2', '#e45756', '#72b7b2'];

/** The weekly demand the plan produces, each run a shaded band from its start to its end. */
export function PlanChart({ data, locale }: { data: PlanChartData; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <figure className="plan-chart" aria-label={t('plan:chart.title')}>
      <figcaption className="card__subtitle">{t('plan:chart.title')}</figcaption>
      <ResponsiveContainer width="100%" height={220}>
        <AreaChart data={data.points} margin={{ top: 8, right: 12, bottom: 16, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="week"
            type="number"
            domain={[1, Math.max(2, data.points.length)]}
            tickFormatter={(w: number) => formatNumber(w, locale)}
            label={{ value: t('plan:chart.week'), position: 'insideBottom', offset: -8 }}
          />
          <YAxis tickFormatter={(g: number) => formatNumber(g, locale)} width={56} />
          <Tooltip
            formatter={(g) => [formatNumber(Number(g), locale, 1), t('plan:chart.gpus')]}
            labelFormatter={(w) => `${t('plan:chart.week')} ${formatNumber(Number(w), locale)}`}
          />
          {data.bands.map((b) => (
            <ReferenceArea
              key={b.index}
              x1={b.fromWeek}
              x2={Math.min(b.toWeek, data.points.length)}
              fill={BAND_COLORS[b.index % BAND_COLORS.length] ?? '#4c78a8'}
              fillOpacity={0.15}
              label={{ value: b.name, position: 'insideTopLeft', fontSize: 11 }}
            />
          ))}
          <Area
            type="stepAfter"
            dataKey="gpus"
            stroke="#1f4e79"
            fill="#1f4e79"
            fillOpacity={0.25}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </figure>
  );
}
