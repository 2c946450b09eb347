import { parseLogTimeMs } from './cluster-log-time';
import {
  type ClusterLogError,
  type ClusterLogResult,
  type LineParser,
  MAX_LOG_ERRORS,
  quoted,
} from './cluster-log-types';
import { windowsSummary } from './cluster-log-windows';

/**
 * Slurm's `sreport cluster utilization` (with `--tres=gres/gpu`, parsable `-P` or aligned): one report
 * per period, each a banner "Cluster Utilization <start> - <end>", the unit ("Usage reported in TRES
 * Minutes", or Hours or Seconds with `-t`), a header and a row per cluster and TRES:
 *
 *   Cluster|TRES Name|Allocated|Down|PLND Down|Idle|Planned|Reported
 *   mycluster|gres/gpu|40320|0|0|20160|0|60480
 *
 * Columns are read by the header's names, whatever their order: releases differ ("Reserved" in older
 * ones, "Planned" now; the aligned form cuts long names with "+"). A file may hold several reports
 * (one per week, as a loop over weeks writes them): each report's allocated GPU-hours are spread
 * evenly over its period and summed into the log's weeks. Useful GPU-hours are the allocated ones;
 * the cluster's GPUs are its reported GPU-hours ÷ the hours reported (sreport counts every GPU of the
 * cluster, busy, idle or down). Percent output (`-t percent`) has no hours and is refused, as is a
 * report without the GPU TRES or without its period.
 */

type Unit = { hoursPer: number } | 'percent';

interface Report {
  startMs: number;
  endMs: number;
  allocatedGpuHours: number;
  reportedGpuHours: number;
}

interface Columns {
  sep: 'pipe' | 'space';
  tres: number;
  allocated: number;
  reported: number;
  names: string[];
}

/** The first line of an sreport file: its banner's rule, its title, or (with -n) a header. */
export function isSreportStart(line: string): boolean {
  const t = line.trim();
  return /^-{10,}$/.test(t) || /^Cluster Utilization\b/i.test(t) || isHeader(t);
}

function isHeader(text: string): boolean {
  return /\bCluster\b/i.test(text) && /\bAlloc/i.test(text) && /\bReport/i.test(text);
}

function headerColumns(text: string): Columns | { missing: string } {
  const sep = text.includes('|') ? 'pipe' : 'space';
  const names = (sep === 'pipe' ? text.split('|') : text.trim().split(/\s{2,}/)).map((n) =>
    n.trim().replace(/\+$/, ''),
  );
  const lower = names.map((n) => n.toLowerCase());
  const find = (prefix: string) => lower.findIndex((n) => n.startsWith(prefix));
  const allocated = find('alloc');
  const reported = find('report');
  if (allocated < 0) return { missing: 'Allocated' };
  if (reported < 0) return { missing: 'Reported' };
  return { sep, tres: find('tres'), allocated, reported, names };
}

function fieldsOf(text: string, sep: Columns['sep']): string[] {
  return sep === 'pipe' ? text.split('|').map((f) => f.trim()) : text.trim().split(/\s+/);
}

/** "Usage reported in TRES Minutes" → hours per unit; percent output has none. */
function unitOf(text: string): Unit | null {
  const m = /^Usage reported in\s+(.*)$/i.exec(text.trim());
  if (!m) return null;
  const what = (m[1] ?? '').toLowerCase();
  if (what.includes('percent')) return 'percent';
  if (what.includes('hour')) return { hoursPer: 1 };
  if (what.includes('second')) return { hoursPer: 1 / 3600 };
  return { hoursPer: 1 / 60 };
}

export function createSreportParser(): LineParser {
  const errors: ClusterLogError[] = [];
  const reports: Report[] = [];
  let current: Report | null = null;
  let unit: Unit = { hoursPer: 1 / 60 };
  let columns: Columns | null = null;
  let gpuRows = 0;
  let otherRows = 0;
  const fail = (error: ClusterLogError): boolean => {
    errors.push(error);
    return errors.length < MAX_LOG_ERRORS;
  };

  return {
    line(text, lineNo) {
      const t = text.trim();
      if (/^-[-\s]*$/.test(t)) return true;
      const banner = /^Cluster Utilization\s+(\S+)\s+-\s+(\S+)/i.exec(t);
      if (banner) {
        const start = parseLogTimeMs(banner[1] ?? '');
        const end = parseLogTimeMs(banner[2] ?? '');
        if (start === null)
          return fail({
            code: 'badTime',
            line: lineNo,
            column: 'Cluster Utilization',
            value: quoted(banner[1] ?? ''),
          });
        if (end === null)
          return fail({
            code: 'badTime',
            line: lineNo,
            column: 'Cluster Utilization',
            value: quoted(banner[2] ?? ''),
          });
        // sreport prints the period's last second (…T23:59:59): the period ends a second later.
        const endMs = end + (/:59$/.test(banner[2] ?? '') ? 1000 : 0);
        if (endMs <= start)
          return fail({
            code: 'endBeforeStart',
            line: lineNo,
            column: 'Cluster Utilization',
            value: quoted(banner[2] ?? ''),
          });
        current = { startMs: start, endMs, allocatedGpuHours: 0, reportedGpuHours: 0 };
        reports.push(current);
        columns = null;
        return true;
      }
      const u = unitOf(t);
      if (u !== null) {
        if (u === 'percent') return fail({ code: 'sreportPercent', line: lineNo, value: quoted(t) });
        unit = u;
        return true;
      }
      if (columns === null) {
        if (!isHeader(t)) return fail({ code: 'unknownFormat', line: lineNo });
        const found = headerColumns(text);
        if ('missing' in found) return fail({ code: 'missingColumn', line: lineNo, column: found.missing });
        columns = found;
        return true;
      }
      if (isHeader(t)) return true;
      const fields = fieldsOf(text, columns.sep);
      if (fields.length !== columns.names.length)
        return fail({
          code: 'fieldCount',
          line: lineNo,
          value: String(fields.length),
          expected: columns.names.length,
        });
      const tres = columns.tres >= 0 ? (fields[columns.tres] ?? '').toLowerCase() : '';
      // Only the GPU TRES row counts (typed rows such as gres/gpu:a100 repeat it in part).
      if (tres !== 'gres/gpu') {
        otherRows++;
        return true;
      }
      if (current === null) return fail({ code: 'sreportNoPeriod', line: lineNo });
      const hoursPer = (unit as { hoursPer: number }).hoursPer;
      const value = (i: number) => {
        const raw = fields[i] ?? '';
        const n = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
        return Number.isFinite(n) ? n : null;
      };
      const allocated = value(columns.allocated);
      const reported = value(columns.reported);
      if (allocated === null)
        return fail({
          code: 'badGpus',
          line: lineNo,
          column: columns.names[columns.allocated] ?? '',
          value: quoted(fields[columns.allocated] ?? ''),
        });
      if (reported === null)
        return fail({
          code: 'badGpus',
          line: lineNo,
          column: columns.names[columns.reported] ?? '',
          value: quoted(fields[columns.reported] ?? ''),
        });
      current.allocatedGpuHours += allocated * hoursPer;
      current.reportedGpuHours += reported * hoursPer;
      gpuRows++;
      return true;
    },
    finish(): ClusterLogResult {
      if (errors.length > 0) return { ok: false, errors };
      if (gpuRows === 0)
        return { ok: false, errors: [{ code: otherRows > 0 ? 'sreportNoGpu' : 'noGpuJobs' }] };
      const counted = reports.filter((r) => r.reportedGpuHours > 0 || r.allocatedGpuHours > 0);
      const windows = counted.map((r) => ({ ...r, heldGpuHours: r.reportedGpuHours }));
      const source = columns?.names[columns.allocated] ?? 'Allocated';
      return { ok: true, summary: windowsSummary('sreport', source, windows, counted.length) };
    },
  };
}
