/**
 * Every numeric input of a scenario with its unit, allowed range, default and the default's source.
 * One table serves the engine (defaults), the schema in src/scenario (ranges) and the UI (labels, hover
 * text with source and date). Sources: docs/data-sources.md unless stated; "as of" is the date of
 * the research in that file.
 */

export type ParameterGroup = 'workload' | 'selfBuild' | 'rent' | 'platform' | 'operations' | 'finance';

export type ParameterUnit =
  | 'cny'
  | 'cnyPerHour'
  | 'cnyPerServerHour'
  | 'cnyPerGpuHour'
  | 'cnyPerKwh'
  | 'cnyPerKw'
  | 'cnyPerKwMonth'
  | 'cnyPerYear'
  | 'cnyPerGpuMonth'
  | 'cnyPerJob'
  | 'fraction'
  | 'fractionPerYear'
  | 'gpus'
  | 'gpusPerEngineer'
  | 'engineers'
  | 'hours'
  | 'jobsPerMonth'
  | 'kw'
  | 'months'
  | 'years'
  | 'perGpuHour'
  | 'perServerMonth'
  | 'ratio';

export type Confidence = 'H' | 'M' | 'L';

export interface ParameterMeta {
  /** Dotted path in the Scenario, e.g. `selfBuild.serverPriceCny`. */
  path: string;
  group: ParameterGroup;
  unit: ParameterUnit;
  min: number;
  max: number;
  /** Must be a whole number. */
  integer?: true;
  defaultValue: number;
  /** Typical range from the research, shown as guidance (may be narrower than min–max). */
  typical: readonly [number, number] | null;
  source: string;
  asOf: string;
  confidence: Confidence;
}

const AS_OF = '2026-03';

function p(
  path: string,
  group: ParameterGroup,
  unit: ParameterUnit,
  defaultValue: number,
  [min, max]: readonly [number, number],
  typical: readonly [number, number] | null,
  source: string,
  confidence: Confidence,
  integer = false,
): ParameterMeta {
  const meta: ParameterMeta = {
    path,
    group,
    unit,
    min,
    max,
    defaultValue,
    typical,
    source,
    asOf: AS_OF,
    confidence,
  };
  if (integer) meta.integer = true;
  return meta;
}

export const PARAMETERS: readonly ParameterMeta[] = [
  // Workload
  p(
    'demand.jobsPerMonth',
    'workload',
    'jobsPerMonth',
    20,
    [0, 100_000],
    null,
    'industry article on renting GPUs vs a pooled compute platform (worked example): 20 training jobs a month',
    'M',
  ),
  p(
    'demand.hoursPerJob',
    'workload',
    'hours',
    24,
    [0.1, 2_000],
    null,
    'industry article on renting GPUs vs a pooled compute platform (worked example): 24 h per job',
    'M',
  ),
  p(
    'demand.gpusPerJob',
    'workload',
    'gpus',
    8,
    [1, 100_000],
    null,
    'industry article on renting GPUs vs a pooled compute platform (worked example): 8 GPUs per job',
    'M',
    true,
  ),
  p(
    'horizonMonths',
    'finance',
    'months',
    36,
    [12, 72],
    [12, 72],
    'industry article on self-build vs rent (cost items, four-step self-test): amortise over three years; 1–6 years allowed',
    'H',
    true,
  ),

  // Self-build
  p(
    'selfBuild.capacityGpus',
    'selfBuild',
    'gpus',
    8,
    [0, 1_000_000],
    null,
    'sized to the demand peak, in whole servers',
    'M',
    true,
  ),
  p(
    'selfBuild.gpusPerServer',
    'selfBuild',
    'gpus',
    8,
    [1, 16],
    [8, 8],
    'HGX/DGX-class servers carry 8 GPUs',
    'H',
    true,
  ),
  p(
    'selfBuild.serverPriceCny',
    'selfBuild',
    'cny',
    2_000_000,
    [100_000, 10_000_000],
    [1_200_000, 2_800_000],
    '8×H800 ≈2.0 M CNY at launch, 2.8 M at the Oct-2023 peak (Reuters; 智东西); DGX H100 ≈$270k (SemiAnalysis BOM via Epoch AI)',
    'M',
  ),
  p(
    'selfBuild.networkFraction',
    'selfBuild',
    'fraction',
    0.12,
    [0, 0.5],
    [0.05, 0.2],
    'Epoch AI: interconnect 9–13 % of frontier training cost; IB fabric 3.5–11 % by cluster size (2024)',
    'M',
  ),
  p(
    'selfBuild.storageFraction',
    'selfBuild',
    'fraction',
    0.05,
    [0, 0.5],
    [0.03, 0.1],
    'Epoch AI 2024 cluster cost sheet',
    'L',
  ),
  p(
    'selfBuild.fitOutFraction',
    'selfBuild',
    'fraction',
    0.05,
    [0, 0.5],
    [0.03, 0.1],
    'Epoch AI 2024 cluster cost sheet',
    'L',
  ),
  p(
    'selfBuild.powerRetrofitCnyPerKw',
    'selfBuild',
    'cnyPerKw',
    0,
    [0, 200_000],
    [0, 108_000],
    '0 when colocated; own building ≈$11.7 M per MW of IT load ≈84,000 CNY/kW (Cushman & Wakefield 2025)',
    'H',
  ),
  p(
    'selfBuild.depreciationYears',
    'selfBuild',
    'years',
    5,
    [1, 10],
    [3, 6],
    'hyperscalers moved to 5–6 years (10-K filings 2022–25); Amazon partly back to 5 for AI (2025)',
    'H',
  ),
  p(
    'selfBuild.residualFraction',
    'selfBuild',
    'fraction',
    0.1,
    [0, 0.5],
    [0, 0.3],
    '10-K filings 2022–25, straight-line to a residual',
    'H',
  ),
  p(
    'selfBuild.maintenanceFractionPerYear',
    'selfBuild',
    'fractionPerYear',
    0.04,
    [0, 0.3],
    [0.03, 0.2],
    'maintenance contracts ≈10 %/yr, DGX support ≈20 %/yr of list',
    'L',
  ),
  p(
    'selfBuild.powerMaxKwPerServer',
    'selfBuild',
    'kw',
    10.2,
    [0.5, 30],
    [5, 10.2],
    'NVIDIA DGX H100 datasheet: 10.2 kW maximum',
    'H',
  ),
  p(
    'selfBuild.powerBusyKwPerServer',
    'selfBuild',
    'kw',
    8.2,
    [0.1, 30],
    [4, 9],
    'estimate: ≈80 % of maximum under training load',
    'L',
  ),
  p(
    'selfBuild.powerIdleKwPerServer',
    'selfBuild',
    'kw',
    3,
    [0, 30],
    [1.5, 4],
    'estimate: idle draw of an 8-GPU server',
    'L',
  ),
  p(
    'selfBuild.pue',
    'selfBuild',
    'ratio',
    1.3,
    [1, 3],
    [1.1, 1.6],
    'China average 1.49 (2021), new large DCs < 1.3 (NDRC 2021); global 1.56 (Uptime 2024)',
    'H',
  ),
  p(
    'selfBuild.electricityCnyPerKwh',
    'selfBuild',
    'cnyPerKwh',
    0.6,
    [0, 5],
    [0.35, 0.9],
    'western hubs ≈0.4 with 2025 subsidies (FT); coastal industrial 0.6–0.9',
    'M',
  ),
  p(
    'selfBuild.colocationCnyPerKwMonth',
    'selfBuild',
    'cnyPerKwMonth',
    700,
    [0, 5_000],
    [400, 1_300],
    'US wholesale $184/kW-month H2 2024 (CBRE); China: estimate',
    'L',
  ),
  p(
    'selfBuild.privatePoolLicenseCnyPerGpuMonth',
    'selfBuild',
    'cnyPerGpuMonth',
    350,
    [0, 10_000],
    [0, 1_000],
    'estimate: ≈0.47 CNY per GPU-hour, the Alibaba ACK Lingjun management fee (2025), × 730 h',
    'L',
  ),

  p(
    'selfBuild.siloedEfficiency',
    'selfBuild',
    'fraction',
    0.45,
    [0.15, 0.9],
    [0.35, 0.55],
    'own cluster run as silos, average team (±5 points a team level): industry article on self-build vs rent — many self-built clusters average under 40 % utilization, pooling lifts 40–50 % to 70 %+; Microsoft Philly: 25–51 % of reserved GPU time idle (USENIX ATC 2019)',
    'L',
  ),
  p(
    'selfBuild.pooledEfficiency',
    'selfBuild',
    'fraction',
    0.7,
    [0.15, 0.95],
    [0.6, 0.8],
    'own cluster with a private pooling scheduler, average team (±5 points a team level, never above the platform): industry article on self-build vs rent — pooling lifts utilization to 70 %+; Meta RSC ≈80 % (HPCA 2025)',
    'L',
  ),
  // Rent
  p(
    'rent.priceCnyPerServerHour',
    'rent',
    'cnyPerServerHour',
    100,
    [1, 2_000],
    [60, 300],
    'industry article on renting GPUs vs a pooled compute platform (worked example): 100 CNY per 8-GPU server-hour; 8×H100 node ≈70k CNY/month late 2024 (cnBeta)',
    'M',
  ),
  p(
    'rent.gpusPerServer',
    'rent',
    'gpus',
    8,
    [1, 16],
    [8, 8],
    'whole 8-GPU servers (industry article on renting GPUs vs a pooled compute platform (worked example))',
    'H',
    true,
  ),
  p(
    'rent.utilization',
    'rent',
    'fraction',
    0.5,
    [0.05, 1],
    [0.3, 0.7],
    'industry article on renting GPUs vs a pooled compute platform (worked example): whole-server rental ≈50 %; Microsoft Philly idle 25–51 % of reserved time',
    'M',
  ),

  // Platform
  p(
    'platform.priceCnyPerGpuHour',
    'platform',
    'cnyPerGpuHour',
    12.5,
    [0.5, 250],
    [8, 25],
    'industry article on renting GPUs vs a pooled compute platform (worked example): 100 CNY per 8-GPU server-hour = 12.5 per GPU-hour',
    'M',
  ),
  p(
    'platform.premiumFraction',
    'platform',
    'fraction',
    0,
    [0, 1],
    [0, 0.15],
    'Alibaba ACK Lingjun fee ≈0.47 CNY per GPU-hour (≤100 GPUs, 2025)',
    'H',
  ),
  p(
    'platform.utilization',
    'platform',
    'fraction',
    0.75,
    [0.05, 1],
    [0.6, 0.85],
    'industry articles on pooled platforms and on self-build vs rent: pooling lifts 40–50 % to 70 %+; Meta RSC ≈80 % (HPCA 2025)',
    'M',
  ),
  // The commitment ladder's tiers (docs/model.md §10): whole servers on term, on spot.
  p(
    'ladder.reserved3yDiscountFraction',
    'rent',
    'fraction',
    0.45,
    [0, 0.9],
    [0.4, 0.6],
    'three-year commitment discount: 45 % (vendor tables; AWS L40S 3-yr −57 to −62 %, GCP ≈−46 %)',
    'M',
  ),
  p(
    'ladder.reserved1yDiscountFraction',
    'rent',
    'fraction',
    0.25,
    [0, 0.9],
    [0.2, 0.4],
    'one-year commitment discount: 25 % (vendor tables; H100 1-yr contract vs on-demand median ≈−20 %, 2026)',
    'M',
  ),
  p(
    'ladder.monthlyDiscountFraction',
    'rent',
    'fraction',
    0,
    [0, 0.9],
    [0, 0.3],
    'no published monthly-term discount was found: enter your provider quote',
    'L',
  ),
  p(
    'ladder.spotDiscountFraction',
    'rent',
    'fraction',
    0.5,
    [0, 0.95],
    [0.4, 0.7],
    'spot vs on-demand, 8-GPU servers: CoreWeave H100 −60 %, AWS p5en −57 %, Google Cloud a3 −40 % (Sep 2026)',
    'M',
  ),
  p(
    'ladder.spotPreemptionsPerServerMonth',
    'rent',
    'perServerMonth',
    0.2,
    [0, 30],
    [0.05, 1],
    'estimate: AWS Spot Instance Advisor put 8×H100 servers (p5.48xlarge) in the 15–20 % a month interruption band (Thunder Compute, Feb 2026); the band’s top taken',
    'L',
  ),
  p(
    'hybrid.reservedDiscountFraction',
    'platform',
    'fraction',
    0.25,
    [0, 0.9],
    [0.2, 0.4],
    'one-year commitment discount (vendor tables; AWS L40S 3-yr −57 to −62 %)',
    'M',
  ),

  // Operations & failures
  p(
    'operations.engineerCnyPerYear',
    'operations',
    'cnyPerYear',
    500_000,
    [0, 5_000_000],
    [300_000, 900_000],
    'AI engineer pay tier-1 China 620–710k (2025 posts), ×1.3–1.4 loaded',
    'L',
  ),
  p(
    'operations.engineerCnyPerHour',
    'operations',
    'cnyPerHour',
    250,
    [0, 5_000],
    [150, 450],
    '500k ÷ 2,000 working hours (derived)',
    'M',
  ),
  p(
    'operations.gpusPerEngineer',
    'operations',
    'gpusPerEngineer',
    200,
    [10, 10_000],
    [150, 500],
    'HPC rule of thumb ≈1 FTE per 250 processors (2006)',
    'L',
  ),
  p(
    'operations.minEngineers',
    'operations',
    'engineers',
    0.1,
    [0, 10],
    [0.1, 1],
    'an owned cluster always needs some of an engineer (estimate)',
    'L',
  ),
  p(
    'operations.rentOpsFraction',
    'operations',
    'fraction',
    0.25,
    [0, 1],
    [0.1, 0.5],
    'estimate: renting removes hardware work but not scheduling and coordination (industry article on renting GPUs vs a pooled compute platform (worked example): management cost)',
    'L',
  ),
  p(
    'operations.platformOpsFraction',
    'operations',
    'fraction',
    0.05,
    [0, 1],
    [0, 0.1],
    'estimate: the platform runs scheduling, images and recovery (industry article on self-build vs rent (cost items, four-step self-test))',
    'L',
  ),
  p(
    'operations.setupHoursRent',
    'operations',
    'hours',
    2,
    [0, 48],
    [0.5, 8],
    'industry article on renting GPUs vs a pooled compute platform: about 2 h per job to create instances and install CUDA and frameworks (an assumption; no public benchmark)',
    'L',
  ),
  p(
    'operations.setupHoursPlatform',
    'operations',
    'hours',
    0.25,
    [0, 48],
    [0.05, 0.5],
    'industry article on renting GPUs vs a pooled compute platform: 15 minutes with preset images',
    'L',
  ),
  p(
    'operations.setupHoursOwn',
    'operations',
    'hours',
    0.25,
    [0, 48],
    [0.05, 1],
    'estimate: on an own cluster the environment persists between jobs, so setup is minutes, as with preset images',
    'L',
  ),
  p(
    'operations.hwInterruptionsPerGpuHour',
    'operations',
    'perGpuHour',
    0.00002,
    [0, 0.001],
    [0.00001, 0.00004],
    'Llama 3: 419 unexpected interruptions in 54 days on 16,384 H100s',
    'H',
  ),
  p(
    'operations.swFailureProbabilityPerJob',
    'operations',
    'fraction',
    0.05,
    [0, 1],
    [0.02, 0.15],
    'industry article on renting GPUs vs a pooled compute platform (worked example): one failure a month over 20 jobs',
    'L',
  ),
  p(
    'operations.checkpointIntervalHours',
    'operations',
    'hours',
    1,
    [0, 48],
    [0.25, 4],
    'Huawei MindCluster docs: hourly checkpoints, rollback τ/2; 0 = none (half the job lost)',
    'H',
  ),
  p(
    'operations.detectHoursManual',
    'operations',
    'hours',
    4,
    [0, 72],
    null,
    'manual detection (estimate)',
    'L',
  ),
  p(
    'operations.restartHoursManual',
    'operations',
    'hours',
    2,
    [0, 72],
    null,
    'manual restart (estimate)',
    'L',
  ),
  p(
    'operations.detectHoursAutomatic',
    'operations',
    'hours',
    0.1,
    [0, 72],
    null,
    'automatic retry median 11 min on a 504-GPU B200 cluster (2025 report)',
    'M',
  ),
  p(
    'operations.restartHoursAutomatic',
    'operations',
    'hours',
    0.2,
    [0, 72],
    null,
    'automatic retry median 11 min on a 504-GPU B200 cluster (2025 report)',
    'M',
  ),
  p('operations.engineerHoursPerFailureManual', 'operations', 'hours', 8, [0, 200], null, 'estimate', 'L'),
  p(
    'operations.engineerHoursPerFailureAutomatic',
    'operations',
    'hours',
    0.75,
    [0, 200],
    [0.5, 1],
    'estimate',
    'L',
  ),

  // Compliance
  p(
    'complianceCosts.domesticPremiumFraction',
    'finance',
    'fraction',
    0,
    [0, 2],
    [0, 0.3],
    'estimate: domestic providers already priced in the defaults (industry article on renting GPUs vs a pooled compute platform (worked example))',
    'L',
  ),
  p(
    'complianceCosts.dedicatedPremiumFraction',
    'finance',
    'fraction',
    0.2,
    [0, 2],
    [0.1, 0.5],
    'estimate: dedicated/private deployments of a pooled platform',
    'L',
  ),
  p(
    'complianceCosts.dedicatedUtilization',
    'finance',
    'fraction',
    0.6,
    [0.05, 1],
    [0.5, 0.7],
    'estimate: pooling over own jobs only, between siloed (50 %) and shared (75 %)',
    'L',
  ),

  // Finance
  p(
    'finance.gpuTimePriceDeclineFractionPerYear',
    'finance',
    'fractionPerYear',
    0.15,
    // Negative: a rise (model v4) — up to 30 %/yr; steeper short runs are a shaped path.
    [-0.3, 0.6],
    [0, 0.3],
    'FLOP/s per dollar doubles every ≈2–2.5 years (Epoch AI); H100 rental $8–12 (2023) → $2.35 (Mar 2026, SemiAnalysis GPU rental index, 1-year contracts); on-demand medians rose in 2026, so the short run can run against the trend',
    'H',
  ),
  p(
    'finance.resaleValueDeclineFractionPerYear',
    'finance',
    'fractionPerYear',
    0.33,
    [0, 0.8],
    [0.2, 0.45],
    'used H100s fetch 25–35 % of new after 36 months and 60–65 % after 12 (lender residual guide); used H100 $15–28k vs new $25–40k (computeforecast 2026); 0.30^(1/3) ≈ 0.67 a year',
    'L',
  ),
  p(
    'finance.discountRateFractionPerYear',
    'finance',
    'fractionPerYear',
    0.08,
    [0, 0.5],
    [0.04, 0.12],
    "estimate: a company's cost of capital (technology sectors' weighted average cost of capital ≈ 8–10 %: A. Damodaran, Cost of Capital by Sector, NYU Stern, January 2025); it discounts the cash in the NPV and charges capital in the economic view",
    'L',
  ),
];

const BY_PATH = new Map(PARAMETERS.map((m) => [m.path, m]));

/** Whether an input is an amount of money (its unit is CNY or CNY per something). */
export function isMoneyParameter(meta: Pick<ParameterMeta, 'unit'>): boolean {
  return meta.unit.startsWith('cny');
}

/** Paths of the money inputs: the ones a user may type in either currency. */
export const MONEY_PATHS: readonly string[] = PARAMETERS.filter(isMoneyParameter).map((m) => m.path);

/** Metadata of one parameter; throws only on a programming error (unknown path). */
export function parameter(path: string): ParameterMeta {
  const meta = BY_PATH.get(path);
  if (!meta) throw new Error(`Unknown parameter ${path}`);
  return meta;
}

/** Default value of one parameter. */
export function defaultOf(path: string): number {
  return parameter(path).defaultValue;
}

/**
 * Build lead time of an owned cluster (docs/model.md "Build lead time (v2)"): months from order to first
 * workload. Not in PARAMETERS because the scenario may leave it to the team level (`null`).
 */
export const BUILD_LEAD_TIME_MONTHS = {
  min: 0,
  max: 24,
  source:
    'vendor survey (ertas.ai 2025): 2–6 months from order to first workload for a cluster, 2–4 weeks for an appliance; 0 for a site that already runs',
  asOf: AS_OF,
  confidence: 'L' as Confidence,
} as const;

/** Bounds of the weekly curve (docs/model.md §1: 26–104 weeks). */
export const WEEKLY_CURVE_WEEKS = { min: 26, max: 104 } as const;
/** Largest value accepted for one week of demand, in GPUs. */
export const WEEKLY_GPUS_MAX = 1_000_000;
