import { MAX_CSV_BYTES } from './csv-limits';
import type { CsvEncoding, CsvResult, WeekRange } from './csv-usage';

/**
 * CSV import without papaparse on the first visit: the parser (and papaparse, ≈7 KB gzip) is fetched
 * the first time a file is actually imported. Callers in the UI use this instead of
 * `parseUsageCsvBytes` (docs/performance.md).
 */
export async function parseUsageCsvBytesLazy(
  bytes: Uint8Array,
  weeks?: WeekRange,
): Promise<CsvResult & { encoding?: CsvEncoding }> {
  const { parseUsageCsvBytesAsync } = await import('./csv-usage');
  // Parsed a piece at a time, yielding between pieces: a 2 MB file never blocks the page (issue 12).
  // (papaparse's own `worker: true` breaks in Vite 8 production builds.)
  return parseUsageCsvBytesAsync(bytes, undefined, weeks);
}

/**
 * A chosen CSV file → weekly curve, for the UI. Never throws: a file above MAX_CSV_BYTES is refused
 * from its size before anything is read (a 2 GB file must not be loaded into memory), and a file the
 * browser cannot read, or a parser chunk that fails to load (offline), comes back as 'unreadable'.
 */
export async function readUsageCsvFile(
  file: Pick<Blob, 'size' | 'arrayBuffer'>,
  weeks?: WeekRange,
): Promise<CsvResult & { encoding?: CsvEncoding }> {
  if (file.size > MAX_CSV_BYTES) return { ok: false, errors: [{ code: 'tooLarge' }] };
  try {
    return await parseUsageCsvBytesLazy(new Uint8Array(await file.arrayBuffer()), weeks);
  } catch {
    return { ok: false, errors: [{ code: 'unreadable' }] };
  }
}
