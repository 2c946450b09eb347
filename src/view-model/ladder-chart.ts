import type { LadderPlan, LadderTierId } from '../engine';
import { STRATEGY_COLORS } from './strategy-style';

/**
 * A colour per band, in the strategies' palette: owning in self-build's, whole servers in rent's
 * (lighter for the longer terms' neighbours), the platform in its own; waiting grey.
 */
export const LADDER_BAND_COLORS: Record<LadderTierId | 'waiting', string> = {
  own: STRATEGY_COLORS.selfBuild,
  reserved3y: '#8c3b00',
  reserved1y: STRATEGY_COLORS.rent,
  monthly: '#f0a070',
  platformReserved: '#004a75',
  onDemand: '#f5c7a8',
  spot: '#CC79A7',
  platformElastic: STRATEGY_COLORS.platform,
  waiting: '#9ca3af',
};

/** One step of the load-duration chart: from `fromShare` of the time, each band's useful GPUs. */
export interface LadderChartPoint {
  /** Where this step starts, as a share of the time (0 = the busiest moment). */
  fromShare: number;
  demandGpus: number;
  /** Useful GPUs each band takes at this demand; `waiting` what none may take. */
  bands: Partial<Record<LadderTierId | 'waiting', number>>;
}

export interface LadderChart {
  points: LadderChartPoint[];
  /** The bands drawn, bottom first: committed tiers in screening order, then the variable tiers used. */
  keys: (LadderTierId | 'waiting')[];
}

const clampBand = (demand: number, floor: number, usable: number | null) =>
  Math.max(0, usable === null ? demand - floor : Math.min(demand - floor, usable));

/**
 * The plan over the demand's load-duration curve (the user's own curve, busiest first), with each
 * tier as the band of useful GPUs it takes: a committed band from its floor up to what it holds, a
 * capped variable tier likewise above the committed ones, the uncapped one everything above, and
 * whatever is left waits. Each step's bands add up to its demand.
 */
export function ladderChart(plan: LadderPlan): LadderChart {
  const { gpus, shares } = plan.curve;
  const order = gpus.map((_, i) => i).sort((a, b) => (gpus[b] as number) - (gpus[a] as number));
  const bands = plan.pricing.bands;
  const variable = plan.pricing.variable.tiers;
  const keys: LadderChart['keys'] = [...bands.map((b) => b.id), ...variable.map((v) => v.id)];
  const points: LadderChartPoint[] = [];
  let share = 0;
  let anyWaiting = false;
  for (const i of order) {
    const demand = gpus[i] as number;
    const row: LadderChartPoint['bands'] = {};
    let taken = 0;
    for (const b of bands) {
      const v = clampBand(demand, b.floorUsable, b.part.usableGpus);
      row[b.id] = v;
      taken += v;
    }
    for (const v of variable) {
      const x = clampBand(demand, v.floorUsable, v.usable);
      row[v.id] = x;
      taken += x;
    }
    const waiting = Math.max(0, demand - taken);
    if (waiting > 1e-9 * Math.max(1, demand)) anyWaiting = true;
    row.waiting = waiting;
    points.push({ fromShare: share, demandGpus: demand, bands: row });
    share += shares[i] as number;
  }
  return { points, keys: anyWaiting ? [...keys, 'waiting'] : keys };
}

/** One band of the small chart: its key and an SVG path (a stepped area) in a width × height box. */
export interface LadderMiniBand {
  key: LadderTierId | 'waiting';
  path: string;
}

/**
 * The load-duration chart drawn small, for the first screen beside the plan's sentence: each band a
 * stepped area from the bands below it up to its own top, the busiest moment on the left, the peak at
 * the top of the box. Coordinates are rounded to a tenth of a pixel.
 */
export function ladderMiniBands(chart: LadderChart, width: number, height: number): LadderMiniBand[] {
  const peak = Math.max(0, ...chart.points.map((p) => p.demandGpus));
  if (peak <= 0 || chart.points.length === 0) return [];
  const r = (v: number) => Math.round(v * 10) / 10;
  const x = (share: number) => r(Math.min(1, Math.max(0, share)) * width);
  const y = (gpus: number) => r(height - (gpus / peak) * height);
  const ends = chart.points.map((_, i) => chart.points[i + 1]?.fromShare ?? 1);
  const below = chart.points.map(() => 0);
  const bands: LadderMiniBand[] = [];
  for (const key of chart.keys) {
    const top: string[] = [];
    const bottom: string[] = [];
    chart.points.forEach((p, i) => {
      const from = x(p.fromShare);
      const to = x(ends[i] as number);
      const base = below[i] as number;
      const upTo = base + (p.bands[key] ?? 0);
      top.push(`${from},${y(upTo)}`, `${to},${y(upTo)}`);
      bottom.unshift(`${to},${y(base)}`, `${from},${y(base)}`);
      below[i] = upTo;
    });
    bands.push({ key, path: `M${[...top, ...bottom].join('L')}Z` });
  }
  return bands;
}
