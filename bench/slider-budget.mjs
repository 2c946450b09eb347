/**
 * The slider-step budget of issue 24, relative to the machine's floor measured in the same run (a page
 * that only writes the slider's value, bench/slider-probe.mjs): for every slider and every input
 * (keyboard, pointer), the KPI cards and the crossover chart show the new numbers within the floor of
 * that input + FLOOR_MEDIAN_MARGIN_MS at the median and + FLOOR_P95_MARGIN_MS at p95. Shared by
 * bench/browser.mjs (its printout) and bench/perf-table.ts (the table in docs/performance.md).
 */
export const FLOOR_MEDIAN_MARGIN_MS = 4;
export const FLOOR_P95_MARGIN_MS = 8;

const INPUTS = ['Keyboard', 'Pointer'];

/**
 * Every slider and input's margin over its floor (ms above it; of `kinds`, the KPI cards and/or the
 * crossover chart, the slower), or null when a figure or the floor is missing. `results` holds
 * sliderBySlider and sliderFloorByInput as browser.mjs writes them.
 */
export function sliderMargins(results, kinds = ['kpi', 'chart']) {
  const by = results.sliderBySlider;
  const floor = results.sliderFloorByInput;
  if (!by || typeof by !== 'object' || !floor || typeof floor !== 'object') return null;
  const out = [];
  for (const [key, s] of Object.entries(by)) {
    const input = INPUTS.find((i) => key.endsWith(i));
    const f = input ? floor[input.toLowerCase()] : undefined;
    const medians = kinds.map((k) => s?.[`${k}MedianMs`]);
    const p95s = kinds.map((k) => s?.[`${k}P95Ms`]);
    const figures = [...medians, ...p95s, f?.medianMs, f?.p95Ms];
    if (!figures.every((v) => typeof v === 'number' && Number.isFinite(v))) return null;
    out.push({
      key,
      medianOverMs: Math.max(...medians) - f.medianMs,
      p95OverMs: Math.max(...p95s) - f.p95Ms,
    });
  }
  return out.length > 0 ? out : null;
}

/** Whether every slider and input is within the budget (false when anything is missing). */
export function slidersWithinFloorBudget(results, kinds = ['kpi', 'chart']) {
  const margins = sliderMargins(results, kinds);
  if (margins === null) return false;
  return margins.every((m) => m.medianOverMs <= FLOOR_MEDIAN_MARGIN_MS && m.p95OverMs <= FLOOR_P95_MARGIN_MS);
}

/** The slider and input furthest over its budget (by the larger of its two excesses), or null. */
export function worstSlider(results) {
  const margins = sliderMargins(results);
  if (margins === null) return null;
  const excess = (m) => Math.max(m.medianOverMs - FLOOR_MEDIAN_MARGIN_MS, m.p95OverMs - FLOOR_P95_MARGIN_MS);
  return margins.reduce((worst, m) => (excess(m) > excess(worst) ? m : worst));
}

/** Printout lines: each slider and input against its floor. */
export function sliderBudgetLines(results) {
  const margins = sliderMargins(results);
  if (margins === null) return ['slider steps against the floor: figures missing — NO'];
  const lines = [
    `\nSlider steps against the floor (budget: median ≤ floor + ${FLOOR_MEDIAN_MARGIN_MS} ms, p95 ≤ floor + ${FLOOR_P95_MARGIN_MS} ms):`,
    '| slider / input | median over floor | p95 over floor | within |',
    '|---|---|---|---|',
  ];
  for (const m of margins) {
    const ok = m.medianOverMs <= FLOOR_MEDIAN_MARGIN_MS && m.p95OverMs <= FLOOR_P95_MARGIN_MS;
    lines.push(
      `| ${m.key} | ${m.medianOverMs.toFixed(1)} ms | ${m.p95OverMs.toFixed(1)} ms | ${ok ? 'yes' : 'NO'} |`,
    );
  }
  return lines;
}
