import { WEEKLY_CURVE_WEEKS } from '../engine';
import { MAX_CLUSTER_LOG_GPUS } from './cluster-log-limits';
import { createOpenCostParser, isOpenCostStart } from './cluster-log-opencost';
import { createOpenCostCsvParser, openCostCsvColumns } from './cluster-log-opencost-csv';
import { createSlurmParser, slurmColumns } from './cluster-log-slurm';
import { createSreportParser, isSreportStart } from './cluster-log-sreport';
import { createTelemetryParser, telemetryColumns } from './cluster-log-telemetry';
import type { ClusterLogError, ClusterLogResult, ClusterLogSummary, LineParser } from './cluster-log-types';

/**
 * A cluster's own log (Slurm accounting or GPU telemetry) → the weekly curve and the numbers of the
 * measured allocation efficiency. The format is told by the first line: "|"-separated with Start, End
 * and allocated GPUs is Slurm, a CSV header with utilization.gpu is nvidia-smi, one with a DCGM
 * utilization field is a DCGM export, a "Cluster Utilization" banner (or a header with Allocated and
 * Reported) is Slurm's sreport, a JSON object is OpenCost's allocation export, a CSV header with Date
 * and GPUs is OpenCost's daily CSV export. Read as text in pieces of any size (a 50 MB file streams
 * through without being held whole); never throws.
 */
export interface ClusterLogReader {
  /** Reads the next piece of the text; false once the reader has stopped (too many bad lines). */
  push(text: string): boolean;
  finish(): ClusterLogResult;
}

export function createClusterLogReader(): ClusterLogReader {
  let carry = '';
  let lineNo = 0;
  let first = true;
  let parser: LineParser | null = null;
  /** The header's problem: the file is not read further. */
  let refused: ClusterLogError | null = null;
  /** The parser holds as many errors as are worth showing: the rest of the file is not read. */
  let full = false;

  const stopped = () => refused !== null || full;
  const readLine = (raw: string): void => {
    lineNo++;
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    // Blank lines are skipped; a line that starts with a letter or digit is not blank (no trim).
    if (text.length === 0 || (text.charCodeAt(0) <= 32 && text.trim() === '') || blankAfterTrim(text)) return;
    if (parser) full = !parser.line(text, lineNo);
    else
      parser = parserForHeader(text, lineNo, (error) => {
        refused = error;
      });
  };

  return {
    push(text) {
      if (stopped()) return false;
      let chunk = carry + text;
      if (first && chunk.length > 0) {
        chunk = chunk.replace(/^\uFEFF/, '');
        first = false;
      }
      let from = 0;
      for (let nl = chunk.indexOf('\n'); nl >= 0 && !stopped(); nl = chunk.indexOf('\n', from)) {
        readLine(chunk.slice(from, nl));
        from = nl + 1;
      }
      carry = stopped() ? '' : chunk.slice(from);
      return !stopped();
    },
    finish() {
      // The last line of a file need not end with a line break.
      if (!stopped() && carry !== '') readLine(carry);
      carry = '';
      if (refused) return { ok: false, errors: [refused] };
      if (!parser) return { ok: false, errors: [{ code: 'empty' }] };
      const result = (parser as LineParser).finish();
      if (!result.ok) return result;
      const weeks = result.summary.weeklyGpus.length;
      if (weeks > WEEKLY_CURVE_WEEKS.max) return { ok: false, errors: [{ code: 'tooManyWeeks', weeks }] };
      const gpus = peakGpus(result.summary);
      if (gpus > MAX_CLUSTER_LOG_GPUS)
        return { ok: false, errors: [{ code: 'peakAboveMax', gpus, limit: MAX_CLUSTER_LOG_GPUS }] };
      return result;
    },
  };
}

/**
 * The most GPUs the log shows in use: at one moment (Slurm), seen (telemetry), or on average in its
 * busiest week (a week's average can pass the GPUs seen when samples come irregularly). A cluster
 * above the limit could be neither previewed (its size could not be entered) nor applied (its weeks
 * would be above the weekly maximum), so the reader refuses it with the limit.
 */
function peakGpus(summary: ClusterLogSummary): number {
  let peak = Math.max(summary.peakConcurrentGpus, summary.gpusSeen);
  for (const gpus of summary.weeklyGpus) if (gpus > peak) peak = gpus;
  return peak;
}

/** A line of only white space that does not start with a control character or space (rare: U+3000 …). */
function blankAfterTrim(text: string): boolean {
  return text.charCodeAt(0) >= 127 && text.trim() === '';
}

function parserForHeader(
  header: string,
  lineNo: number,
  refuse: (error: ClusterLogError) => void,
): LineParser | null {
  // OpenCost's allocation export is one JSON document, read whole.
  if (isOpenCostStart(header)) {
    const parser = createOpenCostParser();
    parser.line(header, lineNo);
    return parser;
  }
  // sreport's banner (or, written with -n, its header) comes before anything of the other formats.
  if (isSreportStart(header)) {
    const parser = createSreportParser();
    // Its first line is one of its own (a rule, the banner or the header): the parser reads it too.
    parser.line(header, lineNo);
    return parser;
  }
  const openCostCsv = openCostCsvColumns(header);
  if (openCostCsv) return createOpenCostCsvParser(openCostCsv);
  // A "|"-separated first line that names none of sacct's columns is some other file (or binary).
  if (
    header.includes('|') &&
    /(^|\|)\s*(jobid|start|end|elapsed|alloctres|allocgres)\s*(\||$)/i.test(header)
  ) {
    const columns = slurmColumns(header);
    if ('missing' in columns) {
      refuse({ code: 'missingColumn', line: lineNo, column: columns.missing });
      return null;
    }
    return createSlurmParser(columns, header);
  }
  const columns = telemetryColumns(header);
  if (columns === null) {
    refuse({ code: 'unknownFormat', line: lineNo });
    return null;
  }
  if ('missing' in columns) {
    refuse({ code: 'missingColumn', line: lineNo, column: columns.missing });
    return null;
  }
  return createTelemetryParser(columns, header);
}

/**
 * A whole log text in one go (the command line, the library, tests); the app streams through
 * createClusterLogReader.
 */
export function parseClusterLog(text: string): ClusterLogResult {
  const reader = createClusterLogReader();
  reader.push(text);
  return reader.finish();
}
