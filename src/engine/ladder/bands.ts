import { annuityFactor } from '../capital-charge';
import { HOURS_PER_MONTH } from '../constants';
import { serverRoundingFactor } from '../demand';
import { atBurstFactor, burstPart, waitingPart } from '../model/burst';
import { totalOf } from '../model/categories';
import { reservedBandPart } from '../model/hybrid';
import { inputsFor, type PricingInputs } from '../model/inputs';
import { wholeJobGpus } from '../model/market-use';
import { type BaselinePart, type PartCost, servedGpuHours, zeroBaseline } from '../model/part';
import { rentPart } from '../model/rent';
import { ownedPart } from '../model/self-build';
import { termPath } from '../price-path';
import type { LadderTierId } from '../types';
import { cheapestTermStarts } from './term-starts';
import {
  type CommittedTierId,
  enabledTiers,
  prepaidShareOf,
  type TermTierId,
  TIER_FACTS,
  termDiscountOf,
  VARIABLE_TIERS,
  type VariableTierId,
} from './tiers';

/** The GPU model a ladder is priced in: the own cluster's when it may own, else the platform's or the servers'. */
export type LadderUnit = 'selfBuild' | 'platform' | 'rent';

/**
 * What pricing a ladder reads, worked out once per scenario: the inputs in the ladder's unit (as the
 * hybrid's are in its baseline's, so the two-tier ladder is the hybrid to the bit), the tiers on,
 * and each term tier's held price factor and prepayment factor.
 */
export interface LadderContext {
  x: PricingInputs;
  unit: LadderUnit;
  on: ReadonlySet<LadderTierId>;
  /** One GPU of the servers' or the platform's model in the unit's GPUs (its throughput ratio ÷ the unit's). */
  serversRatio: number;
  platformRatio: number;
  /**
   * A term's price factor averaged over the horizon's months with every term paid in full: terms start
   * at months 1, 1 + T, … while within the horizon, each at the GPU-time path's factor of its first
   * month (held for the term), and a term that runs past the horizon is paid to its end — so a
   * commitment never outlives its term unpaid: Σ_starts T × f(start) ÷ H.
   */
  termFactor: Readonly<Record<TermTierId, number>>;
  /**
   * The prepaid share's cost of capital (economic view): paying p of a T-month term at its start
   * instead of month by month costs 1 + p × (T ÷ A_r(T) − 1) of it; 1 in the accounting view.
   */
  prepayFactor: Readonly<Record<TermTierId, number>>;
  /**
   * Parts a solve prices again and again, remembered for this context only (a context is made for one
   * solve): committed bands by tier, GPUs and floor; the variable tiers' order by burst market factor.
   */
  memo: {
    bands: Map<string, BaselinePart>;
    order: Map<number, VariableTierId[]>;
    held: Map<string, HeldTerm>;
  };
  /**
   * A dated plan's busiest demand in each quarter of the horizon (unit GPUs, index 0 = months 1–3):
   * a term band holds in each quarter what that quarter needs above its floor (heldTerm).
   * Null for a representative period (weekly usage, the job form): every month holds the same demand.
   */
  quarterPeaks: Float64Array | null;
}

/**
 * One commitment of a term band: the months it is paid for (a term that runs past the horizon is paid
 * to its end) and the GPUs it holds; a monthly term is renewed each month from `fromMonth` to `toMonth`.
 */
export interface TermCommitment {
  fromMonth: number;
  toMonth: number;
  gpus: number;
}

/** How a term band is held: its commitments, and their price over the horizon as a factor of the band's GPUs. */
export interface HeldTerm {
  commitments: TermCommitment[];
  /** Σ over commitments of GPUs × Σ of the path's index over the months it is priced at, ÷ (band GPUs × H). */
  factor: number;
}

const TERM_TIERS: readonly TermTierId[] = ['reserved3y', 'reserved1y', 'monthly'];

/** The unit: the own cluster's model when own is on, else the platform's when a platform tier is, else the servers'. */
export function ladderUnitOf(on: ReadonlySet<LadderTierId>): LadderUnit {
  if (on.has('own')) return 'selfBuild';
  if (on.has('platformReserved') || on.has('platformElastic')) return 'platform';
  return 'rent';
}

/**
 * Σ over a term's starts of T × f(start) ÷ H (see LadderContext.termFactor): terms start at months
 * 1, 1 + T, … while within the horizon, each paid in full at its first month's price.
 */
export function termPriceFactor(
  factorAt: (month: number) => number,
  termMonths: number,
  horizonMonths: number,
): number {
  let paid = 0;
  for (let start = 1; start <= horizonMonths; start += termMonths) paid += termMonths * factorAt(start);
  return paid / horizonMonths;
}

/** A dated plan's busiest demand by quarter in unit GPUs (LadderContext.quarterPeaks), or null. */
function quarterPeaksOf(x: PricingInputs): Float64Array | null {
  const dated = x.dated;
  if (dated === null) return null;
  const peaks = new Float64Array(Math.ceil(x.scenario.horizonMonths / 3));
  const { gpus, months } = dated.pieces;
  for (let i = 0; i < gpus.length; i++) {
    const q = Math.floor(((months[i] as number) - 1) / 3);
    const demand = (gpus[i] as number) * x.curveScale;
    if (q < peaks.length && demand > (peaks[q] as number)) peaks[q] = demand;
  }
  return peaks;
}

/**
 * The GPUs a term band of `gpus` over `floorUsable` unit GPUs must hold in each quarter of a dated
 * plan: enough whole servers to hold the quarter's busiest demand above the floor, at most the band.
 * With these the band serves in every quarter what the whole band would (the demand never rises above
 * them), so only what is paid changes.
 */
function quarterNeedSteps(
  c: LadderContext,
  peaks: Float64Array,
  floorUsable: number,
  gpus: number,
): number[] {
  const step = c.x.scenario.rent.gpusPerServer;
  const perStep = step * serverUsablePerGpu(c);
  const most = gpus / step;
  return Array.from(peaks, (peak) => {
    if (!(peak > floorUsable) || !(perStep > 0)) return 0;
    return Math.min(most, Math.ceil((peak - floorUsable) / perStep - 1e-9));
  });
}

/**
 * How a term band of `gpus` over `floorUsable` unit GPUs is held (docs/model.md §10). With a
 * representative period every month holds the same demand: terms of the whole band start at months
 * 1, 1 + T, … (LadderContext.termFactor). With a dated plan, commitments start at quarter boundaries,
 * each sized to what the band must hold from then on: a monthly term is renewed each month at the
 * quarter's size; a longer term's starts and sizes are the cheapest schedule that holds every
 * quarter's need, each paid in full at its first month's price (term-starts.ts). A band that would
 * serve nothing at all is held whole over the horizon, as with a representative period.
 */
export function heldTerm(c: LadderContext, id: TermTierId, floorUsable: number, gpus: number): HeldTerm {
  const key = `${id} ${floorUsable} ${gpus}`;
  const known = c.memo.held.get(key);
  if (known !== undefined) return known;
  const s = c.x.scenario;
  const H = s.horizonMonths;
  const T = TIER_FACTS[id].termMonths;
  const path = termPath(s.finance);
  const peaks = c.quarterPeaks;
  const need = peaks === null ? null : quarterNeedSteps(c, peaks, floorUsable, gpus);
  let held: HeldTerm;
  if (need === null || need.every((v) => v <= 0) || gpus <= 0) {
    const commitments: TermCommitment[] = [];
    if (T === 1) commitments.push({ fromMonth: 1, toMonth: H, gpus });
    else for (let m = 1; m <= H; m += T) commitments.push({ fromMonth: m, toMonth: m + T - 1, gpus });
    held = { commitments, factor: c.termFactor[id] };
  } else {
    const step = s.rent.gpusPerServer;
    const commitments: TermCommitment[] = [];
    let paid = 0;
    if (T === 1) {
      // Renewed each month at its quarter's size: a run of quarters of one size is one line.
      for (let q = 0; q < need.length; q++) {
        const g = (need[q] as number) * step;
        if (g <= 0) continue;
        const fromMonth = 3 * q + 1;
        const toMonth = Math.min(H, 3 * q + 3);
        for (let m = fromMonth; m <= toMonth; m++) paid += g * path.factorAt(m);
        const last = commitments[commitments.length - 1];
        if (last !== undefined && last.gpus === g && last.toMonth === fromMonth - 1) last.toMonth = toMonth;
        else commitments.push({ fromMonth, toMonth, gpus: g });
      }
    } else {
      const costOfStart = need.map((_, q) => T * path.factorAt(3 * q + 1));
      const x = cheapestTermStarts(need, T / 3, costOfStart);
      x.forEach((steps, q) => {
        if (steps <= 0) return;
        commitments.push({ fromMonth: 3 * q + 1, toMonth: 3 * q + T, gpus: steps * step });
        paid += steps * step * (costOfStart[q] as number);
      });
    }
    held = { commitments, factor: paid / (gpus * H) };
  }
  c.memo.held.set(key, held);
  return held;
}

export function ladderContext(reference: PricingInputs, tiers?: ReadonlySet<LadderTierId>): LadderContext {
  const base = reference.reference ?? reference;
  const s = base.scenario;
  const on = tiers ?? enabledTiers(s, { rent: base.rentEligible, platform: base.platformEligible });
  const unit = ladderUnitOf(on);
  const x =
    unit === 'selfBuild'
      ? inputsFor(base, 'selfBuild')
      : unit === 'platform'
        ? inputsFor(base, 'platform')
        : inputsFor(base, 'rent');
  const h = s.hardware;
  const path = termPath(s.finance);
  const economic = s.finance.costView === 'economic';
  const r = s.finance.discountRateFractionPerYear;
  const termFactor = {} as Record<TermTierId, number>;
  const prepayFactor = {} as Record<TermTierId, number>;
  for (const id of TERM_TIERS) {
    const T = TIER_FACTS[id].termMonths;
    termFactor[id] = termPriceFactor((m) => path.factorAt(m), T, s.horizonMonths);
    const p = prepaidShareOf(s.ladder, id);
    prepayFactor[id] = economic && p > 0 ? 1 + p * (T / annuityFactor(r, T) - 1) : 1;
  }
  return {
    x,
    unit,
    on,
    serversRatio: h.rent.throughputRatio / h[unit].throughputRatio,
    platformRatio: h.platform.throughputRatio / h[unit].throughputRatio,
    termFactor,
    prepayFactor,
    memo: { bands: new Map(), order: new Map(), held: new Map() },
    quarterPeaks: quarterPeaksOf(x),
  };
}

/** Useful GPU-hours a month the band from `floorUsable` to `floorUsable + usable` serves (unit GPUs). */
export function bandServed(x: PricingInputs, floorUsable: number, usable: number): number {
  const top = servedGpuHours(x.ascendingCurve, x.curveScale, floorUsable + usable, x.weights);
  return floorUsable > 0 ? top - servedGpuHours(x.ascendingCurve, x.curveScale, floorUsable, x.weights) : top;
}

/**
 * Unit GPUs of useful load one GPU of whole servers holds: the servers' efficiency, less what a job's
 * whole-server rounding leaves idle (a 4-GPU job on an 8-GPU server holds the server), as rent bills.
 */
export function serverUsablePerGpu(c: LadderContext): number {
  const s = c.x.scenario;
  return (
    (c.x.rentUtilization * c.serversRatio) / serverRoundingFactor(s.demand.gpusPerJob, s.rent.gpusPerServer)
  );
}

/** One GPU of the servers' model a month at on-demand price, before any path factor. */
function serverGpuMonthTodayCny(c: LadderContext): number {
  const x = c.x;
  return ((x.rentTodayCnyPerServerHour * c.serversRatio) / x.scenario.rent.gpusPerServer) * HOURS_PER_MONTH;
}

/**
 * A term tier's band: `gpus` of the servers' GPUs held every month at the on-demand price × the term's
 * held factor × (1 − discount) × the prepayment factor; time, staff and failures are those of renting
 * the useful hours it serves (as the hybrid's reserved baseline takes the platform's).
 */
export function termBandPart(
  c: LadderContext,
  id: TermTierId,
  gpus: number,
  floorUsable: number,
): BaselinePart {
  if (gpus <= 0) return zeroBaseline();
  const x = c.x;
  const usableGpus = gpus * serverUsablePerGpu(c);
  const asRent = rentPart(x, bandServed(x, floorUsable, usableGpus));
  const d = termDiscountOf(x.scenario.ladder, id);
  return {
    ...asRent,
    breakdown: {
      ...asRent.breakdown,
      compute:
        gpus *
        serverGpuMonthTodayCny(c) *
        heldTerm(c, id, floorUsable, gpus).factor *
        (1 - d) *
        c.prepayFactor[id],
    },
    billedGpuHours: gpus * HOURS_PER_MONTH,
    capacityGpus: gpus,
    usableGpus,
  };
}

/** A committed tier's band of `gpus` GPUs over `floorUsable` unit GPUs already held below it. */
export function committedBandPart(
  c: LadderContext,
  id: CommittedTierId,
  gpus: number,
  floorUsable: number,
): BaselinePart {
  const key = `${id} ${gpus} ${floorUsable}`;
  let part = c.memo.bands.get(key);
  if (part === undefined) {
    // Own is always the bottom band (screening order).
    part =
      id === 'own'
        ? ownedPart(c.x, gpus)
        : id === 'platformReserved'
          ? reservedBandPart(c.x, gpus, floorUsable, c.platformRatio)
          : termBandPart(c, id, gpus, floorUsable);
    c.memo.bands.set(key, part);
  }
  return part;
}

/**
 * Spot: the servers' part at the spot discount, plus its preemptions — λ a server-month on the
 * server-hours held, each losing what the failure model loses (half a checkpoint interval, or half
 * the job) plus a manual restart on the servers a job holds.
 */
export function spotPart(x: PricingInputs, usefulGpuHours: number, serversRatio: number): PartCost {
  const l = x.scenario.ladder;
  const keep = 1 - l.spotDiscountFraction;
  const xs: PricingInputs = {
    ...x,
    rentTodayCnyPerServerHour: x.rentTodayCnyPerServerHour * keep,
    rentCnyPerServerHour: x.rentCnyPerServerHour * keep,
  };
  const part = rentPart(xs, usefulGpuHours);
  const s = x.scenario;
  const serverHours = part.billedGpuHours / serversRatio / s.rent.gpusPerServer;
  const preemptions = (serverHours * l.spotPreemptionsPerServerMonth) / HOURS_PER_MONTH;
  const serversPerJob = Math.ceil(s.demand.gpusPerJob / s.rent.gpusPerServer);
  // The inputs' server-hour price is per server of the unit's GPUs: × the ratio, a real server's.
  const perPreemptionCny =
    serversPerJob *
    xs.rentCnyPerServerHour *
    serversRatio *
    (x.lostHoursPerFailure + s.operations.restartHoursManual);
  return {
    ...part,
    breakdown: { ...part.breakdown, failure: part.breakdown.failure + preemptions * perPreemptionCny },
    failures: part.failures + preemptions,
  };
}

/** A variable tier's part for `usefulGpuHours` at the burst inputs `xb`. */
export function variablePart(
  c: LadderContext,
  id: VariableTierId,
  xb: PricingInputs,
  usefulGpuHours: number,
): PartCost {
  if (id === 'platformElastic') return burstPart(xb, usefulGpuHours);
  if (id === 'spot') return spotPart(xb, usefulGpuHours, c.serversRatio);
  return rentPart(xb, usefulGpuHours);
}

/** A variable tier's usable unit GPUs per GPU it holds. */
export function variableUsablePerGpu(c: LadderContext, id: VariableTierId): number {
  return id === 'platformElastic' ? c.x.platformUtilization * c.platformRatio : serverUsablePerGpu(c);
}

/** The variable tiers on, cheapest useful GPU-hour first (at the burst inputs). */
export function variableOrder(c: LadderContext, xb: PricingInputs): VariableTierId[] {
  const known = c.memo.order.get(xb.marketFactor);
  if (known !== undefined) return known;
  const on = VARIABLE_TIERS.filter((id) => c.on.has(id));
  if (on.length >= 2) {
    const perHour = new Map(on.map((id) => [id, totalOf(variablePart(c, id, xb, 1).breakdown)]));
    on.sort((a, b) => (perHour.get(a) as number) - (perHour.get(b) as number));
  }
  c.memo.order.set(xb.marketFactor, on);
  return on;
}

/** What lies above the committed bands, tier by tier within each cap, and what waits beyond them all. */
export interface VariableServing {
  /** Each tier used: its hours, its part, and the band of unit GPUs it holds (usable null: no cap, all above). */
  tiers: {
    id: VariableTierId;
    usefulGpuHours: number;
    part: PartCost;
    floorUsable: number;
    usable: number | null;
    /** GPUs it holds at the busiest moment: what lies above its floor, within its cap (one market). */
    peakGpus: number;
  }[];
  waitingUsefulGpuHours: number;
  /**
   * The part of the waiting a by-the-hour tier on would have taken but for the market (the GPUs one
   * can get on demand): work a commitment should take instead. 0 when no by-the-hour tier is on (what
   * waits then waits as v3's on-premises burst does).
   */
  beyondMarketUsefulGpuHours: number;
  /**
   * Whether the market is what runs out (every GPU one can get on demand held at the busiest moment),
   * so that work waits beyond it; since schema v17 the market is the only cap, so this is whether any
   * work is beyond it.
   */
  marketBinds: boolean;
  waiting: PartCost | null;
}

/**
 * Serves `remaining` useful GPU-hours above `topUsable` unit GPUs: the cheapest variable tier first.
 * The by-the-hour tiers draw on one market (docs/model.md §10 "One market"): together they hold at
 * most the GPUs one can get on demand at once, each in its own GPUs and in whole jobs (a job that
 * needs more GPUs than are left cannot start, as the market check counts them: model/market-use.ts).
 * A tier whose share of the market holds all that lies above its floor serves all that is left; a
 * tier capped below it serves the band the market's GPUs left to it hold, and the next tier the band
 * above. What no tier takes waits, valued as the hybrid values waiting (burst.ts); the
 * solver commits to avoid it.
 *
 * Cheapest hour first is the cheapest stack while nothing waits. When the market binds, a tier cheap
 * by the hour but with little useful work per GPU may hold GPUs another would make more of, so every
 * order of the (at most three) tiers is tried and the one leaving least beyond the market, then the
 * cheapest, is kept — so adding a tier never leaves more beyond the market.
 */
export function serveVariable(c: LadderContext, topUsable: number, remaining: number): VariableServing {
  const xb = atBurstFactor(c.x, topUsable);
  const order = variableOrder(c, xb);
  const first = serveInOrder(c, xb, order, topUsable, remaining);
  if (!(first.beyondMarketUsefulGpuHours > 0) || order.length < 2) return first;
  let best = first;
  for (const other of otherOrders(order)) {
    const served = serveInOrder(c, xb, other, topUsable, remaining);
    if (betterServing(served, best)) best = served;
  }
  return best;
}

/** Every order of `order` but itself (at most 3! − 1 = 5). */
function otherOrders(order: readonly VariableTierId[]): VariableTierId[][] {
  const out: VariableTierId[][] = [];
  const walk = (prefix: VariableTierId[], rest: VariableTierId[]) => {
    if (rest.length === 0) {
      if (prefix.some((id, k) => id !== order[k])) out.push(prefix);
      return;
    }
    for (let k = 0; k < rest.length; k++)
      walk([...prefix, rest[k] as VariableTierId], [...rest.slice(0, k), ...rest.slice(k + 1)]);
  };
  walk([], [...order]);
  return out;
}

/** Less work beyond the market (beyond rounding), then the lower cost with the waiting valued. */
function betterServing(a: VariableServing, b: VariableServing): boolean {
  const aw = a.beyondMarketUsefulGpuHours;
  const bw = b.beyondMarketUsefulGpuHours;
  if (Math.abs(aw - bw) > 1e-9 * Math.max(1, aw, bw)) return aw < bw;
  return servingCny(a) < servingCny(b) * (1 - 1e-12);
}

function servingCny(v: VariableServing): number {
  let cny = v.waiting === null ? 0 : totalOf(v.waiting.breakdown);
  for (const t of v.tiers) cny += totalOf(t.part.breakdown);
  return cny;
}

/** The GPUs one job holds on a variable tier: whole servers of the demand's job, or its GPUs on the platform. */
function jobGpusOf(c: LadderContext, id: VariableTierId): number {
  const s = c.x.scenario;
  const perJob = s.demand.gpusPerJob;
  if (id === 'platformElastic') return perJob;
  return Math.ceil(perJob / s.rent.gpusPerServer) * s.rent.gpusPerServer;
}

/** serveVariable in one given order of the tiers. */
function serveInOrder(
  c: LadderContext,
  xb: PricingInputs,
  order: readonly VariableTierId[],
  topUsable: number,
  remaining: number,
): VariableServing {
  const tiers: VariableServing['tiers'] = [];
  let left = remaining;
  let floor = topUsable;
  let marketLeft = c.x.scenario.trainingPlan.onDemandGpus;
  let marketBinds = false;
  const peak = Math.max(0, ...c.x.curve.map((gpus) => gpus * c.x.curveScale));
  for (const id of order) {
    if (left <= 0) break;
    const perGpu = variableUsablePerGpu(c, id);
    // A tier that makes no useful work of the GPUs it holds serves nothing.
    if (!(perGpu > 0)) continue;
    const cap = wholeJobGpus(marketLeft, jobGpusOf(c, id));
    const from = floor;
    // The GPUs it would hold at the busiest moment to serve all that lies above its floor.
    const above = Math.max(0, peak - floor) / perGpu;
    let hours = left;
    let usable: number | null = null;
    let held = above;
    if (above > cap) {
      usable = cap * perGpu;
      hours = Math.min(left, bandServed(c.x, floor, usable));
      held = cap;
      floor += usable;
      marketBinds = true;
    }
    marketLeft = Math.max(0, marketLeft - held);
    if (hours <= 0) continue;
    tiers.push({
      id,
      usefulGpuHours: hours,
      part: variablePart(c, id, xb, hours),
      floorUsable: from,
      usable,
      peakGpus: held,
    });
    left = usable === null ? 0 : left - hours;
  }
  const waiting = Math.max(0, left);
  // Within rounding (a relative 1e-9 of the work, at least 1e-9 GPU-hours) nothing is beyond, as the
  // market check counts it (model/market-use.ts).
  const beyond = order.length > 0 && waiting > Math.max(remaining * 1e-9, 1e-9) ? waiting : 0;
  return {
    tiers,
    waitingUsefulGpuHours: waiting,
    beyondMarketUsefulGpuHours: beyond,
    marketBinds: beyond > 0 && marketBinds,
    waiting: left > 0 ? waitingPart(xb, left) : null,
  };
}
