import { sizeClusterToCurve } from './cluster-sizing';
import { generateCurve } from './demand-generators';
import { chooseModel, defaultHardware } from './hardware';
import { defaultLadder } from './ladder/tiers';
import { onDemandDefaultOf } from './model/market-default';
import { defaultOf } from './parameters';
import { defaultEnergy } from './sites';
import { emptyTrainingPlan } from './training-plan/plan';
import type { MeasuredInput, Scenario } from './types';
import { defaultUncertainty } from './uncertain-inputs';
import { defaultVat } from './vat';

/**
 * A scenario with every input at its default from `PARAMETERS` (docs/data-sources.md), a job-form
 * demand of 20 jobs × 24 h × 8 GPUs, no calibration overrides, and the default uncertainty ranges
 * (the researched typical ranges, uncertain-inputs.ts).
 */
/** No measured efficiencies: every way's efficiency by rule (docs/model.md §9). */
export function noMeasurements(): MeasuredInput {
  return { selfBuild: null, rent: null, platform: null };
}

export function makeDefaultInputs(name: string): Scenario {
  const d = defaultOf;
  return {
    schemaVersion: 17,
    name,
    demand: {
      mode: 'jobs',
      jobsPerMonth: d('demand.jobsPerMonth'),
      hoursPerJob: d('demand.hoursPerJob'),
      gpusPerJob: d('demand.gpusPerJob'),
      weeklyGpus: [],
    },
    horizonMonths: d('horizonMonths'),
    teamCapability: 3,
    compliance: 'none',
    selfBuild: {
      capacityGpus: d('selfBuild.capacityGpus'),
      // The example's own cluster: new demand sizes it by the rule (cluster-sizing.ts sizedToDemand).
      capacitySizedBy: 'rule',
      gpusPerServer: d('selfBuild.gpusPerServer'),
      serverPriceCny: d('selfBuild.serverPriceCny'),
      networkFraction: d('selfBuild.networkFraction'),
      storageFraction: d('selfBuild.storageFraction'),
      fitOutFraction: d('selfBuild.fitOutFraction'),
      powerRetrofitCnyPerKw: d('selfBuild.powerRetrofitCnyPerKw'),
      depreciationYears: d('selfBuild.depreciationYears'),
      residualFraction: d('selfBuild.residualFraction'),
      maintenanceFractionPerYear: d('selfBuild.maintenanceFractionPerYear'),
      powerMaxKwPerServer: d('selfBuild.powerMaxKwPerServer'),
      powerBusyKwPerServer: d('selfBuild.powerBusyKwPerServer'),
      powerIdleKwPerServer: d('selfBuild.powerIdleKwPerServer'),
      pue: d('selfBuild.pue'),
      electricityCnyPerKwh: d('selfBuild.electricityCnyPerKwh'),
      colocationCnyPerKwMonth: d('selfBuild.colocationCnyPerKwMonth'),
      recovery: 'manual',
      privatePool: false,
      privatePoolLicenseCnyPerGpuMonth: d('selfBuild.privatePoolLicenseCnyPerGpuMonth'),
      siloedEfficiency: d('selfBuild.siloedEfficiency'),
      pooledEfficiency: d('selfBuild.pooledEfficiency'),
      buildLeadTimeMonths: null,
    },
    rent: {
      priceCnyPerServerHour: d('rent.priceCnyPerServerHour'),
      gpusPerServer: d('rent.gpusPerServer'),
      utilization: d('rent.utilization'),
    },
    platform: {
      priceCnyPerGpuHour: d('platform.priceCnyPerGpuHour'),
      premiumFraction: d('platform.premiumFraction'),
      utilization: d('platform.utilization'),
    },
    hybrid: {
      baselineMode: 'owned',
      baselineGpus: null,
      reservedDiscountFraction: d('hybrid.reservedDiscountFraction'),
    },
    operations: {
      engineerCnyPerYear: d('operations.engineerCnyPerYear'),
      engineerCnyPerHour: d('operations.engineerCnyPerHour'),
      gpusPerEngineer: d('operations.gpusPerEngineer'),
      minEngineers: d('operations.minEngineers'),
      rentOpsFraction: d('operations.rentOpsFraction'),
      platformOpsFraction: d('operations.platformOpsFraction'),
      setupHoursRent: d('operations.setupHoursRent'),
      setupHoursPlatform: d('operations.setupHoursPlatform'),
      setupHoursOwn: d('operations.setupHoursOwn'),
      hwInterruptionsPerGpuHour: d('operations.hwInterruptionsPerGpuHour'),
      swFailureProbabilityPerJob: d('operations.swFailureProbabilityPerJob'),
      checkpointIntervalHours: d('operations.checkpointIntervalHours'),
      detectHoursManual: d('operations.detectHoursManual'),
      restartHoursManual: d('operations.restartHoursManual'),
      detectHoursAutomatic: d('operations.detectHoursAutomatic'),
      restartHoursAutomatic: d('operations.restartHoursAutomatic'),
      engineerHoursPerFailureManual: d('operations.engineerHoursPerFailureManual'),
      engineerHoursPerFailureAutomatic: d('operations.engineerHoursPerFailureAutomatic'),
    },
    complianceCosts: {
      domesticPremiumFraction: d('complianceCosts.domesticPremiumFraction'),
      dedicatedPremiumFraction: d('complianceCosts.dedicatedPremiumFraction'),
      dedicatedUtilization: d('complianceCosts.dedicatedUtilization'),
    },
    finance: {
      gpuTimePriceDeclineFractionPerYear: d('finance.gpuTimePriceDeclineFractionPerYear'),
      gpuTimePriceShape: null,
      termPriceShape: null,
      hardwarePriceShape: null,
      resalePriceShape: null,
      resaleValueDeclineFractionPerYear: d('finance.resaleValueDeclineFractionPerYear'),
      discountRateFractionPerYear: d('finance.discountRateFractionPerYear'),
      costView: 'economic',
      lens: 'marginal',
    },
    calibration: {
      rentSetupCnyPerJob: null,
      platformSetupCnyPerJob: null,
      rentCostPerFailureCny: null,
      platformCostPerFailureCny: null,
      note: null,
    },
    throughput: { unitsPerUsefulGpuHour: null, unitName: 'tokens' },
    uncertainty: defaultUncertainty(),
    usdInputs: {},
    hardware: defaultHardware(),
    vat: defaultVat(),
    measured: noMeasurements(),
    trainingPlan: emptyTrainingPlan({ hardware: defaultHardware() }),
    energy: defaultEnergy(),
    ladder: defaultLadder(),
    existing: null,
  };
}

/**
 * Seed 000's worked example: a 10-person team, 20 jobs a month × 24 h × 8 GPUs on one rented 8-GPU
 * server at 100 CNY/h (480 h → 48,000 CNY), against a pooled platform at 75 % utilization.
 * The article's own figures are not one formula (docs/model.md §6), so the preset carries labelled values:
 * - platform premium 12.5 %: 1,920 useful GPU-h ÷ 75 % × 12.5 CNY = 32,000; × 1.125 = the article's 36,000;
 * - setup per job: rent 200 CNY (2 h × 100 CNY/h of server held → 4,000 for 20 jobs), platform 50 CNY
 *   (the article's 1,000 for 20 jobs; 15 min at the server rate would give 500);
 * - failures: one a month (software failure 5 % × 20 jobs, no hardware term), costing 5,000 CNY when
 *   renting and 500 CNY on the platform with automatic checkpoint/resume;
 * - no staff cost for renting or the platform (the article counts none);
 * - GPU-time prices flat (decline 0): the article prices one month, a snapshot (docs/model.md §2).
 */
export const seedTeam: Scenario = (() => {
  const s = makeDefaultInputs('Worked example: 10-person team, 20 jobs × 24 h × 8 GPUs');
  s.platform.premiumFraction = 0.125;
  s.operations.hwInterruptionsPerGpuHour = 0;
  s.operations.swFailureProbabilityPerJob = 0.05;
  s.operations.rentOpsFraction = 0;
  s.operations.platformOpsFraction = 0;
  s.finance.gpuTimePriceDeclineFractionPerYear = 0;
  s.calibration = {
    rentSetupCnyPerJob: 200,
    platformSetupCnyPerJob: 50,
    rentCostPerFailureCny: 5000,
    platformCostPerFailureCny: 500,
    note: 'seed000',
  };
  s.trainingPlan.onDemandGpus = onDemandDefaultOf(s).gpus;
  return s;
})();

/**
 * A weekly-curve scenario whose owned capacity holds the peak week at the own cluster's allocation
 * efficiency, in whole servers (docs/model.md §2: sized to the peak), in GPUs of its own-cluster model.
 *
 * The own cluster uses a GPU one can buy today at a current dated price (docs/data/gpu-catalog.md: the default
 * 2,000,000 CNY is the H800's March-2023 launch price, a discontinued part, and a 2023 price should not
 * be compared with 2026 rents): `ownModelId` fills it from the catalogue (chooseModel), demand stays in
 * reference (H800) GPU-hours.
 */
function weeklyPreset(
  name: string,
  kind: Parameters<typeof generateCurve>[0],
  meanGpus: number,
  seed: number,
  ownModelId: string,
  edit: (s: Scenario) => void,
): Scenario {
  const s = chooseModel(makeDefaultInputs(name), 'selfBuild', ownModelId);
  const weeklyGpus = generateCurve(kind, { weeks: 52, meanGpus, seed }).map((g) => Math.round(g * 10) / 10);
  s.demand = { mode: 'weekly', jobsPerMonth: 0, hoursPerJob: 72, gpusPerJob: 32, weeklyGpus };
  edit(s);
  // Self-build's one sizing rule: the peak in-house at the efficiency the cluster reaches.
  s.selfBuild.capacityGpus = sizeClusterToCurve(s, weeklyGpus);
  // The market a team of this size can draw on, by the rented GPU's availability (market-default.ts).
  s.trainingPlan.onDemandGpus = onDemandDefaultOf(s).gpus;
  return s;
}

/**
 * A lab training around the clock on a pooled own cluster, run by an average team: by rule its
 * cluster reaches 70 % (docs/model.md §2), so at the default 15 %/yr decline the platform is cheaper; a
 * measured utilization from its own logs (§9) is what can change that.
 */
export const steadyLab = weeklyPreset(
  'Steady large lab (≈450 GPUs busy, steady)',
  'steady',
  450,
  11,
  'h200',
  (s) => {
    s.selfBuild.recovery = 'automatic';
    s.selfBuild.privatePool = true;
    // Pre-training runs of a week or more on whole servers: round the clock (efficiency.ts).
    s.demand.hoursPerJob = 168;
  },
);

/** A research group: campaigns of experiments, then writing (seed 003 §4, 脉冲特征). */
export const burstyResearch = weeklyPreset(
  'Bursty research group (pulses, low baseline)',
  'pulse',
  40,
  23,
  'h200',
  (s) => {
    s.teamCapability = 2;
    s.demand.hoursPerJob = 24;
    s.demand.gpusPerJob = 8;
  },
);

/** An enterprise whose data may not use a shared pool (seed 003 §4, factor 4). */
export const complianceEnterprise = weeklyPreset(
  'Compliance-bound enterprise (dedicated only)',
  'seasonal',
  120,
  37,
  'ascend910b',
  (s) => {
    s.compliance = 'dedicated';
    s.demand.gpusPerJob = 16;
    s.demand.hoursPerJob = 48;
  },
);

/** A growing company with bursts: a baseline worth owning plus peaks (seed 003 §6). */
export const growingCompany = weeklyPreset('Growing company with bursts', 'growth', 160, 41, 'h200', (s) => {
  s.demand.gpusPerJob = 16;
  s.demand.hoursPerJob = 48;
});

/**
 * The regime of the industry article on self-build vs rent (sections 4 and 6): well over a thousand
 * GPUs of steady demand over five years, an expert team with a pooling scheduler, and a utilization
 * the team measured rather than assumed — here the ≈80 % an expert operator reports (Meta Research
 * SuperCluster, HPCA 2025; docs/data-sources.md). The own cluster is sized to the peak at that efficiency.
 */
export const largeLab = weeklyPreset(
  'Large lab, five years (≈1,100 GPUs busy, measured 80 %)',
  'steady',
  1100,
  53,
  'h200',
  (s) => {
    s.horizonMonths = 60;
    s.teamCapability = 5;
    s.selfBuild.recovery = 'automatic';
    s.selfBuild.privatePool = true;
    s.demand.hoursPerJob = 336;
    s.demand.gpusPerJob = 64;
    s.measured.selfBuild = {
      value: 0.8,
      origin: 'typed',
      label: 'Meta Research SuperCluster ≈ 80 % (HPCA 2025)',
    };
  },
);

/**
 * A lab that already owns its cluster (docs/model.md §10 "The marginal lens"; the industry article on
 * self-build vs rent, section 6): 64 8×H800 servers (512 GPUs) bought 24 months before month 1 at
 * 2,700,000 CNY each (China, Oct 2023 onwards: Caixin; docs/data-sources.md), steady demand of ≈450
 * GPUs busy over three years. It asks what the next horizon costs: keep them (and add servers to the
 * peak), sell them and rent or pool, or keep them and burst.
 */
export const ownedH800s = weeklyPreset(
  'We already own 512 H800s (bought two years ago)',
  'steady',
  450,
  61,
  'h800',
  (s) => {
    s.selfBuild.recovery = 'automatic';
    s.selfBuild.privatePool = true;
    s.demand.hoursPerJob = 168;
    s.existing = { servers: 64, ageMonths: 24, pricePaidCnyPerServer: 2_700_000 };
  },
);

export const presets: Record<string, Scenario> = {
  seedTeam,
  steadyLab,
  largeLab,
  burstyResearch,
  complianceEnterprise,
  growingCompany,
  ownedH800s,
};

/** The scenario the app opens on: the seed's worked example. */
export const defaultScenario: Scenario = seedTeam;
