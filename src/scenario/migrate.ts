import { ownedCapacityGpus, ruleSizedGpus, type Scenario } from '../engine';
import { type ParseResult, parseScenario } from './parse';

/**
 * Migrations of stored and shared scenarios from older schema versions to the current one. Each
 * migration takes a plain object of version n and returns version n + 1, noting every value it had
 * to assume; `migrateScenario` applies them in order, then validates, and returns the notes with the
 * scenario so the app can say what was assumed. Every migration has a test, and a test fails when a
 * migration is never exercised (test/scenario/migrate.test.ts).
 *
 * A migration writes the values its version's defaults had, frozen here as literals (each with the
 * version and where the value came from), never today's defaults (`PARAMETERS`, `defaultOf`, the
 * presets): an old link opens as it did the day its successor shipped, whatever the defaults become
 * later, and a changed default can fail the migration tests. A test holds this file to it.
 */
export const CURRENT_SCHEMA_VERSION: Scenario['schemaVersion'] = 17;

/** What a migration assumed, as a code the UI translates. */
export const MIGRATION_NOTES = [
  /** v2 → v3: own-cluster allocation efficiencies (siloed, pooled) set to the researched defaults. */
  'ownEfficiencyDefaults',
  /** v2 → v3: resale-value decline of owned hardware set to the default (iteration risk). */
  'resaleDeclineDefault',
  /** v2 → v3: setup time per job on an own cluster set to the default (the environment persists). */
  'ownSetupDefault',
  /** v2 → v3: build lead time left to the team level (a single server: one month). */
  'leadTimeByTeam',
  /** v3 → v4: hardware set to the default GPUs at the reference throughput (the numbers are unchanged). */
  'hardwareDefaults',
  /** v3 → v4: the VAT view of the cash report added, off, at China's default rates. */
  'vatDefaults',
  /**
   * v4 → v5 (model v3): every efficiency by rule (nothing measured yet); rented servers' setup and
   * recovery hours no longer scale with team level, and by-rule efficiencies follow the workload, so
   * some numbers of an old link move.
   */
  'modelV3',
  /**
   * v7 → v8: renting whole servers and repairs got their own VAT rate; a scenario with the VAT view on
   * keeps them at its services rate, so its numbers do not move.
   */
  'vatLeasingRate',
  /**
   * v8 → v9 (model v4): the price of GPU-time follows a path (still the scenario's steady rate), and an
   * own cluster's efficiency no longer takes the dedicated platform's cap — noted where that cap
   * applied (dedicated or on-premises), since the own cluster's figures may move there.
   */
  'privatePoolUncapped',
  /**
   * v8 → v9: a plan's runs without a typed MFU keep the MFU they were priced at (v8's default for
   * their GPU) and no reported-hours overhead, so their GPU-hours do not move.
   */
  'planMfuPinned',
  /**
   * v9 → v10 (model v4): capital has a cost. A scenario made before keeps its figures in the
   * accounting view (straight-line depreciation, as it was made); the economic view is a switch away.
   */
  'accountingView',
  /**
   * v16 → v17 (one market): the ladder's own cap on servers on demand is merged into the GPUs one can
   * get on demand. Noted where the cap was below the market: the market takes its value, so the check
   * under the verdict, the deadlines and the platform's elastic part of the ladder read it too.
   */
  'ladderCapIsMarket',
] as const;
export type MigrationNote = (typeof MIGRATION_NOTES)[number];

export type Migration = (old: Record<string, unknown>, notes: MigrationNote[]) => Record<string, unknown>;

/**
 * The default uncertainty block of schema v2 (commit a8c24ae, 2026-11-29): the `typical` ranges of
 * `PARAMETERS` of that day for the 19 inputs v2 treated as uncertain (docs/data-sources.md), under
 * their v2 names (the v2 → v3 step renames two), 10,000 draws, seed 1.
 */
const V2_DEFAULT_UNCERTAINTY = {
  ranges: {
    'selfBuild.serverPriceCny': [1_200_000, 2_800_000],
    'selfBuild.networkFraction': [0.05, 0.2],
    'selfBuild.depreciationYears': [3, 6],
    'selfBuild.residualFraction': [0, 0.3],
    'selfBuild.maintenanceFractionPerYear': [0.03, 0.2],
    'selfBuild.pue': [1.1, 1.6],
    'selfBuild.electricityCnyPerKwh': [0.35, 0.9],
    'selfBuild.colocationCnyPerKwMonth': [400, 1300],
    'rent.priceCnyPerServerHour': [60, 300],
    'rent.utilization': [0.3, 0.7],
    'platform.priceCnyPerGpuHour': [8, 25],
    'platform.utilization': [0.6, 0.85],
    'operations.engineerCnyPerYear': [300_000, 900_000],
    'operations.engineerCnyPerHour': [150, 450],
    'operations.gpusPerEngineer': [150, 500],
    'operations.setupHoursManual': [0.5, 8],
    'operations.hwInterruptionsPerGpuHour': [0.000_01, 0.000_04],
    'operations.swFailureProbabilityPerJob': [0.02, 0.15],
    'finance.iterationDeclineFractionPerYear': [0, 0.3],
  },
  draws: 10_000,
  seed: 1,
} as const;

/**
 * v1 → v2 (Monte Carlo and tornado): adds the `uncertainty` block. A v1 scenario never chose ranges,
 * so it gets v2's default block (`V2_DEFAULT_UNCERTAINTY`); every v1 field is kept as it was.
 */
function addUncertainty(old: Record<string, unknown>): Record<string, unknown> {
  return { ...old, schemaVersion: 2, uncertainty: structuredClone(V2_DEFAULT_UNCERTAINTY) };
}

function objectAt(value: Record<string, unknown>, key: string): Record<string, unknown> {
  const v = value[key];
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/**
 * The inputs new in v3 at v3's defaults (commit c379f5e, 2026-12-01; `PARAMETERS`' sources of that day,
 * docs/data-sources.md).
 */
const V3_DEFAULTS = {
  /** Hours: on an own cluster the environment persists between jobs (estimate). */
  setupHoursOwn: 0.25,
  /** A year: used H100s at 25–35 % of new after 36 months, 0.30^(1/3) ≈ 0.67 a year. */
  resaleValueDeclineFractionPerYear: 0.33,
  /** Own cluster run as silos, average team (industry article on self-build vs rent; Microsoft Philly). */
  siloedEfficiency: 0.45,
  /** Own cluster with a private pooling scheduler, average team (industry article; Meta RSC). */
  pooledEfficiency: 0.7,
} as const;

/** Renamed inputs of v3 (same meaning, clearer name). */
const V3_RENAMES: Record<string, string> = {
  'operations.setupHoursManual': 'operations.setupHoursRent',
  'finance.iterationDeclineFractionPerYear': 'finance.gpuTimePriceDeclineFractionPerYear',
};

/**
 * v2 → v3 (model v2): the nearest v3 meaning of a v2 scenario.
 * - Manual setup on rented servers keeps its value under its new name; the v2 decline of the market
 *   price of GPU work becomes the decline of the price of GPU-time that rent and platform bills now
 *   follow (the same quantity, now charged where it happens).
 * - New in v3, set to the defaults and noted: the own cluster's allocation efficiencies (v2's
 *   utilization cap by team level was a different, higher quantity), the resale-value decline, the
 *   setup time on an own cluster, and the build lead time (by team level, as in v2).
 * - Uncertainty ranges follow the renames.
 */
function modelV2(old: Record<string, unknown>, notes: MigrationNote[]): Record<string, unknown> {
  const ops = { ...objectAt(old, 'operations') };
  const finance = { ...objectAt(old, 'finance') };
  const selfBuild = { ...objectAt(old, 'selfBuild') };
  if ('setupHoursManual' in ops) {
    ops.setupHoursRent = ops.setupHoursManual;
    delete ops.setupHoursManual;
  }
  ops.setupHoursOwn = V3_DEFAULTS.setupHoursOwn;
  notes.push('ownSetupDefault');
  if ('iterationDeclineFractionPerYear' in finance) {
    finance.gpuTimePriceDeclineFractionPerYear = finance.iterationDeclineFractionPerYear;
    delete finance.iterationDeclineFractionPerYear;
  }
  finance.resaleValueDeclineFractionPerYear = V3_DEFAULTS.resaleValueDeclineFractionPerYear;
  notes.push('resaleDeclineDefault');
  selfBuild.siloedEfficiency = V3_DEFAULTS.siloedEfficiency;
  selfBuild.pooledEfficiency = V3_DEFAULTS.pooledEfficiency;
  notes.push('ownEfficiencyDefaults');
  selfBuild.buildLeadTimeMonths = null;
  notes.push('leadTimeByTeam');

  const uncertainty = { ...objectAt(old, 'uncertainty') };
  const ranges = objectAt(uncertainty, 'ranges');
  const renamed: Record<string, unknown> = {};
  for (const [path, range] of Object.entries(ranges)) renamed[V3_RENAMES[path] ?? path] = range;
  if ('ranges' in uncertainty) uncertainty.ranges = renamed;

  return {
    ...old,
    schemaVersion: 3,
    // Before v3 every amount was typed in CNY.
    usdInputs: {},
    operations: ops,
    finance,
    selfBuild,
    ...('uncertainty' in old ? { uncertainty } : {}),
  };
}

/**
 * v4's default hardware (commit 104d54b, 2026-12-01; unchanged when v4 shipped, 65ccadf): the own
 * cluster an H800 (the seed example's 8×H800 server), rent and platform not named, every throughput
 * ratio 1 at the H800's 989 dense BF16 TFLOPS per GPU (the GPU catalogue, docs/data/gpu-catalog.md).
 */
const V4_DEFAULT_HARDWARE = {
  referenceModelId: 'h800',
  referenceDenseTflopsPerGpu: 989,
  selfBuild: { modelId: 'h800', throughputRatio: 1 },
  rent: { modelId: null, throughputRatio: 1 },
  platform: { modelId: null, throughputRatio: 1 },
} as const;

/**
 * The 8×H800 server of v4's defaults (commit 104d54b; `PARAMETERS`' sources, docs/data-sources.md):
 * ≈ 2.0 M CNY at launch (Reuters; 智东西), 10.2 kW maximum (NVIDIA DGX H100 datasheet), 8.2 kW busy
 * (estimate, ≈ 80 % of maximum) and 3 kW idle (estimate).
 */
const V4_DEFAULT_SERVER = {
  serverPriceCny: 2_000_000,
  powerMaxKwPerServer: 10.2,
  powerBusyKwPerServer: 8.2,
  powerIdleKwPerServer: 3,
} as const;

/**
 * v3 → v4, hardware part (docs/model.md §8): adds the `hardware` block. A v3 scenario never chose a GPU, so
 * every way of getting GPUs gets the default hardware with a throughput ratio of 1, which measures
 * demand in the own cluster's GPU-hours as v3 did: every number of an old link stays exactly the same.
 * Kept in its own function so other v4 additions compose with it (`toV4`).
 */
export function addHardwareV4(old: Record<string, unknown>, notes: MigrationNote[]): Record<string, unknown> {
  notes.push('hardwareDefaults');
  // The own cluster is named as the default GPU only where its figures are the default ones.
  const selfBuild = objectAt(old, 'selfBuild');
  const isDefaultServer = Object.entries(V4_DEFAULT_SERVER).every(([key, value]) => selfBuild[key] === value);
  const hardware = {
    ...V4_DEFAULT_HARDWARE,
    selfBuild: {
      modelId: isDefaultServer ? V4_DEFAULT_HARDWARE.selfBuild.modelId : null,
      throughputRatio: 1,
    },
    rent: { ...V4_DEFAULT_HARDWARE.rent },
    platform: { ...V4_DEFAULT_HARDWARE.platform },
    userEdited: [],
  };
  return { ...old, hardware };
}

/**
 * v4's default VAT view (commit 8c0ab0f, 2026-12-01): off; China's VAT rates of 13 % on goods (the
 * servers) and 6 % on modern services (Ministry of Finance, State Taxation Administration and General
 * Administration of Customs, Announcement No. 39 of 2019), prices entered with VAT, input VAT deductible.
 */
const V4_DEFAULT_VAT = {
  enabled: false,
  pricesIncludeVat: true,
  hardwareRateFraction: 0.13,
  servicesRateFraction: 0.06,
  inputVatDeductible: true,
} as const;

/**
 * v3 → v4, the cash report's part: adds the VAT view, switched off (so every number stays as it
 * was) at the default rates (hardware 13 %, services 6 %, prices entered with VAT, input VAT
 * deductible), and notes it. Kept as its own step so other v4 additions compose with it in `toV4`.
 */
export function addVatV4(old: Record<string, unknown>, notes: MigrationNote[]): Record<string, unknown> {
  notes.push('vatDefaults');
  return { ...old, vat: { ...V4_DEFAULT_VAT } };
}

/** v3 → v4: every v4 addition in turn (hardware choices, VAT view), then the version. */
function toV4(old: Record<string, unknown>, notes: MigrationNote[]): Record<string, unknown> {
  return { ...addVatV4(addHardwareV4(old, notes), notes), schemaVersion: 4 };
}

/**
 * v4 → v5 (model v3, docs/model.md §9): the nearest v3 meaning of a v4 scenario. Every input keeps its
 * value; nothing was measured, so every way's efficiency stays by rule. Noted, because model v3 moves
 * some numbers: rented servers' hand-done hours no longer scale with the team's level (§2 reserves
 * that for the own cluster), and by-rule efficiencies of rent and a siloed cluster follow a steady
 * whole-server workload (none change for the seed example's job form).
 */
function modelV3(old: Record<string, unknown>, notes: MigrationNote[]): Record<string, unknown> {
  notes.push('modelV3');
  // v5's "nothing measured" (commit 48c39c7): every way's efficiency by rule.
  return { ...old, schemaVersion: 5, measured: { selfBuild: null, rent: null, platform: null } };
}

/**
 * v6's default GPUs one can get on demand, by GPU (commit 4fec561, 2026-12-01): the catalogue's
 * availability of each GPU that day (docs/data/gpu-catalog.md) priced by the plan's table (available
 * 1,024; domestic only 512; discontinued 256; restricted 128; grey market 64).
 */
const V6_ON_DEMAND_GPUS_BY_MODEL: Readonly<Record<string, number>> = {
  h100: 64, // grey market
  h800: 256, // discontinued
  h20: 256, // discontinued
  h200: 128, // restricted
  b200: 64, // grey market
  a100: 256, // discontinued
  a800: 256, // discontinued
  l40s: 128, // restricted
  rtx4090: 128, // restricted
  ascend910b: 1024, // available
};
/** A GPU v6's catalogue did not know: taken as restricted (128), as v6's code did. */
const V6_ON_DEMAND_GPUS_UNKNOWN_MODEL = 128;

/**
 * v5 → v6 (training plans, issue 23): adds an empty training plan, with the GPUs one can get on demand
 * by the rented GPU's availability. The demand form stays what it was, so every number of a v5 link
 * stays exactly the same and there is nothing to note.
 */
function addTrainingPlan(old: Record<string, unknown>): Record<string, unknown> {
  const hardware = objectAt(old, 'hardware');
  const rent = objectAt(hardware, 'rent');
  const rentModelId = typeof rent.modelId === 'string' ? rent.modelId : null;
  const referenceModelId =
    typeof hardware.referenceModelId === 'string'
      ? hardware.referenceModelId
      : V4_DEFAULT_HARDWARE.referenceModelId;
  const onDemandGpus =
    V6_ON_DEMAND_GPUS_BY_MODEL[rentModelId ?? referenceModelId] ?? V6_ON_DEMAND_GPUS_UNKNOWN_MODEL;
  const plan = { runs: [], recurringGpuHoursPerMonth: 0, onDemandGpus };
  return { ...old, schemaVersion: 6, trainingPlan: plan };
}

/** The example's self-build size in v7's defaults (commit f9a31cf, 2026-12-03): one 8-GPU server (seed 000). */
const V7_EXAMPLE_CAPACITY_GPUS = 8;

/**
 * v6 → v7 (issue 44): says who set self-build's size, which a v6 scenario never recorded. Its size is
 * the rule's when it is what the rule gives for its demand (the presets', an import sized to the peak)
 * or the example's default (the app's, never typed); any other size is taken to be the user's, so it
 * stays when new demand comes in and the page offers the rule's beside it. No number changes, so
 * there is nothing to note. A scenario that does not validate keeps `rule`: the parse that follows
 * names its issues.
 */
function addCapacitySizedBy(old: Record<string, unknown>): Record<string, unknown> {
  const selfBuild = objectAt(old, 'selfBuild');
  const asRule = { ...old, schemaVersion: 7, selfBuild: { ...selfBuild, capacitySizedBy: 'rule' } };
  // The rule reads a current scenario: the later steps lift it there (their notes are theirs to add).
  const parsed = migrateScenario(structuredClone(asRule));
  if (!parsed.ok) return asRule;
  const sb = parsed.scenario.selfBuild;
  const owned = ownedCapacityGpus(sb.capacityGpus, sb.gpusPerServer);
  const byRule = owned === ruleSizedGpus(parsed.scenario) || sb.capacityGpus === V7_EXAMPLE_CAPACITY_GPUS;
  return byRule ? asRule : { ...asRule, selfBuild: { ...selfBuild, capacitySizedBy: 'user' } };
}

/**
 * v8's VAT rate on renting whole servers and on repairs (commit of schema v8, 2026-12-03): 13 %, the
 * rate for leasing of tangible movable property and for repair services (Ministry of Finance, State
 * Taxation Administration and General Administration of Customs, Announcement No. 39 of 2019).
 */
const V8_LEASING_VAT_RATE = 0.13;

/**
 * v7 → v8 (issue 43, review row 15): renting whole servers and the own cluster's maintenance leave the
 * services rate for a rate of their own. With the VAT view off nothing is restated, so the scenario
 * gets v8's 13 %; with it on, the scenario's own services rate, which is what its rentals and repairs
 * were restated at, so no number moves — and a note says the rate is now separate. A scenario without
 * a VAT block gets v8's rate; the parse that follows names anything else wrong.
 */
function addLeasingVatRate(old: Record<string, unknown>, notes: MigrationNote[]): Record<string, unknown> {
  const vat = objectAt(old, 'vat');
  const services = vat.servicesRateFraction;
  const keep = vat.enabled === true && typeof services === 'number';
  if (keep) notes.push('vatLeasingRate');
  return {
    ...old,
    schemaVersion: 8,
    vat: { ...vat, leasingRateFraction: keep ? services : V8_LEASING_VAT_RATE },
  };
}

/**
 * v8 → v9 (issue 35, model v4): the price of GPU-time becomes a path; a v8 scenario's is the steady
 * path at its own yearly decline (no shape), so its prices do not move. A plan's runs keep the MFU
 * they were priced at (v8's default where none was typed) and an overhead of ×1, so their GPU-hours
 * do not move either (the defaults of v9 follow the GPU and the model's size, ×1.1 overhead). The own cluster's efficiency
 * table no longer takes the dedicated platform's cap: under a dedicated or on-premises rule, where
 * the cap applied when it was below the platform's own figure, a note says its figures may move.
 */
function addPricePath(old: Record<string, unknown>, notes: MigrationNote[]): Record<string, unknown> {
  const finance = objectAt(old, 'finance');
  const compliance = old.compliance;
  const platform = objectAt(old, 'platform').utilization;
  const dedicated = objectAt(old, 'complianceCosts').dedicatedUtilization;
  const capped =
    (compliance === 'dedicated' || compliance === 'onPrem') &&
    typeof platform === 'number' &&
    typeof dedicated === 'number' &&
    dedicated < platform;
  if (capped) notes.push('privatePoolUncapped');
  const plan = objectAt(old, 'trainingPlan');
  const runs = Array.isArray(plan.runs) ? (plan.runs as unknown[]) : null;
  let pinned = false;
  const pinnedRuns = runs?.map((r) => {
    if (typeof r !== 'object' || r === null || Array.isArray(r)) return r;
    const run = r as Record<string, unknown>;
    const typed = typeof run.mfuFraction === 'number';
    if (!typed) pinned = true;
    return {
      ...run,
      mfuFraction: typed ? run.mfuFraction : v8MfuDefault(run.modelId, run.mixtureOfExperts === true),
      reportedHoursOverhead: 1,
    };
  });
  if (pinned) notes.push('planMfuPinned');
  return {
    ...old,
    schemaVersion: 9,
    finance: { ...finance, gpuTimePriceShape: null },
    ...(pinnedRuns ? { trainingPlan: { ...plan, runs: pinnedRuns } } : {}),
  };
}

/**
 * v8's default MFU of a run (src/engine/training-plan/defaults.ts at commit fe3d865, 2026-12-03): 30 %
 * for a mixture of experts; else by GPU — Hopper 40 % (Meta, Llama 3), A100/A800 45 % (ByteDance,
 * MegaScale), Ascend 910B 30 % (Huawei, Pangu), any other GPU the 35 % estimate.
 */
function v8MfuDefault(modelId: unknown, mixtureOfExperts: boolean): number {
  if (mixtureOfExperts) return 0.3;
  if (modelId === 'h100' || modelId === 'h800' || modelId === 'h200' || modelId === 'h20') return 0.4;
  if (modelId === 'a100' || modelId === 'a800') return 0.45;
  if (modelId === 'ascend910b') return 0.3;
  return 0.35;
}

/**
 * v9 → v10: the cost view (economic with a capital charge, or accounting) joins the finance inputs. A v9
 * scenario was priced on straight-line depreciation, so it opens in the accounting view with its own
 * figures; its cost of capital (the discount rate it had) is kept.
 */
function addCostView(old: Record<string, unknown>, notes: MigrationNote[]): Record<string, unknown> {
  notes.push('accountingView');
  return { ...old, schemaVersion: 10, finance: { ...objectAt(old, 'finance'), costView: 'accounting' } };
}

/**
 * v10 → v11: energy and emissions join the scenario (docs/model.md §11). The own cluster stays at a
 * site of its own — its price per kWh and PUE as they were — on China's average grid, with the default
 * factors for providers and embodied emissions. No cost moves, so there is nothing to note.
 */
function addEnergy(old: Record<string, unknown>): Record<string, unknown> {
  return { ...old, schemaVersion: 11, energy: { ...V11_ENERGY } };
}

/**
 * v11's energy factors (commit of schema v11, 2026-12-04; sources in engine sites.ts): China's average
 * grid 0.5306 kg CO₂/kWh (2023), providers' PUE 1.49, 165 kg CO₂e embodied per GPU, no power cap, no carbon price.
 */
const V11_ENERGY = {
  gridKgCo2ePerKwh: 0.5306,
  powerCapMw: null,
  providerPue: 1.49,
  providerGridKgCo2ePerKwh: 0.5306,
  embodiedKgCo2ePerGpu: 165,
  carbonPriceCnyPerTonne: 0,
} as const;

/**
 * v11 → v12: energy a cluster log measured can be kept beside the estimate (docs/model.md §11). A v11
 * scenario measured none, so nothing moves and there is nothing to note.
 */
function addMeasuredEnergy(old: Record<string, unknown>): Record<string, unknown> {
  return { ...old, schemaVersion: 12, energy: { ...objectAt(old, 'energy'), measured: null } };
}

/**
 * v12 → v13: the commitment ladder joins the scenario (docs/model.md §10). It prices a fifth answer
 * beside the four ways and moves none of their figures, so there is nothing to note.
 */
function addLadder(old: Record<string, unknown>): Record<string, unknown> {
  return { ...old, schemaVersion: 13, ladder: structuredClone(V13_LADDER) };
}

/**
 * v13's ladder defaults (commit of schema v13, 2026-12-04; sources in engine parameters.ts): every
 * tier on but spot; 3-year 45 % and 1-year 25 % off on demand, no monthly discount found, nothing
 * prepaid; spot 50 % off with 0.2 preemptions a server-month (an estimate); no on-demand cap.
 */
const V13_LADDER = {
  tiers: {
    own: true,
    reserved3y: true,
    reserved1y: true,
    monthly: true,
    platformReserved: true,
    onDemand: true,
    spot: false,
    platformElastic: true,
  },
  reserved3yDiscountFraction: 0.45,
  reserved1yDiscountFraction: 0.25,
  monthlyDiscountFraction: 0,
  prepay: { reserved3y: 'none', reserved1y: 'none' },
  spotDiscountFraction: 0.5,
  spotPreemptionsPerServerMonth: 0.2,
  onDemandCapGpus: null,
} as const;

/**
 * v13 → v14: term GPU-time may follow a path of its own (docs/model.md §10, separate paths per
 * market). A v13 scenario priced every commitment on its one GPU-time path, so its terms follow that
 * path (null): nothing moves and there is nothing to note.
 */
function addTermPath(old: Record<string, unknown>): Record<string, unknown> {
  return { ...old, schemaVersion: 14, finance: { ...objectAt(old, 'finance'), termPriceShape: null } };
}

/**
 * v14 → v15: hardware purchase and resale may follow paths of their own (docs/model.md §10,
 * separate paths per market). A v14 scenario bought every batch at today's price and sold it by age
 * alone, which is what null means on both: nothing moves and there is nothing to note.
 */
function addHardwarePaths(old: Record<string, unknown>): Record<string, unknown> {
  return {
    ...old,
    schemaVersion: 15,
    finance: { ...objectAt(old, 'finance'), hardwarePriceShape: null, resalePriceShape: null },
  };
}

/**
 * v15 → v16: a cluster the team already owns, and the lens it is seen through (docs/model.md §10
 * "The marginal lens"). A v15 scenario owned nothing before month 1, which is what `existing: null`
 * means; the lens is read only with an existing cluster. Nothing moves and there is nothing to note.
 */
function addExistingCluster(old: Record<string, unknown>): Record<string, unknown> {
  return {
    ...old,
    schemaVersion: 16,
    existing: null,
    finance: { ...objectAt(old, 'finance'), lens: 'marginal' },
  };
}

/**
 * v16 → v17: one market (docs/model.md §10). The ladder's cap on whole servers on demand and on spot
 * (`ladder.onDemandCapGpus`, null: none of its own) lay inside the GPUs one can get on demand, so a cap
 * at or above the market never bound, nor one whose servers the ladder could not rent (both server
 * tiers off, or data kept on premises): it is dropped and nothing moves. A cap below the market that
 * bound the ladder's servers becomes the market — the servers keep their limit, and the platform's
 * elastic part, the check under the verdict and the deadlines now read it too — which is noted.
 */
function mergeLadderCap(old: Record<string, unknown>, notes: MigrationNote[]): Record<string, unknown> {
  const { onDemandCapGpus: cap, ...ladder } = objectAt(old, 'ladder');
  const plan = objectAt(old, 'trainingPlan');
  const market = plan.onDemandGpus;
  const tiers = objectAt(ladder, 'tiers');
  const serversOn = (tiers.onDemand === true || tiers.spot === true) && old.compliance !== 'onPrem';
  const lower = serversOn && typeof cap === 'number' && typeof market === 'number' && cap < market;
  if (lower) notes.push('ladderCapIsMarket');
  return {
    ...old,
    schemaVersion: 17,
    ladder,
    ...(lower ? { trainingPlan: { ...plan, onDemandGpus: cap } } : {}),
  };
}

/** MIGRATIONS[n] turns version n into version n + 1. */
export const MIGRATIONS: Record<number, Migration> = {
  1: addUncertainty,
  2: modelV2,
  3: toV4,
  4: modelV3,
  5: addTrainingPlan,
  6: addCapacitySizedBy,
  7: addLeasingVatRate,
  8: addPricePath,
  9: addCostView,
  10: addEnergy,
  11: addMeasuredEnergy,
  12: addLadder,
  13: addTermPath,
  14: addHardwarePaths,
  15: addExistingCluster,
  16: mergeLadderCap,
};

/** Called whenever a migration runs; tests use it to prove every migration is exercised. */
export const migrationObserver: { onRun: ((fromVersion: number) => void) | null } = { onRun: null };

/** A migrated, validated scenario with what the migrations assumed (absent when nothing was). */
export type MigrateResult = ParseResult & { notes?: MigrationNote[] };

export function migrateScenario(input: unknown): MigrateResult {
  const notes: MigrationNote[] = [];
  const done = (result: ParseResult): MigrateResult =>
    result.ok && notes.length > 0 ? { ...result, notes } : result;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return done(parseScenario(input));
  let value = input as Record<string, unknown>;
  const declared = value.schemaVersion;
  if (typeof declared !== 'number' || !Number.isInteger(declared)) return done(parseScenario(input));
  let version: number = declared;
  if (version > CURRENT_SCHEMA_VERSION) {
    return {
      ok: false,
      issues: [
        {
          path: 'schemaVersion',
          message: `made by a newer version of the app (schema ${version}; this app reads up to ${CURRENT_SCHEMA_VERSION})`,
          code: 'newerVersion',
          limit: CURRENT_SCHEMA_VERSION,
        },
      ],
    };
  }
  while (version < CURRENT_SCHEMA_VERSION) {
    const step = MIGRATIONS[version];
    if (!step) return done(parseScenario(value));
    try {
      value = step(value, notes);
    } catch {
      return {
        ok: false,
        issues: [
          {
            path: 'schemaVersion',
            message: `could not upgrade from schema ${version}`,
            code: 'upgradeFailed',
          },
        ],
      };
    }
    migrationObserver.onRun?.(version);
    const next = value.schemaVersion;
    if (typeof next !== 'number' || next <= version) return done(parseScenario(value));
    version = next;
  }
  return done(parseScenario(value));
}
