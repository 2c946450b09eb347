import {
  COMPARATOR_IDS,
  type ComparatorId,
  type HybridAnalysis,
  type MonteCarloResult,
  type ParameterMeta,
  parameter,
  STRATEGY_IDS,
  type StrategyId,
  type TornadoResult,
  type TornadoRow,
} from '../../engine';
import { convertCny, type MoneyFormat } from '../../lib/format';

/**
 * Pure shaping of the worker's analysis results for the views (docs/architecture.md: chart data is shaped
 * by pure functions tested on their own). Money stays in CNY here except where a chart needs display
 * units (the tornado's axis), which is said in the name.
 */

export interface CheapestShare {
  id: StrategyId;
  /** Share of draws in which the strategy is cheapest (0–1); null when the strategy is ruled out. */
  share: number | null;
}

/** P(cheapest) per strategy in the dashboard's order (ineligible ones keep their place, as null). */
export function cheapestShares(mc: MonteCarloResult): CheapestShare[] {
  return STRATEGY_IDS.map((id) => ({ id, share: mc.strategies[id].pCheapest }));
}

/**
 * Whole percents that add up to exactly 100 (largest remainder), so the bars' labels never read
 * 99 % or 101 % in total. Null shares stay null. The engine's shares sum to 1 whenever some strategy
 * wins each draw; when none is eligible every share is null.
 */
export function roundedPercents(shares: readonly (number | null)[]): (number | null)[] {
  const present = shares.map((s, i) => ({ i, s })).filter((x): x is { i: number; s: number } => x.s !== null);
  const total = present.reduce((sum, x) => sum + x.s, 0);
  const out: (number | null)[] = shares.map((s) => (s === null ? null : Math.floor(s * 100)));
  if (present.length === 0 || total <= 0) return out;
  const target = Math.round(total * 100);
  let assigned = present.reduce((sum, x) => sum + Math.floor(x.s * 100), 0);
  // Hand the missing points to the largest remainders first (ties: dashboard order).
  const byRemainder = [...present].sort(
    (a, b) => b.s * 100 - Math.floor(b.s * 100) - (a.s * 100 - Math.floor(a.s * 100)) || a.i - b.i,
  );
  for (const x of byRemainder) {
    if (assigned >= target) break;
    out[x.i] = (out[x.i] ?? 0) + 1;
    assigned++;
  }
  return out;
}

/** One comparator's P10–P90 crossover band from the Monte Carlo, for the crossover chart. */
export interface ComparatorBand {
  comparator: ComparatorId;
  p10: number;
  p50: number;
  p90: number;
  /** Share of the sampled draws in which self-build and this comparator cross at all. */
  crossingShare: number;
}

/**
 * The P10–P90 band of self-build's crossover load rate against each named comparator, only for the
 * comparators that some draws cross (a band where no draw crosses would invent one).
 */
export function crossoverBandsOf(mc: MonteCarloResult | null): ComparatorBand[] {
  if (!mc) return [];
  return COMPARATOR_IDS.flatMap((comparator) => {
    const x = mc.crossover[comparator];
    if (!x.loadRate || !(x.crossingShare > 0)) return [];
    return [{ comparator, ...x.loadRate, crossingShare: x.crossingShare }];
  });
}

/**
 * Where the demand chart draws the optimal hybrid baseline: the useful GPUs the baseline can serve
 * (the chart's y axis is useful GPUs). Null when there is nothing to draw: no hybrid (it needs the
 * platform to burst) or a baseline of 0 (pure burst, said in the hybrid panel instead).
 */
export function hybridBaselineLineOf(h: HybridAnalysis | null): number | null {
  if (!h?.eligible || h.baselineGpus <= 0) return null;
  return h.usableBaselineGpus;
}

export interface TornadoBar {
  path: string;
  /** Translated input label (the chart's category). */
  label: string;
  /** Self-build − the cheaper of renting and the platform, input at its low / high, display currency. */
  gapLow: number;
  gapHigh: number;
  swingCny: number;
}

/**
 * The tornado's rows in the chart's order (largest swing first, as the engine sorts them), limited to
 * `limit` rows, with the gaps converted to the display currency.
 */
export function tornadoBars(
  result: TornadoResult,
  limit: number,
  money: Pick<MoneyFormat, 'currency' | 'cnyPerUsd'>,
  labelOf: (path: string) => string,
): TornadoBar[] {
  return result.rows.slice(0, Math.max(0, limit)).map((r) => ({
    path: r.path,
    label: labelOf(r.path),
    gapLow: convertCny(r.gapLowCny, money),
    gapHigh: convertCny(r.gapHighCny, money),
    swingCny: r.swingCny,
  }));
}

export interface TornadoAxis {
  domain: [number, number];
  /** Round ticks, 0 always among them (the decision line). */
  ticks: number[];
}

/**
 * An axis covering every bar, the base gap and 0 (equal cost, the decision line), in round steps: the
 * bars use the chart's whole width (a tornado whose bars all lie right of 0 does not keep an empty
 * left half), and left/right of 0 still read as "self-build cheaper"/"dearer".
 */
export function tornadoAxis(bars: readonly TornadoBar[], base: number | null): TornadoAxis {
  let lo = Math.min(0, base ?? 0);
  let hi = Math.max(0, base ?? 0);
  for (const b of bars) {
    lo = Math.min(lo, b.gapLow, b.gapHigh);
    hi = Math.max(hi, b.gapLow, b.gapHigh);
  }
  const span = hi - lo;
  if (!(span > 0) || !Number.isFinite(span)) return { domain: [-1, 1], ticks: [-1, 0, 1] };
  const raw = span / 5;
  const exp = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((k) => k * exp >= raw) ?? 10) * exp;
  const from = Math.floor(lo / step) * step;
  const to = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let v = from; v <= to + step / 2; v += step) ticks.push(Math.abs(v) < step / 2 ? 0 : v);
  return { domain: [from, to], ticks };
}

/** Whether moving this input across its range alone flips the decision (the gap changes sign). */
export function flipsDecision(row: Pick<TornadoRow, 'gapLowCny' | 'gapHighCny'>): boolean {
  return row.gapLowCny < 0 !== row.gapHighCny < 0;
}

/** How an input's value reads: money units through Intl, fractions as percents, else number + unit. */
export type ValueKind = 'money' | 'percent' | 'number';

export function valueKindOf(meta: Pick<ParameterMeta, 'unit'>): ValueKind {
  if (meta.unit === 'fraction' || meta.unit === 'fractionPerYear') return 'percent';
  if (meta.unit.startsWith('cny')) return 'money';
  return 'number';
}

/** Digits that keep small values readable (0.85 CNY/kWh, 2×10⁻⁵ per GPU-hour) without noise on big ones. */
export function fractionDigitsFor(value: number): number {
  const a = Math.abs(value);
  if (a === 0 || a >= 100) return 0;
  if (a >= 1) return 2;
  return Math.min(8, 1 - Math.floor(Math.log10(a)) + 1);
}

/** The unit of an input, for labels (re-exported so views need not reach into the engine's meta). */
export function metaOf(path: string): ParameterMeta {
  return parameter(path);
}

/** Display value of a range bound as typed in the editor (percent for fractions). */
export function toEditorValue(meta: Pick<ParameterMeta, 'unit'>, value: number): number {
  return Number((valueKindOf(meta) === 'percent' ? value * 100 : value).toPrecision(12));
}

export function fromEditorValue(meta: Pick<ParameterMeta, 'unit'>, value: number): number {
  return Number((valueKindOf(meta) === 'percent' ? value / 100 : value).toPrecision(12));
}
