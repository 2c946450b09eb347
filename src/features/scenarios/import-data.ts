import { mean } from '../../engine';
import type { CsvEncoding, CsvResult, CsvRow } from '../../scenario';
import { dateWeekLabels } from '../../view-model/week-dates';

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
  /** One date per week when every row of the week column is a calendar date (the charts' axis), else null. */
  dates: string[] | null;
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
    dates: result.weekColumn === null ? null : dateWeekLabels(rows.map((r) => r.week)),
  };
}
