/**
 * Benchmarks (never timed tests): engine speed in Node. Prints a table against the budgets and
 * writes bench/results.json. Run with `npm run bench`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { ENGINE_ROWS } from './engine-rows';

const rows = ENGINE_ROWS.map((row) => ({ ...row, value: row.run() }));

const results: Record<string, number> = {};
console.log('| metric | value (ms) | budget (ms) | within |');
console.log('|---|---|---|---|');
for (const r of rows) {
  results[r.key] = Number(r.value.toFixed(4));
  const within = r.budget === null ? '—' : r.value <= r.budget ? 'yes' : 'NO';
  console.log(`| ${r.what} | ${r.value.toFixed(4)} | ${r.budget ?? '—'} | ${within} |`);
}
// Merge: the browser and PDF benches write their own keys into the same file.
const resultsUrl = new URL('./results.json', import.meta.url);
let existing: Record<string, unknown> = {};
try {
  existing = JSON.parse(readFileSync(resultsUrl, 'utf8')) as Record<string, unknown>;
} catch {
  existing = {};
}
writeFileSync(resultsUrl, `${JSON.stringify({ ...existing, ...results, node: process.version }, null, 2)}\n`);
console.log('merged engine figures into bench/results.json');
