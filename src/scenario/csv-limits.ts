/**
 * The CSV size limit on its own, so the UI can refuse a file before reading it without loading the
 * parser (csv-usage.ts pulls in papaparse, which stays out of the first visit's bundle).
 */
export const MAX_CSV_BYTES = 2_000_000;
