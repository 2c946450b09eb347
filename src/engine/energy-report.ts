import { HOURS_PER_MONTH } from './constants';
import { burstShareByMonth, servedShareByMonth } from './horizon-demand';
import { inputsFor, type PricingInputs, priceStrategies, pricingInputs, type StrategyCost } from './model';
import { type Scenario, STRATEGY_IDS, type StrategyId } from './types';

/**
 * Energy and emissions of each way, year by year (docs/model.md §11 "Energy and emissions"). It reads
 * the engine's own pricing (`pricingInputs`, `priceStrategies`), so the hours behind every kWh are the
 * hours the cost model bills: the figures follow the cost model, never a second model of the demand.
 *
 * Per month of steady state:
 * - **Owned** (an own cluster: self-build's, or the hybrid's owned baseline): kWh = servers × (idle kW
 *   + (busy − idle) kW × busy share) × PUE × 730 h, servers = capacity GPUs ÷ GPUs per server, busy
 *   share = the cluster's useful GPU-hours ÷ its own GPU-hours. This is §3's energy formula: the
 *   model's energy category of the cluster ÷ the price per kWh (self-build.ts ownEnergyCny).
 * - **Providers** (rent, the platform, burst, a reserved baseline): held GPU-hours = the way's billed
 *   GPU-hours less the own cluster's, useful likewise; kWh = held × (idle + (busy − idle) × u) ÷ GPUs
 *   per server × the providers' PUE, u = useful ÷ held. Their servers are taken to draw what the own
 *   cluster's would (its idle and busy kW), an estimate: `providerShare` says how much of a way's kWh
 *   rests on it.
 * - **Scope 2** = owned kWh × the site's grid factor + provider kWh × the providers' grid factor.
 * - **Scope 3** (embodied, spread over the depreciation life L years): owned = capacity GPUs × kg per
 *   GPU ÷ (L × 12) a month, whether busy or not (the GPUs are bought); providers = held GPU-hours × kg
 *   per GPU ÷ (L × 8,760 h), each hour held taking its share of a GPU's life.
 *
 * Months follow the engine's timeline where it has one (cash-model.ts): for a dated training plan the
 * useful and held hours that follow the demand are timed by the plan — rent and the platform by the
 * demand's share of each month, burst by the burst's share, an own or reserved baseline's useful hours
 * by the share it serves — while an own cluster's idle power and a reserved baseline's held hours run
 * every month. Each share averages 1 over the horizon, so the horizon's total is the steady month ×
 * months. Otherwise every month is the steady month. The build lead time is not modelled here (the
 * cluster is taken to run from month 1, and the rentals of the lead months are not counted): a
 * simplification.
 *
 * Pure; never throws: a quantity whose divisor is 0 or not finite is 0.
 */

export interface EnergyYear {
  year: number;
  months: number;
  ownedKwh: number;
  providerKwh: number;
  kwh: number;
  scope2Kg: number;
  scope3Kg: number;
}

export interface WayEnergy {
  way: StrategyId;
  /** Year 1 … ceil(horizon ÷ 12); the last may have fewer months. */
  years: EnergyYear[];
  total: Omit<EnergyYear, 'year' | 'months'> & { months: number };
  /** Useful GPU-hours over the horizon (of the way's own GPU model, as the cost model counts them). */
  usefulGpuHours: number;
  /** (Scope 2 + scope 3) kg ÷ useful GPU-hours; 0 when none. */
  kgPerUsefulGpuHour: number;
  /** The share of the kWh that is the providers' (an estimate), 0..1. */
  providerShare: number;
}

export interface EnergyReport {
  ways: Record<StrategyId, WayEnergy>;
  /** Draw of the own cluster at the meter, MW (the self-build way's cluster at maximum power × PUE). */
  ownDrawMw: number;
  /** ownDrawMw > powerCapMw (never with no cap). */
  overPowerCap: boolean;
}

/** One month of a way: the own cluster's and the providers' hours. */
interface MonthHours {
  /** The own cluster's useful GPU-hours that month (0 without one). */
  ownedUseful: number;
  providerHeld: number;
  providerUseful: number;
}

/** A way's pieces as the cost model priced them, for one steady month. */
interface WayPieces {
  /** The own cluster (null without one): capacity GPUs and its own GPU-hours a month. */
  owned: { capacityGpus: number; billedGpuHours: number; usefulGpuHours: number } | null;
  /** Provider hours held every month whatever the demand (a reserved baseline). */
  reservedHeld: number;
  reservedUseful: number;
  /** Provider hours that follow the demand (rent, platform, burst). */
  followingHeld: number;
  followingUseful: number;
}

export function energyReport(s: Scenario): EnergyReport {
  const ctx = pricingInputs(s);
  const costs = priceStrategies(ctx);
  const ways = {} as Record<StrategyId, WayEnergy>;
  for (const way of STRATEGY_IDS) ways[way] = wayEnergy(s, inputsFor(ctx, way), costs[way]);
  const ownDrawMw = ownDrawMwOf(s, costs.selfBuild);
  return { ways, ownDrawMw, overPowerCap: overPowerCap(ownDrawMw, s.energy.powerCapMw) };
}

function wayEnergy(s: Scenario, x: PricingInputs, cost: StrategyCost): WayEnergy {
  const pieces = piecesOf(cost);
  const hours = monthHours(s, x, cost, pieces);
  const years = yearsOf(s, pieces, hours);
  const total = totalOf(years);
  const usefulGpuHours = hours.reduce((sum, h) => sum + h.ownedUseful + h.providerUseful, 0);
  return {
    way: cost.id,
    years,
    total,
    usefulGpuHours,
    kgPerUsefulGpuHour: ratio(total.scope2Kg + total.scope3Kg, usefulGpuHours),
    providerShare: ratio(total.providerKwh, total.kwh),
  };
}

/**
 * The priced month split into the own cluster and the providers: the providers hold what the way
 * bills less the own cluster's hours (a reserved baseline is the provider's GPUs, held every month).
 */
function piecesOf(cost: StrategyCost): WayPieces {
  const base = cost.base;
  const owned =
    base?.kind === 'owned'
      ? {
          capacityGpus: base.part.capacityGpus,
          billedGpuHours: base.part.billedGpuHours,
          usefulGpuHours: base.part.usefulGpuHours,
        }
      : null;
  const reserved = base?.kind === 'reserved' ? base.part : null;
  const baseHeld = base ? base.part.billedGpuHours : 0;
  const baseUseful = base ? base.part.usefulGpuHours : 0;
  return {
    owned,
    reservedHeld: reserved ? reserved.billedGpuHours : 0,
    reservedUseful: reserved ? reserved.usefulGpuHours : 0,
    // Clamped: the burst is the way less its baseline, never below zero even by rounding.
    followingHeld: Math.max(0, cost.part.billedGpuHours - baseHeld),
    followingUseful: Math.max(0, cost.part.usefulGpuHours - baseUseful),
  };
}

/**
 * Each month's hours on the engine's timeline: a dated plan's shares (as the cash flow times the same
 * bills, cash-model.ts), else the steady month every month.
 */
function monthHours(s: Scenario, x: PricingInputs, cost: StrategyCost, p: WayPieces): MonthHours[] {
  const months = horizonMonthsOf(s);
  const d = x.dated;
  const usable = cost.base ? cost.base.part.usableGpus : 0;
  // Rent and the platform follow the demand; burst falls where the baseline cannot cover it.
  const following =
    d === null
      ? null
      : cost.base === null
        ? d.demandShareByMonth
        : burstShareByMonth(d, x.curveScale, usable);
  const served = d === null || cost.base === null ? null : servedShareByMonth(d, x.curveScale, usable);
  const out: MonthHours[] = [];
  for (let m = 1; m <= months; m++) {
    const f = shareAt(following, m);
    const b = shareAt(served, m);
    out.push({
      ownedUseful: p.owned ? p.owned.usefulGpuHours * b : 0,
      providerHeld: p.reservedHeld + p.followingHeld * f,
      providerUseful: p.reservedUseful * b + p.followingUseful * f,
    });
  }
  return out;
}

/** Month m's share (1 in a steady month; 0 where a plan's array says nothing). */
function shareAt(shares: readonly number[] | null, m: number): number {
  if (shares === null) return 1;
  const v = shares[m - 1] ?? 0;
  return Number.isFinite(v) && v > 0 ? v : 0;
}

/** The horizon in whole months (the schema keeps it a whole number ≥ 12; a bad one reports nothing). */
function horizonMonthsOf(s: Scenario): number {
  const h = Math.floor(s.horizonMonths);
  return Number.isFinite(h) && h > 0 ? h : 0;
}

/** The months grouped into years of 12, the last with what is left. */
function yearsOf(s: Scenario, p: WayPieces, hours: MonthHours[]): EnergyYear[] {
  const years: EnergyYear[] = [];
  for (let start = 0; start < hours.length; start += 12) {
    const year: EnergyYear = {
      year: start / 12 + 1,
      months: 0,
      ownedKwh: 0,
      providerKwh: 0,
      kwh: 0,
      scope2Kg: 0,
      scope3Kg: 0,
    };
    for (const h of hours.slice(start, start + 12)) addMonth(year, monthFigures(s, p, h));
    years.push(year);
  }
  return years;
}

interface MonthFigures {
  ownedKwh: number;
  providerKwh: number;
  scope2Kg: number;
  scope3Kg: number;
}

function monthFigures(s: Scenario, p: WayPieces, h: MonthHours): MonthFigures {
  const ownedKwh = p.owned ? ownedKwhOfMonth(s, p.owned, h.ownedUseful) : 0;
  const providerKwh = providerKwhOfMonth(s, h.providerHeld, h.providerUseful);
  return {
    ownedKwh,
    providerKwh,
    scope2Kg: scope2Kg(s, ownedKwh, providerKwh),
    scope3Kg:
      (p.owned ? ownedEmbodiedKgOfMonth(s, p.owned.capacityGpus) : 0) + providerEmbodiedKg(s, h.providerHeld),
  };
}

function addMonth(year: EnergyYear, f: MonthFigures): void {
  year.months += 1;
  year.ownedKwh += f.ownedKwh;
  year.providerKwh += f.providerKwh;
  year.kwh += f.ownedKwh + f.providerKwh;
  year.scope2Kg += f.scope2Kg;
  year.scope3Kg += f.scope3Kg;
}

function totalOf(years: EnergyYear[]): WayEnergy['total'] {
  const total = { months: 0, ownedKwh: 0, providerKwh: 0, kwh: 0, scope2Kg: 0, scope3Kg: 0 };
  for (const y of years) {
    total.months += y.months;
    total.ownedKwh += y.ownedKwh;
    total.providerKwh += y.providerKwh;
    total.kwh += y.kwh;
    total.scope2Kg += y.scope2Kg;
    total.scope3Kg += y.scope3Kg;
  }
  return total;
}

/**
 * An own cluster's kWh in a month: §3's energy formula without the price (self-build.ts ownEnergyCny),
 * so the model's energy cost ÷ the price per kWh is this. Idle power runs whether or not there is
 * work; the busy share is the cluster's useful hours ÷ its own hours.
 */
function ownedKwhOfMonth(
  s: Scenario,
  owned: { capacityGpus: number; billedGpuHours: number },
  usefulGpuHours: number,
): number {
  const sb = s.selfBuild;
  const servers = ratio(owned.capacityGpus, sb.gpusPerServer);
  const busyShare = ratio(usefulGpuHours, owned.billedGpuHours);
  const kw =
    servers * (sb.powerIdleKwPerServer + (sb.powerBusyKwPerServer - sb.powerIdleKwPerServer) * busyShare);
  return nonNegative(kw * sb.pue * HOURS_PER_MONTH);
}

/**
 * The providers' kWh in a month: the GPU-hours they hold for the way, each at a GPU's share of a
 * server's power (idle, plus busy above idle for the useful share), at the providers' PUE. Their
 * servers are taken to be like the own cluster's: an estimate.
 */
function providerKwhOfMonth(s: Scenario, heldGpuHours: number, usefulGpuHours: number): number {
  const sb = s.selfBuild;
  const u = ratio(usefulGpuHours, heldGpuHours);
  const kwPerGpu = ratio(
    sb.powerIdleKwPerServer + (sb.powerBusyKwPerServer - sb.powerIdleKwPerServer) * u,
    sb.gpusPerServer,
  );
  return nonNegative(heldGpuHours * kwPerGpu * s.energy.providerPue);
}

/** Scope 2: the electricity's emissions, each kWh at the factor of the grid it is drawn from. */
function scope2Kg(s: Scenario, ownedKwh: number, providerKwh: number): number {
  return nonNegative(ownedKwh * s.energy.gridKgCo2ePerKwh + providerKwh * s.energy.providerGridKgCo2ePerKwh);
}

/** Scope 3 of an own cluster a month: its GPUs' embodied emissions straight-line over their life. */
function ownedEmbodiedKgOfMonth(s: Scenario, capacityGpus: number): number {
  return nonNegative(ratio(capacityGpus * s.energy.embodiedKgCo2ePerGpu, s.selfBuild.depreciationYears * 12));
}

/** Scope 3 of provider hours: a GPU's embodied emissions shared by the hours of its life, these held. */
function providerEmbodiedKg(s: Scenario, heldGpuHours: number): number {
  const lifeHours = s.selfBuild.depreciationYears * 12 * HOURS_PER_MONTH;
  return nonNegative(ratio(heldGpuHours * s.energy.embodiedKgCo2ePerGpu, lifeHours));
}

/** The own cluster's draw at the meter: every server at maximum power, times the site's PUE. */
function ownDrawMwOf(s: Scenario, selfBuild: StrategyCost): number {
  const sb = s.selfBuild;
  const gpus = selfBuild.base?.kind === 'owned' ? selfBuild.base.part.capacityGpus : 0;
  return nonNegative((ratio(gpus, sb.gpusPerServer) * sb.powerMaxKwPerServer * sb.pue) / 1000);
}

/** Over the site's cap when there is one and the draw exceeds it. */
function overPowerCap(drawMw: number, capMw: number | null): boolean {
  return capMw !== null && drawMw > capMw;
}

/** a ÷ b, 0 when b is 0 or the quotient is not finite. */
function ratio(a: number, b: number): number {
  const q = a / b;
  return b !== 0 && Number.isFinite(q) ? q : 0;
}

/** A figure that cannot be negative or not finite: 0 if it is (a bad input never spreads). */
function nonNegative(v: number): number {
  return Number.isFinite(v) && v > 0 ? v : 0;
}
