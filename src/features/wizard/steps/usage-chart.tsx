import { type PointerEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import type { DemandStats } from '../../../engine';
import { formatNumber, type Locale } from '../../../lib/format';
import { weekAxisLabel } from '../../../view-model/week-dates';
import { niceYMax, pointerToWeek, USAGE_CHART } from '../chart-geometry';

const LINE_COLOR = '#1f2937';
const REFS = [
  { key: 'peak', color: '#9f1239', dash: '6 3' },
  { key: 'baseline', color: '#1d4ed8', dash: '6 3' },
  { key: 'trough', color: '#6b7280', dash: '2 3' },
] as const;

/**
 * The weekly curve with baseline (p15), peak (p95) and trough marked (seed 003 §5 step 1), editable by
 * dragging: a press or drag sets the week under the pointer to the height under it. The y axis stays
 * fixed while dragging so the point follows the pointer.
 */
export function UsageChart({
  weeklyGpus,
  weekDates = null,
  stats,
  locale,
  onEditWeek,
  onEditEnd,
}: {
  weeklyGpus: readonly number[];
  /** The imported file's week dates: the axis shows them instead of week numbers. */
  weekDates?: readonly string[] | null;
  stats: DemandStats;
  locale: Locale;
  onEditWeek: (index: number, gpus: number) => void;
  /** The drag ended: its edits are one undo step. */
  onEditEnd: () => void;
}) {
  const { t } = useTranslation('wizard');
  const wrapper = useRef<HTMLDivElement>(null);
  const dragMax = useRef<number | null>(null);
  const yMax = dragMax.current ?? niceYMax(Math.max(0, ...weeklyGpus));
  const data = weeklyGpus.map((gpus, i) => ({ week: i + 1, gpus }));
  const n = (v: number) => formatNumber(v, locale, 1);

  const editAt = (event: PointerEvent<HTMLDivElement>) => {
    const box = wrapper.current?.getBoundingClientRect();
    if (!box) return;
    const hit = pointerToWeek(
      event.clientX - box.left,
      event.clientY - box.top,
      box.width,
      weeklyGpus.length,
      yMax,
    );
    if (hit) onEditWeek(hit.index, hit.gpus);
  };

  const values: Record<(typeof REFS)[number]['key'], number> = {
    peak: stats.peakGpus,
    baseline: stats.baselineGpus,
    trough: stats.troughGpus,
  };

  return (
    <figure className="wizard-chart">
      <div
        ref={wrapper}
        className="wizard-chart__plot"
        role="img"
        aria-label={t('usage.chartSummary', {
          weeks: weeklyGpus.length,
          baseline: n(stats.baselineGpus),
          peak: n(stats.peakGpus),
          trough: n(stats.troughGpus),
        })}
        style={{ height: USAGE_CHART.height }}
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          dragMax.current = yMax;
          event.currentTarget.setPointerCapture?.(event.pointerId);
          editAt(event);
        }}
        onPointerMove={(event) => {
          if (dragMax.current !== null) editAt(event);
        }}
        onPointerUp={() => {
          dragMax.current = null;
          onEditEnd();
        }}
        onPointerCancel={() => {
          dragMax.current = null;
          onEditEnd();
        }}
      >
        <ResponsiveContainer
          width="100%"
          height={USAGE_CHART.height}
          initialDimension={{ width: 640, height: USAGE_CHART.height }}
        >
          <LineChart data={data} margin={USAGE_CHART.margin} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
            <XAxis
              dataKey="week"
              type="number"
              domain={[1, Math.max(2, weeklyGpus.length)]}
              allowDataOverflow
              height={USAGE_CHART.xAxisHeight}
              tick={{ fontSize: 12, fill: '#374151' }}
              tickCount={5}
              allowDecimals={false}
              tickFormatter={(week: number) => weekAxisLabel(week, weekDates, weeklyGpus.length)}
            />
            <YAxis
              type="number"
              domain={[0, yMax]}
              allowDataOverflow
              width={USAGE_CHART.yAxisWidth}
              tick={{ fontSize: 12, fill: '#374151' }}
              tickFormatter={(v: number) => formatNumber(v, locale, 1)}
            />
            {REFS.map((r) => (
              <ReferenceLine
                key={r.key}
                y={values[r.key]}
                stroke={r.color}
                strokeDasharray={r.dash}
                ifOverflow="extendDomain"
              />
            ))}
            <Line
              type="linear"
              dataKey="gpus"
              stroke={LINE_COLOR}
              strokeWidth={2}
              dot={weeklyGpus.length <= 60 ? { r: 2.5 } : false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="wizard-chart__legend">
        <span>
          <span className="wizard-key" style={{ borderColor: LINE_COLOR, borderTopStyle: 'solid' }} />
          {t('usage.series')}
        </span>
        {REFS.map((r) => (
          <span key={r.key} data-ref={r.key}>
            <span className="wizard-key" style={{ borderColor: r.color }} />
            {t(`usage.ref.${r.key}`, { value: n(values[r.key]) })}
          </span>
        ))}
        <span className="wizard-chart__hint">{t('usage.dragHint')}</span>
      </figcaption>
    </figure>
  );
}
