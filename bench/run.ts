/**
 * Benchmarks (never timed tests): engine speed in Node. Prints a table against the budgets and
 * writes bench/results.json. Run with `npm run bench`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { ENGINE_ROWS } from './engine-rows';

// The machine's load beside the figures: the 1-minute load average at the start and the end.
const loadAtStart = loadavg()[0] ?? 0;
const rows = ENGINE_ROWS.map((row) => ({ ...row, value: row.run() }));
const engineLoadAverage = [loadAtStart, loadavg()[0] ?? 0].map((v) => Number(v.toFixed(1)));

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
const machine = { engineLoadAverage, engineCores: availableParallelism() };
console.log(`machine: ${machine.engineCores} cores, 1-minute load ${engineLoadAverage.join(' → ')}`);
writeFileSync(
  resultsUrl,
  `${JSON.stringify({ ...existing, ...results, ...machine, node: process.version }, null, 2)}\n`,
);
console.log('merged engine figures into bench/results.json');
