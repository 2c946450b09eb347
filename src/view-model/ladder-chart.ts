import type { LadderPlan, LadderTierId } from '../engine';

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
