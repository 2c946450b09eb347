import { formatNumber, formatPercent } from '../../lib/format';
import { parseClusterLog } from '../../scenario/cluster-log';
import { MAX_CLUSTER_LOG_BYTES } from '../../scenario/cluster-log-limits';
import { clusterGpusRange, defaultClusterGpus, measuredUsage } from '../../scenario/cluster-log-usage';
import { clusterLogErrorText, clusterLogNoteTexts } from '../../view-model/cluster-log-text';
import { type CliContext, readText } from '../context';
import { csvLines, textTable } from '../text-table';
import type { CommandResult } from './result';

/** Servers of this many GPUs round a Slurm log's peak into the default cluster size (the page's default). */
const DEFAULT_GPUS_PER_SERVER = 8;

/**
 * `gpu-tco logs <file> [--cluster-gpus n]`: a Slurm accounting (`sacct --parsable2`), Slurm sreport
 * (cluster utilization for the GPU TRES), OpenCost allocation (JSON, or its daily CSV export) or GPU
 * telemetry (nvidia-smi or DCGM CSV) file read by the
 * page's own reader — the weekly curve of GPUs doing work and
 * the measured efficiency (useful ÷ held GPU-hours), with the page's limits and its errors (line and
 * column). The cluster's size is the peak in whole servers unless given (telemetry: the GPUs seen;
 * sreport and OpenCost with idle: the GPUs reported).
 */
export function logsCommand(ctx: CliContext): CommandResult {
  const { t, options } = ctx;
  const file = options.positionals[1];
  if (file === undefined) return { ok: false, code: 2, message: t('cli:noInput') };
  const read = readText(ctx, file, MAX_CLUSTER_LOG_BYTES);
  if (!read.ok) return read;
  const result = parseClusterLog(read.value);
  if (!result.ok)
    return {
      ok: false,
      code: 1,
      message: result.errors.map((e) => clusterLogErrorText(t, e, options.locale)).join('\n'),
    };
  const summary = result.summary;
  const range = clusterGpusRange(summary);
  let clusterGpus = defaultClusterGpus(summary, DEFAULT_GPUS_PER_SERVER);
  if (options.clusterGpus !== null) {
    const typed = Number(options.clusterGpus);
    if (!Number.isInteger(typed) || typed < range.min || typed > range.max)
      return {
        ok: false,
        code: 1,
        message: t('cli:badNumber', {
          option: '--cluster-gpus',
          range: t('cli:range', {
            min: formatNumber(range.min, options.locale),
            max: formatNumber(range.max, options.locale),
          }),
        }),
      };
    clusterGpus = typed;
  }
  const usage = measuredUsage(summary, clusterGpus);
  const report = {
    format: summary.format,
    sourceColumn: summary.sourceColumn,
    fromDay: usage.fromDay,
    toDay: usage.toDay,
    periodHours: summary.periodHours,
    clusterGpus,
    usefulGpuHours: usage.usefulGpuHours,
    heldGpuHours: usage.heldGpuHours,
    measuredEfficiency: usage.measuredEfficiency,
    appliedEfficiency: usage.efficiency,
    peakConcurrentGpus: summary.peakConcurrentGpus,
    busyGpuHours: summary.busy?.busyGpuHours ?? null,
    busyCoveredGpuHours: summary.busy?.coveredGpuHours ?? null,
    // The energy the log measured (IT energy before PUE): Slurm's nodes, or the GPU boards of telemetry.
    energy: usage.energy,
    weeklyGpus: summary.weeklyGpus,
    notes: clusterLogNoteTexts(t, summary.notes, options.locale),
  };
  if (options.format === 'json') return { ok: true, text: `${JSON.stringify(report, null, 2)}\n` };
  if (options.format === 'csv')
    return {
      ok: true,
      text: csvLines([['week', 'gpus'], ...summary.weeklyGpus.map((g, i) => [i + 1, g])]),
    };
  const n = (v: number, digits = 0) => formatNumber(v, options.locale, digits);
  const facts = [
    [t('cli:table.logFormat'), `${summary.format} (${summary.sourceColumn})`],
    [t('cli:table.period'), `${usage.fromDay} – ${usage.toDay}`],
    [t('cli:table.usefulGpuHours'), n(usage.usefulGpuHours, 1)],
    [t('cli:table.heldGpuHours', { gpus: n(clusterGpus) }), n(usage.heldGpuHours, 1)],
    [t('cli:table.efficiency'), formatPercent(usage.measuredEfficiency, options.locale, 1)],
    [t('cli:table.efficiencyApplied'), formatPercent(usage.efficiency, options.locale, 2)],
    [t('cli:table.peak'), n(summary.peakConcurrentGpus, 1)],
    ...(summary.busy
      ? [
          [
            t('cli:table.busy'),
            t('cli:table.busyValue', {
              busy: formatPercent(
                summary.busy.busyGpuHours / summary.busy.coveredGpuHours,
                options.locale,
                1,
              ),
              covered: n(summary.busy.coveredGpuHours, 1),
            }),
          ],
        ]
      : []),
    ...(usage.energy
      ? [
          [
            t(`cli:table.energy.${usage.energy.scope}`, { column: usage.energy.column }),
            t('cli:table.energyValue', {
              kwh: n(usage.energy.kwh, 1),
              hours: n(usage.energy.coveredGpuHours, 1),
              perGpu: n(usage.energy.kwPerGpu, 3),
            }),
          ],
        ]
      : []),
  ];
  const weeks = [
    [t('cli:table.week'), t('cli:table.weekGpus')],
    ...summary.weeklyGpus.map((g, i) => [n(i + 1), n(g, 2)]),
  ];
  return {
    ok: true,
    text: [
      textTable(
        facts.map(([a, b]) => [`${a}${ctx.t('cli:labelEnd')}`, b ?? '']),
        () => false,
      ),
      ...report.notes,
      '',
      textTable(weeks, () => true),
      '',
    ].join('\n'),
  };
}
