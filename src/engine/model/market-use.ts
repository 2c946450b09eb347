import { HOURS_PER_MONTH } from '../constants';
import { serverRoundingFactor } from '../demand';
import type { BuildLeadMarketUse, MarketUse, OnDemandMarket, StrategyId } from '../types';
import { inputsFor, type PricingInputs } from './inputs';
import { leadTimeCostsPerUsefulGpuHour } from './lead-time';
import { servedGpuHours } from './part';
import { ownLeadUsefulGpuHours } from './self-build';
import type { StrategyCost } from './strategies';

/**
 * One market for cost and deadlines (docs/model.md §10): what each way asks of the on-demand market —
 * whole servers by the hour, or the platform's elastic GPUs — against the GPUs one can get on demand,
 * the same assumption the deadlines read (`trainingPlan.onDemandGpus`). Each way is priced as it is;
 * this says how much of the work it prices the market could not supply at once, week by week, as the
 * deadlines say how late a run would be. GPUs are counted in the way's own model, held (billed) GPUs:
 * useful ÷ the way's efficiency, and for whole servers × the rounding to whole servers.
 */
export function onDemandMarketOf(
  ctx: PricingInputs,
  costs: Record<StrategyId, StrategyCost>,
): OnDemandMarket {
  const s = ctx.scenario;
  const gpus = s.trainingPlan.onDemandGpus;
  return {
    onDemandGpus: gpus,
    ways: {
      selfBuild: burstUse(inputsFor(ctx, 'selfBuild'), costs.selfBuild, gpus),
      rent: costs.rent.eligible ? rentUse(inputsFor(ctx, 'rent'), gpus) : null,
      platform: costs.platform.eligible ? burstUse(inputsFor(ctx, 'platform'), null, gpus) : null,
      hybrid: costs.hybrid.eligible ? burstUse(inputsFor(ctx, 'hybrid'), costs.hybrid, gpus) : null,
    },
  };
}

/** The busiest week's useful GPUs of the inputs' unit. */
function peakUsefulGpus(x: PricingInputs): number {
  const n = x.ascendingCurve.length;
  return n === 0 ? 0 : Math.max(0, (x.ascendingCurve[n - 1] as number) * x.curveScale);
}

/**
 * `marketUseful` of the way's useful GPU-hours come from the market, of which the market's GPUs can
 * serve `servedByMarket`; the share beyond is of all the way's work. Differences within rounding (a
 * relative 1e-9 of the work, and at least 1e-9 GPU-hours) count as none, and a way fits exactly when
 * none of its work waits (so the caution and its share never disagree).
 */
function use(
  x: PricingInputs,
  marketUseful: number,
  servedByMarket: number,
  peakHeldGpus: number,
): MarketUse {
  const work = x.usefulGpuHoursPerMonth;
  const raw = marketUseful - servedByMarket;
  const beyond = raw > Math.max(work * 1e-9, 1e-9) ? raw : 0;
  return {
    peakGpus: peakHeldGpus,
    beyondUsefulGpuHoursPerMonth: beyond,
    beyondShare: work > 0 ? beyond / work : 0,
    fits: beyond === 0,
    buildLeadTime: null,
  };
}

/**
 * The market's GPUs a way can use: whole jobs only (a job that needs more GPUs than are left cannot
 * start), each holding `gpusPerJobHeld` GPUs.
 */
export function wholeJobGpus(marketGpus: number, gpusPerJobHeld: number): number {
  // Within rounding of a whole job it is that job (GPUs left after fractional holdings, the ladder's).
  return gpusPerJobHeld > 0 ? Math.floor(marketGpus / gpusPerJobHeld + 1e-9) * gpusPerJobHeld : marketGpus;
}

/**
 * Rent: every hour on whole servers from the market, held at the rental's efficiency and rounding; a
 * job holds its whole servers, so the market serves whole jobs of them.
 */
function rentUse(x: PricingInputs, marketGpus: number): MarketUse {
  const s = x.scenario;
  const heldPerUseful = rentHeldPerUsefulGpu(x);
  const jobGpus = Math.ceil(s.demand.gpusPerJob / s.rent.gpusPerServer) * s.rent.gpusPerServer;
  const usable = wholeJobGpus(marketGpus, jobGpus) / heldPerUseful;
  const served = servedGpuHours(x.ascendingCurve, x.curveScale, usable, x.weights);
  return use(x, x.usefulGpuHoursPerMonth, served, rentPeakHeldGpus(x));
}

/** GPUs renting all the work holds in its busiest week (`x` in the rented GPU's unit): rent's peak. */
export function rentPeakHeldGpus(x: PricingInputs): number {
  return peakUsefulGpus(x) * rentHeldPerUsefulGpu(x);
}

/**
 * The platform's elastic GPUs: all the work (`base` null), or the burst above an owned or reserved
 * baseline. Platform GPUs are converted into the inputs' unit by the throughput ratios (inputs.ts); the
 * market serves whole jobs of the demand's GPUs per job.
 * On premises there is no burst from the market (the work waits for the own cluster): null.
 */
function burstUse(x: PricingInputs, cost: StrategyCost | null, marketGpus: number): MarketUse | null {
  // On premises neither rent nor the platform may be used (compliance.ts): nothing from the market.
  if (!x.platformEligible) return null;
  const lead = cost === null ? null : buildLeadUse(x, cost, marketGpus);
  const usefulPerPlatformGpu = usefulPerPlatformGpuOf(x);
  const baseUsable = cost?.base ? cost.base.part.usableGpus : 0;
  const burst = cost === null ? x.usefulGpuHoursPerMonth : cost.burstUsefulGpuHours;
  const below = servedGpuHours(x.ascendingCurve, x.curveScale, baseUsable, x.weights);
  const withMarket = servedGpuHours(
    x.ascendingCurve,
    x.curveScale,
    baseUsable + wholeJobGpus(marketGpus, x.scenario.demand.gpusPerJob) * usefulPerPlatformGpu,
    x.weights,
  );
  const peakHeld = Math.max(0, peakUsefulGpus(x) - baseUsable) / usefulPerPlatformGpu;
  return { ...use(x, burst, withMarket - below, peakHeld), buildLeadTime: lead };
}

/** Useful GPUs of the inputs' unit one platform GPU holds (the throughput ratios convert, inputs.ts). */
export function usefulPerPlatformGpuOf(x: PricingInputs): number {
  const h = x.scenario.hardware;
  const unitRatio = x.unit === 'reference' ? 1 : h[x.unit].throughputRatio;
  return (x.platformUtilization * h.platform.throughputRatio) / unitRatio;
}

/**
 * An own cluster's build months (docs/model.md §10, "One market"): the work its new servers will do is
 * served meanwhile as the build lead time line prices it — on whole rented servers or the platform,
 * whichever is cheaper over those months — and the burst above the cluster still goes to the platform.
 * Both draw on the same market: in each week of those months the rented servers take the market's
 * GPUs first (whole jobs of whole servers), the platform whole jobs of what is left. Servers already
 * owned serve from month 1. Null when there is no such draw.
 *
 * A known limit of that order: where a rented job holds more GPUs than a platform job (whole-server
 * rounding), one more GPU on demand can let the servers take a job whose GPUs would have served more
 * work on the platform, so the work waiting can rise by up to a job's worth at those steps. The share
 * is a check, not a cost, and the order is the lead time line's (docs/model.md "One market").
 */
function buildLeadUse(x: PricingInputs, cost: StrategyCost, marketGpus: number): BuildLeadMarketUse | null {
  const base = cost.base;
  if (base === null || base.kind !== 'owned') return null;
  const lead = buildLeadOf(x, base.part);
  if (lead === null) return null;
  const { months, ownedUsable } = lead;
  const s = x.scenario;
  const clusterUsable = base.part.usableGpus;
  const rented = lead.via === 'rent';
  const rentHeldPerUseful = rentHeldPerUsefulGpu(x);
  const rentJobGpus = Math.ceil(s.demand.gpusPerJob / s.rent.gpusPerServer) * s.rent.gpusPerServer;
  const rentCapUseful = wholeJobGpus(marketGpus, rentJobGpus) / rentHeldPerUseful;
  const perPlatformGpu = usefulPerPlatformGpuOf(x);
  let peak = 0;
  let asked = 0;
  let served = 0;
  forEachLeadPiece(x, months, (demand, hours) => {
    const above = Math.max(0, demand - ownedUsable);
    const band = rented ? Math.min(above, Math.max(0, clusterUsable - ownedUsable)) : 0;
    const pooled = rented ? Math.max(0, demand - clusterUsable) : above;
    const bandServed = Math.min(band, rentCapUseful);
    const left = Math.max(0, marketGpus - bandServed * rentHeldPerUseful);
    const pooledServed = Math.min(pooled, wholeJobGpus(left, s.demand.gpusPerJob) * perPlatformGpu);
    peak = Math.max(peak, band * rentHeldPerUseful + pooled / perPlatformGpu);
    asked += (band + pooled) * hours;
    served += (bandServed + pooledServed) * hours;
  });
  const raw = asked - served;
  const beyond = raw > Math.max(asked * 1e-9, 1e-9) ? raw : 0;
  return {
    months,
    via: lead.via,
    peakGpus: peak,
    askedUsefulGpuHours: asked,
    beyondUsefulGpuHours: beyond,
    beyondShare: asked > 0 ? beyond / asked : 0,
    fits: beyond === 0,
  };
}

/**
 * An own cluster's build months as its lead time line prices them, or null when nothing is bought
 * meanwhile (no lead time, no new servers taking work, or the work waits on premises): their count,
 * who serves the new servers' work, and the usable GPUs of the servers already owned (from month 1).
 * The market check and the ladder's own rung read it alike.
 */
export function buildLeadOf(
  x: PricingInputs,
  cluster: { usableGpus: number; usefulGpuHours: number },
): { months: number; via: 'rent' | 'platform'; ownedUsable: number } | null {
  const months = x.buildLeadTimeMonths;
  if (!(months > 0)) return null;
  if (!(ownLeadUsefulGpuHours(x, cluster.usableGpus, cluster.usefulGpuHours) > 0)) return null;
  const lead = leadTimeCostsPerUsefulGpuHour(x);
  if (lead === null || lead.via === 'wait') return null;
  const ownedUsable =
    x.existing === null ? 0 : Math.min(cluster.usableGpus, x.existing.gpus * x.ownEfficiency);
  return { months, via: lead.via, ownedUsable };
}

/** Rented GPUs held per useful GPU of the inputs' unit: into rent's model, then whole servers ÷ its efficiency. */
export function rentHeldPerUsefulGpu(x: PricingInputs): number {
  const s = x.scenario;
  const h = s.hardware;
  const unitRatio = x.unit === 'reference' ? 1 : h[x.unit].throughputRatio;
  return (
    ((unitRatio / h.rent.throughputRatio) * serverRoundingFactor(s.demand.gpusPerJob, s.rent.gpusPerServer)) /
    x.rentUtilization
  );
}

/**
 * Each demand value (useful GPUs of the inputs' unit) of the build months with the hours it lasts over
 * them: a representative period repeats every month; a training plan's pieces of months 1..⌈L⌉, the
 * last for its fraction.
 */
export function forEachLeadPiece(
  x: PricingInputs,
  months: number,
  visit: (demand: number, hours: number) => void,
) {
  const d = x.dated;
  if (d === null) {
    const n = x.ascendingCurve.length;
    for (let i = 0; i < n; i++) {
      const share = x.weights === null ? 1 / n : (x.weights[i] as number);
      visit((x.ascendingCurve[i] as number) * x.curveScale, share * months * HOURS_PER_MONTH);
    }
    return;
  }
  const horizonHours = d.usefulGpuHoursByMonth.length * HOURS_PER_MONTH;
  const { gpus, weights, months: monthOf } = d.pieces;
  for (let i = 0; i < gpus.length; i++) {
    const part = Math.min(1, months - ((monthOf[i] as number) - 1));
    if (part > 0) visit((gpus[i] as number) * x.curveScale, (weights[i] as number) * horizonHours * part);
  }
}
