/**
 * Engine-only benchmark: the engine rows of bench/run.ts (bench/engine-rows.ts), printed without
 * touching bench/results.json. For quick before/after checks while working on engine speed:
 * `npx tsx bench/engine.ts` (optionally some rows: `npx tsx bench/engine.ts monteCarlo10kMs`).
 */
import { ENGINE_ROWS } from './engine-rows';

const only = process.argv.slice(2);
for (const row of ENGINE_ROWS) {
  if (only.length > 0 && !only.includes(row.key)) continue;
  const ms = row.run();
  const within =
    row.budget === null ? '' : ms <= row.budget ? ' (within budget)' : ` (OVER budget ${row.budget})`;
  console.log(`${row.key}\t${ms.toFixed(4)}${within}`);
}
