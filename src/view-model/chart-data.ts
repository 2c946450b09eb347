/**
 * Pure shaping of engine outputs into the rows the charts draw. No React here, so every number a chart
 * shows is tested on its own (test/view-model/chart-data.test.ts).
 *
 * Money leaves these functions already in the display currency: the axes then get "nice" ticks in the
 * currency the reader sees (round dollars, not round yuan divided by 7.2).
 */
import {
  COMPARATOR_IDS,
  COST_CATEGORIES,
  type ComparatorId,
  type CostCategory,
  type Evaluation,
  type IneligibleReason,
  type LoadRatePoint,
  ownClusterGpus,
  type Scenario,
  STRATEGY_IDS,
  type StrategyId,
  sweepLoadRate,
  usefulCurve,
} from '../engine';
import { convertCny, type MoneyFormat } from '../lib/format';
import { labelWidthPx } from '../lib/label-layout';

export type ChartMoney = Pick<MoneyFormat, 'currency' | 'cnyPerUsd'>;

/** One value per strategy in the display currency; null where the strategy is not drawn (ineligible). */
export type StrategyValues = Record<StrategyId, number | null>;

export interface CrossoverPoint extends StrategyValues {
  /** 0–100, so the axis and the reference lines share one unit. */
  loadRatePercent: number;
}

/** A week of a year is drawn when the demand is described by jobs (one flat value). */
export const FLAT_DEMAND_WEEKS = 52;

/** Undoes `convertCny`, so display amounts can go through the shared CNY-based formatters. */
export function displayToCny(amount: number, money: ChartMoney): number {
  return money.currency === 'USD' ? amount * money.cnyPerUsd : amount;
}

/**
 * Monthly cost of every strategy at `points` evenly spaced load rates 0–100 % (engine `sweepLoadRate`).
 * Ineligible strategies are null at every point, which the chart leaves out and explains in the legend.
 * The app sweeps through the sweep cache and shapes the rows with `crossoverRows`.
 * @internal exported for tests
 */
export function crossoverSeries(scenario: Scenario, points: number, money: ChartMoney): CrossoverPoint[] {
  return crossoverRows(sweepLoadRate(scenario, points), money);
}

/** The crossover chart's rows from a load-rate sweep already computed (e.g. the shared one). */
export function crossoverRows(sweep: readonly LoadRatePoint[], money: ChartMoney): CrossoverPoint[] {
  return sweep.map((p) => {
    const row: CrossoverPoint = {
      loadRatePercent: p.loadRate * 100,
      selfBuild: null,
      rent: null,
      platform: null,
      hybrid: null,
    };
    for (const id of STRATEGY_IDS) {
      const v = p.monthlyCny[id];
      row[id] = v === null ? null : convertCny(v, money);
    }
    return row;
  });
}

export interface CumulativePoint extends StrategyValues {
  /** 0 = purchase (capex), 1..horizonMonths = months of service (engine/types.ts time axis). */
  month: number;
}

/**
 * Cumulative cash out of each strategy, month 0 to the horizon: the running sum of `cashflowCny`
 * (capex in month 0). Ineligible strategies are null.
 */
export function cumulativeSeries(evaluation: Evaluation, money: ChartMoney): CumulativePoint[] {
  let months = 0;
  for (const id of STRATEGY_IDS) months = Math.max(months, evaluation.strategies[id].cashflowCny.length);
  const running: Record<StrategyId, number> = { selfBuild: 0, rent: 0, platform: 0, hybrid: 0 };
  const out: CumulativePoint[] = [];
  for (let m = 0; m < months; m++) {
    const row: CumulativePoint = { month: m, selfBuild: null, rent: null, platform: null, hybrid: null };
    for (const id of STRATEGY_IDS) {
      const s = evaluation.strategies[id];
      running[id] += s.cashflowCny[m] ?? 0;
      row[id] = s.eligible ? convertCny(running[id], money) : null;
    }
    out.push(row);
  }
  return out;
}

/** Where self-build's cash payback against one comparator sits relative to the chart's horizon. */
export type PaybackPlacement =
  | { kind: 'within'; month: number }
  | { kind: 'beyond'; month: number }
  | { kind: 'never' }
  | { kind: 'notAllowed' };

export interface ComparatorPayback {
  comparator: ComparatorId;
  placement: PaybackPlacement;
}

/**
 * The engine's payback month of self-build against each named comparator (renting whole servers, the
 * pooled platform), placed on the cumulative chart: within the horizon (drawn), beyond it, never within
 * ten years, or not allowed (the comparator is ruled out).
 */
export function paybackPlacements(evaluation: Evaluation, horizonMonths: number): ComparatorPayback[] {
  return COMPARATOR_IDS.map((comparator) => {
    const c = evaluation.comparisons[comparator];
    const m = c.paybackMonth;
    const placement: PaybackPlacement = !c.eligible
      ? { kind: 'notAllowed' }
      : m === null
        ? { kind: 'never' }
        : m <= horizonMonths
          ? { kind: 'within', month: m }
          : { kind: 'beyond', month: m };
    return { comparator, placement };
  });
}

/** Linear interpolation of one series at x (the rows' `xKey`), or null outside the data or on a gap. */
export function valueAt<T>(rows: readonly T[], xKey: keyof T, yKey: keyof T, x: number): number | null {
  for (let i = 0; i + 1 < rows.length; i++) {
    const a = rows[i] as T;
    const b = rows[i + 1] as T;
    const xa = a[xKey];
    const xb = b[xKey];
    const ya = a[yKey];
    const yb = b[yKey];
    if (typeof xa !== 'number' || typeof xb !== 'number') continue;
    if (x < xa || x > xb) continue;
    if (typeof ya !== 'number' || typeof yb !== 'number') return null;
    return xb === xa ? ya : ya + ((yb - ya) * (x - xa)) / (xb - xa);
  }
  return null;
}

/**
 * Where two drawn curves meet: each x at which `a − b` changes from positive to ≤ 0, interpolated
 * linearly between the two points around the change. This reads the crossing off the drawn series
 * (what a reader sees), so tests can check that the engine's crossover sits where the lines meet.
 * @internal exported for tests
 */
export function curveMeetings<T>(rows: readonly T[], xKey: keyof T, a: keyof T, b: keyof T): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < rows.length; i++) {
    const r0 = rows[i] as T;
    const r1 = rows[i + 1] as T;
    const [x0, x1, a0, a1, b0, b1] = [r0[xKey], r1[xKey], r0[a], r1[a], r0[b], r1[b]];
    if (
      typeof x0 !== 'number' ||
      typeof x1 !== 'number' ||
      typeof a0 !== 'number' ||
      typeof a1 !== 'number' ||
      typeof b0 !== 'number' ||
      typeof b1 !== 'number'
    )
      continue;
    const g0 = a0 - b0;
    const g1 = a1 - b1;
    if (i === 0 && g0 <= 0) out.push(x0);
    if (g0 > 0 && g1 <= 0) out.push(x0 + ((x1 - x0) * g0) / (g0 - g1));
  }
  return out;
}

/** One intersection of the self-build curve with a comparator's, where the engine puts it. */
export interface CrossoverMark {
  comparator: ComparatorId;
  /** The engine's crossover load rate, in percent (the chart's x unit). */
  loadRatePercent: number;
  /** Self-build's monthly cost there, in the display currency, read off the drawn series. */
  cost: number | null;
}

/**
 * The crossover chart's marks: one per comparator that self-build crosses in 0–100 % (engine
 * `comparisons[c].crossoverLoadRate`), at the height of the drawn self-build curve, so the mark sits
 * where the two lines meet.
 */
export function crossoverMarks(evaluation: Evaluation, series: readonly CrossoverPoint[]): CrossoverMark[] {
  const out: CrossoverMark[] = [];
  for (const comparator of COMPARATOR_IDS) {
    const c = evaluation.comparisons[comparator];
    if (!c.eligible || c.crossoverLoadRate === null) continue;
    const x = c.crossoverLoadRate * 100;
    out.push({ comparator, loadRatePercent: x, cost: valueAt(series, 'loadRatePercent', 'selfBuild', x) });
  }
  return out;
}

/**
 * The load above which an own cluster is full (its allocation efficiency at the team's level, engine
 * `ownEfficiency`): from there to 100 % the self-build curve is own cluster + platform burst (or work
 * waiting, on premises). In percent; null when the own cluster reaches 100 %.
 */
export function reachAreaOf(evaluation: Evaluation): { x1: number; x2: number } | null {
  const x = evaluation.ownEfficiency * 100;
  return x < 100 ? { x1: Math.max(0, x), x2: 100 } : null;
}

/** A label the chart draws on a vertical mark, at `x` in percent of the x axis. */
export interface ChartLabel {
  key: string;
  x: number;
  text: string;
}

export interface PlacedLabel extends ChartLabel {
  /** Row from the top (0 = first row). */
  lane: number;
  /** Where the text starts, in px from its mark (positive: right of it); it is drawn left-aligned there. */
  dx: number;
}

export { labelWidthPx } from '../lib/label-layout';

/** Gap between a mark and its label, and between two labels in one row, in px. */
const LABEL_PAD_PX = 4;
const LABEL_GAP_PX = 8;

/**
 * Places the labels of vertical marks so none overprints another and none leaves the plot's width:
 * each label starts just right of its mark, or ends just left of it when it would run off the right
 * edge, or is slid inside the plot when neither side has room (narrow phones); then it takes the first
 * row from the top where it overlaps no label already placed. `plotWidthPx` is the width of the plot
 * area (the chart less its axis and margins).
 */
export function layoutLabels(labels: readonly ChartLabel[], plotWidthPx: number): PlacedLabel[] {
  const width = Math.max(1, plotWidthPx);
  const rows: Array<Array<[number, number]>> = [];
  const placed: PlacedLabel[] = [];
  const sorted = [...labels].sort((a, b) => a.x - b.x);
  for (const label of sorted) {
    const px = (Math.min(100, Math.max(0, label.x)) / 100) * width;
    const w = labelWidthPx(label.text);
    let from = px + LABEL_PAD_PX;
    if (from + w > width) from = px - LABEL_PAD_PX - w;
    if (from < 0) from = Math.max(0, Math.min(width - w, px - w / 2));
    const span: [number, number] = [from, from + w];
    let lane = rows.findIndex((row) =>
      row.every(([s, e]) => span[1] + LABEL_GAP_PX <= s || span[0] >= e + LABEL_GAP_PX),
    );
    if (lane === -1) {
      lane = rows.length;
      rows.push([]);
    }
    rows[lane]?.push(span);
    placed.push({ ...label, lane, dx: from - px });
  }
  return placed;
}

export type BreakdownRow = Record<CostCategory, number> & {
  strategy: StrategyId;
  eligible: boolean;
  ineligibleReason: IneligibleReason | null;
  /** Sum of the six categories (the strategy's monthly cost). */
  total: number;
};

/**
 * One row per strategy with its six monthly cost categories (stacked bars). Ineligible strategies keep
 * their numbers, drawn grey, because docs/model.md §4 wants them visible with the reason.
 */
export function breakdownRows(evaluation: Evaluation, money: ChartMoney): BreakdownRow[] {
  return STRATEGY_IDS.map((id) => {
    const s = evaluation.strategies[id];
    const b = s.breakdownMonthlyCny;
    let totalCny = 0;
    for (const c of COST_CATEGORIES) totalCny += b[c];
    return {
      strategy: id,
      eligible: s.eligible,
      ineligibleReason: s.ineligibleReason,
      compute: convertCny(b.compute, money),
      energy: convertCny(b.energy, money),
      time: convertCny(b.time, money),
      ops: convertCny(b.ops, money),
      failure: convertCny(b.failure, money),
      iteration: convertCny(b.iteration, money),
      total: convertCny(totalCny, money),
    };
  });
}

export interface DemandPoint {
  /** 1-based week number. */
  week: number;
  gpus: number;
}

/** `hybrid` is the optimal hybrid baseline from the analysis worker, drawn only when it is given. */
export type DemandReferenceKind = 'baseline' | 'peak' | 'trough' | 'capacity' | 'hybrid';

export interface DemandReference {
  kind: DemandReferenceKind;
  gpus: number;
}

export interface DemandSeries {
  points: DemandPoint[];
  /** True when the demand is given by jobs: the curve is one value repeated over a year. */
  flat: boolean;
  references: DemandReference[];
  /** Top of the y axis: room above the highest line so its label stays inside the plot. */
  yMax: number;
  yTicks: number[];
}

/**
 * The weekly useful-GPU curve the engine prices (`usefulCurve`), with the demand statistics and the
 * self-build capacity (whole servers) as reference values. In jobs mode the curve is a single value;
 * it is drawn flat over 52 weeks and `flat` tells the chart to say so. `hybridBaselineGpus` (useful GPUs
 * the optimal hybrid baseline serves) adds a `hybrid` reference when it is a number.
 */
export function demandSeries(
  scenario: Scenario,
  evaluation: Evaluation,
  hybridBaselineGpus: number | null = null,
): DemandSeries {
  const curve = usefulCurve(scenario);
  const flat = scenario.demand.mode === 'jobs';
  const values = flat ? new Array<number>(FLAT_DEMAND_WEEKS).fill(curve[0] ?? 0) : [...curve];
  // The own cluster's GPUs, a cluster already owned included (demand.ts ownClusterGpus).
  const capacity = ownClusterGpus(scenario);
  const d = evaluation.demand;
  const references: DemandReference[] = [
    { kind: 'capacity', gpus: capacity },
    { kind: 'peak', gpus: d.peakGpus },
    { kind: 'baseline', gpus: d.baselineGpus },
    { kind: 'trough', gpus: d.troughGpus },
  ];
  if (hybridBaselineGpus !== null && Number.isFinite(hybridBaselineGpus) && hybridBaselineGpus >= 0)
    references.push({ kind: 'hybrid', gpus: hybridBaselineGpus });
  let highest = 0;
  for (const v of values) highest = Math.max(highest, v);
  for (const r of references) highest = Math.max(highest, r.gpus);
  // 12 % headroom keeps the label of the top line (drawn above it) inside the plot.
  const scale = niceScale(highest * 1.12, 5);
  return {
    points: values.map((gpus, i) => ({ week: i + 1, gpus })),
    flat,
    references,
    yMax: scale.top,
    yTicks: scale.ticks,
  };
}

export interface NiceScale {
  /** Top of the axis: a whole number of steps at or above the data maximum. */
  top: number;
  ticks: number[];
}

/**
 * Axis from 0 with about `targetTicks` round steps (1, 2, 2.5 or 5 × 10ⁿ). Recharts' own "nice" ticks
 * can land on steps like 850,000, which read badly in compact money ("¥850K, ¥1.7M, ¥2.6M").
 */
export function niceScale(max: number, targetTicks: number): NiceScale {
  if (!(max > 0) || !Number.isFinite(max)) return { top: 1, ticks: [0, 1] };
  const target = Math.max(2, targetTicks);
  const exp = 10 ** Math.floor(Math.log10(max / target));
  // Of the round steps giving 2 … target+1 intervals, take the one with the lowest top (least empty
  // space above the data), then the one with the interval count nearest the target.
  let best: { step: number; steps: number } | null = null;
  for (const scale of [0.1, 1, 10]) {
    for (const m of [1, 2, 2.5, 5]) {
      const step = m * exp * scale;
      const steps = Math.max(1, Math.ceil(max / step - 1e-9));
      if (steps < 2 || steps > target + 1) continue;
      const top = steps * step;
      const bestTop = best ? best.steps * best.step : Number.POSITIVE_INFINITY;
      const nearer = best !== null && Math.abs(steps - target) < Math.abs(best.steps - target);
      if (top < bestTop - 1e-9 * top || (Math.abs(top - bestTop) <= 1e-9 * top && nearer))
        best = { step, steps };
    }
  }
  const { step, steps } = best ?? { step: max, steps: 1 };
  return { top: steps * step, ticks: Array.from({ length: steps + 1 }, (_, i) => i * step) };
}

/** Largest number among the given keys of the rows (nulls ignored); 0 for none. */
export function maxOf<T>(rows: readonly T[], keys: readonly (keyof T)[]): number {
  let max = 0;
  for (const row of rows) {
    for (const k of keys) {
      const v = row[k];
      if (typeof v === 'number' && v > max) max = v;
    }
  }
  return max;
}

export interface LabelGroup<K extends string> {
  /** The reference lines in this group, lowest value first. */
  members: { kind: K; value: number }[];
}

/**
 * Groups reference lines whose values lie within `tolerance` of each other, so a chart prints one
 * label per group ("Baseline / Peak / Trough") instead of stacking unreadable labels on one spot.
 * In jobs mode baseline, peak and trough are equal, which is the common case this exists for.
 */
export function groupCloseReferences<K extends string>(
  lines: readonly { kind: K; value: number }[],
  tolerance: number,
): LabelGroup<K>[] {
  const sorted = [...lines].sort((a, b) => a.value - b.value);
  const groups: LabelGroup<K>[] = [];
  let current: LabelGroup<K> | null = null;
  let anchor = 0;
  for (const line of sorted) {
    if (current !== null && line.value - anchor <= tolerance) {
      current.members.push(line);
    } else {
      current = { members: [line] };
      groups.push(current);
      anchor = line.value;
    }
  }
  return groups;
}

/** The crossover chart's shaded band, in the x axis' percent units. */
export interface CrossoverBandArea {
  x1: number;
  x2: number;
}

/**
 * The Monte Carlo's P10–P90 band of one crossover load rate as an area on the crossover chart (x in
 * percent), clipped to the 0–100 % axis; null when there is no band or it lies wholly off the axis.
 * A band narrower than 0.5 points is widened around its middle so it stays visible.
 */
export function crossoverBandArea(
  band: { p10: number; p90: number } | null | undefined,
): CrossoverBandArea | null {
  if (!band || !Number.isFinite(band.p10) || !Number.isFinite(band.p90)) return null;
  let lo = Math.min(band.p10, band.p90) * 100;
  let hi = Math.max(band.p10, band.p90) * 100;
  if (hi < 0 || lo > 100) return null;
  const MIN_WIDTH = 0.5;
  if (hi - lo < MIN_WIDTH) {
    const mid = (lo + hi) / 2;
    lo = mid - MIN_WIDTH / 2;
    hi = mid + MIN_WIDTH / 2;
  }
  return { x1: Math.max(0, lo), x2: Math.min(100, hi) };
}
