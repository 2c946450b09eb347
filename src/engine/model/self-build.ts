import { HOURS_PER_MONTH } from '../constants';
import { ownedCapacityGpus } from '../demand';
import { clusterCapexCny } from '../existing-cluster';
import { iterationLossCny, resaleValueCny } from '../market';
import { ownEnergyCnyPerKwh } from '../sites';
import type { Scenario } from '../types';
import { gateBurstCnyPerUsefulGpuHour } from './burst';
import { breakdownOf, type CategoryFormulas } from './categories';
import type { PricingInputs } from './inputs';
import { leadTimeCnyPerUsefulGpuHour } from './lead-time';
import { type BaselinePart, servedGpuHours, zeroBaseline } from './part';

/**
 * An owned cluster (industry article on self-build vs rent, section 2): whole servers bought, paid
 * for idle or not, serving the demand up to what it can hold each week. Every category uses the own
 * cluster's allocation efficiency e (useful ÷ held, efficiency.ts).
 */
export interface OwnedCluster {
  x: PricingInputs;
  /** GPUs after rounding up to whole servers (at least the servers already owned). */
  capacityGpus: number;
  servers: number;
  /** Servers bought for it: all of them, or those beyond a cluster already owned (existing-cluster.ts). */
  newServers: number;
  /** GPU-hours the cluster holds a month, busy or idle. */
  capacityGpuHours: number;
  /** New servers × price × (1 + network + storage + fit-out) + maximum kW × power retrofit per kW. */
  capexCny: number;
  /**
   * Its compute category (ownComputeCny; with servers already owned, their maintenance and the lens's
   * depreciation of their capital too), which does not depend on the demand it serves.
   */
  computeCny: number;
  /**
   * The capital charge of the economic view (capital-charge.ts): capex × the charge per yuan; 0 in
   * the accounting view. In compute, not cash, and not in the cluster's own cost of a GPU-hour.
   */
  capitalChargeCny: number;
  /**
   * The cluster's own cost of a GPU-hour (its compute category ÷ its GPU-hours): lost GPU time and
   * GPUs held during setup are valued at it. With servers already owned it is the GPU-hour of the same
   * cluster bought today (their replacement cost), not the lens's capital: the lens never changes what
   * the cluster's work costs, and a cluster owned from month 0 at today's price values it as one bought.
   */
  ownCnyPerGpuHour: number;
}

export function ownedCluster(x: PricingInputs, gpus: number): OwnedCluster {
  const sb = x.scenario.selfBuild;
  const existing = x.existing;
  const sizedGpus = ownedCapacityGpus(gpus, sb.gpusPerServer);
  // Servers already owned are kept: the cluster is them plus whatever new servers the size asks for.
  const servers =
    existing === null
      ? sizedGpus / sb.gpusPerServer
      : Math.max(sizedGpus / sb.gpusPerServer, existing.servers);
  const capacityGpus = existing === null ? sizedGpus : servers * sb.gpusPerServer;
  const newServers = existing === null ? servers : servers - existing.servers;
  const capexCny = clusterCapexCny(sb, newServers, sb.serverPriceCny);
  const capacityGpuHours = capacityGpus * HOURS_PER_MONTH;
  const newComputeCny = ownComputeCny({ x, capacityGpus, servers, capexCny });
  const ownCapitalChargeCny = capexCny * x.capitalChargePerCapexYuan;
  // Servers already owned add their maintenance and the lens's capital; their work is valued as the
  // same cluster bought today.
  const valuedComputeCny =
    existing === null
      ? newComputeCny
      : ownComputeCny({
          x,
          capacityGpus,
          servers,
          capexCny: clusterCapexCny(sb, servers, sb.serverPriceCny),
        });
  return {
    x,
    capacityGpus,
    servers,
    newServers,
    capacityGpuHours,
    capexCny,
    computeCny:
      existing === null
        ? newComputeCny
        : newComputeCny + existing.maintenanceCny + existing.keep.depreciationCny,
    capitalChargeCny:
      existing === null ? ownCapitalChargeCny : ownCapitalChargeCny + existing.keep.capitalChargeCny,
    ownCnyPerGpuHour: valuedComputeCny / capacityGpuHours,
  };
}

/**
 * An owned cluster of `gpus` GPUs and the demand it serves: each week min(demand, capacity × e) when
 * it takes work at all (ownClusterTakesWork), the rest left to burst.
 */
export function ownedPart(x: PricingInputs, gpus: number): BaselinePart {
  const cluster = ownedCluster(x, gpus);
  if (cluster.capacityGpus <= 0) return zeroBaseline();
  const rates = ownRates(cluster);
  const usableGpus = ownClusterTakesWork(cluster, rates) ? cluster.capacityGpus * x.ownEfficiency : 0;
  const usefulGpuHours = servedGpuHours(x.ascendingCurve, x.curveScale, usableGpus, x.weights);
  const leadUsefulGpuHours = ownLeadUsefulGpuHours(x, usableGpus, usefulGpuHours);
  const breakdown = breakdownOf(SELF_BUILD, { cluster, rates, usefulGpuHours, leadUsefulGpuHours });
  // Depreciation, iteration risk and the capital charge are costs, not cash (cash.ts); so is the
  // lens's depreciation of servers already owned (their cash is their sales, existing-cluster.ts).
  const existingDepreciationCny = x.existing === null ? 0 : x.existing.keep.depreciationCny;
  return {
    breakdown,
    usefulGpuHours,
    billedGpuHours: cluster.capacityGpuHours,
    capexCny: cluster.capexCny,
    nonCashCny:
      depreciationCny(cluster) + existingDepreciationCny + breakdown.iteration + cluster.capitalChargeCny,
    leadTimeCny: leadUsefulGpuHours * rates.leadTimeCnyPerUsefulGpuHour,
    failures: usefulGpuHours * rates.failures.perUsefulGpuHour,
    capacityGpus: cluster.capacityGpus,
    usableGpus,
  };
}

/**
 * The work the build lead time line covers: what the new servers take on. Servers already owned serve
 * from month 1, so with them it is the cluster's work less what they alone would serve (week by week,
 * the base of the demand first); with no new servers, none.
 */
export function ownLeadUsefulGpuHours(x: PricingInputs, usableGpus: number, usefulGpuHours: number): number {
  const existing = x.existing;
  if (existing === null) return usefulGpuHours;
  if (usableGpus <= 0) return 0;
  // Servers already owned alone: the same usable GPUs, so exactly 0 left to the lead time.
  const existingUsable = existing.gpus * x.ownEfficiency;
  return usefulGpuHours - servedGpuHours(x.ascendingCurve, x.curveScale, existingUsable, x.weights);
}

/**
 * What a useful GPU-hour run on the own cluster costs beyond its fixed costs, each rule worked out
 * once per pricing: setup, failures and the build lead time line.
 */
interface OwnRates {
  setupCnyPerUsefulGpuHour: number;
  failures: { perUsefulGpuHour: number; cnyPerFailure: number };
  leadTimeCnyPerUsefulGpuHour: number;
}

function ownRates(c: OwnedCluster): OwnRates {
  return {
    setupCnyPerUsefulGpuHour: ownSetupCnyPerUsefulGpuHour(c),
    failures: ownFailures(c),
    // At the demand it would serve if it takes work (a dated plan's lead months differ by that); none
    // when every server is already owned.
    leadTimeCnyPerUsefulGpuHour:
      c.newServers > 0 ? leadTimeCnyPerUsefulGpuHour(c.x, c.capacityGpus * c.x.ownEfficiency) : 0,
  };
}

interface OwnedUse {
  cluster: OwnedCluster;
  rates: OwnRates;
  usefulGpuHours: number;
  /** The part of it the build lead time line covers (ownLeadUsefulGpuHours). */
  leadUsefulGpuHours: number;
}

const SELF_BUILD: CategoryFormulas<OwnedUse> = {
  compute: ({ cluster }) => cluster.computeCny + cluster.capitalChargeCny,
  energy: ({ cluster, usefulGpuHours }) => ownEnergyCny(cluster, usefulGpuHours),
  /** 3 time: setup of the jobs it runs, plus the build lead time line (lead-time.ts). */
  time: ({ rates, usefulGpuHours, leadUsefulGpuHours }) =>
    usefulGpuHours * rates.setupCnyPerUsefulGpuHour + leadUsefulGpuHours * rates.leadTimeCnyPerUsefulGpuHour,
  ops: ({ cluster }) => ownStaffCny(cluster),
  failure: ({ rates, usefulGpuHours }) =>
    usefulGpuHours * rates.failures.perUsefulGpuHour * rates.failures.cnyPerFailure,
  iteration: ({ cluster }) =>
    cluster.x.existing === null
      ? ownIterationCny(cluster)
      : ownIterationCny(cluster) + cluster.x.existing.keep.iterationCny,
};

/**
 * 1 compute: straight-line depreciation to the residual over the depreciation life, maintenance (a
 * share of capex a year), colocation per kW of maximum IT load, and the private pooling scheduler's
 * licence per GPU when it runs one.
 */
function ownComputeCny(c: Pick<OwnedCluster, 'x' | 'capacityGpus' | 'servers' | 'capexCny'>): number {
  const sb = c.x.scenario.selfBuild;
  const maintenance = ownMaintenanceCny(c.capexCny, sb);
  const colocation = c.servers * sb.powerMaxKwPerServer * sb.colocationCnyPerKwMonth;
  const licence = sb.privatePool ? c.capacityGpus * sb.privatePoolLicenseCnyPerGpuMonth : 0;
  return depreciationCny(c) + maintenance + colocation + licence;
}

/** Maintenance a month: a share of capex a year (the repairs the VAT view tells apart, vat.ts). */
export function ownMaintenanceCny(capexCny: number, sb: Scenario['selfBuild']): number {
  return (capexCny * sb.maintenanceFractionPerYear) / 12;
}

/**
 * Depreciation a month: straight-line to the residual over the life; with hardware on a purchase
 * path, each refresh depreciates what it cost (× the horizon's factor, 1 without paths).
 */
function depreciationCny(c: Pick<OwnedCluster, 'x' | 'capexCny'>): number {
  const sb = c.x.scenario.selfBuild;
  return (
    ((c.capexCny * (1 - sb.residualFraction)) / (sb.depreciationYears * 12)) * c.x.hardwareDepreciationFactor
  );
}

/**
 * 2 energy: servers × (idle kW + (busy − idle) kW × busy share) × PUE × 730 h × price per kWh, the
 * busy share being useful hours ÷ owned hours; the price per kWh is the power price plus the carbon
 * price × the site's grid factor (sites.ts ownEnergyCnyPerKwh; the carbon line is 0 by default).
 */
function ownEnergyCny(c: OwnedCluster, usefulGpuHours: number): number {
  const sb = c.x.scenario.selfBuild;
  const busyShare = usefulGpuHours / c.capacityGpuHours;
  const kw =
    c.servers * (sb.powerIdleKwPerServer + (sb.powerBusyKwPerServer - sb.powerIdleKwPerServer) * busyShare);
  return kw * sb.pue * HOURS_PER_MONTH * ownEnergyCnyPerKwh(c.x.scenario);
}

/**
 * 3 time, setup: the environment persists on an own cluster, so a job needs only the own setup hours
 * (scaled by the team's manual-hours factor) × (engineer rate + the job's GPUs at the cluster's own
 * cost per GPU-hour). Per useful GPU-hour, as jobs are. The build lead time line is the other part of
 * the category (lead-time.ts).
 */
function ownSetupCnyPerUsefulGpuHour(c: OwnedCluster): number {
  const x = c.x;
  const ops = x.scenario.operations;
  const setupHoursPerUseful = x.jobsPerUsefulGpuHour * (ops.setupHoursOwn * x.effects.manualHoursMultiplier);
  return setupHoursPerUseful * (ops.engineerCnyPerHour + heldCnyPerHour(c));
}

/** What the GPUs one job holds cost an hour on the own cluster. */
function heldCnyPerHour(c: OwnedCluster): number {
  return c.x.scenario.demand.gpusPerJob * c.ownCnyPerGpuHour;
}

/**
 * 4 ops: max(minimum team, GPUs ÷ GPUs per engineer) engineers × the team's staffing factor × loaded
 * monthly salary (docs/data-sources.md: one engineer per 200 GPUs at an average team).
 */
function ownStaffCny(c: OwnedCluster): number {
  const x = c.x;
  const ops = x.scenario.operations;
  return (
    Math.max(ops.minEngineers, c.capacityGpus / ops.gpusPerEngineer) *
    x.effects.staffMultiplier *
    x.engineerCnyPerMonth
  );
}

/**
 * 5 failure, the whole rule (docs/data-sources.md, the failure inputs): interruptions per useful GPU-hour and the cost of
 * one; the category is useful GPU-hours × the one × the other.
 * - Interruptions per useful GPU-hour: hardware λ per GPU-hour held (useful ÷ e) plus the software
 *   failure probability per job.
 * - Cost per failure: the job's GPUs at the cluster's own cost per GPU-hour for the progress lost
 *   since the last checkpoint plus detection and restart (minutes with automatic checkpoint/resume;
 *   hours by hand, scaled by the team's manual-hours factor), plus the engineer's hours at the
 *   engineer rate (by hand, also scaled).
 */
function ownFailures(c: OwnedCluster): { perUsefulGpuHour: number; cnyPerFailure: number } {
  const x = c.x;
  const ops = x.scenario.operations;
  const automatic = x.scenario.selfBuild.recovery === 'automatic';
  const manual = automatic ? 1 : x.effects.manualHoursMultiplier;
  const perUsefulGpuHour =
    ops.hwInterruptionsPerGpuHour * (1 / x.ownEfficiency) +
    ops.swFailureProbabilityPerJob * x.jobsPerUsefulGpuHour;
  const recoveryHours = automatic
    ? ops.detectHoursAutomatic + ops.restartHoursAutomatic
    : (ops.detectHoursManual + ops.restartHoursManual) * manual;
  const engineerHours =
    (automatic ? ops.engineerHoursPerFailureAutomatic : ops.engineerHoursPerFailureManual) * manual;
  const cnyPerFailure =
    heldCnyPerHour(c) * (x.lostHoursPerFailure + recoveryHours) + engineerHours * ops.engineerCnyPerHour;
  return { perUsefulGpuHour, cnyPerFailure };
}

/**
 * 6 iteration risk: book value − resale value of the hardware at the horizon's end (and of each batch
 * sold when its depreciation life ends), spread over the horizon's months (market.ts), on the hardware
 * paths when it has them.
 */
function ownIterationCny(c: OwnedCluster): number {
  const x = c.x;
  const sb = x.scenario.selfBuild;
  const loss = iterationLossCny(
    c.capexCny,
    sb.residualFraction,
    sb.depreciationYears * 12,
    x.scenario.finance.resaleValueDeclineFractionPerYear,
    x.scenario.horizonMonths,
    resaleValueCny,
    x.hardwarePrices,
  );
  return loss / x.scenario.horizonMonths;
}

/**
 * Work runs on the own cluster only while that is cheaper at the margin than bursting it: extra
 * energy over idle, setup, failures and the lead-time line per useful GPU-hour against a useful
 * GPU-hour of burst at the horizon's average price (docs/model.md §2). A rational team does not queue work
 * on its cluster at a loss, and this makes a more capable team never more expensive.
 */
function ownClusterTakesWork(c: OwnedCluster, rates: OwnRates): boolean {
  const x = c.x;
  const sb = x.scenario.selfBuild;
  const energyPerUseful =
    ((sb.powerBusyKwPerServer - sb.powerIdleKwPerServer) / sb.gpusPerServer) *
    sb.pue *
    ownEnergyCnyPerKwh(x.scenario);
  const marginal =
    energyPerUseful +
    rates.setupCnyPerUsefulGpuHour +
    rates.failures.perUsefulGpuHour * rates.failures.cnyPerFailure +
    rates.leadTimeCnyPerUsefulGpuHour;
  return marginal <= gateBurstCnyPerUsefulGpuHour(x);
}
