/**
 * Engine-only benchmark: the engine rows of bench/run.ts (same scenarios, runs and warm-up), printed
 * without touching bench/results.json. For quick before/after checks while working on engine speed:
 * `npx tsx bench/engine.ts` (optionally one row: `npx tsx bench/engine.ts monteCarlo10kMs`).
 */
import { performance } from 'node:perf_hooks';
import { evaluate, monteCarlo, presets, sweepLoadRate } from '../src/engine';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

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

const seed = presets.seedTeam!;
const weekly = presets.growingCompany!;
const rows: [string, number | null, () => number][] = [
  ['evaluateMs', 0.2, () => measure(() => evaluate(seed), 2_000)],
  ['evaluateWeeklyMs', null, () => measure(() => evaluate(weekly), 1_000)],
  ['sweep201Ms', null, () => measure(() => sweepLoadRate(weekly, 201), 100, 5)],
  ['monteCarlo10kMs', 100, () => measure(() => monteCarlo(seed, { draws: 10_000, seed: 1 }), 7, 2)],
  ['monteCarlo10kWeeklyMs', 100, () => measure(() => monteCarlo(weekly, { draws: 10_000, seed: 1 }), 7, 2)],
];
const only = process.argv.slice(2);
for (const [key, budget, run] of rows) {
  if (only.length > 0 && !only.includes(key)) continue;
  const ms = run();
  const within = budget === null ? '' : ms <= budget ? ' (within budget)' : ` (OVER budget ${budget})`;
  console.log(`${key}\t${ms.toFixed(4)}${within}`);
}
