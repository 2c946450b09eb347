/**
 * Benchmarks (never timed tests): engine speed in Node. Prints a table against the budgets and
 * writes bench/results.json. Run with `npm run bench`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { evaluate, monteCarlo, presets, sweepLoadRate } from '../src/engine';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median wall time of `fn` in ms over `runs` runs after `warmup` unmeasured ones. */
function measure(fn: () => void, runs: number, warmup = 50): number {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

interface Row {
  key: string;
  what: string;
  value: number;
  budget: number | null;
}

const rows: Row[] = [];
const seed = presets.seedTeam!;
const weekly = presets.growingCompany!;
rows.push({
  key: 'evaluateMs',
  what: 'evaluate(seedTeam), median',
  value: measure(() => evaluate(seed), 2_000),
  budget: 0.2,
});
rows.push({
  key: 'evaluateWeeklyMs',
  what: 'evaluate(growingCompany, 52 weeks), median',
  value: measure(() => evaluate(weekly), 1_000),
  budget: null,
});
rows.push({
  key: 'sweep201Ms',
  what: 'sweepLoadRate(growingCompany, 201), median',
  value: measure(() => sweepLoadRate(weekly, 201), 100, 5),
  budget: null,
});

rows.push({
  key: 'monteCarlo10kMs',
  what: 'monteCarlo(seedTeam, 10,000 draws), median',
  value: measure(() => monteCarlo(seed, { draws: 10_000, seed: 1 }), 7, 2),
  budget: 100,
});
rows.push({
  key: 'monteCarlo10kWeeklyMs',
  what: 'monteCarlo(growingCompany, 52 weeks, 10,000 draws), median',
  value: measure(() => monteCarlo(weekly, { draws: 10_000, seed: 1 }), 7, 2),
  budget: 100,
});

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
