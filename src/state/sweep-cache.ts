/**
 * The sweeps every headline view draws, computed once per scenario and shared: the load-rate sweep
 * (crossover chart and the load-rate winner strip), the team-capability and compliance sweeps (their
 * winner strips). No React here; views call these from useMemo.
 *
 * Why it pays: a load-rate step changes only where the scenario's demand sits on the x axis, not the
 * curves (each point of the sweep scales the demand to its own load rate), so the sweep is keyed on
 * the scenario WITHOUT its demand scale and a load-rate drag reuses one sweep; a team or compliance
 * step reuses the strips' sweeps the same way. `prefetchNeighbourSweeps` fills the cache for the
 * next team and compliance levels in idle time, so a step of those sliders finds its sweep ready.
 */
import {
  COMPLIANCE_LEVELS,
  type Compliance,
  type DeclineFlip,
  flipDecline,
  flipPathShift,
  type LoadRatePoint,
  type PathFlip,
  type Scenario,
  sweepCompliance,
  sweepPriceDecline,
  sweepTeamCapability,
  TEAM_CAPABILITY_LEVELS,
  type TeamCapability,
  type WinnerAt,
} from '../engine';
import { loadRateSweep } from '../view-model/crossover-chart';

/** Entries kept per cache: the current scenario, its neighbours and a few recent ones (undo). */
const CACHE_ENTRIES = 24;

/** A small least-recently-used map. */
export class LruCache<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly capacity: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.capacity) {
      const oldest = this.map.keys().next().value;
      if (oldest === undefined) break;
      this.map.delete(oldest);
    }
  }
  has(key: string): boolean {
    return this.map.has(key);
  }
  clear(): void {
    this.map.clear();
  }
  get size(): number {
    return this.map.size;
  }
}

/** 12 significant digits: a curve scaled and scaled back keys the same despite rounding in the last bits. */
function shapeValue(v: number): string {
  return Number.isFinite(v) ? v.toPrecision(12) : String(v);
}

/**
 * The scenario with its demand SCALE left out (the demand's shape kept): equal for two scenarios that
 * differ only by where the load-rate slider sits. Jobs: everything but jobs per month. Weekly: the
 * curve divided by its sum.
 */
export function loadIndependentKey(s: Scenario): string {
  const d = s.demand;
  let demand: unknown;
  if (d.mode === 'jobs') {
    const { jobsPerMonth: _scale, ...shape } = d;
    demand = shape;
  } else {
    let sum = 0;
    for (const g of d.weeklyGpus) sum += g;
    const weeklyShape = sum > 0 ? d.weeklyGpus.map((g) => shapeValue(g / sum)) : 'empty';
    demand = { ...d, weeklyGpus: weeklyShape };
  }
  return JSON.stringify({ ...s, demand });
}

const loadSweeps = new LruCache<LoadRatePoint[]>(CACHE_ENTRIES);
const teamSweeps = new LruCache<WinnerAt<TeamCapability>[]>(CACHE_ENTRIES);
const complianceSweeps = new LruCache<WinnerAt<Compliance>[]>(CACHE_ENTRIES);
const declineSweeps = new LruCache<WinnerAt<number>[]>(CACHE_ENTRIES);
const declineFlips = new LruCache<{ flip: DeclineFlip | null }>(CACHE_ENTRIES);
const pathFlips = new LruCache<{ flip: PathFlip | null }>(CACHE_ENTRIES);

/**
 * Monthly cost of every strategy at 101 load rates 0–100 % (the view-model's `loadRateSweep`, which
 * the PDF's chart calls too), shared by every view and by every scenario that differs only in its
 * load rate.
 */
export function sharedLoadRateSweep(s: Scenario): LoadRatePoint[] {
  const key = loadIndependentKey(s);
  let sweep = loadSweeps.get(key);
  if (sweep === undefined) {
    sweep = loadRateSweep(s);
    loadSweeps.set(key, sweep);
  }
  return sweep;
}

/** Winner at each team level (engine `sweepTeamCapability`); the sweep sets the level itself. */
export function sharedTeamSweep(s: Scenario): WinnerAt<TeamCapability>[] {
  const key = JSON.stringify({ ...s, teamCapability: null });
  let sweep = teamSweeps.get(key);
  if (sweep === undefined) {
    sweep = sweepTeamCapability(s);
    teamSweeps.set(key, sweep);
  }
  return sweep;
}

/** Winner at each compliance level (engine `sweepCompliance`); the sweep sets the level itself. */
export function sharedComplianceSweep(s: Scenario): WinnerAt<Compliance>[] {
  const key = JSON.stringify({ ...s, compliance: null });
  let sweep = complianceSweeps.get(key);
  if (sweep === undefined) {
    sweep = sweepCompliance(s);
    complianceSweeps.set(key, sweep);
  }
  return sweep;
}

/** Winner at each GPU-time price decline 0–30 %/yr (engine `sweepPriceDecline`), which sets the decline itself. */
export function sharedDeclineSweep(s: Scenario): WinnerAt<number>[] {
  const key = JSON.stringify({ ...s, finance: { ...s.finance, gpuTimePriceDeclineFractionPerYear: null } });
  let sweep = declineSweeps.get(key);
  if (sweep === undefined) {
    sweep = sweepPriceDecline(s);
    declineSweeps.set(key, sweep);
  }
  return sweep;
}

/** How far every future GPU-time price must move off the path to flip the winner (engine `flipPathShift`). */
export function sharedFlipPath(s: Scenario): PathFlip | null {
  const key = JSON.stringify(s);
  let entry = pathFlips.get(key);
  if (entry === undefined) {
    entry = { flip: flipPathShift(s) };
    pathFlips.set(key, entry);
  }
  return entry.flip;
}

/** The decline at which the winner flips (engine `flipDecline`), or null when it never does. */
export function sharedFlipDecline(s: Scenario): DeclineFlip | null {
  const key = JSON.stringify(s);
  let entry = declineFlips.get(key);
  if (entry === undefined) {
    entry = { flip: flipDecline(s) };
    declineFlips.set(key, entry);
  }
  return entry.flip;
}

/**
 * The scenarios one step of the team or compliance slider away: what the reader is likely to ask for
 * next. (A load-rate step needs nothing new: its sweep is the current one.)
 */
export function neighbourScenarios(s: Scenario): Scenario[] {
  const out: Scenario[] = [];
  const team = TEAM_CAPABILITY_LEVELS.indexOf(s.teamCapability);
  for (const i of [team - 1, team + 1]) {
    const level = TEAM_CAPABILITY_LEVELS[i];
    if (level !== undefined) out.push({ ...s, teamCapability: level });
  }
  const compliance = COMPLIANCE_LEVELS.indexOf(s.compliance);
  for (const i of [compliance - 1, compliance + 1]) {
    const level = COMPLIANCE_LEVELS[i];
    if (level !== undefined) out.push({ ...s, compliance: level });
  }
  return out;
}

/**
 * Computes the sweeps of the neighbouring scenarios, one at a time while `hasTime()` says the thread
 * is idle; returns true when all are cached. Call again on the next idle period if it returns false.
 */
export function prefetchNeighbourSweeps(s: Scenario, hasTime: () => boolean): boolean {
  for (const n of neighbourScenarios(s)) {
    if (!hasTime()) return false;
    sharedLoadRateSweep(n);
    sharedTeamSweep(n);
    sharedComplianceSweep(n);
  }
  return true;
}

/**
 * Empties the caches (tests).
 * @internal exported for tests
 */
export function clearSweepCaches(): void {
  loadSweeps.clear();
  teamSweeps.clear();
  complianceSweeps.clear();
  declineSweeps.clear();
  declineFlips.clear();
  pathFlips.clear();
}
