import type { TFunction } from 'i18next';
import { memo, type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { DataTable } from '../../components/data-table';
import { Panel } from '../../components/panel';
import type { BreakEven, TornadoResult, TornadoRow } from '../../engine';
import {
  formatMoney,
  formatMoneyCompact,
  formatNumber,
  formatPercent,
  type MoneyFormat,
} from '../../lib/format';
import { wrapLabel } from '../../lib/label-layout';
import { useMoneyFormat } from '../../state/store-context';
import type { AnalysisState } from '../../workers/use-analysis';
import {
  flipsDecision,
  fractionDigitsFor,
  metaOf,
  tornadoAxis,
  tornadoBars,
  valueKindOf,
} from './analysis-data';
import { analysisErrorText } from './error-text';

/** Rows drawn in the chart; the table below lists every input. */
export const TORNADO_CHART_ROWS = 10;
/** Least height of a bar pair, and of one line of its label, in px. */
const ROW_HEIGHT = 30;
const TICK_FONT_PX = 11;
const TICK_LINE_PX = 13;
/** Top margin: the "Equal cost" label sits in it, above the bars, never on the first one. */
const TOP_MARGIN_PX = 22;
const LOW_COLOR = '#4E79A7';
const HIGH_COLOR = '#F28E2B';

/** The unit after a value: "/kWh" after money (the currency symbol says CNY), "GPUs per engineer" after a count. */
function unitAfter(path: string, t: TFunction): string {
  const meta = metaOf(path);
  const kind = valueKindOf(meta);
  if (kind === 'percent' || meta.unit === 'ratio' || meta.unit === 'cny') return '';
  if (kind === 'money') return t(`unitSuffix.${meta.unit}`, { ns: 'analysis' });
  return ` ${t(`units.${meta.unit}`, { ns: 'common' })}`;
}

function formatBare(path: string, value: number, money: MoneyFormat): string {
  const kind = valueKindOf(metaOf(path));
  if (kind === 'percent')
    return formatPercent(value, money.locale, value !== 0 && Math.abs(value) < 0.01 ? 2 : 1);
  if (kind === 'money') {
    const shown = money.currency === 'USD' ? value / money.cnyPerUsd : value;
    return formatMoney(value, money, fractionDigitsFor(shown));
  }
  return formatNumber(value, money.locale, fractionDigitsFor(value));
}

/** An input's value as it reads in a sentence: money in the display currency, percents, or number + unit. */
export function formatInputValue(path: string, value: number, money: MoneyFormat, t: TFunction): string {
  return `${formatBare(path, value, money)}${unitAfter(path, t)}`;
}

/** "CN¥1,200,000 – CN¥2,800,000", "150 – 500 GPUs per engineer": a range with its unit once. */
export function formatInputRange(
  path: string,
  low: number,
  high: number,
  money: MoneyFormat,
  t: TFunction,
): string {
  return `${formatBare(path, low, money)} – ${formatBare(path, high, money)}${unitAfter(path, t)}`;
}

/** "the server price": the label read inside a sentence (English lower-cases it unless it starts with an acronym). */
function inSentence(label: string, locale: MoneyFormat['locale']): string {
  if (locale !== 'en') return label;
  const second = label.charAt(1);
  return second && second === second.toUpperCase() && /[A-Z]/.test(second)
    ? label
    : label.charAt(0).toLowerCase() + label.slice(1);
}

export function breakEvenSentence(breakEven: BreakEven, money: MoneyFormat, t: TFunction): string {
  const input = inSentence(t(`params.${breakEven.path}`, { ns: 'common' }), money.locale);
  const value = formatInputValue(breakEven.path, breakEven.value, money, t);
  return t(breakEven.selfBuildWins === 'below' ? 'tornado.breakEvenBelow' : 'tornado.breakEvenAbove', {
    ns: 'analysis',
    input,
    value,
  });
}

/**
 * One-at-a-time sensitivity: a horizontal bar pair per input (the self-build − best-rental gap with the
 * input at its low and at its high, from 0), the largest swings on top, 0 marked as the decision line;
 * and a table of every input with its swing and break-even value (the chart's data alternative).
 */
// Memoised: the state changes only when the worker reports, not on every slider step.
export const TornadoPanel = memo(function TornadoPanel({
  state,
}: {
  state: AnalysisState<'tornado'>;
}): ReactNode {
  const { t } = useTranslation('analysis');
  const result = state.result;
  return (
    <Panel
      className="analysis-tornado"
      title={t('tornado.title')}
      busy={state.status === 'running'}
      error={analysisErrorText(state, t)}
    >
      {result ? (
        <TornadoView result={result} stale={state.status === 'running'} />
      ) : (
        <p>{t('monteCarlo.running')}</p>
      )}
    </Panel>
  );
});

function TornadoView({ result, stale }: { result: TornadoResult; stale: boolean }): ReactNode {
  const { t } = useTranslation('analysis');
  const money = useMoneyFormat();
  const [chartWidth, setChartWidth] = useState(640);
  const onResize = useCallback((width: number) => setChartWidth(width), []);
  const label = (path: string) => t(`params.${path}`, { ns: 'common' });
  const bars = useMemo(
    () => tornadoBars(result, TORNADO_CHART_ROWS, money, (p) => t(`params.${p}`, { ns: 'common' })),
    [result, money, t],
  );
  if (result.baseGapCny === null) return <p>{t('tornado.noRental')}</p>;
  const base = money.currency === 'USD' ? result.baseGapCny / money.cnyPerUsd : result.baseGapCny;
  const axis = tornadoAxis(bars, base);
  const layout = tornadoLayout(
    bars.map((b) => b.label),
    chartWidth,
  );
  const height = layout.rowHeightPx * bars.length + TOP_MARGIN_PX + 40;
  const toCny = (v: number) => (money.currency === 'USD' ? v * money.cnyPerUsd : v);

  return (
    <div className={stale ? 'analysis-stale' : undefined}>
      <p className="analysis-note">{t('tornado.intro')}</p>
      <p>
        {result.baseGapCny >= 0
          ? t('tornado.baseGap', { gap: formatMoney(result.baseGapCny, money) })
          : t('tornado.baseGapNegative', { gap: formatMoney(-result.baseGapCny, money) })}
      </p>
      <div
        role="img"
        aria-label={t('tornado.chartLabel', { count: bars.length })}
        style={{ width: '100%', height }}
        data-chart="tornado"
      >
        <ResponsiveContainer
          width="100%"
          height={height}
          initialDimension={{ width: 640, height }}
          onResize={onResize}
        >
          <BarChart
            data={bars}
            layout="vertical"
            margin={{ top: TOP_MARGIN_PX, right: 24, bottom: 8, left: 4 }}
            barGap={1}
            barCategoryGap="18%"
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" horizontal={false} />
            <XAxis
              type="number"
              domain={axis.domain}
              ticks={axis.ticks}
              tick={{ fontSize: 11, fill: '#374151' }}
              tickFormatter={(v: number) => formatMoneyCompact(toCny(v), money)}
            />
            <YAxis
              type="category"
              dataKey="label"
              width={layout.axisWidthPx}
              interval={0}
              tick={<WrappedTick lines={layout.lines} />}
            />
            <Tooltip
              formatter={(value, name) => [
                typeof value === 'number' ? formatMoney(toCny(value), money) : '',
                name,
              ]}
            />
            <ReferenceLine
              x={0}
              stroke="#111827"
              strokeWidth={1.5}
              label={{
                value: t('tornado.zeroLabel'),
                position: 'top',
                fontSize: 11,
                fill: '#111827',
              }}
            />
            <ReferenceLine x={base} stroke="#6b7280" strokeDasharray="4 3" />
            <Bar dataKey="gapLow" name={t('tornado.atLow')} fill={LOW_COLOR} isAnimationActive={false} />
            <Bar dataKey="gapHigh" name={t('tornado.atHigh')} fill={HIGH_COLOR} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ul className="analysis-legend" aria-label={t('legendLabel', { ns: 'charts' })}>
        <li>
          <span className="swatch" style={{ background: LOW_COLOR }} aria-hidden="true" />{' '}
          {t('tornado.atLow')}
        </li>
        <li>
          <span className="swatch" style={{ background: HIGH_COLOR }} aria-hidden="true" />{' '}
          {t('tornado.atHigh')}
        </li>
        <li>
          <span className="analysis-legend__dash" aria-hidden="true" /> {t('tornado.baseLabel')}
        </li>
      </ul>
      {result.rows.length > bars.length ? (
        <p className="analysis-note">
          {t('tornado.shown', { shown: bars.length, total: result.rows.length })}
        </p>
      ) : null}
      <div className="analysis-table-wrap">
        <DataTable
          className="analysis-table analysis-table--tornado"
          testId="tornado-table"
          caption={t('tornado.tableCaption')}
          headers={[
            t('tornado.rank'),
            t('tornado.input'),
            t('tornado.swing'),
            t('tornado.gapLow'),
            t('tornado.gapHigh'),
            t('tornado.breakEven'),
          ]}
        >
          <tbody>
            {result.rows.map((row, i) => (
              <TornadoTableRow key={row.path} row={row} rank={i + 1} label={label(row.path)} />
            ))}
          </tbody>
        </DataTable>
      </div>
    </div>
  );
}

function TornadoTableRow({ row, rank, label }: { row: TornadoRow; rank: number; label: string }): ReactNode {
  const { t } = useTranslation('analysis');
  const money = useMoneyFormat();
  return (
    <tr data-testid="tornado-row" data-path={row.path}>
      <td>{rank}</td>
      <th scope="row">
        {label}
        <span className="analysis-table__sub">{formatInputRange(row.path, row.low, row.high, money, t)}</span>
      </th>
      <td>{formatMoney(row.swingCny, money)}</td>
      <td>{formatMoney(row.gapLowCny, money)}</td>
      <td>{formatMoney(row.gapHighCny, money)}</td>
      <td>
        {row.breakEven ? breakEvenSentence(row.breakEven, money, t) : t('tornado.noBreakEven')}
        {flipsDecision(row) ? (
          <span className="badge badge--muted analysis-flip">{t('tornado.flips')}</span>
        ) : null}
      </td>
    </tr>
  );
}

export interface TornadoLayout {
  /** Width of the label axis, px: a share of the chart, so the bars keep most of it. */
  axisWidthPx: number;
  /** Each label's lines, wrapped to the axis width. */
  lines: Record<string, string[]>;
  /** Height of a bar pair: tall enough for the longest wrapped label, so labels never overlap. */
  rowHeightPx: number;
}

/** Lays out the tornado's category labels (pure): axis width from the chart width, lines, row height. */
export function tornadoLayout(labels: readonly string[], chartWidthPx: number): TornadoLayout {
  const axisWidthPx = Math.round(Math.min(260, Math.max(110, chartWidthPx * 0.3)));
  // The tick's text starts a few px left of the axis line.
  const textWidth = axisWidthPx - 10;
  const lines: Record<string, string[]> = {};
  let most = 1;
  for (const l of labels) {
    const wrapped = wrapLabel(l, textWidth, TICK_FONT_PX);
    lines[l] = wrapped;
    most = Math.max(most, wrapped.length);
  }
  return { axisWidthPx, lines, rowHeightPx: Math.max(ROW_HEIGHT, most * TICK_LINE_PX + 10) };
}

/** A category tick drawn as its pre-wrapped lines, centred on the bar pair. */
function WrappedTick({
  x = 0,
  y = 0,
  payload,
  lines,
}: {
  x?: number;
  y?: number;
  payload?: { value?: string };
  lines: Record<string, string[]>;
}): ReactNode {
  const text = String(payload?.value ?? '');
  const rows = lines[text] ?? [text];
  const top = y - ((rows.length - 1) * TICK_LINE_PX) / 2;
  return (
    <text
      x={x - 4}
      y={top}
      textAnchor="end"
      dominantBaseline="central"
      fontSize={TICK_FONT_PX}
      fill="#374151"
    >
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a label's lines are identified by their position
        <tspan key={`${i}-${row}`} x={x - 4} y={top + i * TICK_LINE_PX}>
          {row}
        </tspan>
      ))}
    </text>
  );
}
