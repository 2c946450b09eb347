import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import {
  ChartFrame,
  type ChartProps,
  INITIAL_DIMENSION,
  type LegendItem,
} from '../../components/chart-frame';
import { AXIS_TICK, REFERENCE_COLOR, STRATEGY_DASH } from '../../components/chart-style';
import { STRATEGY_IDS, type StrategyId } from '../../engine';
import { formatMoney, formatMoneyCompact } from '../../lib/format';
import { useMoneyFormat } from '../../state/store-context';
import {
  type ChartLabel,
  type ComparatorPayback,
  cumulativeSeries,
  displayToCny,
  layoutLabels,
  paybackPlacements,
} from '../../view-model/chart-data';
import { comparatorName } from '../../view-model/comparison-text';
import { cumulativeAxes } from '../../view-model/cumulative-axes';
import { drawnStrategies, strategyLegend } from '../../view-model/strategy-legend';
import { STRATEGY_COLORS } from '../../view-model/strategy-style';
import { strategyLegendItems } from './legend-items';
import { LABEL_ROW_PX, MarkLabel } from './mark-label';

const MARGIN = { top: 12, right: 16, bottom: 24, left: 4 };
const Y_AXIS_WIDTH = 72;

/**
 * Cumulative cash out of each strategy from purchase (month 0) to the horizon, with self-build's cash
 * payback against renting whole servers and against the pooled platform marked separately.
 */
export function CumulativeChart({ scenario, evaluation }: ChartProps): ReactNode {
  const { t } = useTranslation('charts');
  const money = useMoneyFormat();
  const data = useMemo(() => cumulativeSeries(evaluation, money), [evaluation, money]);
  const [plotWidth, setPlotWidth] = useState(
    INITIAL_DIMENSION.width - Y_AXIS_WIDTH - MARGIN.left - MARGIN.right,
  );
  const onResize = useCallback(
    (width: number) => setPlotWidth(Math.max(1, width - Y_AXIS_WIDTH - MARGIN.left - MARGIN.right)),
    [],
  );
  const horizon = scenario.horizonMonths;
  const name = (id: StrategyId) => t(`strategy.${id}`);
  const drawn = drawnStrategies(evaluation);
  const paybacks = paybackPlacements(evaluation, horizon);
  // The same axes as the PDF's copy of this chart.
  const { xTicks, yScale } = cumulativeAxes(data, drawn, horizon);
  const noRental = !evaluation.strategies.rent.eligible && !evaluation.strategies.platform.eligible;

  const legend: LegendItem[] = strategyLegendItems(strategyLegend(evaluation), t);

  const paybackSentence = ({ comparator, placement }: ComparatorPayback): string | null => {
    const c = comparatorName(comparator, t);
    switch (placement.kind) {
      case 'notAllowed':
        return null;
      case 'within':
        return t('cumulative.paybackNote', { comparator: c, month: placement.month });
      case 'beyond':
        return t('cumulative.paybackBeyondNote', { comparator: c, month: placement.month, months: horizon });
      case 'never':
        return t('cumulative.paybackNeverNote', { comparator: c, months: horizon });
    }
  };
  const paybackTexts = noRental
    ? [t('noRentalNote')]
    : paybacks.map(paybackSentence).filter((x): x is string => x !== null);
  const breakEvenText = paybackTexts.join(' ');
  const notes: string[] = [
    t('cumulative.cashNote', { lead: evaluation.buildLeadTimeMonths }),
    ...paybackTexts,
  ];
  // The cash view and the cost view differ by what the owned hardware is still worth at the horizon.
  const residual = evaluation.strategies.selfBuild.residualValueCny;
  if (residual > 0) {
    notes.push(
      t('cumulative.residualNote', {
        months: horizon,
        value: formatMoney(residual, money),
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

  // Payback marks within the horizon, labelled with their comparator and laid out so none overprints.
  const marks = paybacks.flatMap((p) =>
    p.placement.kind === 'within' ? [{ comparator: p.comparator, month: p.placement.month }] : [],
  );
  const labels: ChartLabel[] = marks.map((m) => ({
    key: m.comparator,
    x: horizon > 0 ? (m.month / horizon) * 100 : 0,
    text: t('cumulative.paybackLabel', { name: name(m.comparator), month: m.month }),
  }));
  const placed = new Map(layoutLabels(labels, plotWidth).map((p) => [p.key, p]));
  const rows = Math.max(0, ...[...placed.values()].map((p) => p.lane + 1));

  return (
    <ChartFrame
      id="cumulative"
      title={t('cumulative.title', { months: horizon })}
      summary={summary}
      legendLabel={t('legendLabel')}
      legend={legend}
      notes={notes}
      onResize={onResize}
    >
      <LineChart
        data={data}
        margin={{ ...MARGIN, top: MARGIN.top + rows * LABEL_ROW_PX }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
        <XAxis
          dataKey="month"
          type="number"
          domain={[0, horizon]}
          ticks={xTicks}
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
        {marks.map((m) => {
          const p = placed.get(m.comparator);
          return (
            <ReferenceLine
              key={m.comparator}
              x={m.month}
              stroke={STRATEGY_COLORS[m.comparator]}
              strokeDasharray="5 4"
              {...(p
                ? {
                    label: (
                      <MarkLabel text={p.text} lane={p.lane} rows={rows} dx={p.dx} color={REFERENCE_COLOR} />
                    ),
                  }
                : {})}
            />
          );
        })}
      </LineChart>
    </ChartFrame>
  );
}
