import { splitCsvLine } from './cluster-log-csv-line';
import { MAX_CLUSTER_LOG_GPUS } from './cluster-log-limits';
import { MS_PER_DAY, parseLogTimeMs } from './cluster-log-time';
import { type ClusterLogError, type LineParser, MAX_LOG_ERRORS, quoted } from './cluster-log-types';
import { type UsageWindow, windowsSummary } from './cluster-log-windows';

/**
 * OpenCost's CSV export (its exporter's daily file, `EXPORT_CSV_FILE`): one row per container and UTC
 * day, `Date` (YYYY-MM-DD) and `GPUs` — the GPUs the container was allocated while it ran that day
 * (OpenCost's GPU-hours ÷ the hours it ran) — beside CPU, RAM, network, volume and cost columns this
 * reader does not need (and, if asked for, `Labels` as quoted JSON). The file does not say how long a
 * container ran, so a row counts as a whole day: GPUs × 24 GPU-hours — exact for what runs all day
 * (training jobs, services), more than was used for shorter jobs; the preview says the figures are an
 * upper bound and the allocation JSON is exact. Each day's GPU-hours are spread over it and summed into
 * the log's weeks. OpenCost writes no idle rows to this file, so the GPUs the cluster
 * held are not in it: the user confirms the cluster's size, as for a Slurm accounting log (a row whose
 * namespace, pod or container is `__idle__` is the cluster's idle capacity instead — then the size is
 * the day's allocated and idle GPUs, as in the allocation JSON). Columns are found by their names,
 * whatever their order (OpenCost's exporter merges files of older headers into a union). Never throws.
 */

const IDLE = '__idle__';
const HOURS_PER_DAY = 24;

interface Columns {
  date: number;
  gpus: number;
  /** Namespace, Pod, Container: where an idle row says it is idle (-1 when absent). */
  names: number[];
  fields: number;
  gpusName: string;
  dateName: string;
}

/**
 * The header of OpenCost's CSV export: a comma-separated line naming Date, GPUs and Namespace (the
 * namespace tells it from a weekly usage CSV of dates and GPUs, which is not a day per row).
 */
export function openCostCsvColumns(header: string): Columns | null {
  if (!header.includes(',')) return null;
  const names = splitCsvLine(header);
  const lower = names.map((n) => n.toLowerCase());
  const date = lower.indexOf('date');
  const gpus = lower.indexOf('gpus');
  if (date < 0 || gpus < 0 || !lower.includes('namespace')) return null;
  return {
    date,
    gpus,
    names: ['namespace', 'pod', 'container'].map((n) => lower.indexOf(n)).filter((i) => i >= 0),
    fields: names.length,
    gpusName: names[gpus] as string,
    dateName: names[date] as string,
  };
}

interface Day {
  allocatedGpuHours: number;
  idleGpuHours: number;
}

export function createOpenCostCsvParser(columns: Columns): LineParser {
  const errors: ClusterLogError[] = [];
  const days = new Map<number, Day>();
  let idleSeen = false;
  let rows = 0;
  const fail = (error: ClusterLogError): boolean => {
    errors.push(error);
    return errors.length < MAX_LOG_ERRORS;
  };
  return {
    line(text, lineNo) {
      const fields = splitCsvLine(text);
      if (fields.length !== columns.fields)
        return fail({
          code: 'fieldCount',
          line: lineNo,
          value: String(fields.length),
          expected: columns.fields,
        });
      const dateText = fields[columns.date] ?? '';
      const dayMs = /^\d{4}-\d{2}-\d{2}$/.test(dateText) ? parseLogTimeMs(dateText) : null;
      if (dayMs === null)
        return fail({ code: 'badTime', line: lineNo, column: columns.dateName, value: quoted(dateText) });
      const gpusText = fields[columns.gpus] ?? '';
      const gpus = gpusText === '' ? Number.NaN : Number(gpusText);
      if (!Number.isFinite(gpus) || gpus < 0)
        return fail({ code: 'badGpus', line: lineNo, column: columns.gpusName, value: quoted(gpusText) });
      if (gpus > MAX_CLUSTER_LOG_GPUS)
        return fail({
          code: 'gpusAboveMax',
          line: lineNo,
          column: columns.gpusName,
          value: quoted(gpusText),
          limit: MAX_CLUSTER_LOG_GPUS,
        });
      const day = days.get(dayMs) ?? { allocatedGpuHours: 0, idleGpuHours: 0 };
      days.set(dayMs, day);
      if (columns.names.some((i) => fields[i] === IDLE)) {
        idleSeen = true;
        day.idleGpuHours += gpus * HOURS_PER_DAY;
      } else {
        rows++;
        day.allocatedGpuHours += gpus * HOURS_PER_DAY;
      }
      return true;
    },
    finish() {
      if (errors.length > 0) return { ok: false, errors };
      if (days.size === 0) return { ok: false, errors: [{ code: 'empty' }] };
      const windows: UsageWindow[] = [...days].map(([startMs, d]) => ({
        startMs,
        endMs: startMs + MS_PER_DAY,
        allocatedGpuHours: d.allocatedGpuHours,
        heldGpuHours: d.allocatedGpuHours + d.idleGpuHours,
      }));
      if (windows.every((w) => w.allocatedGpuHours <= 0))
        return { ok: false, errors: [{ code: 'noGpuJobs' }] };
      return {
        ok: true,
        summary: windowsSummary('opencostCsv', columns.gpusName, windows, rows, idleSeen),
      };
    },
  };
}
