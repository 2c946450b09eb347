import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cashReport,
  defaultScenario,
  evaluate,
  presetShape,
  presets,
  type Scenario,
  STRATEGY_IDS,
} from '../../src/engine';
import { defaultHardware } from '../../src/engine/hardware';
import { runGpuHours } from '../../src/engine/training-plan';
import type { MigrationNote } from '../../src/scenario';
import {
  addHardwareV4,
  CURRENT_SCHEMA_VERSION,
  MIGRATIONS,
  migrateScenario,
  migrationObserver,
} from '../../src/scenario/migrate';

/** The seed preset exactly as schema v1 stored it (decoded from the first released share link). */
const V1_SEED_TEAM: Record<string, unknown> = {
  schemaVersion: 1,
  name: 'Seed 000: 10-person team, 20 jobs × 24 h × 8 GPUs',
  demand: {
    mode: 'jobs',
    jobsPerMonth: 20,
    hoursPerJob: 24,
    gpusPerJob: 8,
    weeklyGpus: [],
  },
  horizonMonths: 36,
  teamCapability: 3,
  compliance: 'none',
  selfBuild: {
    capacityGpus: 8,
    gpusPerServer: 8,
    serverPriceCny: 2000000,
    networkFraction: 0.12,
    storageFraction: 0.05,
    fitOutFraction: 0.05,
    powerRetrofitCnyPerKw: 0,
    depreciationYears: 5,
    residualFraction: 0.1,
    maintenanceFractionPerYear: 0.04,
    powerMaxKwPerServer: 10.2,
    powerBusyKwPerServer: 8.2,
    powerIdleKwPerServer: 3,
    pue: 1.3,
    electricityCnyPerKwh: 0.6,
    colocationCnyPerKwMonth: 700,
    recovery: 'manual',
    privatePool: false,
    privatePoolLicenseCnyPerGpuMonth: 350,
  },
  rent: {
    priceCnyPerServerHour: 100,
    gpusPerServer: 8,
    utilization: 0.5,
  },
  platform: {
    priceCnyPerGpuHour: 12.5,
    premiumFraction: 0.125,
    utilization: 0.75,
  },
  hybrid: {
    baselineMode: 'owned',
    baselineGpus: null,
    reservedDiscountFraction: 0.25,
  },
  operations: {
    engineerCnyPerYear: 500000,
    engineerCnyPerHour: 250,
    gpusPerEngineer: 200,
    minEngineers: 0.1,
    rentOpsFraction: 0,
    platformOpsFraction: 0,
    setupHoursManual: 2,
    setupHoursPlatform: 0.25,
    hwInterruptionsPerGpuHour: 0,
    swFailureProbabilityPerJob: 0.05,
    checkpointIntervalHours: 1,
    detectHoursManual: 4,
    restartHoursManual: 2,
    detectHoursAutomatic: 0.1,
    restartHoursAutomatic: 0.2,
    engineerHoursPerFailureManual: 8,
    engineerHoursPerFailureAutomatic: 0.75,
  },
  complianceCosts: {
    domesticPremiumFraction: 0,
    dedicatedPremiumFraction: 0.2,
    dedicatedUtilization: 0.6,
  },
  finance: {
    iterationDeclineFractionPerYear: 0.15,
    discountRateFractionPerYear: 0.08,
  },
  calibration: {
    rentSetupCnyPerJob: 200,
    platformSetupCnyPerJob: 50,
    rentCostPerFailureCny: 5000,
    platformCostPerFailureCny: 500,
    note: 'seed000',
  },
  throughput: {
    unitsPerUsefulGpuHour: null,
    unitName: 'tokens',
  },
};

/** The seed preset as schema v2 stored it: v1 plus the default uncertainty block of that release. */
const V2_SEED_TEAM: Record<string, unknown> = {
  ...structuredClone(V1_SEED_TEAM),
  schemaVersion: 2,
  uncertainty: {
    ranges: {
      'selfBuild.serverPriceCny': [1_200_000, 2_800_000],
      'operations.setupHoursManual': [0.5, 8],
      'finance.iterationDeclineFractionPerYear': [0, 0.3],
    },
    draws: 10_000,
    seed: 1,
  },
};

/** The default uncertainty block of schema v2 (the typical ranges of its 19 uncertain inputs, v2's names). */
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
};

/** A scenario as schema v10 and earlier stored it: without the v11 energy block. */
function beforeV11(
  s: Scenario,
): Omit<Scenario, 'finance' | 'energy' | 'ladder' | 'schemaVersion'> & { finance: object } {
  const { energy: _energy, ladder: _ladder, ...rest } = structuredClone(s);
  return { ...rest, finance: beforeV14(s).finance };
}

/** A scenario as schema v13 and earlier stored it: finance without the v14 term path (nor v15's). */
function beforeV14(
  s: Scenario,
): Omit<Scenario, 'finance' | 'schemaVersion' | 'existing'> & { finance: object } {
  const { termPriceShape: _term, ...finance } = beforeV15(s).finance as Scenario['finance'];
  return { ...beforeV15(s), finance };
}

/** A scenario as schema v14 and earlier stored it: finance without the v15 hardware paths (nor v16's). */
function beforeV15(
  s: Scenario,
): Omit<Scenario, 'finance' | 'schemaVersion' | 'existing'> & { finance: object } {
  const { finance: v16Finance, ...rest } = beforeV16(s);
  const {
    hardwarePriceShape: _hardware,
    resalePriceShape: _resale,
    ...finance
  } = v16Finance as Omit<Scenario['finance'], 'lens'>;
  return { ...rest, finance };
}

/** A scenario as schema v15 and earlier stored it: without the v16 existing cluster and lens. */
function beforeV16(
  s: Scenario,
): Omit<Scenario, 'finance' | 'schemaVersion' | 'existing'> & { finance: object } {
  const { existing: _existing, ...rest } = beforeV17(s);
  const { lens: _lens, ...finance } = rest.finance;
  return { ...rest, finance };
}

/**
 * A scenario as schema v16 and earlier (from v13, the ladder's first) stored it: the ladder with a cap
 * of its own on servers on demand, none here.
 */
function beforeV17(s: Scenario): Omit<Scenario, 'schemaVersion'> {
  const { schemaVersion: _v, ...rest } = structuredClone(s);
  // The v16 ladder held one field more than Scenario['ladder'] has now.
  return { ...rest, ladder: { ...rest.ladder, onDemandCapGpus: null } as Scenario['ladder'] };
}

/** A scenario as schema v9 and earlier stored it: finance without the v10 cost view. */
function beforeV10(
  s: Scenario,
): Omit<Scenario, 'finance' | 'energy' | 'ladder' | 'schemaVersion'> & { finance: object } {
  const { costView: _view, ...finance } = beforeV14(s).finance as Scenario['finance'];
  return { ...beforeV11(s), finance };
}

/** A scenario as schema v8 and earlier stored it: finance without the v9 price shape. */
function beforeV9(
  s: Scenario,
): Omit<Scenario, 'finance' | 'energy' | 'ladder' | 'schemaVersion'> & { finance: object } {
  const {
    gpuTimePriceShape: _shape,
    costView: _view,
    ...finance
  } = beforeV14(s).finance as Scenario['finance'];
  return { ...beforeV11(s), finance };
}

/** A scenario as schema v7 and earlier stored it: the VAT view without the v8 leasing rate. */
function beforeV8(s: Scenario): Omit<Scenario, 'vat' | 'finance' | 'energy' | 'ladder' | 'schemaVersion'> & {
  vat: object;
  finance: object;
} {
  const { leasingRateFraction: _l, ...vat } = structuredClone(s.vat);
  return { ...beforeV9(s), vat };
}

/** A scenario as schema v6 and earlier stored it: self-build without the v7 `capacitySizedBy`. */
function beforeV7(s: Scenario): Omit<
  Scenario,
  'selfBuild' | 'vat' | 'finance' | 'energy' | 'ladder' | 'schemaVersion'
> & {
  selfBuild: object;
  vat: object;
  finance: object;
} {
  const { capacitySizedBy: _by, ...selfBuild } = structuredClone(s.selfBuild);
  return { ...beforeV8(s), selfBuild };
}

/** The default scenario as schema v7 stored it. */
const V7_DEFAULT: Record<string, unknown> = { ...beforeV8(defaultScenario), schemaVersion: 7 };

/** A scenario in the accounting view, which every scenario made before schema v10 opens in. */
function inAccountingView(s: Scenario): Scenario {
  return { ...s, finance: { ...s.finance, costView: 'accounting' } };
}

/** The default scenario as it opens from any link made before schema v10. */
const ACCOUNTING_DEFAULT = inAccountingView(defaultScenario);

/** The default scenario as schema v11 stored it: energy without the v12 measured energy. */
const V11_DEFAULT: Record<string, unknown> = (() => {
  const { measured: _m, ...energy } = structuredClone(defaultScenario.energy);
  const { ladder: _ladder, ...rest } = structuredClone(defaultScenario);
  return { ...rest, energy, schemaVersion: 11 };
})();

/** The default scenario as schema v12 stored it: without the v13 commitment ladder. */
const V12_DEFAULT: Record<string, unknown> = (() => {
  const { ladder: _ladder, ...rest } = beforeV14(defaultScenario);
  return { ...rest, schemaVersion: 12 };
})();

/** The default scenario as schema v13 stored it: finance without the v14 term path. */
const V13_DEFAULT: Record<string, unknown> = { ...beforeV14(defaultScenario), schemaVersion: 13 };

/** The default scenario as schema v14 stored it: finance without the v15 hardware paths. */
const V14_DEFAULT: Record<string, unknown> = { ...beforeV15(defaultScenario), schemaVersion: 14 };

/** The default scenario as schema v15 stored it: without the v16 existing cluster and lens. */
const V15_DEFAULT: Record<string, unknown> = { ...beforeV16(defaultScenario), schemaVersion: 15 };

/** The default scenario as schema v16 stored it: the ladder's own cap (none) beside the market. */
const V16_DEFAULT: Record<string, unknown> = { ...beforeV17(defaultScenario), schemaVersion: 16 };

/** The default scenario at schema v16 with a ladder cap of `cap` GPUs beside a market of 256. */
function v16WithCap(cap: number): Record<string, unknown> {
  const v16 = structuredClone(V16_DEFAULT);
  return { ...v16, ladder: { ...(v16.ladder as object), onDemandCapGpus: cap } };
}

/** The default scenario as schema v10 stored it. */
const V10_DEFAULT: Record<string, unknown> = { ...beforeV11(defaultScenario), schemaVersion: 10 };

/** The default scenario as schema v9 stored it. */
const V9_DEFAULT: Record<string, unknown> = { ...beforeV10(defaultScenario), schemaVersion: 9 };

/** The default scenario as schema v8 stored it. */
const V8_DEFAULT: Record<string, unknown> = { ...beforeV9(defaultScenario), schemaVersion: 8 };

/** The default scenario as schema v3 stored it: without the v4 hardware block and VAT view, its name as it was then. */
const V3_SEED_TEAM: Record<string, unknown> = (() => {
  const {
    hardware: _hardware,
    vat: _vat,
    measured: _m,
    trainingPlan: _p,
    ...rest
  } = beforeV7(defaultScenario);
  return { ...rest, schemaVersion: 3, name: 'Seed 000: 10-person team, 20 jobs × 24 h × 8 GPUs' };
})();

/** The default scenario as schema v4 stored it: without the v5 `measured` block. */
const V4_DEFAULT: Record<string, unknown> = (() => {
  const { measured: _m, trainingPlan: _p, ...rest } = beforeV7(defaultScenario);
  return { ...rest, schemaVersion: 4 };
})();

/** The default scenario as schema v5 stored it: without the v6 training plan. */
const V5_DEFAULT: Record<string, unknown> = (() => {
  const { trainingPlan: _p, ...rest } = beforeV7(defaultScenario);
  return { ...rest, schemaVersion: 5 };
})();

/** The default scenario as schema v6 stored it: without the v7 `selfBuild.capacitySizedBy`. */
const V6_DEFAULT: Record<string, unknown> = { ...beforeV7(defaultScenario), schemaVersion: 6 };

// Every migration gets a fixture of the version it upgrades from; the last test fails when a
// registered migration is never exercised by a fixture.
const FIXTURES: Record<number, Record<string, unknown>> = {
  1: V1_SEED_TEAM,
  2: V2_SEED_TEAM,
  3: V3_SEED_TEAM,
  4: V4_DEFAULT,
  5: V5_DEFAULT,
  6: V6_DEFAULT,
  7: V7_DEFAULT,
  8: V8_DEFAULT,
  9: V9_DEFAULT,
  10: V10_DEFAULT,
  11: V11_DEFAULT,
  12: V12_DEFAULT,
  13: V13_DEFAULT,
  14: V14_DEFAULT,
  15: V15_DEFAULT,
  16: V16_DEFAULT,
};
const exercised = new Set<number>();
migrationObserver.onRun = (from) => exercised.add(from);
afterAll(() => {
  migrationObserver.onRun = null;
});

describe('scenario migrations', () => {
  it('passes a current-version scenario through unchanged', () => {
    expect(migrateScenario(structuredClone(defaultScenario))).toEqual({
      ok: true,
      scenario: defaultScenario,
    });
  });

  it('upgrades each older version to a valid current scenario', () => {
    for (const [from, fixture] of Object.entries(FIXTURES)) {
      const r = migrateScenario(fixture);
      expect(r.ok, `from schema ${from}`).toBe(true);
      if (r.ok) expect(r.scenario.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    }
  });

  it('migrates v1 to v2 by adding v2’s default uncertainty block (19 typical ranges, 10,000 draws, seed 1), keeping every v1 field', () => {
    const notes: MigrationNote[] = [];
    const v2 = MIGRATIONS[1]!(structuredClone(V1_SEED_TEAM), notes);
    expect(v2).toEqual({ ...V1_SEED_TEAM, schemaVersion: 2, uncertainty: V2_DEFAULT_UNCERTAINTY });
    expect(notes).toEqual([]);
  });

  it('opens a v1 file with v2’s 19 ranges under their v3 names (v1 → v2 → v3 …)', () => {
    const r = migrateScenario(structuredClone(V1_SEED_TEAM));
    expect(r.ok && r.scenario.uncertainty).toEqual({
      ranges: {
        ...Object.fromEntries(
          Object.entries(V2_DEFAULT_UNCERTAINTY.ranges).filter(
            ([path]) =>
              path !== 'operations.setupHoursManual' && path !== 'finance.iterationDeclineFractionPerYear',
          ),
        ),
        'operations.setupHoursRent': [0.5, 8],
        'finance.gpuTimePriceDeclineFractionPerYear': [0, 0.3],
      },
      draws: 10_000,
      seed: 1,
    });
    expect(r.ok && Object.keys(r.scenario.uncertainty.ranges)).toHaveLength(19);
  });

  it('migrates v2 to v3 writing v3’s defaults as they were: own setup 0.25 h, resale decline 33 %, efficiencies 45 % and 70 %', () => {
    const notes: MigrationNote[] = [];
    const v3 = MIGRATIONS[2]!(structuredClone(V2_SEED_TEAM), notes);
    const v2 = V2_SEED_TEAM as { operations: object; finance: object; selfBuild: object };
    const { setupHoursManual: _s, ...v2Ops } = v2.operations as Record<string, unknown>;
    const { iterationDeclineFractionPerYear: _i, ...v2Finance } = v2.finance as Record<string, unknown>;
    expect(v3).toEqual({
      ...V2_SEED_TEAM,
      schemaVersion: 3,
      usdInputs: {},
      operations: { ...v2Ops, setupHoursRent: 2, setupHoursOwn: 0.25 },
      finance: {
        ...v2Finance,
        gpuTimePriceDeclineFractionPerYear: 0.15,
        resaleValueDeclineFractionPerYear: 0.33,
      },
      selfBuild: {
        ...v2.selfBuild,
        siloedEfficiency: 0.45,
        pooledEfficiency: 0.7,
        buildLeadTimeMonths: null,
      },
      uncertainty: {
        ranges: {
          'selfBuild.serverPriceCny': [1_200_000, 2_800_000],
          'operations.setupHoursRent': [0.5, 8],
          'finance.gpuTimePriceDeclineFractionPerYear': [0, 0.3],
        },
        draws: 10_000,
        seed: 1,
      },
    });
    expect(notes).toEqual([
      'ownSetupDefault',
      'resaleDeclineDefault',
      'ownEfficiencyDefaults',
      'leadTimeByTeam',
    ]);
  });

  it('migrates v3 to v4 writing v4’s default hardware (H800, ratios 1, 989 TFLOPS) and VAT view (off, 13 % / 6 %)', () => {
    const notes: MigrationNote[] = [];
    const v4 = MIGRATIONS[3]!(structuredClone(V3_SEED_TEAM), notes);
    expect(v4).toEqual({
      ...V3_SEED_TEAM,
      schemaVersion: 4,
      hardware: {
        referenceModelId: 'h800',
        referenceDenseTflopsPerGpu: 989,
        selfBuild: { modelId: 'h800', throughputRatio: 1 },
        rent: { modelId: null, throughputRatio: 1 },
        platform: { modelId: null, throughputRatio: 1 },
        userEdited: [],
      },
      vat: {
        enabled: false,
        pricesIncludeVat: true,
        hardwareRateFraction: 0.13,
        servicesRateFraction: 0.06,
        inputVatDeductible: true,
      },
    });
    expect(notes).toEqual(['hardwareDefaults', 'vatDefaults']);
  });

  it('migrates v4 to v5 writing nothing measured', () => {
    const notes: MigrationNote[] = [];
    const v5 = MIGRATIONS[4]!(structuredClone(V4_DEFAULT), notes);
    expect(v5).toEqual({
      ...V4_DEFAULT,
      schemaVersion: 5,
      measured: { selfBuild: null, rent: null, platform: null },
    });
    expect(notes).toEqual(['modelV3']);
  });

  it('migrates v5 to v6 writing an empty plan with v6’s on-demand GPUs for the rented GPU (H800 by reference: 256; Ascend 910B: 1,024; unknown: 128)', () => {
    const notes: MigrationNote[] = [];
    const v6 = MIGRATIONS[5]!(structuredClone(V5_DEFAULT), notes);
    expect(v6).toEqual({
      ...V5_DEFAULT,
      schemaVersion: 6,
      trainingPlan: { runs: [], recurringGpuHoursPerMonth: 0, onDemandGpus: 256 },
    });
    expect(notes).toEqual([]);
    const withRent = (modelId: string) => {
      const hardware = { ...(V5_DEFAULT.hardware as object), rent: { modelId, throughputRatio: 1 } };
      const out = MIGRATIONS[5]!({ ...structuredClone(V5_DEFAULT), hardware }, []);
      return (out.trainingPlan as { onDemandGpus: number }).onDemandGpus;
    };
    expect(withRent('ascend910b')).toBe(1024);
    expect(withRent('h100')).toBe(64);
    expect(withRent('not-in-v6-catalogue')).toBe(128);
  });

  it('migrates v6 to v7 writing who sized self-build: the example’s 8 GPUs the rule’s, 64 typed the user’s', () => {
    const notes: MigrationNote[] = [];
    const v7 = MIGRATIONS[6]!(structuredClone(V6_DEFAULT), notes);
    const v6SelfBuild = V6_DEFAULT.selfBuild as object;
    expect(v7).toEqual({
      ...V6_DEFAULT,
      schemaVersion: 7,
      selfBuild: { ...v6SelfBuild, capacitySizedBy: 'rule' },
    });
    const typed = MIGRATIONS[6]!(
      { ...structuredClone(V6_DEFAULT), selfBuild: { ...v6SelfBuild, capacityGpus: 64 } },
      notes,
    );
    expect(typed.selfBuild).toEqual({ ...v6SelfBuild, capacityGpus: 64, capacitySizedBy: 'user' });
    expect(notes).toEqual([]);
  });

  it('reads no default of today: migrate.ts names none of PARAMETERS, defaultOf, the presets or a default*() maker', () => {
    const source = readFileSync(new URL('../../src/scenario/migrate.ts', import.meta.url), 'utf8');
    // Comments may name them (they say why not); the code may not.
    const code = source
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '')
      .replace(/\s\/\/ .*$/gm, '');
    const forbidden = [
      /\bPARAMETERS\b/,
      /\bparameter\(/,
      /\bdefaultOf\b/,
      /\bmakeDefaultInputs\b/,
      /\bpresets?\b/,
      /\bdefault[A-Z]\w*/,
      /\bnoMeasurements\b/,
      /\bemptyTrainingPlan\b/,
      /\bUNCERTAINTY_(DRAWS|SEED)\b/,
      /\bON_DEMAND_GPUS_BY_AVAILABILITY\b/,
      /\bgpuModelById\b/,
      /\bGPU_MODELS\b/,
      /from '\.\.\/engine\/(parameters|presets|hardware|vat|uncertain-inputs|catalog)/,
    ];
    expect(forbidden.filter((pattern) => pattern.test(code)).map(String)).toEqual([]);
    // The check sees code: the same source with a default read planted fails it.
    const planted = `${code}\nconst x = defaultOf('selfBuild.capacityGpus');`;
    expect(forbidden.some((pattern) => pattern.test(planted))).toBe(true);
  });

  it('migrates v2 to v3 keeping what carries over, setting the new inputs to defaults, and saying so', () => {
    const r = migrateScenario(structuredClone(V2_SEED_TEAM));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const s = r.scenario;
    expect(s.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    // Renamed, same meaning: manual setup on rented servers; the decline of the price of GPU-time.
    expect(s.operations.setupHoursRent).toBe(2);
    expect(s.finance.gpuTimePriceDeclineFractionPerYear).toBe(0.15);
    // New in v3, at v3's defaults.
    expect(s.operations.setupHoursOwn).toBe(0.25);
    expect(s.finance.resaleValueDeclineFractionPerYear).toBe(0.33);
    expect(s.selfBuild.siloedEfficiency).toBe(0.45);
    expect(s.selfBuild.pooledEfficiency).toBe(0.7);
    expect(s.selfBuild.buildLeadTimeMonths).toBeNull();
    // Uncertainty ranges follow the renames and keep their values.
    expect(s.uncertainty.ranges).toEqual({
      'selfBuild.serverPriceCny': [1_200_000, 2_800_000],
      'operations.setupHoursRent': [0.5, 8],
      'finance.gpuTimePriceDeclineFractionPerYear': [0, 0.3],
    });
    expect(r.notes).toEqual([
      'ownSetupDefault',
      'resaleDeclineDefault',
      'ownEfficiencyDefaults',
      'leadTimeByTeam',
      'hardwareDefaults',
      'vatDefaults',
      'modelV3',
      'accountingView',
    ]);
    // Everything else is the v2 scenario as it was.
    expect(s.calibration).toEqual(V1_SEED_TEAM.calibration);
    expect(s.platform).toEqual(V1_SEED_TEAM.platform);
  });

  it('keeps the seed example exact through both migrations: 57,000 and 37,500 a month', () => {
    const r = migrateScenario(structuredClone(V1_SEED_TEAM));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // The seed's month is a snapshot: at flat GPU-time prices the old link gives the article's figures.
    const flat = { ...r.scenario, finance: { ...r.scenario.finance, gpuTimePriceDeclineFractionPerYear: 0 } };
    // An opened file keeps its own name.
    expect(flat).toEqual({ ...ACCOUNTING_DEFAULT, name: V1_SEED_TEAM.name, uncertainty: flat.uncertainty });
    const e = evaluate(flat);
    expect(e.strategies.rent.monthlyCny).toBe(57_000);
    expect(e.strategies.platform.monthlyCny).toBe(37_500);
  });

  it('migrates v3 to v4 with the default hardware at throughput ratio 1, every number identical, noted', () => {
    for (const preset of Object.values(presets)) {
      const { hardware: _h, vat: _v, measured: _m, ...rest } = structuredClone(preset);
      const r = migrateScenario({ ...rest, schemaVersion: 3 });
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      // Under a dedicated or on-premises rule, the v9 step says the own cluster lost the platform's cap.
      const capped =
        (preset.compliance === 'dedicated' || preset.compliance === 'onPrem') &&
        preset.complianceCosts.dedicatedUtilization < preset.platform.utilization;
      expect(r.notes).toEqual(
        capped
          ? ['hardwareDefaults', 'vatDefaults', 'modelV3', 'privatePoolUncapped', 'accountingView']
          : ['hardwareDefaults', 'vatDefaults', 'modelV3', 'accountingView'],
      );
      expect(r.scenario.vat).toEqual({
        enabled: false,
        pricesIncludeVat: true,
        hardwareRateFraction: 0.13,
        servicesRateFraction: 0.06,
        leasingRateFraction: 0.13,
        inputVatDeductible: true,
      });
      expect(r.scenario.hardware.selfBuild.throughputRatio).toBe(1);
      expect(r.scenario.hardware.rent.throughputRatio).toBe(1);
      expect(r.scenario.hardware.platform.throughputRatio).toBe(1);
      // Presets still on the default hardware are the v3 presets unchanged: every number identical.
      // (The weekly presets moved to dated catalogue GPUs in v4, so their v3 form is another scenario;
      // a cluster already owned came with v16, so a v3 form owns none.)
      if (isDeepStrictEqual(preset.hardware, defaultHardware()) && preset.existing === null)
        expect(evaluate(r.scenario)).toEqual(evaluate(inAccountingView(preset)));
    }
    expect(Object.values(presets).some((p) => isDeepStrictEqual(p.hardware, defaultHardware()))).toBe(true);
  });

  it('names the own cluster H800 after v3 → v4 only where its price and power are the defaults', () => {
    const notes: MigrationNote[] = [];
    const v3 = structuredClone(V3_SEED_TEAM) as { selfBuild: Record<string, unknown> };
    expect((addHardwareV4(v3, notes).hardware as Scenario['hardware']).selfBuild.modelId).toBe('h800');
    v3.selfBuild.serverPriceCny = 1_200_000;
    expect((addHardwareV4(v3, notes).hardware as Scenario['hardware']).selfBuild.modelId).toBeNull();
    expect(notes).toEqual(['hardwareDefaults', 'hardwareDefaults']);
  });

  it('migrates v3 to v4 adding the VAT view off at the default rates, keeping every v3 field and the name', () => {
    const r = migrateScenario(structuredClone(V3_SEED_TEAM));
    expect(r.ok && r.notes).toEqual(['hardwareDefaults', 'vatDefaults', 'modelV3', 'accountingView']);
    if (!r.ok) return;
    expect(r.scenario).toEqual({ ...ACCOUNTING_DEFAULT, name: V3_SEED_TEAM.name });
    expect(evaluate(r.scenario).strategies.rent.monthlyCny).toBe(57_000);
    expect(evaluate(r.scenario).strategies.platform.monthlyCny).toBe(37_500);
  });

  it('migrates v4 to v5 keeping every input, nothing measured, and says the numbers follow model v3', () => {
    const r = migrateScenario(structuredClone(V4_DEFAULT));
    expect(r.ok && r.notes).toEqual(['modelV3', 'accountingView']);
    if (!r.ok) return;
    expect(r.scenario).toEqual(ACCOUNTING_DEFAULT);
    expect(r.scenario.measured).toEqual({ selfBuild: null, rent: null, platform: null });
  });

  it('refuses a scenario from a newer version with a message naming schemaVersion', () => {
    const r = migrateScenario({ ...defaultScenario, schemaVersion: CURRENT_SCHEMA_VERSION + 1 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]?.path).toBe('schemaVersion');
  });

  it('migrates v5 to v6 adding an empty training plan, the demand form and every number unchanged, noting only the accounting view it opens in', () => {
    const r = migrateScenario(structuredClone(V5_DEFAULT));
    expect(r).toEqual({ ok: true, scenario: ACCOUNTING_DEFAULT, notes: ['accountingView'] });
    if (r.ok) {
      expect(r.scenario.trainingPlan).toEqual({ runs: [], recurringGpuHoursPerMonth: 0, onDemandGpus: 256 });
      expect(evaluate(r.scenario).strategies.selfBuild.monthlyCny).toBe(
        evaluate(ACCOUNTING_DEFAULT).strategies.selfBuild.monthlyCny,
      );
    }
  });

  it('gives a migrated v5 scenario the on-demand GPUs of its rented GPU’s availability (H20: discontinued, 256; B200: grey market, 64)', () => {
    const hardware = structuredClone(defaultScenario.hardware);
    hardware.rent = { modelId: 'b200', throughputRatio: 2250 / 989 };
    const r = migrateScenario({ ...structuredClone(V5_DEFAULT), hardware });
    expect(r.ok && r.scenario.trainingPlan.onDemandGpus).toBe(64);
  });

  it('migrates v6 to v7 marking the example’s 8 GPUs as the rule’s, every number unchanged, noting only the accounting view', () => {
    const r = migrateScenario(structuredClone(V6_DEFAULT));
    expect(r).toEqual({ ok: true, scenario: ACCOUNTING_DEFAULT, notes: ['accountingView'] });
    expect(r.ok && r.scenario.selfBuild.capacitySizedBy).toBe('rule');
  });

  it('marks a v6 size the rule gives as the rule’s (steady lab: 680 GPUs, its curve’s peak at its efficiency)', () => {
    const lab = presets.steadyLab as Scenario;
    const r = migrateScenario({ ...beforeV7(lab), schemaVersion: 6 });
    expect(r.ok && r.scenario.selfBuild.capacityGpus).toBe(680);
    expect(r.ok && r.scenario.selfBuild.capacitySizedBy).toBe('rule');
    expect(r.ok && evaluate(r.scenario).strategies.selfBuild.monthlyCny).toBe(
      evaluate(inAccountingView(lab)).strategies.selfBuild.monthlyCny,
    );
  });

  it('marks any other v6 size as the user’s, so it stays: 64 GPUs typed for the example’s 8-GPU demand', () => {
    const v6 = beforeV7(defaultScenario);
    const r = migrateScenario({ ...v6, schemaVersion: 6, selfBuild: { ...v6.selfBuild, capacityGpus: 64 } });
    expect(r.ok && r.scenario.selfBuild.capacityGpus).toBe(64);
    expect(r.ok && r.scenario.selfBuild.capacitySizedBy).toBe('user');
    expect(r.ok && r.notes).toEqual(['accountingView']);
  });

  it('keeps a v6 curve imported without sizing on the example’s 8 GPUs as the rule’s (new demand sizes it)', () => {
    // 40 GPUs a week: the rule owns 40 ÷ 57 % (average team, siloed) = 70.2 → 72 GPUs, not 8.
    const v6 = beforeV7(defaultScenario);
    const demand = { ...v6.demand, mode: 'weekly', weeklyGpus: new Array(52).fill(40) };
    const r = migrateScenario({ ...v6, schemaVersion: 6, demand });
    expect(r.ok && r.scenario.selfBuild.capacityGpus).toBe(8);
    expect(r.ok && r.scenario.selfBuild.capacitySizedBy).toBe('rule');
  });

  it('returns the issues of a v6 scenario that does not validate, never throws', () => {
    const v6 = beforeV7(defaultScenario);
    const r = migrateScenario({ ...v6, schemaVersion: 6, selfBuild: { ...v6.selfBuild, capacityGpus: -5 } });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issues.map((i) => i.path)).toEqual(['selfBuild.capacityGpus']);
  });

  it('migrates v7 to v8 with the VAT view off: leasing and repairs at v8’s 13 %, nothing else written, nothing noted', () => {
    const notes: MigrationNote[] = [];
    const v8 = MIGRATIONS[7]!(structuredClone(V7_DEFAULT), notes);
    expect(v8).toEqual({
      ...V7_DEFAULT,
      schemaVersion: 8,
      vat: {
        enabled: false,
        pricesIncludeVat: true,
        hardwareRateFraction: 0.13,
        servicesRateFraction: 0.06,
        leasingRateFraction: 0.13,
        inputVatDeductible: true,
      },
    });
    expect(notes).toEqual([]);
  });

  it('migrates v8 to v9 to the steady price path at the scenario’s own decline, nothing else written, nothing noted', () => {
    const notes: MigrationNote[] = [];
    const v9 = MIGRATIONS[8]!(structuredClone(V8_DEFAULT), notes);
    expect(v9).toEqual({
      ...V8_DEFAULT,
      schemaVersion: 9,
      finance: {
        gpuTimePriceDeclineFractionPerYear: 0,
        gpuTimePriceShape: null,
        resaleValueDeclineFractionPerYear: (
          V8_DEFAULT.finance as { resaleValueDeclineFractionPerYear: number }
        ).resaleValueDeclineFractionPerYear,
        discountRateFractionPerYear: 0.08,
      },
    });
    expect(notes).toEqual([]);
  });

  it('migrates a v8 plan’s runs keeping the MFU they were priced at (v8’s default where none was typed) and no overhead: their GPU-hours do not move, noted', () => {
    const run = (modelId: string, mfuFraction: number | null, moe = false) => ({
      name: '',
      sizeBy: 'model',
      paramsBillions: 70,
      tokensTrillions: 2,
      flops: 0,
      gpuHours: 0,
      modelId,
      ...(moe ? { mixtureOfExperts: true } : {}),
      mfuFraction,
      recompute: false,
      startWeek: 1,
      gpus: 512,
      deadlineWeek: null,
    });
    const v8 = {
      ...structuredClone(V8_DEFAULT),
      trainingPlan: {
        ...(V8_DEFAULT.trainingPlan as object),
        runs: [run('h800', null), run('a100', null), run('b200', 0.33), run('h100', null, true)],
      },
    };
    const notes: MigrationNote[] = [];
    const v9 = MIGRATIONS[8]!(v8, notes) as { trainingPlan: { runs: Record<string, unknown>[] } };
    expect(v9.trainingPlan.runs.map((r) => [r.mfuFraction, r.reportedHoursOverhead])).toEqual([
      [0.4, 1],
      [0.45, 1],
      [0.33, 1],
      [0.3, 1],
    ]);
    expect(notes).toEqual(['planMfuPinned']);
    // v8's GPU-hours of the 70B × 2T run on H800 at 40 %: 6 × 70e9 × 2e12 ÷ (989e12 × 0.4) ÷ 3600.
    const r = migrateScenario(v8);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const first = r.scenario.trainingPlan.runs[0]!;
    expect(runGpuHours(first) / ((6 * 70e9 * 2e12) / (989e12 * 0.4) / 3600)).toBeCloseTo(1, 12);
    // Every MFU typed: nothing to note.
    const typed = { ...v8, trainingPlan: { ...(v8.trainingPlan as object), runs: [run('h800', 0.38)] } };
    const none: MigrationNote[] = [];
    MIGRATIONS[8]!(typed, none);
    expect(none).toEqual([]);
  });

  it('migrates a v8 on-premises scenario whose dedicated cap (60 %) was below the platform’s 75 %, noting that its own-cluster figures may move', () => {
    const onPrem: Record<string, unknown> = { ...structuredClone(V8_DEFAULT), compliance: 'onPrem' };
    expect((onPrem.complianceCosts as { dedicatedUtilization: number }).dedicatedUtilization).toBe(0.6);
    const notes: MigrationNote[] = [];
    MIGRATIONS[8]!(onPrem, notes);
    expect(notes).toEqual(['privatePoolUncapped']);
    // No cap below the platform's figure: nothing to note.
    const uncapped = {
      ...onPrem,
      complianceCosts: { ...(onPrem.complianceCosts as object), dedicatedUtilization: 0.8 },
    };
    const none: MigrationNote[] = [];
    MIGRATIONS[8]!(uncapped, none);
    expect(none).toEqual([]);
  });

  it('migrates v7 to v8 with the VAT view on keeping rentals and repairs at the scenario’s services rate (5 %): every strategy’s compute restated at that one rate as v7 did, noted', () => {
    const vatOn = { ...(V7_DEFAULT.vat as object), enabled: true, servicesRateFraction: 0.05 };
    const notes: MigrationNote[] = [];
    const v8 = MIGRATIONS[7]!({ ...structuredClone(V7_DEFAULT), vat: vatOn }, notes);
    expect(v8.vat).toEqual({ ...vatOn, leasingRateFraction: 0.05 });
    expect(notes).toEqual(['vatLeasingRate']);
    const r = migrateScenario({ ...structuredClone(V7_DEFAULT), vat: vatOn });
    expect(r.ok && r.notes).toEqual(['vatLeasingRate', 'accountingView']);
    if (!r.ok) return;
    // As v7 did: every strategy's compute, every year, restated at the one services rate (prices
    // include deductible VAT, so ÷ 1.05) — rentals and maintenance included.
    const asEntered = cashReport(defaultScenario);
    const migrated = cashReport(r.scenario);
    for (const id of STRATEGY_IDS)
      migrated.strategies[id].years.forEach((year, i) => {
        const entered = asEntered.strategies[id].years[i]!.opexCny.compute;
        expect(year.opexCny.compute, `${id}, year ${i + 1}`).toBeCloseTo(entered / 1.05, 6);
      });
  });

  it('migrates v9 to v10 writing the accounting view, every other input as it was, noted', () => {
    const notes: MigrationNote[] = [];
    const v10 = MIGRATIONS[9]!(structuredClone(V9_DEFAULT), notes);
    expect(v10).toEqual({
      ...V9_DEFAULT,
      schemaVersion: 10,
      finance: { ...(V9_DEFAULT.finance as object), costView: 'accounting' },
    });
    expect(notes).toEqual(['accountingView']);
  });

  it('opens a v9 link of the steady lab with its v9 figures: straight-line depreciation, no capital charge', () => {
    const lab = presets.steadyLab as Scenario;
    const r = migrateScenario({ ...beforeV10(lab), schemaVersion: 9 });
    expect(r.ok && r.notes).toEqual(['accountingView']);
    if (!r.ok) return;
    const opened = evaluate(r.scenario).strategies.selfBuild;
    expect(opened.capitalChargeMonthlyCny).toBe(0);
    // v9 priced compute as depreciation + maintenance + colocation + licence, nothing for capital.
    const sb = lab.selfBuild;
    const capex = opened.capexCny;
    const depreciation = (capex * (1 - sb.residualFraction)) / (sb.depreciationYears * 12);
    const servers = opened.baselineGpus / sb.gpusPerServer;
    const compute =
      depreciation +
      (capex * sb.maintenanceFractionPerYear) / 12 +
      servers * sb.powerMaxKwPerServer * sb.colocationCnyPerKwMonth +
      (sb.privatePool ? opened.baselineGpus * sb.privatePoolLicenseCnyPerGpuMonth : 0);
    expect(opened.breakdownMonthlyCny.compute).toBeCloseTo(compute, 4);
    // The economic view of the same scenario charges capital on top.
    expect(evaluate(lab).strategies.selfBuild.monthlyCny).toBeGreaterThan(opened.monthlyCny);
  });

  it('migrates v10 to v11 adding the energy block with v11’s literal factors, every other input as it was, nothing noted', () => {
    const notes: MigrationNote[] = [];
    const v11 = MIGRATIONS[10]!(structuredClone(V10_DEFAULT), notes);
    expect(v11).toEqual({
      ...V10_DEFAULT,
      schemaVersion: 11,
      energy: {
        gridKgCo2ePerKwh: 0.5306,
        powerCapMw: null,
        providerPue: 1.49,
        providerGridKgCo2ePerKwh: 0.5306,
        embodiedKgCo2ePerGpu: 165,
        carbonPriceCnyPerTonne: 0,
      },
    });
    expect(notes).toEqual([]);
    // The default scenario of v10 opens as today's default (its costs did not move).
    expect(migrateScenario(structuredClone(V10_DEFAULT))).toEqual({ ok: true, scenario: defaultScenario });
  });

  it('migrates v11 to v12 with no measured energy, every other input as it was, nothing noted', () => {
    const notes: MigrationNote[] = [];
    const v12 = MIGRATIONS[11]!(structuredClone(V11_DEFAULT), notes);
    expect(v12).toEqual({
      ...V11_DEFAULT,
      schemaVersion: 12,
      energy: { ...(V11_DEFAULT.energy as object), measured: null },
    });
    expect(notes).toEqual([]);
    expect(migrateScenario(structuredClone(V11_DEFAULT))).toEqual({ ok: true, scenario: defaultScenario });
  });

  it('migrates v12 to v13 adding the ladder with v13’s literal terms (every tier on but spot), every other input as it was, nothing noted', () => {
    const notes: MigrationNote[] = [];
    const v13 = MIGRATIONS[12]!(structuredClone(V12_DEFAULT), notes);
    expect(v13).toEqual({
      ...V12_DEFAULT,
      schemaVersion: 13,
      ladder: {
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
      },
    });
    expect(notes).toEqual([]);
    expect(migrateScenario(structuredClone(V12_DEFAULT))).toEqual({ ok: true, scenario: defaultScenario });
  });

  it('migrates v13 to v14 with terms on the on-demand path (no term path of their own), every other input as it was, nothing noted', () => {
    const notes: MigrationNote[] = [];
    const v14 = MIGRATIONS[13]!(structuredClone(V13_DEFAULT), notes);
    expect(v14).toEqual({
      ...V13_DEFAULT,
      schemaVersion: 14,
      finance: { ...(V13_DEFAULT.finance as object), termPriceShape: null },
    });
    expect(notes).toEqual([]);
    expect(migrateScenario(structuredClone(V13_DEFAULT))).toEqual({ ok: true, scenario: defaultScenario });
    // A v13 shortage path keeps its meaning: its terms follow that same path.
    const shortage = presetShape('shortage');
    const v13Shortage = {
      ...structuredClone(V13_DEFAULT),
      finance: { ...(V13_DEFAULT.finance as object), gpuTimePriceShape: shortage },
    };
    const opened = migrateScenario(v13Shortage);
    if (!opened.ok) throw new Error('expected the v13 shortage scenario to open');
    expect(opened.scenario.finance.gpuTimePriceShape).toEqual(shortage);
    expect(opened.scenario.finance.termPriceShape).toBeNull();
  });

  it("migrates v14 to v15 with hardware bought at today's price and sold by age (no paths of their own), every other input as it was, nothing noted", () => {
    const notes: MigrationNote[] = [];
    const v15 = MIGRATIONS[14]!(structuredClone(V14_DEFAULT), notes);
    expect(v15).toEqual({
      ...V14_DEFAULT,
      schemaVersion: 15,
      finance: { ...(V14_DEFAULT.finance as object), hardwarePriceShape: null, resalePriceShape: null },
    });
    expect(notes).toEqual([]);
    expect(migrateScenario(structuredClone(V14_DEFAULT))).toEqual({ ok: true, scenario: defaultScenario });
  });

  it('migrates v15 to v16 owning nothing before month 1 under the marginal lens, every other input as it was, nothing noted', () => {
    const notes: MigrationNote[] = [];
    const v16 = MIGRATIONS[15]!(structuredClone(V15_DEFAULT), notes);
    expect(v16).toEqual({
      ...V15_DEFAULT,
      schemaVersion: 16,
      existing: null,
      finance: { ...(V15_DEFAULT.finance as object), lens: 'marginal' },
    });
    expect(notes).toEqual([]);
    expect(migrateScenario(structuredClone(V15_DEFAULT))).toEqual({ ok: true, scenario: defaultScenario });
  });

  it('migrates v16 to v17 without the ladder’s cap of its own when it had none, every other input as it was, nothing noted', () => {
    const notes: MigrationNote[] = [];
    const v17 = MIGRATIONS[16]!(structuredClone(V16_DEFAULT), notes);
    expect(v17).toEqual({ ...structuredClone(defaultScenario), schemaVersion: 17 });
    expect(notes).toEqual([]);
    expect(migrateScenario(structuredClone(V16_DEFAULT))).toEqual({ ok: true, scenario: defaultScenario });
  });

  it('a v16 ladder cap at or above the market never bound: dropped, the market as it was, nothing noted', () => {
    expect(defaultScenario.trainingPlan.onDemandGpus).toBe(256);
    for (const cap of [256, 1024]) {
      const opened = migrateScenario(v16WithCap(cap));
      expect(opened).toEqual({ ok: true, scenario: defaultScenario });
    }
  });

  it('a v16 ladder cap below the market becomes the market, and says that the check and deadlines read it now', () => {
    const opened = migrateScenario(v16WithCap(64));
    expect(opened).toEqual({
      ok: true,
      scenario: { ...defaultScenario, trainingPlan: { ...defaultScenario.trainingPlan, onDemandGpus: 64 } },
      notes: ['ladderCapIsMarket'],
    });
  });

  it('a v16 ladder cap below the market that bound nothing — no server tier on, or data on premises — is dropped, nothing noted', () => {
    const serversOff = v16WithCap(64);
    const ladder = serversOff.ladder as { tiers: Record<string, boolean> };
    serversOff.ladder = { ...ladder, tiers: { ...ladder.tiers, onDemand: false, spot: false } };
    const opened = migrateScenario(serversOff);
    if (!opened.ok) throw new Error('expected the v16 scenario to open');
    expect(opened.notes).toBeUndefined();
    expect(opened.scenario.trainingPlan.onDemandGpus).toBe(256);
    const onPrem = migrateScenario({ ...v16WithCap(64), compliance: 'onPrem' });
    if (!onPrem.ok) throw new Error('expected the on-premises v16 scenario to open');
    expect(onPrem.notes).toBeUndefined();
    expect(onPrem.scenario.trainingPlan.onDemandGpus).toBe(256);
  });

  it('exercises every registered migration and has a fixture for each', () => {
    const registered = Object.keys(MIGRATIONS).map(Number).sort();
    expect(Object.keys(FIXTURES).map(Number).sort()).toEqual(registered);
    expect([...exercised].sort()).toEqual(registered);
  });
});
