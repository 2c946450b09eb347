/**
 * Types of the cost engine. Money is CNY everywhere in the engine; currency conversion is the UI's job.
 *
 * Units are in the names: `...Cny`, `...Kw`, `...Hours`, `...Months`. A `...Fraction` is a number in 0–1
 * (0.12 = 12 %). `utilization` values are fractions too.
 *
 * Time axis: a month is 730 hours (8,760 / 12). Month 0 is the purchase date of a self-built cluster
 * (capex is paid in month 0); months 1..horizonMonths are months of service. A week is 168 hours.
 *
 * Demand is measured in *useful* GPU-hours: the GPU time that does work. Each way of getting GPUs bills
 * more than that, because of its utilization: billed GPU-hours = useful GPU-hours ÷ utilization
 * (docs/model.md §2).
 */

import type { TrainingPlanInput } from './training-plan/types';

export const STRATEGY_IDS = ['selfBuild', 'rent', 'platform', 'hybrid'] as const;
export type StrategyId = (typeof STRATEGY_IDS)[number];

/** The six cost categories of seed 003 §1. */
export const COST_CATEGORIES = ['compute', 'energy', 'time', 'ops', 'failure', 'iteration'] as const;
export type CostCategory = (typeof COST_CATEGORIES)[number];

export const COMPLIANCE_LEVELS = ['none', 'domestic', 'dedicated', 'onPrem'] as const;
/** Ordered from least to most restrictive. */
export type Compliance = (typeof COMPLIANCE_LEVELS)[number];

export const TEAM_CAPABILITY_LEVELS = [1, 2, 3, 4, 5] as const;
export type TeamCapability = (typeof TEAM_CAPABILITY_LEVELS)[number];

export type RecoveryMode = 'manual' | 'automatic';
/** `plan`: a training plan (schema v6) whose weekly curve `weeklyGpus` holds, made by the engine. */
export type DemandMode = 'jobs' | 'weekly' | 'plan';
export type HybridBaselineMode = 'owned' | 'reserved';

export interface DemandInput {
  /** `jobs`: the seed's form (jobs × hours × GPUs); `weekly`: a weekly curve of useful GPUs. */
  mode: DemandMode;
  /**
   * Jobs started per month. In `jobs` mode the job form sets the demand: a job holds `gpusPerJob` GPUs
   * on whole rented servers for `hoursPerJob` hours and does useful work for `rent.utilization` of that
   * time (seed 000: 20 jobs × 24 h × 8 GPUs on servers used at 50 %).
   */
  jobsPerMonth: number;
  /** Wall-clock hours of one job (also used in `weekly` mode to count jobs for setup and failures). */
  hoursPerJob: number;
  /** GPUs one job holds. */
  gpusPerJob: number;
  /** `weekly` mode: average useful GPUs busy in each week (GPU-hours of work that week ÷ 168). */
  weeklyGpus: number[];
}

/**
 * Who set self-build's size (schema v7): `rule` — it came with the scenario (a preset's, the example's)
 * or from the one sizing rule (cluster-sizing.ts), so new demand (a plan, an imported curve or logs, a
 * switch of the demand form) sizes it again; `user` — the user chose it (typed it, set it with the
 * load-rate slider on a plan, or kept it on an import), so it stays, and the page says what the rule
 * would give.
 */
export type CapacitySizedBy = 'rule' | 'user';

export interface SelfBuildInput {
  /** GPUs in the owned cluster; rounded up to whole servers. */
  capacityGpus: number;
  capacitySizedBy: CapacitySizedBy;
  gpusPerServer: number;
  /** Price of one server (all its GPUs). */
  serverPriceCny: number;
  /** Cluster network, storage and fit-out, each as a fraction of the server price. */
  networkFraction: number;
  storageFraction: number;
  fitOutFraction: number;
  /** Power/cooling retrofit or own building, per kW of maximum IT load (0 when colocated). */
  powerRetrofitCnyPerKw: number;
  depreciationYears: number;
  /** Book value left at the end of the depreciation life, as a fraction of capex. */
  residualFraction: number;
  maintenanceFractionPerYear: number;
  powerMaxKwPerServer: number;
  powerBusyKwPerServer: number;
  powerIdleKwPerServer: number;
  pue: number;
  electricityCnyPerKwh: number;
  /** Colocation rent excluding energy, per kW of maximum IT load per month. */
  colocationCnyPerKwMonth: number;
  recovery: RecoveryMode;
  /** Run a private pooling scheduler on the own cluster: pooled efficiency for a licence per GPU. */
  privatePool: boolean;
  privatePoolLicenseCnyPerGpuMonth: number;
  /**
   * Allocation efficiency (useful ÷ held GPU-hours) of an own cluster run as silos (each team its
   * servers), for an average team (level 3); other levels are ±5 points a level (efficiency.ts).
   */
  siloedEfficiency: number;
  /** Same with a private pooling scheduler on the own cluster (level 3; never above the platform's). */
  pooledEfficiency: number;
  /**
   * Months from order to first workload; `null` = by team level (6/5/4/3/2 for a cluster, 1 for a
   * single server bought as an appliance). 0 for a site that already runs.
   */
  buildLeadTimeMonths: number | null;
}

export interface RentInput {
  priceCnyPerServerHour: number;
  gpusPerServer: number;
  /** Allocation efficiency of whole rented servers: useful ÷ held GPU-hours. */
  utilization: number;
}

export interface PlatformInput {
  priceCnyPerGpuHour: number;
  /** Platform premium or management fee on top of the GPU-hour price. */
  premiumFraction: number;
  /** Allocation efficiency of the pooled platform: useful ÷ billed GPU-hours. */
  utilization: number;
}

export interface HybridInput {
  /** `owned`: baseline is a self-built cluster; `reserved`: baseline GPUs reserved on the platform. */
  baselineMode: HybridBaselineMode;
  /** Baseline GPUs; `null` lets the engine choose the cheapest whole-server baseline. */
  baselineGpus: number | null;
  /** Discount of reserved (committed) platform GPUs against on-demand. */
  reservedDiscountFraction: number;
}

export interface OperationsInput {
  /** Loaded annual cost of one infrastructure engineer. */
  engineerCnyPerYear: number;
  /** Hourly cost of engineer time spent on setup and failures. */
  engineerCnyPerHour: number;
  /** Self-build staffing at average capability: one engineer per this many GPUs … */
  gpusPerEngineer: number;
  /** … but never fewer than this many engineers (FTE) for any owned cluster. */
  minEngineers: number;
  /** Engineers needed for rented servers, as a fraction of what the same GPUs would need owned. */
  rentOpsFraction: number;
  /** Same for the platform (near zero: the platform runs scheduling, images and recovery). */
  platformOpsFraction: number;
  /** Environment setup per job on rented servers, by hand (create, install CUDA…), average team. */
  setupHoursRent: number;
  /** Environment setup per job with the platform's images and automation. */
  setupHoursPlatform: number;
  /** Environment setup per job on an own cluster, where the environment persists (average team). */
  setupHoursOwn: number;
  /** Hardware interruptions per GPU-hour held (Llama 3: ≈2×10⁻⁵). */
  hwInterruptionsPerGpuHour: number;
  /** Probability that a job fails for software or infrastructure reasons. */
  swFailureProbabilityPerJob: number;
  /** Checkpoint interval; 0 means no checkpoints (a failure loses half the job on average). */
  checkpointIntervalHours: number;
  detectHoursManual: number;
  restartHoursManual: number;
  detectHoursAutomatic: number;
  restartHoursAutomatic: number;
  engineerHoursPerFailureManual: number;
  engineerHoursPerFailureAutomatic: number;
}

export interface ComplianceInput {
  /** `domestic`: price premium of in-country providers for rent and platform. */
  domesticPremiumFraction: number;
  /** `dedicated`: premium of a dedicated (single-tenant) platform deployment. */
  dedicatedPremiumFraction: number;
  /** `dedicated`: utilization a dedicated pool reaches (pooling only over own jobs). */
  dedicatedUtilization: number;
}

/** A dated point of a price path: the index (1 = today's price) at a month of the horizon. */
export interface PricePathPoint {
  month: number;
  index: number;
}

/** The price path presets (price-path-presets.ts) and a path read from a file. */
export const PRICE_SHAPE_IDS = ['shortage', 'observed', 'imported', 'steady'] as const;
export type PriceShapeId = (typeof PRICE_SHAPE_IDS)[number];

/**
 * A shaped price path of GPU-time (model v4): dated points interpolated in log space, flat before the
 * first and after the last. `name` and `source` are what the user sees (a preset's name is its id's
 * translation; an imported file's is its name and the source it states).
 */
export interface PriceShape {
  preset: PriceShapeId;
  name: string;
  source: string;
  /** At least one point, months ascending and distinct. */
  points: PricePathPoint[];
}

export interface FinanceInput {
  /**
   * Yearly decline of the market price of GPU-time: rent and platform bills follow it month by month
   * (month 1 at today's price). Negative: a rise. Used while `gpuTimePriceShape` is null.
   */
  gpuTimePriceDeclineFractionPerYear: number;
  /** A shaped path of GPU-time prices, or null for the steady path at the yearly decline (model v4). */
  gpuTimePriceShape: PriceShape | null;
  /**
   * Term GPU-time on a path of its own (model v4, separate paths per market): the price a commitment
   * pays (the hybrid's reserved baseline, the ladder's term tiers and the platform's reservation) is
   * this path's index at the month it is held. Null: terms follow the on-demand path above (v13).
   */
  termPriceShape: PriceShape | null;
  /**
   * Hardware purchase on a path of its own (model v4, separate paths per market): a batch bought
   * later in the horizon — each refresh when a batch's life ends — pays today's price × this path's
   * index at the month it is bought. The first cluster is ordered today at the price entered. Null:
   * every batch at today's price (v14).
   */
  hardwarePriceShape: PriceShape | null;
  /**
   * Used hardware on a path of its own: what a batch fetches when sold is today's price × this path's
   * index at the month of the sale × the resale decline for its age (never above its book value).
   * Null: resale follows the hardware purchase path (used prices track new ones).
   */
  resalePriceShape: PriceShape | null;
  /** Yearly decline of the resale value of owned accelerators (iteration risk). */
  resaleValueDeclineFractionPerYear: number;
  /**
   * The cost of capital: the discount rate of the net present value and, in the economic view, of the
   * capital charge (capital-charge.ts).
   */
  discountRateFractionPerYear: number;
  /**
   * Which figures every comparison ranks (model v4): `economic` — the capital tied up in hardware
   * charged at the cost of capital (the default); `accounting` — straight-line depreciation, for the P&L.
   */
  costView: 'economic' | 'accounting';
  /**
   * What a cluster the team already owns counts as (schema v16, docs/model.md §10 "The marginal lens"),
   * the same for every way: `marginal` — what is sunk is not a cost (keeping forgoes what it fetches
   * today); `full` — the books as they stand (keeping carries its book value, selling writes off book −
   * market). Read only when `existing` is set.
   */
  lens: 'marginal' | 'full';
}

/**
 * A cluster the team already owns (schema v16): whole servers of the self-build's GPU and server,
 * `ageMonths` old at month 1, bought at `pricePaidCnyPerServer` each (existing-cluster.ts).
 */
export interface ExistingClusterInput {
  servers: number;
  ageMonths: number;
  pricePaidCnyPerServer: number;
}

/**
 * Labelled overrides used by presets that reproduce an article's own figures (docs/model.md §6). `null`
 * means "use the general formula". The UI shows `note` next to every number an override produced.
 */
export interface CalibrationInput {
  rentSetupCnyPerJob: number | null;
  platformSetupCnyPerJob: number | null;
  rentCostPerFailureCny: number | null;
  platformCostPerFailureCny: number | null;
  note: string | null;
}

export interface ThroughputInput {
  /** Output per useful GPU-hour from a measured test run (e.g. tokens); `null` when not measured. */
  unitsPerUsefulGpuHour: number | null;
  /** Name of the unit of output, e.g. "tokens". */
  unitName: string;
}

/**
 * What the Monte Carlo analysis and the tornado treat as uncertain (schema v2). Each range is an
 * absolute low/high of one `PARAMETERS` input (same unit as the input), defaulting to the researched
 * `typical` range of docs/data-sources.md; inputs without a range stay at the scenario's value.
 */
export interface UncertaintyInput {
  /** Low and high of each uncertain input, keyed by its dotted `PARAMETERS` path. */
  ranges: Record<string, [number, number]>;
  /** Monte Carlo draws (default 10,000). */
  draws: number;
  /** Seed of the Monte Carlo's random numbers: the same seed gives the same result. */
  seed: number;
}

/** The GPU model one way of getting GPUs uses (docs/model.md §8). */
export interface HardwareChoice {
  /** A catalogue model id (src/engine/catalog), or null for the user's own figures. */
  modelId: string | null;
  /**
   * Work one GPU of this model does in an hour, relative to one GPU of the reference model: demand of
   * H reference GPU-hours takes H ÷ ratio GPU-hours here. Default: the ratio of dense BF16 TFLOPS;
   * editable, because real training speed-ups differ.
   */
  throughputRatio: number;
}

/** Hardware choices (schema v4): demand is measured in GPU-hours of the reference GPU. */
export interface HardwareInput {
  /** The catalogue model demand is measured in; null when the user gave their own figures. */
  referenceModelId: string | null;
  /** Dense BF16 TFLOPS of one reference GPU: turns useful reference GPU-hours into PFLOP-hours. */
  referenceDenseTflopsPerGpu: number;
  selfBuild: HardwareChoice;
  rent: HardwareChoice;
  platform: HardwareChoice;
  /**
   * Inputs a chosen model fills that the user then changed by hand (dotted input paths): the app marks
   * them as the user's, and reports list them.
   */
  userEdited: string[];
}

/**
 * The optional VAT view of the cash report (schema v4, cash-report.ts). Off by default: the engine
 * then treats every price as the cost it is, exactly as before. On, it restates the cash by year on
 * one basis: what the company really bears, i.e. net of input VAT when that is deductible, gross
 * when it is not. Hardware (servers, network, fit-out, their resale) and electricity carry the
 * hardware (goods) rate; renting whole servers (leasing of tangible movable property) and the own
 * cluster's maintenance (repairs) the leasing rate (schema v8); bought services (platform bills,
 * colocation, licences) the services rate; staff and time carry none. The contract's invoiced tax
 * item decides which applies, so all three are editable.
 */
export interface VatInput {
  enabled: boolean;
  /** The prices typed into the scenario include VAT (true) or exclude it (false). */
  pricesIncludeVat: boolean;
  /** VAT on hardware and other goods, e.g. 0.13 (China's general rate for goods). */
  hardwareRateFraction: number;
  /** VAT on bought services such as the platform, cloud and colocation, e.g. 0.06 (modern services). */
  servicesRateFraction: number;
  /**
   * VAT on renting whole servers and on repairs (schema v8), e.g. 0.13 (leasing of tangible movable
   * property, repair and processing services).
   */
  leasingRateFraction: number;
  /** Input VAT can be credited against output VAT (a general VAT payer), so it is not a cost. */
  inputVatDeductible: boolean;
}

/** Where a measured allocation efficiency came from (docs/model.md §9: measured beats assumed). */
export const MEASURED_ORIGINS = ['typed', 'schedulerLog', 'telemetry'] as const;
export type MeasuredOrigin = (typeof MEASURED_ORIGINS)[number];

/** Allowed range of a measured allocation efficiency (useful ÷ held GPU-hours), docs/model.md §9. */
export const MEASURED_EFFICIENCY = { min: 0.05, max: 0.95 } as const;

/**
 * An allocation efficiency the team measured (useful ÷ held GPU-hours), used as given — even above
 * the platform's — instead of the by-rule value of docs/model.md §2 and §9.
 */
export interface MeasuredEfficiency {
  /** Useful ÷ held GPU-hours, 0.05–0.95. */
  value: number;
  origin: MeasuredOrigin;
  /** What it was measured from, e.g. a log file's name and period; null when typed without one. */
  label: string | null;
}

/** Measured efficiencies of each way of getting GPUs (schema v5); null = by rule. */
export interface MeasuredInput {
  selfBuild: MeasuredEfficiency | null;
  rent: MeasuredEfficiency | null;
  platform: MeasuredEfficiency | null;
}

export type EfficiencyOrigin = 'rule' | MeasuredOrigin;

/** The efficiency a way of getting GPUs is priced at, and where it came from. */
export interface WayEfficiency {
  /** Useful ÷ held GPU-hours used in pricing. */
  value: number;
  origin: EfficiencyOrigin;
  /** A measured value's label (its file and period); null by rule. */
  label: string | null;
  /** What the rule gives, shown beside a measured value. */
  byRule: number;
}

/**
 * How much the workload lets whole servers and silos pack like a pool (each factor in 0–1; their
 * product is the workload factor).
 */
export interface WorkloadShape {
  /**
   * Steadiness of the weekly curve: 1 when its peak ≤ 1.5 × its lowest week, 0 at 3× or more
   * (linear between); a job-form demand is one flat week (1).
   */
  steadiness: number;
  /**
   * Round the clock (seed 000's "训练频率": frequent training keeps GPUs busy, little idle), read
   * from how long one job holds its servers: 0 for jobs of a day or less (the seed example's 24 h
   * jobs leave servers idle between runs), 1 for jobs of a week or more, linear between. It depends
   * on the workload's shape, never its size, so moving the load-rate slider never moves an
   * efficiency.
   */
  frequency: number;
}

export interface Efficiencies {
  rent: WayEfficiency;
  platform: WayEfficiency;
  /** The own cluster (siloed or pooled, as `selfBuild.privatePool` says). */
  own: WayEfficiency;
  /** By-rule own-cluster efficiencies at the team's level, after the workload rule. */
  siloed: number;
  pooled: number;
  workload: WorkloadShape;
}

export interface Scenario {
  schemaVersion: 17;
  name: string;
  demand: DemandInput;
  horizonMonths: number;
  teamCapability: TeamCapability;
  compliance: Compliance;
  selfBuild: SelfBuildInput;
  rent: RentInput;
  platform: PlatformInput;
  hybrid: HybridInput;
  operations: OperationsInput;
  complianceCosts: ComplianceInput;
  finance: FinanceInput;
  calibration: CalibrationInput;
  throughput: ThroughputInput;
  uncertainty: UncertaintyInput;
  /**
   * Money inputs the user typed in US dollars, by `PARAMETERS` path, exactly as typed. The engine
   * prices in CNY only and reads the CNY field; the app keeps that field at amount × the exchange rate
   * (one commit with the rate), so a link reopens to the dollars that were typed and the same numbers.
   */
  usdInputs: Record<string, number>;
  hardware: HardwareInput;
  /** The optional VAT view of the cash report (schema v4). */
  vat: VatInput;
  /** Measured allocation efficiencies (schema v5, model v3). */
  measured: MeasuredInput;
  /** The training plan (schema v6); the demand when `demand.mode` is `plan`. */
  trainingPlan: TrainingPlanInput;
  /** Where the own cluster stands, and the factors for energy and emissions (schema v11, sites.ts). */
  energy: EnergyInput;
  /** Every way to commit: the tiers the commitment ladder may use and their terms (schema v13, ladder/). */
  ladder: LadderInput;
  /** A cluster the team already owns (schema v16, existing-cluster.ts); null: nothing owned before month 1. */
  existing: ExistingClusterInput | null;
}

/**
 * The commitment ladder's tiers (docs/model.md §10 "The ladder"), in screening order: committed tiers
 * hold GPUs every month from the bottom of the demand curve, variable tiers serve what lies above.
 */
export const LADDER_TIER_IDS = [
  'own',
  'reserved3y',
  'reserved1y',
  'monthly',
  'platformReserved',
  'onDemand',
  'spot',
  'platformElastic',
] as const;
export type LadderTierId = (typeof LADDER_TIER_IDS)[number];

/** How much of a term's price is paid at its start: none, half, or all of it. */
export const LADDER_PREPAY_IDS = ['none', 'part', 'all'] as const;
export type LadderPrepay = (typeof LADDER_PREPAY_IDS)[number];

export interface LadderInput {
  /** The tiers the ladder may use; a tier compliance rules out is off whatever this says. */
  tiers: Record<LadderTierId, boolean>;
  /** Whole servers reserved from a cloud for three years, one year or a month: off on-demand price. */
  reserved3yDiscountFraction: number;
  reserved1yDiscountFraction: number;
  monthlyDiscountFraction: number;
  /** The share of each 3-year and 1-year term paid at its start (valued at the cost of capital). */
  prepay: { reserved3y: LadderPrepay; reserved1y: LadderPrepay };
  /** Spot (preemptible) whole servers: off on-demand price, and how often a server is taken back. */
  spotDiscountFraction: number;
  spotPreemptionsPerServerMonth: number;
}

/** A site preset, or `custom` when the site's values are not a preset's (sites.ts `siteOf`). */
export type SiteId = 'custom' | 'coastalCity' | 'westernHub';

/**
 * Energy and emissions (schema v11, docs/model.md §11). The site's power price, PUE and build lead
 * time are the own cluster's fields (`selfBuild`); these are the rest of the site and the factors for
 * the providers' GPUs (rented servers, the platform), which are estimates.
 */
export interface EnergyInput {
  /** The site's grid emission factor, kg CO₂e per kWh (scope 2). */
  gridKgCo2ePerKwh: number;
  /** The power the site can give the cluster, MW at the meter (IT load × PUE); null = no cap. */
  powerCapMw: number | null;
  /** The providers' data centres: PUE and grid emission factor (an estimate; their own figures rarely published). */
  providerPue: number;
  providerGridKgCo2ePerKwh: number;
  /** Embodied emissions of one GPU (manufacture, cradle to gate), kg CO₂e, spread over its depreciation life (scope 3). */
  embodiedKgCo2ePerGpu: number;
  /**
   * A carbon price, CNY per t CO₂e (0 = none): the own cluster's scope 2 emissions priced as a line in
   * its energy (the providers' carbon is in their prices).
   */
  carbonPriceCnyPerTonne: number;
  /**
   * Energy the team's own logs measured (schema v12; docs/model.md §11 "Measured replaces estimated"),
   * or null. Kept as measured; what it replaces is derived (sites.ts `measuredEnergyOrigin`).
   */
  measured: MeasuredEnergy | null;
}

/**
 * IT energy (without PUE) a cluster log measured: Slurm's ConsumedEnergyRaw of the GPU jobs (the
 * servers' energy, `nodes`) or the GPUs' power from telemetry (the GPU boards only, `gpus`).
 */
export interface MeasuredEnergy {
  origin: Extract<MeasuredOrigin, 'schedulerLog' | 'telemetry'>;
  scope: 'nodes' | 'gpus';
  kwh: number;
  /** GPU-hours the energy covers: the jobs' allocated GPU-hours, or the sampled GPU-hours. */
  coveredGpuHours: number;
  /** kwh ÷ coveredGpuHours: kW per GPU held by a job (nodes) or per GPU sampled (gpus). */
  kwPerGpu: number;
  /** The log's file name and period. */
  label: string | null;
}

export type Breakdown = Record<CostCategory, number>;

export type IneligibleReason = 'onPremPublicRent' | 'onPremPublicPlatform' | 'onPremPublicBurst';

export interface StrategyResult {
  id: StrategyId;
  eligible: boolean;
  ineligibleReason: IneligibleReason | null;
  /**
   * Average monthly cost over the horizon in the scenario's cost view: capex depreciated straight-line
   * (accounting), plus the capital charge in the economic view (capital-charge.ts).
   */
  monthlyCny: number;
  annualCny: number;
  /** monthlyCny × horizonMonths. */
  horizonCny: number;
  breakdownMonthlyCny: Breakdown;
  /** Useful GPU-hours ÷ GPU-hours paid for. */
  utilization: number;
  /** Cost per useful GPU-hour of the reference GPU (the same work for every strategy). */
  costPerUsefulGpuHourCny: number;
  /**
   * Cost per useful PFLOP-hour: monthly cost ÷ (useful reference GPU-hours × the reference GPU's dense
   * BF16 TFLOPS ÷ 1,000). Peak dense throughput, not measured model FLOPs.
   */
  costPerUsefulPflopHourCny: number;
  /** GPU-hours of this strategy's own GPU model that do the month's work (reference hours ÷ ratio). */
  usefulModelGpuHoursPerMonth: number;
  /** Cost per million units of output, when a throughput is given. */
  costPerMillionUnitsCny: number | null;
  /**
   * Cash out per month from the order (index 0) to the horizon (cash.ts): bills at each month's market
   * price; an owned cluster pays the cheaper rental for its work during the build lead time, capex at
   * delivery (month 0 without a lead time), then its running cash (depreciation and iteration risk
   * are not cash); worn-out servers are bought again at the end of their depreciation life, the old
   * ones sold for what they fetch.
   */
  cashflowCny: number[];
  /**
   * What the owned hardware still fetches (its resale value) at the end of the cash flow's horizon;
   * credited in the NPV. Without a build lead time, horizonCny = Σ cashflowCny − residualValueCny
   * exactly; with one, the cost prices a full horizon of service from delivery while the cash flow ends
   * the horizon that many months into service (docs/model.md "Cash flow"). 0 for rent and platform.
   */
  residualValueCny: number;
  /** Net present value of `cashflowCny` at the scenario's discount rate. */
  npvCny: number;
  /** Capex paid in month 0 (0 for rent and platform). */
  capexCny: number;
  /**
   * The capital charge a month inside `breakdownMonthlyCny.compute` (economic view; 0 in the
   * accounting view and for ways that own no hardware).
   */
  capitalChargeMonthlyCny: number;
  /** Owned GPUs (self-build capacity, hybrid owned baseline) or reserved GPUs (hybrid reserved). */
  baselineGpus: number;
  /** GPUs billed on average per month. */
  averageBilledGpus: number;
  /** Share of useful demand served by burst capacity (self-build overflow, hybrid burst). */
  burstShare: number;
  /**
   * The build lead time line, per month (part of the `time` category): the rental of the owned
   * cluster's work while it is being built, spread over the horizon. 0 without an owned cluster.
   */
  leadTimeMonthlyCny: number;
  /** Failures per month (hardware interruptions + software failures). */
  failuresPerMonth: number;
}

export interface DemandStats {
  weeks: number;
  /** Useful GPU-hours per month. */
  usefulGpuHoursPerMonth: number;
  meanGpus: number;
  /** 15th percentile of weekly demand (seed 003 §5: the steady baseline). */
  baselineGpus: number;
  /** 95th percentile of weekly demand. */
  peakGpus: number;
  maxGpus: number;
  troughGpus: number;
  /** peak ÷ baseline (∞ is reported as null). */
  peakToBaseline: number | null;
  shape: 'steady' | 'pulse' | 'growth' | 'empty';
  jobsPerMonth: number;
}

export type DecisionFactor = 'load' | 'scale' | 'team' | 'compliance';

/** A reason or flip threshold as data: a code the UI translates and the numbers it needs. */
export interface ReasonItem {
  factor: DecisionFactor;
  code: string;
  params: Record<string, number | string>;
}

/** The two rental ways self-build is compared with, each by name (docs/model.md §5). */
export const COMPARATOR_IDS = ['rent', 'platform'] as const;
export type ComparatorId = (typeof COMPARATOR_IDS)[number];

/**
 * Self-build against one named comparator: where their cost curves meet on the load-rate axis and
 * when self-build's cumulative cash catches up. Where they never meet in 0–100 %, the prices that
 * would make them meet at full load.
 */
export interface Comparison {
  comparator: ComparatorId;
  /** Whether the comparator may be used under the scenario's compliance level. */
  eligible: boolean;
  /** Load rate at which self-build turns from dearer to cheaper than the comparator; null if never. */
  crossoverLoadRate: number | null;
  /**
   * First month (≥ 1, within ten years) in which cumulative self-build cash is no more than the
   * comparator's; null when never.
   */
  paybackMonth: number | null;
  /**
   * The scenario's horizon. One payback rule: both paybacks (this cash one and the cash report's
   * discounted one) are stated against the horizon; a cash payback after it is named as such.
   */
  horizonMonths: number;
  /**
   * When there is no crossover: the server price at which self-build would cost the same as the
   * comparator at 100 % load, and the comparator's own price at which it would (CNY per server-hour
   * for rent, per GPU-hour for the platform). null where no positive price does it.
   */
  crossAt: { serverPriceCny: number | null; comparatorPrice: number | null } | null;
}

/** The owned capacity that minimises cost for this demand (the cheapest owned baseline + burst). */
export interface RightSize {
  /** Cost-minimising owned GPUs (whole servers); 0 when owning nothing is cheapest. */
  gpus: number;
  /** Monthly cost of owning that many GPUs and bursting the rest. */
  monthlyCny: number;
  /** Share of useful demand that bursts at that size (0: the right-sized cluster serves it all). */
  burstShare: number;
  /** The scenario's owned capacity (whole servers). */
  currentGpus: number;
  /** Self-build as configured − right-sized, per month (≥ 0). */
  savingMonthlyCny: number;
}

export interface Recommendation {
  strategy: StrategyId;
  /** Owned or reserved baseline GPUs when the recommendation is hybrid; otherwise null. */
  hybridBaselineGpus: number | null;
  /**
   * When the recommendation is to own and a smaller (or larger) owned cluster is cheaper than the
   * configured one: own this many GPUs instead of `currentGpus`. Otherwise null.
   */
  ownGpus: number | null;
  runnerUp: StrategyId | null;
  /** Runner-up monthly cost − winner monthly cost. */
  savingMonthlyCny: number;
  /** saving ÷ runner-up monthly cost. */
  savingFraction: number;
  reasons: ReasonItem[];
  /** What would change the decision. */
  flips: ReasonItem[];
  /**
   * Set when the winner and the runner-up cost the same to within 0.05 % (a saving that would print
   * as 0.0 %): why they are equal, so the verdict reads as a tie, never "0.0 % cheaper".
   */
  tie: TieReason | null;
  /**
   * Set when the own cluster is too small for the demand (load rate above 100 %): self-build (and any
   * comparison against it) is priced with the work it cannot hold sent to the platform as burst, or,
   * where data must stay on premises, left waiting. Every verdict sentence says so (issue 44).
   */
  overCapacity: OverCapacity | null;
}

/** An own cluster whose load rate is above 100 %: its size, the load, and where the rest goes. */
export interface OverCapacity {
  capacityGpus: number;
  loadRate: number;
  /** `platform`: the work above capacity bursts to the platform; `waits`: no public burst allowed. */
  rest: 'platform' | 'waits';
}

/**
 * Why two strategies cost the same: the cheapest hybrid owns the whole cluster (it is self-build),
 * or owns nothing (it is the platform), or the two simply meet.
 */
export type TieReason = 'hybridOwnsAll' | 'hybridOwnsNothing' | 'sameCost';

/** Keep's capital, replacements and sales of the existing servers, by month of the horizon. */
export interface ExistingCapitalFlow {
  /** Month of the horizon (0 = today, before month 1's bills). */
  month: number;
  purchaseCny: number;
  saleCny: number;
}

export interface ExistingCluster {
  servers: number;
  gpus: number;
  ageMonths: number;
  /** What the cluster cost: servers × price paid × (1 + network + storage + fit-out) + power retrofit. */
  paidCny: number;
  /** B₀: its straight-line book value today. */
  bookNowCny: number;
  /** V₀: what it would fetch today (the resale rule on what it cost, never above its book). */
  marketNowCny: number;
  /** B₀ − V₀: what selling writes off under the full lens. */
  writeOffCny: number;
  lens: FinanceInput['lens'];
  /** The ways that keep it (an own cluster: self-build, the hybrid's owned baseline), a month. */
  keep: ExistingLines;
  /** The ways that sell it (rent, the platform, the hybrid's reserved baseline), a month. */
  sell: ExistingLines;
  /** Keep's cash: each replacement bought and worn-out batch sold (month ≥ 0). */
  keepFlows: ExistingCapitalFlow[];
  /** What the servers in service fetch at the horizon's end (keep). */
  keepEndValueCny: number;
  /** Maintenance of the existing servers a month (cash): a share of what they cost a year. */
  maintenanceCny: number;
}

/** An existing cluster's capital lines in a way's monthly figures (each 0 where it has none). */
export interface ExistingLines {
  /** In compute: depreciation (of B₀ under the full lens, of V₀ under the marginal one, and of replacements). */
  depreciationCny: number;
  /** Iteration risk: book − resale of each batch sold or held (keep), the write-off (sell, full lens). */
  iterationCny: number;
  /** The economic view's capital charge on that capital (0 in the accounting view). */
  capitalChargeCny: number;
}

export interface Evaluation {
  strategies: Record<StrategyId, StrategyResult>;
  demand: DemandStats;
  /** Mean useful demand ÷ self-built capacity. */
  loadRate: number;
  /** Self-build against renting whole servers and against the pooled platform, each named. */
  comparisons: Record<ComparatorId, Comparison>;
  /**
   * Allocation efficiency of the own cluster at the team's level (siloed, or pooled with a private
   * scheduler): the highest load rate it can serve; above it the rest bursts (or waits on premises).
   */
  ownEfficiency: number;
  /** Every way's allocation efficiency, measured or by rule, with its origin (docs/model.md §9). */
  efficiencies: Efficiencies;
  /** Months from order to first workload used for self-build. */
  buildLeadTimeMonths: number;
  rightSize: RightSize;
  /** Which strategies used calibration overrides (their numbers carry `scenario.calibration.note`). */
  calibrated: StrategyId[];
  recommendation: Recommendation;
  /** A cluster already owned, what it is worth and its capital lines each way (existing-cluster.ts); null without. */
  existing: ExistingCluster | null;
  /** What each way asks of the on-demand market, against the GPUs one can get on demand (model/market-use.ts). */
  market: OnDemandMarket;
}

/** One way's draw on the on-demand market (whole servers by the hour, or the platform's elastic GPUs). */
export interface MarketUse {
  /** GPUs it holds from the market in the busiest week, of its own GPU model. */
  peakGpus: number;
  /**
   * Useful GPU-hours a month (horizon average) beyond what the market's GPUs can serve at once, in the
   * way's own GPU model's hours (the hybrid's: its baseline's model); compare ways by `beyondShare`.
   */
  beyondUsefulGpuHoursPerMonth: number;
  /** That share of all the way's useful GPU-hours (its whole work). */
  beyondShare: number;
  /** Whether the market serves all the way's work at once (none of it waits; whole jobs only). */
  fits: boolean;
  /**
   * While an own cluster is built (its build lead time), the work its new servers will do is rented or
   * pooled meanwhile, on top of its burst: that draw on the same market, or null when there is none
   * (no own cluster, no lead time, no new servers, or the work waits on premises). `peakGpus` and
   * `fits` above are the running cluster's; this is the build months'.
   */
  buildLeadTime: BuildLeadMarketUse | null;
}

/** What an own cluster's build lead time asks of the on-demand market (docs/model.md §10). */
export interface BuildLeadMarketUse {
  /** The build lead time in months (a fractional last month counts for its fraction). */
  months: number;
  /** Who serves the new servers' work meanwhile (the cheaper, as the lead time line prices it). */
  via: 'rent' | 'platform';
  /** GPUs held from the market at once in the busiest week of those months: rented and pooled together. */
  peakGpus: number;
  /** Useful GPU-hours over those months the market is asked for: the new servers' work and the burst. */
  askedUsefulGpuHours: number;
  /** Of them, beyond what the market's GPUs can serve at once (whole jobs only; within rounding none). */
  beyondUsefulGpuHours: number;
  /** beyond ÷ asked (0 when nothing is asked). */
  beyondShare: number;
  fits: boolean;
}

/** The GPUs one can get on demand (the deadlines' assumption) and each way's draw on them. */
export interface OnDemandMarket {
  onDemandGpus: number;
  /** null: the way takes nothing from the market (ineligible, or an own cluster with no burst on premises). */
  ways: Record<StrategyId, MarketUse | null>;
}

export interface LoadRatePoint {
  loadRate: number;
  /** Monthly cost per strategy; null when the strategy is ineligible. */
  monthlyCny: Record<StrategyId, number | null>;
  winner: StrategyId;
}
