import { mean } from '../../engine';
import type { CsvEncoding, CsvResult, CsvRow } from '../../scenario';

/** What the CSV preview shows before anything changes: the file's first and last rows and its shape. */
export interface CsvPreview {
  weeklyGpus: number[];
  weeks: number;
  meanGpus: number;
  /** The highest week (what owned capacity must cover to serve every week itself). */
  peakGpus: number;
  head: CsvRow[];
  tail: CsvRow[];
  encoding: CsvEncoding | null;
  delimiter: string;
  weekColumn: string | null;
  gpuColumn: string;
}

export const PREVIEW_HEAD_ROWS = 5;
export const PREVIEW_TAIL_ROWS = 3;

type CsvOk = Extract<CsvResult, { ok: true }>;

export function csvPreview(result: CsvOk & { encoding?: CsvEncoding }): CsvPreview {
  const { rows, weeklyGpus } = result;
  // Short files show every row once rather than overlapping head and tail.
  const split = rows.length > PREVIEW_HEAD_ROWS + PREVIEW_TAIL_ROWS;
  return {
    weeklyGpus,
    weeks: weeklyGpus.length,
    meanGpus: mean(weeklyGpus),
    peakGpus: weeklyGpus.reduce((m, v) => Math.max(m, v), 0),
    head: split ? rows.slice(0, PREVIEW_HEAD_ROWS) : rows,
    tail: split ? rows.slice(-PREVIEW_TAIL_ROWS) : [],
    encoding: result.encoding ?? null,
    delimiter: result.delimiter,
    weekColumn: result.weekColumn,
    gpuColumn: result.gpuColumn,
  };
}
