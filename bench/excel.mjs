#!/usr/bin/env node
/**
 * Benchmark (not a test): Excel (.xlsx) export time and file size (bench/export-bench.mjs), both
 * languages; the first export includes loading ExcelJS (≈260 kB gzip, fetched only then). Merges
 * excelExportColdMs, excelExportMs, excelExportZhMs, excelBytesEn and excelBytesZh into
 * bench/results.json. Run: `node bench/excel.mjs` (BENCH_SKIP_BUILD=1 to reuse dist/).
 */
import { benchExport } from './export-bench.mjs';
import { mergeResults } from './preview-server.mjs';

const [en, zh] = await benchExport('xlsx');
mergeResults({
  excelExportColdMs: en.coldMs,
  excelExportMs: en.warmMs,
  excelExportZhMs: zh.warmMs,
  excelBytesEn: en.bytes,
  excelBytesZh: zh.bytes,
});
console.log('merged Excel figures into bench/results.json');
