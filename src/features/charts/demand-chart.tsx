import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame, type ChartProps, type LegendItem } from '../../components/chart-frame';
import { AXIS_TICK, LABEL_HALO, REFERENCE_COLOR } from '../../components/chart-style';
import { formatNumber } from '../../lib/format';
import { useAppStore, useMoneyFormat } from '../../state/store-context';
import { type DemandReferenceKind, demandSeries, groupCloseReferences } from '../../view-model/chart-data';
import { STRATEGY_COLORS } from '../../view-model/strategy-style';
import { weekAxisLabel, weekAxisTicks } from '../../view-model/week-dates';

const DEMAND_COLOR = '#1f2937';

const REFERENCE_STYLE: Record<DemandReferenceKind, { color: string; dash: string | undefined }> = {
  capacity: { color: STRATEGY_COLORS.selfBuild, dash: undefined },
  peak: { color: '#9f1239', dash: '6 3' },
  baseline: { color: '#1d4ed8', dash: '6 3' },
  trough: { color: '#6b7280', dash: '2 3' },
  hybrid: { color: STRATEGY_COLORS.hybrid, dash: '10 4' },
};

const REFERENCE_ORDER: readonly DemandReferenceKind[] = ['capacity', 'peak', 'hybrid', 'baseline', 'trough'];

/** Labels closer than this share of the y axis would overprint, so they are merged into one. */
const LABEL_MERGE_FRACTION = 0.07;

/**
 * The weekly useful-GPU demand with baseline, peak, trough and the self-build capacity marked, and,
 * when given, the optimal hybrid baseline (useful GPUs it serves) from the analysis worker.
 */
export function DemandChart({
  scenario,
  evaluation,
  hybridBaselineGpus = null,
}: ChartProps & { hybridBaselineGpus?: number | null }): ReactNode {
  const { t } = useTranslation(['charts', 'usageFile']);
  const { locale } = useMoneyFormat();
  // The usage file the curve came from (the store forgets it once the curve changes otherwise).
  const curveFile = useAppStore((s) => s.curveFile);
  const series = useMemo(
    () => demandSeries(scenario, evaluation, hybridBaselineGpus),
    [scenario, evaluation, hybridBaselineGpus],
  );
  const weeks = series.points.length;
  const dates = !series.flat && curveFile?.dates?.length === weeks ? curveFile.dates : null;
  const fileNote =
    series.flat || !curveFile
      ? null
      : dates
        ? t('usageFile:chart.datesNote', { file: curveFile.fileName })
        : t('usageFile:chart.fromFile', { file: curveFile.fileName });
  const gpus = (v: number) => formatNumber(v, locale, 1);
  const refName = (k: DemandReferenceKind) => t(`demand.ref.${k}`);

  const groups = groupCloseReferences(
    series.references.map((r) => ({ kind: r.kind, value: r.gpus })),
    series.yMax * LABEL_MERGE_FRACTION,
  );
  // One label per group; the other lines of the group draw unlabelled. A merged group's label goes
  // under its lowest line (the band between its lines is where the curve runs) unless that would sit
  // on the x axis; a single line is labelled above. On a horizontal line recharts' "insideTop" puts
  // the text below the line and "insideBottom" above it (the line's box has zero height).
  const labelFor = new Map<
    DemandReferenceKind,
    { text: string; merged: boolean; position: 'insideTopRight' | 'insideBottomRight' }
  >();
  for (const g of groups) {
    const top = g.members[g.members.length - 1];
    if (!top) continue;
    // Semantic top-down order (capacity, peak, baseline, trough), even when values tie.
    const members = [...g.members].sort(
      (a, b) => REFERENCE_ORDER.indexOf(a.kind) - REFERENCE_ORDER.indexOf(b.kind),
    );
    const names = members.map((m) => refName(m.kind)).join(' / ');
    const low = g.members[0]?.value ?? top.value;
    // Equal values (jobs mode) read as one number, close ones as a range; the legend has each exact value.
    const text =
      gpus(low) === gpus(top.value)
        ? t('demand.refLabel', { names, value: gpus(top.value) })
        : t('demand.refRangeLabel', { names, low: gpus(low), high: gpus(top.value) });
    const bottom = g.members[0] ?? top;
    const merged = g.members.length > 1;
    if (merged && bottom.value > series.yMax * 0.12) {
      labelFor.set(bottom.kind, { text, merged, position: 'insideTopRight' });
    } else {
      labelFor.set(top.kind, { text, merged, position: 'insideBottomRight' });
    }
  }

  const legend: LegendItem[] = [
    { key: 'demand', label: t('demand.series'), color: DEMAND_COLOR, shape: 'line' },
    ...series.references.map((r): LegendItem => {
      const style = REFERENCE_STYLE[r.kind];
      return {
        key: r.kind,
        label: `${refName(r.kind)} ${gpus(r.gpus)}`,
        color: style.color,
        shape: 'line',
        ...(style.dash ? { dash: style.dash } : {}),
      };
    }),
  ];

  const d = evaluation.demand;
  const capacity = series.references.find((r) => r.kind === 'capacity')?.gpus ?? 0;
  const summary = series.flat
    ? t('demand.summaryFlat', { value: gpus(d.meanGpus), capacity: gpus(capacity) })
    : t('demand.summary', {
        weeks: series.points.length,
        baseline: gpus(d.baselineGpus),
        peak: gpus(d.peakGpus),
        trough: gpus(d.troughGpus),
        capacity: gpus(capacity),
      });

  return (
    <ChartFrame
      id="demand"
      title={t('demand.title')}
      summary={summary}
      legendLabel={t('legendLabel')}
      legend={legend}
      notes={series.flat ? [t('demand.flatNote')] : fileNote ? [fileNote] : []}
    >
      <LineChart
        data={series.points}
        margin={{ top: 16, right: dates ? 32 : 16, bottom: 24, left: 4 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
        <XAxis
          dataKey="week"
          type="number"
          domain={[1, Math.max(2, series.points.length)]}
          ticks={weekAxisTicks(weeks, dates !== null)}
          tick={AXIS_TICK}
          tickFormatter={(week: number) => weekAxisLabel(week, dates, weeks)}
          label={{
            value: dates ? t('usageFile:chart.xAxis') : t('demand.xAxis'),
            position: 'insideBottom',
            offset: -16,
            fontSize: 12,
          }}
        />
        <YAxis
          width={48}
          domain={[0, series.yMax]}
          ticks={series.yTicks}
          tick={AXIS_TICK}
          tickFormatter={(v: number) => formatNumber(v, locale, 1)}
          label={{ value: t('demand.yAxis'), angle: -90, position: 'insideLeft', offset: 12, fontSize: 12 }}
        />
        <Tooltip
          formatter={(value, label) => [
            typeof value === 'number' ? t('demand.gpus', { value: gpus(value) }) : '',
            label,
          ]}
          labelFormatter={(v) => {
            if (typeof v !== 'number') return '';
            const date = dates?.[v - 1];
            return date
              ? t('usageFile:chart.weekLabel', { week: v, date })
              : t('demand.weekLabel', { week: v });
          }}
        />
        {series.references.map((r) => {
          const style = REFERENCE_STYLE[r.kind];
          const label = labelFor.get(r.kind);
          return (
            <ReferenceLine
              key={r.kind}
              y={r.gpus}
              stroke={style.color}
              strokeWidth={r.kind === 'capacity' ? 2 : 1.5}
              {...(style.dash ? { strokeDasharray: style.dash } : {})}
              {...(label
                ? {
                    label: {
                      value: label.text,
                      position: label.position,
                      fill: label.merged ? REFERENCE_COLOR : style.color,
                      ...LABEL_HALO,
                    },
                  }
                : {})}
            />
          );
        })}
        <Line
          type="monotone"
          dataKey="gpus"
          name={t('demand.series')}
          stroke={DEMAND_COLOR}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ChartFrame>
  );
}
