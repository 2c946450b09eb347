import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceArea,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { INELIGIBLE_COLOR, STRATEGY_COLORS } from '../../components/strategy-style';
import { STRATEGY_IDS, type StrategyId } from '../../engine';
import { formatMoney, formatMoneyCompact, formatPercent } from '../../lib/format';
import { useMoneyFormat } from '../../state/store-context';
import { crossoverBandArea, crossoverSeries, displayToCny, maxOf, niceScale } from './chart-data';
import { ChartFrame, type ChartProps, type LegendItem } from './chart-frame';
import { AXIS_TICK, LABEL_HALO, REFERENCE_COLOR, STRATEGY_DASH } from './chart-style';

/** 101 points: one per whole percent, fine enough that the crossing shows where the engine puts it. */
const SWEEP_POINTS = 101;
const X_TICKS = [0, 20, 40, 60, 80, 100];

/** Monte Carlo band of the break-even load rate (fractions), from the analysis worker. */
export interface CrossoverBand {
  p10: number;
  p90: number;
  /** Share of the sampled draws in which self-build breaks even at all (the band covers only those). */
  crossingShare?: number;
}

const BAND_COLOR = '#6b7280';

/**
 * Monthly cost of each strategy against load rate, with the break-even and the current load marked,
 * and, when given, the Monte Carlo's P10–P90 band of the break-even load rate shaded.
 */
export function CrossoverChart({
  scenario,
  evaluation,
  crossoverBand = null,
}: ChartProps & { crossoverBand?: CrossoverBand | null }): ReactNode {
  const { t } = useTranslation('charts');
  const money = useMoneyFormat();
  // The sweep prices every strategy 101 times: recompute only when the scenario (or currency) changes.
  const data = useMemo(() => crossoverSeries(scenario, SWEEP_POINTS, money), [scenario, money]);

  const pct = (fraction: number) => formatPercent(fraction, money.locale, 1);
  const name = (id: StrategyId) => t(`strategy.${id}`);
  const drawn = STRATEGY_IDS.filter((id) => evaluation.strategies[id].eligible);
  const yScale = niceScale(maxOf(data, drawn), 4);
  const noRental = !evaluation.strategies.rent.eligible && !evaluation.strategies.platform.eligible;
  const crossover = evaluation.crossoverLoadRate;
  const current = evaluation.loadRate;
  const currentOnChart = current >= 0 && current <= 1;

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

  const notes: string[] = [];
  for (const id of STRATEGY_IDS) {
    const reason = evaluation.strategies[id].ineligibleReason;
    if (reason !== null) notes.push(t('omittedNote', { name: name(id), reason: t(`ineligible.${reason}`) }));
  }
  if (noRental) notes.push(t('noRentalNote'));
  else if (crossover === null) notes.push(t('crossover.noCrossoverNote'));
  else if (crossover === 0) notes.push(t('crossover.breakEvenZeroNote'));
  else notes.push(t('crossover.breakEvenNote', { rate: pct(crossover) }));
  const band = noRental ? null : crossoverBandArea(crossoverBand);
  if (band && crossoverBand)
    notes.push(
      crossoverBand.crossingShare === undefined
        ? t('crossover.bandNoteAll', { p10: pct(crossoverBand.p10), p90: pct(crossoverBand.p90) })
        : t('crossover.bandNote', {
            p10: pct(crossoverBand.p10),
            p90: pct(crossoverBand.p90),
            share: pct(crossoverBand.crossingShare),
          }),
    );
  notes.push(
    currentOnChart
      ? t('crossover.currentNote', { rate: pct(current) })
      : t('crossover.currentAboveNote', { rate: pct(current) }),
  );

  const costs = drawn
    .map((id) => `${name(id)} ${formatMoney(evaluation.strategies[id].monthlyCny, money)}`)
    .join('; ');
  const summary = t('crossover.summary', {
    current: pct(current),
    costs,
    breakEven: noRental
      ? t('noRentalNote')
      : crossover === null
        ? t('crossover.summaryNoBreakEven')
        : t('crossover.summaryBreakEven', { rate: pct(crossover) }),
  });

  // Labels sit on the side of their line that has room; when the two lines are close, the break-even
  // label goes above the plot and the current-load label inside it, so they never overprint.
  const sideOf = (fraction: number, top = true) =>
    fraction > 0.6
      ? top
        ? ('insideTopRight' as const)
        : ('insideBottomRight' as const)
      : top
        ? ('insideTopLeft' as const)
        : ('insideBottomLeft' as const);
  const close = crossover !== null && Math.abs(crossover - current) < 0.25;

  return (
    <ChartFrame
      id="crossover"
      title={t('crossover.title')}
      summary={summary}
      legendLabel={t('legendLabel')}
      legend={legend}
      notes={notes}
    >
      <LineChart data={data} margin={{ top: 28, right: 16, bottom: 24, left: 4 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
        {band && (
          <ReferenceArea
            x1={band.x1}
            x2={band.x2}
            fill={BAND_COLOR}
            fillOpacity={0.14}
            stroke={BAND_COLOR}
            strokeOpacity={0.35}
            ifOverflow="hidden"
            label={{
              value: t('crossover.bandLabel'),
              position: 'insideBottom',
              fill: REFERENCE_COLOR,
              ...LABEL_HALO,
            }}
          />
        )}
        <XAxis
          dataKey="loadRatePercent"
          type="number"
          domain={[0, 100]}
          ticks={X_TICKS}
          tick={AXIS_TICK}
          tickFormatter={(v: number) => formatPercent(v / 100, money.locale, 0)}
          label={{ value: t('crossover.xAxis'), position: 'insideBottom', offset: -16, fontSize: 12 }}
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
          labelFormatter={(v) => (typeof v === 'number' ? pct(v / 100) : '')}
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
        {crossover !== null && (
          <ReferenceLine
            x={crossover * 100}
            stroke={REFERENCE_COLOR}
            strokeDasharray="5 4"
            label={{
              value: t('crossover.breakEvenLabel', { rate: pct(crossover) }),
              position: close ? 'top' : sideOf(crossover),
              fill: REFERENCE_COLOR,
              ...LABEL_HALO,
            }}
          />
        )}
        {currentOnChart && (
          <ReferenceLine
            x={current * 100}
            stroke="#111827"
            strokeWidth={1.5}
            label={{
              value: t('crossover.currentLabel', { rate: pct(current) }),
              position: sideOf(current, !close),
              fill: '#111827',
              ...LABEL_HALO,
            }}
          />
        )}
      </LineChart>
    </ChartFrame>
  );
}
