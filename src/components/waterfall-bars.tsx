import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ReferenceLine,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoneyCompact, type MoneyFormat } from '../lib/format';

/** One bar of a waterfall: it floats from `base` for `height` (both in CNY), in its colour. */
export interface WaterfallDatum {
  key: string;
  name: string;
  base: number;
  height: number;
  color: string;
}

/**
 * A waterfall drawn as stacked bars: an invisible bar up to each step's base, the visible step on it.
 * One drawing for the scenario comparison (A → B by category) and budget vs actual (budget → actual by
 * volume, utilization and price). Read as an image whose name is the sentence beside it.
 */
export function WaterfallBars({
  data,
  money,
  label,
  height,
  yAxisWidth,
}: {
  data: readonly WaterfallDatum[];
  money: MoneyFormat;
  label: string;
  height: number;
  yAxisWidth: number;
}) {
  return (
    <div role="img" aria-label={label} style={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
        <BarChart data={[...data]} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid vertical={false} stroke="#e5e7eb" />
          <XAxis dataKey="name" interval={0} tick={{ fontSize: 11, fill: '#374151' }} height={40} />
          <YAxis
            width={yAxisWidth}
            tick={{ fontSize: 12, fill: '#374151' }}
            tickFormatter={(v: number) => formatMoneyCompact(v, money)}
          />
          <ReferenceLine y={0} stroke="#9ca3af" />
          <Bar dataKey="base" stackId="w" fill="transparent" isAnimationActive={false} />
          <Bar dataKey="height" stackId="w" isAnimationActive={false}>
            {data.map((d) => (
              <Cell key={d.key} fill={d.color} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
