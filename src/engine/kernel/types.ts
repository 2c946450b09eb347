import type { CapabilityEffects } from '../capability';
import type { HardwarePrices } from '../hardware-path';
import type { DatedDemand, DatedLayout } from '../horizon-demand';
import type { BaselinePart, PartCost } from '../model';
import type { MarketPath } from '../price-path';
import type { ExistingCluster, Scenario } from '../types';

/**
 * The kernel's types. The kernel is the engine's fast path (README.md in this folder): the same
 * numbers as `src/engine/model`, to the last bit, for the loops that price thousands of scenarios.
 */

/** Whose GPU-hours a derived context counts: one way's GPU model (docs/model.md §8). */
export type HardwareUnit = 'selfBuild' | 'rent' | 'platform';

/**
 * Everything the strategy pricers share, computed once per scenario: demand (optionally scaled, so
 * sweeps need no copies), prices after compliance premiums and on the market price path, and
 * team-capability effects. Every context is built by one literal in one field order (context.ts
 * copyContext), so the pricers' reads see one object shape and never box a number.
 */
export interface PricingContext {
  s: Scenario;
  /**
   * Whose GPU-hours this context counts (docs/model.md §8): `reference` GPU-hours of the scenario's demand,
   * or those of one way's GPU model (strategyContext). In a model's context the demand is divided by
   * the model's throughput ratio, and the other ways' prices are per this model's GPU-hour-equivalent,
   * so burst and lead-time rentals still pay for the same work on their own GPUs.
   */
  unit: 'reference' | HardwareUnit;
  /** The reference context a model's context was derived from; null for a reference context. */
  reference: PricingContext | null;
  effects: CapabilityEffects;
  /** Multiplies the weekly curve, useful GPU-hours and jobs (1 for the scenario as given). */
  demandScale: number;
  curve: readonly number[];
  /** The curve sorted ascending (curve.ts sortedCurveOf), for the pricing caches built on this context. */
  sortedCurve: readonly number[];
  /**
   * A dated plan's share of the horizon's hours at each value of `sortedCurve` (the model's
   * inputs.ts `weights`); null when every week counts the same.
   */
  weights: Float64Array | null;
  usefulGpuHoursPerMonth: number;
  jobsPerMonth: number;
  rentEligible: boolean;
  platformEligible: boolean;
  /** Multiplies today's GPU-time prices and the calibrated amounts (market.ts). */
  marketFactor: number;
  /** The factor of GPUs held whatever the demand (the model's inputs.ts `heldMarketFactor`). */
  heldMarketFactor: number;
  /** A training plan laid over the horizon (the model's inputs.ts `dated`); null otherwise. */
  dated: DatedDemand | null;
  /** Whether burst is billed month by month on the dated plan (the model's inputs.ts `followsTimeline`). */
  followsTimeline: boolean;
  /** The horizon's average market factor (what the own cluster's "run it here or burst" choice uses). */
  averageMarketFactor: number;
  /** The price path of GPU-time (price-path.ts): the lead-time months' sums. */
  gpuTimePath: MarketPath;
  /** Today's prices after compliance premiums. */
  rentTodayCnyPerServerHour: number;
  platformTodayCnyPerGpuHour: number;
  /** Prices at `marketFactor`. */
  rentCnyPerServerHour: number;
  platformCnyPerGpuHour: number;
  /** Allocation efficiencies (useful ÷ held), measured or by rule (efficiency.ts). */
  rentUtilization: number;
  platformUtilization: number;
  /** Allocation efficiency (useful ÷ held) of the own cluster at the team's level (efficiency.ts). */
  ownEfficiency: number;
  engineerCnyPerMonth: number;
  /** Self-built capacity after rounding up to whole servers. */
  selfBuildCapacityGpus: number;
  /** Months from order to first workload of the owned cluster. */
  buildLeadTimeMonths: number;
  /** An own cluster's capital charge a month per yuan of capex (capital-charge.ts; 0 in the accounting view). */
  capitalChargePerCapexYuan: number;
  /** The model's inputs.ts ownHardwarePrices: hardware on price paths (null without) and depreciation's factor. */
  hardwarePrices: HardwarePrices | null;
  hardwareDepreciationFactor: number;
  /** The model's inputs.ts existing: a cluster already owned and its capital lines (null without). */
  existing: ExistingCluster | null;
  /** Progress lost per failure, in hours: half the checkpoint interval, or half the job without any. */
  lostHoursPerFailure: number;
  /** Jobs per useful GPU-hour of the scenario's demand (independent of the demand scale). */
  jobsPerUsefulGpuHour: number;
  /**
   * Two figures per useful GPU-hour that depend on neither the demand scale nor the market factor,
   * priced on first use by parts.ts (gateBurstMarginalOf, leadTimePerUsefulOf) and carried by the
   * copies; NaN until then. A number, not `number | null`, so the field keeps one representation.
   */
  gateBurstMarginalCny: number;
  leadTimePerUsefulCny: number;
  /** Useful GPU-hours and jobs a month of the scenario's own demand (scale 1), for scaledContext. */
  scenarioUsefulGpuHoursPerMonth: number;
  scenarioJobsPerMonth: number;
  /**
   * This context at the scenario's own demand scale, when it was made by scaledContext (or derived
   * from one); null otherwise. Figures that do not depend on the demand scale are computed once on it
   * and shared by every scaled copy.
   */
  scaledFrom: PricingContext | null;
  /** Strategy contexts derived from this one, by GPU model (memo; a copy starts it afresh). */
  derivedByUnit: Partial<Record<HardwareUnit, PricingContext>> | null;
  /** The pricing cache of this (derived) context (memo; a copy starts it afresh). */
  ownPricingCache: PricingCache | null;
}

/*
 * Parts and strategy costs are the model's own types (model/part.ts, model/strategies.ts): the kernel
 * fills the same shapes, which is what lets the property test compare them field by field.
 */
export type { PartCost, StrategyCost } from '../model';
/** An owned or reserved baseline part (the model's BaselinePart). */
export type OwnedPart = BaselinePart;

/**
 * What the pricers of one context share when they price many capacities (the hybrid baseline search,
 * Monte Carlo draws): the burst marginal cost and a fast `served` function.
 */
export interface PricingCache {
  /** Cost of one useful GPU-hour of burst at the context's market factor. */
  readonly burstMarginalCny: number;
  /** Useful GPU-hours per month served by `usableGpus`. */
  served(usableGpus: number): number;
}

/** What the Monte Carlo and the crossover search keep of a strategy's pricing. */
export interface MonthlyCost {
  eligible: boolean;
  monthlyCny: number;
  baselineGpus: number;
  burstUsefulGpuHours: number;
}

/**
 * The parts of an owned cluster's pricing that depend on neither its size nor the demand, per
 * context, copied into one object shape (parts.ts ownedRatesOf).
 */
export interface OwnedRates {
  ctx: PricingContext | null;
  /** 1 + network + storage + fit-out fractions (capex per server price). */
  capexFactor: number;
  lifeMonths: number;
  /** 1 − residual fraction. */
  depreciableFraction: number;
  energyPerUseful: number;
  /** Jobs per useful GPU-hour × setup hours per job. */
  setupHoursPerUseful: number;
  failuresPerUseful: number;
  /** Lost progress plus recovery hours per failure. */
  lostAndRecoveryHours: number;
  /** Engineer hours per failure × engineer rate. */
  engineerCnyPerFailure: number;
  gpusPerServer: number;
  serverPriceCny: number;
  powerMaxKwPerServer: number;
  powerRetrofitCnyPerKw: number;
  maintenanceFractionPerYear: number;
  colocationCnyPerKwMonth: number;
  privatePool: boolean;
  privatePoolLicenseCnyPerGpuMonth: number;
  residualFraction: number;
  minEngineers: number;
  gpusPerEngineer: number;
  engineerCnyPerHour: number;
  staffMultiplier: number;
  engineerCnyPerMonth: number;
  ownEfficiency: number;
  gpusPerJob: number;
  resaleDecline: number;
  horizonMonths: number;
  powerIdleKwPerServer: number;
  powerBusyKwPerServer: number;
  pue: number;
  /** Power price plus carbon, per kWh (sites.ts ownEnergyCnyPerKwh). */
  energyCnyPerKwh: number;
}

/** What an owned cluster of one capacity costs before the demand it serves (parts.ts ownedFixedOf). */
export interface OwnedFixed {
  servers: number;
  capacityGpuHours: number;
  capexCny: number;
  depreciation: number;
  compute: number;
  /** The economic view's capital charge (not in `compute`, which prices the cluster's own GPU-hour). */
  capitalCharge: number;
  staff: number;
  setupPerUseful: number;
  failuresPerUseful: number;
  costPerFailure: number;
  leadPerUseful: number;
  usableGpus: number;
  iteration: number;
}

/**
 * Every piece of scratch and memo state of one pricer (index.ts createPricer). The engine is
 * synchronous: a pricer's functions read what they wrote before they return.
 */
export interface KernelState {
  /** The last training plan laid over the horizon, with what it was laid out from (dated-demand.ts). */
  lastLayout: {
    curve: readonly number[];
    values: Float64Array;
    horizonMonths: number;
    recurring: number;
    layout: DatedLayout;
    ascending: readonly number[];
  } | null;
  /** Sorted curves by curve array, with a copy of the values they were sorted from. */
  sortedCurves: WeakMap<readonly number[], { values: Float64Array; sorted: number[] }>;
  /** The last prefix sums built, by sorted curve and scale (Monte Carlo draws share them). */
  lastPrefixSorted: readonly number[] | null;
  lastPrefixScale: number;
  lastPrefix: readonly number[];
  /** Per-hour parts whose total is read at once (burst marginal, lead-time option). */
  scratchPart: PartCost;
  /** The owned rates of the last context priced. */
  rates: OwnedRates;
  /** Fixed figures of a context priced at one scale. */
  scratchFixed: OwnedFixed;
  /** Fixed figures by capacity, per unscaled context, for its scaled copies (crossover, sweeps). */
  fixedByScaledFrom: WeakMap<PricingContext, Map<number, OwnedFixed>>;
  lastFixedFrom: PricingContext | null;
  lastFixedCapacity: number;
  lastFixed: OwnedFixed | null;
  /** The last two resale factors (1 − r)^(age ÷ 12) computed: the same one or two ages recur. */
  resaleDeclineA: number;
  resaleAgeA: number;
  resaleFactorA: number;
  resaleDeclineB: number;
  resaleAgeB: number;
  resaleFactorB: number;
  /** market.ts resaleValueCny through those remembered factors (resale.ts), bound to this state. */
  resaleValue: (capexCny: number, resaleDecline: number, ageMonths: number, bookCny: number) => number;
  /** The owned part the hybrid search prices into. */
  scratchOwned: OwnedPart;
  /** The hybrid search's memo: server counts priced and their totals, in the order priced. */
  memoK: number[];
  memoV: number[];
  memoSize: number;
  /** Parts the monthly-only pricers price into. */
  leanBase: OwnedPart;
  leanBurst: PartCost;
  leanService: PartCost;
}
