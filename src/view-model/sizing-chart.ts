import type { SizingBand, SizingCurve } from '../engine';
import { convertCny, type MoneyFormat } from '../lib/format';
import { niceScale } from './chart-data';

/**
 * The sizing curve shaped for the screen, the PDF and the workbook: one row per owned size with the
 * engine's total over the horizon and, once the worker's band for the same sizes has come, its P10
 * and P90; the optimum (the engine's right size) and the current size marked. Amounts stay in CNY
 * except the `*Display` fields and the axis, which are in the display currency (the chart's units).
 */
export interface SizingRow {
  ownedGpus: number;
  totalCostCny: number;
  costPerUsefulGpuHourCny: number;
  burstShare: number;
  p10TotalCny: number | null;
  p90TotalCny: number | null;
  totalDisplay: number;
  /** [P10, P90] in display units for the band's area; null before the band. */
  bandDisplay: [number, number] | null;
}

export interface SizingMark {
  gpus: number;
  totalCostCny: number;
  totalDisplay: number;
}

export interface SizingChartData {
  rows: SizingRow[];
  optimum: SizingMark;
  current: SizingMark;
  /** True when the current size is the optimum: one mark says both. */
  currentIsOptimum: boolean;
  /** Draws behind the band; null when the band is not (yet) for these sizes. */
  bandDraws: number | null;
  xMax: number;
  /**
   * The axis starts at the highest tick at or below every value (not at 0): the totals of nearby sizes
   * differ by a few percent, which an axis from 0 would flatten into one line.
   */
  yBottom: number;
  yTop: number;
  yTicks: number[];
  horizonMonths: number;
  stepGpus: number;
  strideGpus: number;
}

/** Whether the band was computed for exactly these sizes (a stale band of another scenario is not). */
function bandFits(curve: SizingCurve, band: SizingBand | null): band is SizingBand {
  if (!band || band.gpus.length !== curve.points.length) return false;
  return curve.points.every((p, i) => band.gpus[i] === p.ownedGpus);
}

/** Whether the band's budget-plan P90s are for this curve's optimum (the size the plan buys). */
export function planBandFits(curve: SizingCurve, band: SizingBand | null): band is SizingBand {
  return bandFits(curve, band) && band.planGpus === curve.optimumGpus;
}

export function sizingChartData(
  curve: SizingCurve,
  band: SizingBand | null,
  money: Pick<MoneyFormat, 'currency' | 'cnyPerUsd'>,
): SizingChartData {
  const fits = bandFits(curve, band);
  const display = (cny: number) => convertCny(cny, money);
  const rows = curve.points.map((p, i): SizingRow => {
    const p10 = fits ? (band.p10TotalCny[i] ?? null) : null;
    const p90 = fits ? (band.p90TotalCny[i] ?? null) : null;
    return {
      ownedGpus: p.ownedGpus,
      totalCostCny: p.totalCostCny,
      costPerUsefulGpuHourCny: p.costPerUsefulGpuHourCny,
      burstShare: p.burstShare,
      p10TotalCny: p10,
      p90TotalCny: p90,
      totalDisplay: display(p.totalCostCny),
      bandDisplay: p10 !== null && p90 !== null ? [display(p10), display(p90)] : null,
    };
  });
  const markAt = (gpus: number): SizingMark => {
    const row = rows.find((r) => r.ownedGpus === gpus);
    const total = row?.totalCostCny ?? 0;
    return { gpus, totalCostCny: total, totalDisplay: display(total) };
  };
  let max = 0;
  let min = Number.POSITIVE_INFINITY;
  for (const r of rows) {
    max = Math.max(max, r.totalDisplay, r.bandDisplay?.[1] ?? 0);
    min = Math.min(min, r.totalDisplay, r.bandDisplay?.[0] ?? r.totalDisplay);
  }
  const span = niceScale(max, 5);
  const stepSize = (span.ticks[1] ?? span.top) - (span.ticks[0] ?? 0);
  const yBottom =
    Number.isFinite(min) && stepSize > 0 ? Math.max(0, Math.floor(min / stepSize) * stepSize) : 0;
  // Ticks over the shown range only, about five of them.
  const scale = niceScale(max - yBottom, 5);
  const ticks = scale.ticks.map((v) => yBottom + v);
  return {
    rows,
    optimum: markAt(curve.optimumGpus),
    current: markAt(curve.currentGpus),
    currentIsOptimum: curve.optimumGpus === curve.currentGpus,
    bandDraws: fits ? band.draws : null,
    xMax: rows.at(-1)?.ownedGpus ?? 0,
    yBottom,
    yTop: yBottom + scale.top,
    yTicks: ticks,
    horizonMonths: curve.horizonMonths,
    stepGpus: curve.stepGpus,
    strideGpus: curve.strideGpus,
  };
}

/** Whole-server x ticks: about six, each a multiple of the curve's stride, 0 and the end included. */
export function sizingXTicks(data: Pick<SizingChartData, 'xMax' | 'strideGpus'>, target = 6): number[] {
  const { xMax, strideGpus } = data;
  if (!(xMax > 0) || !(strideGpus > 0)) return [0];
  const every = Math.max(1, Math.round(xMax / strideGpus / target)) * strideGpus;
  const ticks: number[] = [];
  for (let g = 0; g <= xMax; g += every) ticks.push(g);
  // The last tick is the end of the curve, unless it would crowd the one before it.
  const last = ticks.at(-1) ?? 0;
  if (last !== xMax) {
    if (xMax - last < every / 2) ticks.pop();
    ticks.push(xMax);
  }
  return ticks;
}
