/**
 * The charts' data shaping lives in src/lib/chart-data.ts, so the PDF export draws its charts from the
 * same functions without importing this feature; re-exported here for the charts' own modules.
 */
export * from '../../lib/chart-data';
