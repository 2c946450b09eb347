import { memo, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHART_HEIGHT,
  ChartFigure,
  type ChartProps,
  INITIAL_DIMENSION,
  type LegendItem,
} from '../../components/chart-figure';
import { AXIS_TICK, REFERENCE_COLOR, STRATEGY_DASH } from '../../components/chart-style';
import { COMPARATOR_IDS, type StrategyId } from '../../engine';
import { formatMoney, formatMoneyCompact, formatPercent, type MoneyFormat } from '../../lib/format';
import { linearScale, linePath, nearestIndex, type PlotBox, plotBox } from '../../lib/plot-geometry';
import { useMoneyFormat } from '../../state/store-context';
import { sharedLoadRateSweep } from '../../state/sweep-cache';
import {
  type ChartLabel,
  type CrossoverPoint,
  crossoverRows,
  displayToCny,
  labelWidthPx,
  layoutLabels,
} from '../../view-model/chart-data';
import {
  type CrossoverBand,
  type CrossoverNote,
  crossingNotes,
  crossoverChart,
  LOAD_RATE_TICKS_PERCENT,
} from '../../view-model/crossover-chart';
import {
  bandLegendText,
  directLabels,
  type MarkLabelCandidate,
  markLabelCandidates,
  markLabelText,
  marksAt,
} from '../../view-model/crossover-labels';
import { crossoverNoteText } from '../../view-model/crossover-text';
import { STRATEGY_COLORS } from '../../view-model/strategy-style';
import { strategyLegendItems } from './legend-items';
import { LABEL_ROW_PX, MarkLabel } from './mark-label';
import { useElementWidth } from './use-element-width';

/** Room for the y axis' tick labels ("¥1.2M", "120万") left of the plot. */
const Y_AXIS_WIDTH = 72;
/** Around the plot: the y axis on the left; the x axis' ticks and its title below. */
const MARGIN = { top: 12, right: 16, bottom: 48, left: 4 + Y_AXIS_WIDTH };
const GRID_COLOR = '#e5e7eb';
const AXIS_COLOR = '#9ca3af';

const BAND_COLOR = '#6b7280';
const REACH_COLOR = '#0f766e';

/**
 * Monthly cost of each strategy against load rate. Where self-build's curve meets renting whole
 * servers and where it meets the pooled platform is marked separately (engine crossover values); the
 * load above which the own cluster is full (self-build = own cluster + platform burst) is shaded; the
 * current load is marked; the Monte Carlo's P10–P90 band of each crossing that exists in the draws is
 * shaded (named in the legend). At most two marks carry a direct label at their line, the most
 * relevant (crossover-labels.ts), laid out in rows so neither overprints the other; the hover readout
 * names the others at their load rate, and the notes say them all.
 */
export function CrossoverChart({
  scenario,
  evaluation,
  crossoverBands = [],
  bandsPending = false,
}: ChartProps & {
  crossoverBands?: readonly CrossoverBand[];
  /** The Monte Carlo is still running: its bands' legend places are kept (see LegendItem.reserved). */
  bandsPending?: boolean;
}): ReactNode {
  const { t } = useTranslation('charts');
  const money = useMoneyFormat();
  // The sweep prices every strategy 101 times: it is shared with the load-rate strip and does not
  // depend on the load rate (src/state/sweep-cache.ts), so a load-rate step keeps the same rows and
  // the drawn curves (CurvePaths) keep their props and only the current-load marker moves.
  const sweep = useMemo(() => sharedLoadRateSweep(scenario), [scenario]);
  const data = useMemo(() => crossoverRows(sweep, money), [sweep, money]);
  const [plotRef, width] = useElementWidth<HTMLDivElement>(INITIAL_DIMENSION.width);
  const plotWidth = Math.max(1, width - MARGIN.left - MARGIN.right);

  const pct = (fraction: number) => formatPercent(fraction, money.locale, 1);
  const name = (id: StrategyId) => t(`strategy.${id}`);
  // What the chart draws and says, shaped with the PDF's chart (src/view-model/crossover-chart.ts).
  const chart = crossoverChart(evaluation, data, crossoverBands);
  const { drawn, yScale, marks, reach, bands } = chart;
  const current = chart.current.loadRate;
  const currentOnChart = chart.current.onChart;

  const legend: LegendItem[] = strategyLegendItems(chart.legend, t);
  if (reach)
    legend.push({ key: 'reach', label: t('crossover.reachLegend'), color: REACH_COLOR, shape: 'square' });
  for (const { band } of bands)
    legend.push({
      key: `band-${band.comparator}`,
      label: bandLegendText(band.comparator, t),
      color: STRATEGY_COLORS[band.comparator] ?? BAND_COLOR,
      shape: 'square',
    });
  // Until the Monte Carlo answers, a band is expected where self-build meets its comparator today.
  if (bandsPending && bands.length === 0)
    for (const id of COMPARATOR_IDS)
      if (evaluation.comparisons[id].crossoverLoadRate !== null)
        legend.push({
          key: `band-${id}`,
          label: bandLegendText(id, t),
          color: STRATEGY_COLORS[id] ?? BAND_COLOR,
          shape: 'square',
          reserved: true,
        });

  const noteText = (note: CrossoverNote) => crossoverNoteText(note, money, t);
  const notes = chart.notes.map(noteText);

  const costs = drawn
    .map((id) => `${name(id)} ${formatMoney(evaluation.strategies[id].monthlyCny, money)}`)
    .join('; ');
  const crossings = crossingNotes(evaluation).map(noteText).join(' ');
  const summary = t('crossover.summary', { current: pct(current), costs, breakEven: crossings });

  // At most two marks carry a label (the most relevant, src/view-model/crossover-labels.ts); every
  // mark is named in the hover readout at its load rate and in the notes, a band also in the legend.
  const candidates = markLabelCandidates(chart, evaluation.ownEfficiency);
  const labelText = (c: MarkLabelCandidate) => markLabelText(c, money.locale, t);
  const labels: ChartLabel[] = directLabels(chart, evaluation.ownEfficiency).shown.map((c) => ({
    key: c.key,
    x: c.x,
    text: labelText(c),
  }));
  const readoutMarks = candidates.map((c) => ({ ...c, text: labelText(c) }));
  const placed = new Map(layoutLabels(labels, plotWidth).map((p) => [p.key, p]));
  // On a narrow phone the full axis title would be cut off: the short one still names the ratio.
  const xAxisLabel =
    labelWidthPx(t('crossover.xAxis')) > plotWidth + Y_AXIS_WIDTH
      ? t('crossover.xAxisShort')
      : t('crossover.xAxis');
  const rows = Math.max(0, ...[...placed.values()].map((p) => p.lane + 1));
  // The label rows sit above the plot's data: the top margin grows with them.
  const box = plotBox(width, CHART_HEIGHT, { ...MARGIN, top: MARGIN.top + rows * LABEL_ROW_PX });
  const sx = linearScale(0, 100, box.left, box.right);
  const sy = linearScale(0, yScale.top, box.bottom, box.top);
  const labelAt = (key: string, color: string, x: number) => {
    const p = placed.get(key);
    return p ? (
      <MarkLabel
        key={`label-${key}`}
        viewBox={{ x: sx(x), y: box.top }}
        text={p.text}
        lane={p.lane}
        rows={rows}
        dx={p.dx}
        color={color}
      />
    ) : null;
  };
  const area = (x1: number, x2: number) => ({
    x: sx(x1),
    y: box.top,
    width: Math.max(0, sx(x2) - sx(x1)),
    height: box.bottom - box.top,
  });
  const vertical = (x: number) => ({ x1: sx(x), x2: sx(x), y1: box.top, y2: box.bottom });

  const plot = (
    <div ref={plotRef} style={{ width: '100%', height: CHART_HEIGHT, position: 'relative' }}>
      <svg
        className="crossover-plot"
        // Drawn for `width` and shown at the plot's width: the same once measured; before that (the
        // first screen prerendered into index.html, drawn for INITIAL_DIMENSION) scaled to fit, not cut.
        width="100%"
        height={CHART_HEIGHT}
        viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
        aria-hidden="true"
        focusable="false"
        style={{ display: 'block', overflow: 'visible' }}
      >
        <Axes {...box} yTicks={yScale.ticks.join(',')} yTop={yScale.top} money={money} xTitle={xAxisLabel} />
        {reach && (
          <rect
            className="crossover-reach"
            {...area(reach.x1, reach.x2)}
            fill={REACH_COLOR}
            fillOpacity={0.07}
            stroke={REACH_COLOR}
            strokeOpacity={0.4}
            strokeDasharray="2 3"
          />
        )}
        {bands.map(({ band, area: a }) => (
          <rect
            key={band.comparator}
            className="crossover-band"
            {...area(a.x1, a.x2)}
            fill={STRATEGY_COLORS[band.comparator] ?? BAND_COLOR}
            fillOpacity={0.14}
            stroke={BAND_COLOR}
            strokeOpacity={0.35}
          />
        ))}
        <CurvePaths data={data} drawn={drawn.join(',')} {...box} yTop={yScale.top} />
        {marks.map((m) => (
          <line
            key={`line-${m.comparator}`}
            className={`crossover-line crossover-line--${m.comparator}`}
            {...vertical(m.loadRatePercent)}
            stroke={STRATEGY_COLORS[m.comparator]}
            strokeDasharray="5 4"
          />
        ))}
        {currentOnChart && (
          <line
            className="crossover-current"
            {...vertical(current * 100)}
            stroke="#111827"
            strokeWidth={1.5}
          />
        )}
        {marks.map((m) =>
          m.cost === null ? null : (
            <circle
              key={`dot-${m.comparator}`}
              className={`crossover-mark crossover-mark--${m.comparator}`}
              cx={sx(m.loadRatePercent)}
              cy={sy(m.cost)}
              r={5}
              fill={STRATEGY_COLORS[m.comparator]}
              stroke="#ffffff"
              strokeWidth={2}
            />
          ),
        )}
        {reach && labelAt('reach', REACH_COLOR, reach.x1)}
        {bands.map(({ band, area: a }) => labelAt(`band-${band.comparator}`, REFERENCE_COLOR, a.x1))}
        {marks.map((m) => labelAt(`cross-${m.comparator}`, REFERENCE_COLOR, m.loadRatePercent))}
        {currentOnChart && labelAt('current', '#111827', current * 100)}
      </svg>
      <HoverReadout
        data={data}
        drawn={drawn}
        marks={readoutMarks}
        box={box}
        yTop={yScale.top}
        money={money}
        name={name}
      />
    </div>
  );

  return (
    <ChartFigure
      id="crossover"
      title={t('crossover.title')}
      summary={summary}
      legendLabel={t('legendLabel')}
      legend={legend}
      notes={notes}
      height={CHART_HEIGHT}
      plot={plot}
    />
  );
}

/** The plot box and the y axis' top as plain numbers, so memoised layers compare them by value. */
type PlotLayerProps = PlotBox & { yTop: number };

/**
 * Grid, axis lines, tick labels and the x axis' title. Memoised on plain values: a load-rate step that
 * keeps the scale does not redraw it. The bottom y tick is lifted a little so "¥0" clears the "0%" below.
 */
const Axes = memo(function Axes({
  left,
  top,
  right,
  bottom,
  yTicks,
  yTop,
  money,
  xTitle,
}: PlotLayerProps & { yTicks: string; money: MoneyFormat; xTitle: string }) {
  const sx = linearScale(0, 100, left, right);
  const sy = linearScale(0, yTop, bottom, top);
  const ticks = yTicks.split(',').map(Number);
  return (
    <g className="crossover-axes">
      {ticks.map((v) => (
        <line
          key={`gy-${v}`}
          x1={left}
          x2={right}
          y1={sy(v)}
          y2={sy(v)}
          stroke={GRID_COLOR}
          strokeDasharray="3 3"
        />
      ))}
      {LOAD_RATE_TICKS_PERCENT.map((v) => (
        <line
          key={`gx-${v}`}
          x1={sx(v)}
          x2={sx(v)}
          y1={top}
          y2={bottom}
          stroke={GRID_COLOR}
          strokeDasharray="3 3"
        />
      ))}
      <line x1={left} x2={right} y1={bottom} y2={bottom} stroke={AXIS_COLOR} />
      <line x1={left} x2={left} y1={top} y2={bottom} stroke={AXIS_COLOR} />
      {LOAD_RATE_TICKS_PERCENT.map((v) => (
        <text key={`tx-${v}`} x={sx(v)} y={bottom + 17} textAnchor="middle" {...AXIS_TICK}>
          {formatPercent(v / 100, money.locale, 0)}
        </text>
      ))}
      {ticks.map((v) => (
        <text key={`ty-${v}`} x={left - 8} y={sy(v)} dy={v === 0 ? -4 : 4} textAnchor="end" {...AXIS_TICK}>
          {formatMoneyCompact(displayToCny(v, money), money)}
        </text>
      ))}
      <text x={(left + right) / 2} y={bottom + 40} textAnchor="middle" fontSize={12} fill={AXIS_TICK.fill}>
        {xTitle}
      </text>
    </g>
  );
});

/**
 * One polyline per drawn strategy over the sweep's rows. Memoised: the rows come from the shared sweep,
 * which a load-rate step does not change, so dragging that slider leaves the curves' nodes untouched.
 */
const CurvePaths = memo(function CurvePaths({
  data,
  drawn,
  left,
  top,
  right,
  bottom,
  yTop,
}: PlotLayerProps & { data: readonly CrossoverPoint[]; drawn: string }) {
  const sx = linearScale(0, 100, left, right);
  const sy = linearScale(0, yTop, bottom, top);
  const ids = drawn === '' ? [] : (drawn.split(',') as StrategyId[]);
  return (
    <g className="crossover-curves">
      {ids.map((id) => {
        const dash = STRATEGY_DASH[id];
        return (
          <path
            key={id}
            className={`crossover-curve crossover-curve--${id}`}
            d={linePath(
              data.map((row) => [row.loadRatePercent, row[id]] as const),
              sx,
              sy,
            )}
            fill="none"
            stroke={STRATEGY_COLORS[id]}
            strokeWidth={2.5}
            strokeLinejoin="round"
            {...(dash ? { strokeDasharray: dash } : {})}
          />
        );
      })}
    </g>
  );
});

/**
 * What a pointer over the plot reads: a cursor at the nearest swept load rate and each drawn
 * strategy's monthly cost there. Its own state, so hovering redraws only this layer.
 */
function HoverReadout({
  data,
  drawn,
  marks,
  box,
  yTop,
  money,
  name,
}: {
  data: readonly CrossoverPoint[];
  drawn: readonly StrategyId[];
  /** Every mark with its words: those at the hovered load rate are named under the costs. */
  marks: readonly (MarkLabelCandidate & { text: string })[];
  box: PlotBox;
  yTop: number;
  money: MoneyFormat;
  name: (id: StrategyId) => string;
}): ReactNode {
  const { t } = useTranslation();
  const [index, setIndex] = useState<number | null>(null);
  const xs = useMemo(() => data.map((row) => row.loadRatePercent), [data]);
  const sx = linearScale(0, 100, box.left, box.right);
  const sy = linearScale(0, yTop, box.bottom, box.top);
  const toPercent = linearScale(box.left, box.right, 0, 100);
  const row = index === null ? undefined : data[index];
  const x = row ? sx(row.loadRatePercent) : 0;
  const onLeftHalf = x < (box.left + box.right) / 2;
  return (
    <>
      <svg
        width="100%"
        height={CHART_HEIGHT}
        aria-hidden="true"
        focusable="false"
        style={{ position: 'absolute', inset: 0, overflow: 'visible' }}
        onPointerMove={(event) => {
          const bounds = event.currentTarget.getBoundingClientRect();
          const at = toPercent(event.clientX - bounds.left);
          const inPlot = at >= -1 && at <= 101 && event.clientY - bounds.top <= box.bottom;
          setIndex(inPlot ? nearestIndex(xs, at) : null);
        }}
        onPointerLeave={() => setIndex(null)}
      >
        <rect
          x={box.left}
          y={box.top}
          width={box.right - box.left}
          height={box.bottom - box.top}
          fill="transparent"
        />
        {row && (
          <g pointerEvents="none">
            <line x1={x} x2={x} y1={box.top} y2={box.bottom} stroke="#9ca3af" />
            {drawn.map((id) => {
              const v = row[id];
              return v === null ? null : (
                <circle
                  key={id}
                  cx={x}
                  cy={sy(v)}
                  r={3.5}
                  fill={STRATEGY_COLORS[id]}
                  stroke="#ffffff"
                  strokeWidth={1.5}
                />
              );
            })}
          </g>
        )}
      </svg>
      {row && (
        <div
          className="chart-readout"
          style={{
            position: 'absolute',
            top: box.top,
            ...(onLeftHalf ? { left: x + 12 } : { right: `calc(100% - ${x - 12}px)` }),
          }}
        >
          <p className="chart-readout__title">{formatPercent(row.loadRatePercent / 100, money.locale, 1)}</p>
          {drawn.map((id) => {
            const v = row[id];
            return v === null ? null : (
              <p key={id} className="chart-readout__row">
                <span className="chart-readout__swatch" style={{ background: STRATEGY_COLORS[id] }} />
                {t('common:join.labelValue', {
                  label: name(id),
                  value: formatMoney(displayToCny(v, money), money),
                })}
              </p>
            );
          })}
          {marksAt(marks, row.loadRatePercent).map((m) => (
            <p key={m.key} className="chart-readout__row chart-readout__mark">
              {m.text}
            </p>
          ))}
        </div>
      )}
    </>
  );
}
