import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceArea,
  ReferenceDot,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { INELIGIBLE_COLOR, STRATEGY_COLORS } from '../../components/strategy-style';
import { COMPARATOR_IDS, type ComparatorId, STRATEGY_IDS, type StrategyId } from '../../engine';
import { comparatorName, neverText } from '../../lib/comparison-text';
import { formatMoney, formatMoneyCompact, formatPercent } from '../../lib/format';
import { useMoneyFormat } from '../../state/store-context';
import { sharedLoadRateSweep } from '../../state/sweep-cache';
import {
  type ChartLabel,
  crossoverBandArea,
  crossoverMarks,
  crossoverRows,
  displayToCny,
  labelWidthPx,
  layoutLabels,
  maxOf,
  niceScale,
  reachAreaOf,
} from './chart-data';
import { ChartFrame, type ChartProps, INITIAL_DIMENSION, type LegendItem } from './chart-frame';
import { AXIS_TICK, REFERENCE_COLOR, STRATEGY_DASH } from './chart-style';
import { LABEL_ROW_PX, MarkLabel } from './mark-label';
import { useStableValue } from './stable-props';

const X_TICKS = [0, 20, 40, 60, 80, 100];
const X_DOMAIN = [0, 100];
const MARGIN = { top: 12, right: 16, bottom: 24, left: 4 };
const Y_AXIS_WIDTH = 72;
/** Lifted a little so the bottom tick ("¥0") clears the x axis's first tick ("0%"); one object, so the axis props keep their identity. */
const Y_AXIS_TICK = { ...AXIS_TICK, dy: -4 };

/** Monte Carlo band of one crossover load rate (fractions), from the analysis worker. */
export interface CrossoverBand {
  comparator: ComparatorId;
  p10: number;
  p90: number;
  /** Share of the sampled draws in which self-build and this comparator cross (the band covers only those). */
  crossingShare?: number;
}

const BAND_COLOR = '#6b7280';
const REACH_COLOR = '#0f766e';

/**
 * Monthly cost of each strategy against load rate. Where self-build's curve meets renting whole
 * servers and where it meets the pooled platform is marked separately (engine crossover values), each
 * labelled with its comparator; the load above which the own cluster is full (self-build = own cluster +
 * platform burst) is shaded; the current load is marked; the Monte Carlo's P10–P90 band of each
 * crossing that exists in the draws is shaded under its comparator's name. Labels are laid out in rows
 * so none overprints another.
 */
export function CrossoverChart({
  scenario,
  evaluation,
  crossoverBands = [],
}: ChartProps & { crossoverBands?: readonly CrossoverBand[] }): ReactNode {
  const { t } = useTranslation('charts');
  const money = useMoneyFormat();
  // The sweep prices every strategy 101 times: it is shared with the load-rate strip and does not
  // depend on the load rate (src/state/sweep-cache.ts), so a load-rate step keeps the same rows and
  // recharts redraws only the current-load marker.
  const sweep = useMemo(() => sharedLoadRateSweep(scenario), [scenario]);
  const data = useMemo(() => crossoverRows(sweep, money), [sweep, money]);
  const [plotWidth, setPlotWidth] = useState(
    INITIAL_DIMENSION.width - Y_AXIS_WIDTH - MARGIN.left - MARGIN.right,
  );
  const onResize = useCallback(
    (width: number) => setPlotWidth(Math.max(1, width - Y_AXIS_WIDTH - MARGIN.left - MARGIN.right)),
    [],
  );

  const pct = (fraction: number) => formatPercent(fraction, money.locale, 1);
  const name = (id: StrategyId) => t(`strategy.${id}`);
  const drawn = STRATEGY_IDS.filter((id) => evaluation.strategies[id].eligible);
  const yScale = niceScale(maxOf(data, drawn), 4);
  const noRental = !evaluation.strategies.rent.eligible && !evaluation.strategies.platform.eligible;
  const marks = crossoverMarks(evaluation, data);
  const current = evaluation.loadRate;
  const currentOnChart = current >= 0 && current <= 1;
  const reach = reachAreaOf(evaluation);
  const onPrem = !evaluation.strategies.platform.eligible;
  const bands = noRental
    ? []
    : crossoverBands
        // No band for a crossing the headline says does not exist (never within 0–100 %).
        .filter(
          (b) =>
            evaluation.comparisons[b.comparator].eligible &&
            evaluation.comparisons[b.comparator].crossoverLoadRate !== null,
        )
        .map((b) => ({ band: b, area: crossoverBandArea(b) }))
        .filter((b): b is { band: CrossoverBand; area: NonNullable<typeof b.area> } => b.area !== null);

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
  if (reach)
    legend.push({ key: 'reach', label: t('crossover.reachLegend'), color: REACH_COLOR, shape: 'square' });

  const notes: string[] = [];
  for (const id of STRATEGY_IDS) {
    const reason = evaluation.strategies[id].ineligibleReason;
    if (reason !== null) notes.push(t('omittedNote', { name: name(id), reason: t(`ineligible.${reason}`) }));
  }
  const crossingSentence = (id: ComparatorId): string | null => {
    const c = evaluation.comparisons[id];
    if (!c.eligible) return null;
    const comparator = comparatorName(id, t);
    if (c.crossoverLoadRate === null)
      return t('crossover.neverNote', { comparator, never: neverText(c, money, t) });
    if (c.crossoverLoadRate <= 0) return t('crossover.zeroNote', { comparator });
    return t('crossover.meetNote', { comparator, rate: pct(c.crossoverLoadRate) });
  };
  if (noRental) notes.push(t('noRentalNote'));
  else
    for (const id of COMPARATOR_IDS) {
      const sentence = crossingSentence(id);
      if (sentence) notes.push(sentence);
    }
  if (reach)
    notes.push(
      t(onPrem ? 'crossover.reachNoteOnPrem' : 'crossover.reachNote', {
        rate: pct(evaluation.ownEfficiency),
      }),
    );
  for (const { band } of bands)
    notes.push(
      band.crossingShare === undefined
        ? t('crossover.bandNoteAll', {
            comparator: comparatorName(band.comparator, t),
            p10: pct(band.p10),
            p90: pct(band.p90),
          })
        : t('crossover.bandNote', {
            comparator: comparatorName(band.comparator, t),
            p10: pct(band.p10),
            p90: pct(band.p90),
            share: pct(band.crossingShare),
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
  const crossings = noRental
    ? t('noRentalNote')
    : COMPARATOR_IDS.map(crossingSentence)
        .filter((s): s is string => s !== null)
        .join(' ');
  const summary = t('crossover.summary', { current: pct(current), costs, breakEven: crossings });

  // Every label beside a vertical mark goes through one layout, so none overprints another.
  const labels: ChartLabel[] = [];
  for (const m of marks)
    labels.push({
      key: `cross-${m.comparator}`,
      x: m.loadRatePercent,
      text: t('crossover.markLabel', { name: name(m.comparator), rate: pct(m.loadRatePercent / 100) }),
    });
  if (reach)
    labels.push({
      key: 'reach',
      x: reach.x1,
      text: t('crossover.reachLabel', { rate: pct(evaluation.ownEfficiency) }),
    });
  for (const { band, area } of bands)
    labels.push({
      key: `band-${band.comparator}`,
      x: area.x1,
      text: t('crossover.bandLabel', { name: name(band.comparator) }),
    });
  if (currentOnChart)
    labels.push({
      key: 'current',
      x: current * 100,
      text: t('crossover.currentLabel', { rate: pct(current) }),
    });
  const placed = new Map(layoutLabels(labels, plotWidth).map((p) => [p.key, p]));
  // On a narrow phone the full axis title would be cut off: the short one still names the ratio.
  const xAxisLabel =
    labelWidthPx(t('crossover.xAxis')) > plotWidth + Y_AXIS_WIDTH
      ? t('crossover.xAxisShort')
      : t('crossover.xAxis');
  const rows = Math.max(0, ...[...placed.values()].map((p) => p.lane + 1));
  const labelFor = (key: string, color: string) => {
    const p = placed.get(key);
    return p ? { label: <MarkLabel text={p.text} lane={p.lane} rows={rows} dx={p.dx} color={color} /> } : {};
  };

  // Props recharts stores per axis keep their identity while their content is unchanged (stable-props.ts).
  const margin = useStableValue({ ...MARGIN, top: MARGIN.top + rows * LABEL_ROW_PX });
  const xLabel = useStableValue({
    value: xAxisLabel,
    position: 'insideBottom' as const,
    offset: -16,
    fontSize: 12,
  });
  const yDomain = useStableValue([0, yScale.top]);
  const yTicks = useStableValue(yScale.ticks);
  const xTickFormatter = useCallback((v: number) => formatPercent(v / 100, money.locale, 0), [money]);
  const yTickFormatter = useCallback(
    (v: number) => formatMoneyCompact(displayToCny(v, money), money),
    [money],
  );
  const tooltipFormatter = useCallback(
    (value: unknown, label: unknown): [string, string] => [
      typeof value === 'number' ? formatMoney(displayToCny(value, money), money) : '',
      String(label),
    ],
    [money],
  );
  const tooltipLabelFormatter = useCallback(
    (v: unknown) => (typeof v === 'number' ? formatPercent(v / 100, money.locale, 1) : ''),
    [money],
  );

  return (
    <ChartFrame
      id="crossover"
      title={t('crossover.title')}
      summary={summary}
      legendLabel={t('legendLabel')}
      legend={legend}
      notes={notes}
      onResize={onResize}
    >
      <LineChart
        data={data}
        // The label rows sit above the plot's data: the top margin grows with them.
        margin={margin}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
        {reach && (
          <ReferenceArea
            x1={reach.x1}
            x2={reach.x2}
            fill={REACH_COLOR}
            fillOpacity={0.07}
            stroke={REACH_COLOR}
            strokeOpacity={0.4}
            strokeDasharray="2 3"
            ifOverflow="hidden"
            {...labelFor('reach', REACH_COLOR)}
          />
        )}
        {bands.map(({ band, area }) => (
          <ReferenceArea
            key={band.comparator}
            x1={area.x1}
            x2={area.x2}
            fill={STRATEGY_COLORS[band.comparator] ?? BAND_COLOR}
            fillOpacity={0.14}
            stroke={BAND_COLOR}
            strokeOpacity={0.35}
            ifOverflow="hidden"
            {...labelFor(`band-${band.comparator}`, REFERENCE_COLOR)}
          />
        ))}
        <XAxis
          dataKey="loadRatePercent"
          type="number"
          domain={X_DOMAIN}
          ticks={X_TICKS}
          tick={AXIS_TICK}
          tickFormatter={xTickFormatter}
          label={xLabel}
        />
        <YAxis
          width={Y_AXIS_WIDTH}
          domain={yDomain}
          ticks={yTicks}
          tick={Y_AXIS_TICK}
          tickFormatter={yTickFormatter}
        />
        <Tooltip formatter={tooltipFormatter} labelFormatter={tooltipLabelFormatter} />
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
        {marks.map((m) => (
          <ReferenceLine
            key={`line-${m.comparator}`}
            x={m.loadRatePercent}
            stroke={STRATEGY_COLORS[m.comparator]}
            strokeDasharray="5 4"
            {...labelFor(`cross-${m.comparator}`, REFERENCE_COLOR)}
          />
        ))}
        {marks.map((m) =>
          m.cost === null ? null : (
            <ReferenceDot
              key={`dot-${m.comparator}`}
              x={m.loadRatePercent}
              y={m.cost}
              r={5}
              fill={STRATEGY_COLORS[m.comparator]}
              stroke="#ffffff"
              strokeWidth={2}
              className={`crossover-mark crossover-mark--${m.comparator}`}
            />
          ),
        )}
        {currentOnChart && (
          <ReferenceLine
            x={current * 100}
            stroke="#111827"
            strokeWidth={1.5}
            {...labelFor('current', '#111827')}
          />
        )}
      </LineChart>
    </ChartFrame>
  );
}
