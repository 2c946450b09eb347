import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { INELIGIBLE_COLOR, STRATEGY_COLORS } from '../../components/strategy-style';
import { STRATEGY_IDS, type StrategyId } from '../../engine';
import { formatMoney, formatMoneyCompact } from '../../lib/format';
import { useMoneyFormat } from '../../state/store-context';
import { breakEvenPlacement, cumulativeSeries, displayToCny, maxOf, niceScale } from './chart-data';
import { ChartFrame, type ChartProps, type LegendItem } from './chart-frame';
import { AXIS_TICK, LABEL_HALO, REFERENCE_COLOR, STRATEGY_DASH } from './chart-style';

/** Year boundaries as ticks: 0, 12, 24, … keep the axis readable at any horizon (1–6 years). */
function yearTicks(horizonMonths: number): number[] {
  const ticks: number[] = [];
  const step = horizonMonths <= 12 ? 3 : 12;
  for (let m = 0; m <= horizonMonths; m += step) ticks.push(m);
  if (ticks[ticks.length - 1] !== horizonMonths) ticks.push(horizonMonths);
  return ticks;
}

/** Cumulative cash out of each strategy from purchase (month 0) to the horizon, break-even marked. */
export function CumulativeChart({ scenario, evaluation }: ChartProps): ReactNode {
  const { t } = useTranslation('charts');
  const money = useMoneyFormat();
  const data = useMemo(() => cumulativeSeries(evaluation, money), [evaluation, money]);
  const horizon = scenario.horizonMonths;
  const name = (id: StrategyId) => t(`strategy.${id}`);
  const drawn = STRATEGY_IDS.filter((id) => evaluation.strategies[id].eligible);
  const placement = breakEvenPlacement(evaluation, horizon);
  const yScale = niceScale(maxOf(data, drawn), 4);
  const noRental = !evaluation.strategies.rent.eligible && !evaluation.strategies.platform.eligible;

  const legend: LegendItem[] = STRATEGY_IDS.map((id) => {
    const eligible = evaluation.strategies[id].eligible;
    const dash = STRATEGY_DASH[id];
    return {
      key: id,
      label: eligible ? name(id) : `${name(id)} (${t('notAvailable')})`,
      color: eligible ? STRATEGY_COLORS[id] : INELIGIBLE_COLOR,
      shape: 'line',
      muted: !eligible,
      ...(dash ? { dash } : {}),
    };
  });

  const breakEvenText = noRental
    ? t('noRentalNote')
    : placement.kind === 'within'
      ? t('cumulative.breakEvenNote', { month: placement.month })
      : placement.kind === 'beyond'
        ? t('cumulative.breakEvenBeyondNote', { month: placement.month, months: horizon })
        : t('cumulative.breakEvenNeverNote');
  const notes: string[] = [t('cumulative.cashNote'), breakEvenText];
  // The cash view and the cost view differ by what the owned hardware is still worth at the horizon.
  const residual = evaluation.strategies.selfBuild.residualValueCny;
  if (residual > 0) {
    notes.push(
      t('cumulative.residualNote', {
        months: horizon,
        value: formatMoney(residual, money),
        total: formatMoney(evaluation.strategies.selfBuild.horizonCny, money),
      }),
    );
  }
  for (const id of STRATEGY_IDS) {
    const reason = evaluation.strategies[id].ineligibleReason;
    if (reason !== null) notes.push(t('omittedNote', { name: name(id), reason: t(`ineligible.${reason}`) }));
  }

  const last = data[data.length - 1];
  const costs = drawn
    .map((id) => {
      const v = last?.[id];
      return `${name(id)} ${typeof v === 'number' ? formatMoney(displayToCny(v, money), money) : ''}`;
    })
    .join('; ');
  const summary = t('cumulative.summary', { months: horizon, costs, breakEven: breakEvenText });

  return (
    <ChartFrame
      id="cumulative"
      title={t('cumulative.title', { months: horizon })}
      summary={summary}
      legendLabel={t('legendLabel')}
      legend={legend}
      notes={notes}
    >
      <LineChart data={data} margin={{ top: 28, right: 16, bottom: 24, left: 4 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
        <XAxis
          dataKey="month"
          type="number"
          domain={[0, horizon]}
          ticks={yearTicks(horizon)}
          tick={AXIS_TICK}
          label={{ value: t('cumulative.xAxis'), position: 'insideBottom', offset: -16, fontSize: 12 }}
        />
        <YAxis
          width={72}
          domain={[0, yScale.top]}
          ticks={yScale.ticks}
          tick={AXIS_TICK}
          tickFormatter={(v: number) => formatMoneyCompact(displayToCny(v, money), money)}
        />
        <Tooltip
          formatter={(value, label) => [
            typeof value === 'number' ? formatMoney(displayToCny(value, money), money) : '',
            label,
          ]}
          labelFormatter={(v) => (typeof v === 'number' ? t('cumulative.monthLabel', { month: v }) : '')}
        />
        {drawn.map((id) => (
          <Line
            key={id}
            type="linear"
            dataKey={id}
            name={name(id)}
            stroke={STRATEGY_COLORS[id]}
            strokeWidth={2.5}
            {...(STRATEGY_DASH[id] ? { strokeDasharray: STRATEGY_DASH[id] } : {})}
            dot={false}
            isAnimationActive={false}
          />
        ))}
        {placement.kind === 'within' && (
          <ReferenceLine
            x={placement.month}
            stroke={REFERENCE_COLOR}
            strokeDasharray="5 4"
            label={{
              value: t('cumulative.breakEvenLabel', { month: placement.month }),
              // Keep the label on the side of the line with more room.
              position: placement.month > horizon * 0.6 ? 'insideTopRight' : 'insideTopLeft',
              fill: REFERENCE_COLOR,
              ...LABEL_HALO,
            }}
          />
        )}
      </LineChart>
    </ChartFrame>
  );
}
