import { serverRoundingFactor } from '../demand';
import type { MarketUse, OnDemandMarket, StrategyId } from '../types';
import { inputsFor, type PricingInputs } from './inputs';
import { servedGpuHours } from './part';
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
  const heldPerUseful = serverRoundingFactor(s.demand.gpusPerJob, s.rent.gpusPerServer) / x.rentUtilization;
  const jobGpus = Math.ceil(s.demand.gpusPerJob / s.rent.gpusPerServer) * s.rent.gpusPerServer;
  const usable = wholeJobGpus(marketGpus, jobGpus) / heldPerUseful;
  const served = servedGpuHours(x.ascendingCurve, x.curveScale, usable, x.weights);
  return use(x, x.usefulGpuHoursPerMonth, served, peakUsefulGpus(x) * heldPerUseful);
}

/**
 * The platform's elastic GPUs: all the work (`base` null), or the burst above an owned or reserved
 * baseline. Platform GPUs are converted into the inputs' unit by the throughput ratios (inputs.ts); the
 * market serves whole jobs of the demand's GPUs per job.
 * On premises there is no burst from the market (the work waits for the own cluster): null.
 */
function burstUse(x: PricingInputs, cost: StrategyCost | null, marketGpus: number): MarketUse | null {
  if (!x.platformEligible) return null;
  const h = x.scenario.hardware;
  const unitRatio = x.unit === 'reference' ? 1 : h[x.unit].throughputRatio;
  // Useful GPUs of the unit one platform GPU holds.
  const usefulPerPlatformGpu = (x.platformUtilization * h.platform.throughputRatio) / unitRatio;
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
  return use(x, burst, withMarket - below, peakHeld);
}
