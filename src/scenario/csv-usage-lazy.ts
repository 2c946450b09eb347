import type { CsvEncoding, CsvResult } from './csv-usage';

/**
 * CSV import without papaparse on the first visit: the parser (and papaparse, ≈7 KB gzip) is fetched
 * the first time a file is actually imported. Callers in the UI use this instead of
 * `parseUsageCsvBytes` (README, Performance budget).
 */
export async function parseUsageCsvBytesLazy(
  bytes: Uint8Array,
): Promise<CsvResult & { encoding?: CsvEncoding }> {
  const { parseUsageCsvBytes } = await import('./csv-usage');
  return parseUsageCsvBytes(bytes);
}
