#!/usr/bin/env node
/**
 * Benchmark (not a test): PDF export time and file size (bench/export-bench.mjs), both languages.
 * Merges pdfExportMs, pdfExportColdMs, pdfExportZhMs, pdfBytesEn and pdfBytesZh into
 * bench/results.json (other keys are kept). Run: `node bench/pdf.mjs` (BENCH_SKIP_BUILD=1 to reuse dist/).
 */
import { benchExport } from './export-bench.mjs';
import { mergeResults } from './preview-server.mjs';

const [en, zh] = await benchExport('pdf');
mergeResults({
  pdfExportColdMs: en.coldMs,
  pdfExportMs: en.warmMs,
  pdfExportZhMs: zh.warmMs,
  pdfBytesEn: en.bytes,
  pdfBytesZh: zh.bytes,
});
console.log('merged PDF figures into bench/results.json');
