import {
  ALL_HARDWARE_FILLED_PATHS,
  BUILD_LEAD_TIME_MONTHS,
  COMPLIANCE_LEVELS,
  ENERGY_RANGES,
  EXISTING_LIMITS,
  GPU_MODELS,
  LADDER_PREPAY_IDS,
  LADDER_TIER_IDS,
  MEASURED_EFFICIENCY,
  MEASURED_ORIGINS,
  MONEY_PATHS,
  type ParameterMeta,
  PRICE_PATH_LIMITS,
  PRICE_SHAPE_IDS,
  parameter,
  type Scenario,
  UNCERTAIN_PATH_CHOICES,
  UNCERTAINTY_DRAWS,
  UNCERTAINTY_SEED,
  VAT_RATE_RANGE,
  WEEKLY_CURVE_WEEKS,
} from '../engine';
import { z } from '../lib/zod';
import { numberSchema } from './number-schema';
import { planFitsTheCurve, TrainingPlanSchema } from './training-plan-schema';
import { weeksWithinTheMaximum } from './weekly-maximum';

/**
 * The zod schema of a Scenario: the one door for outside data (URL, files, localStorage, form input).
 * Numeric ranges come from the engine's PARAMETERS table, so the UI, the schema and the defaults'
 * sources never disagree. The compile-time checks at the bottom keep it in step with the engine type.
 */

/** A finite number within a parameter's allowed range (and whole, where the parameter says so). */
export function numberFor(path: string): z.ZodNumber {
  return numberFromMeta(parameter(path));
}

function numberFromMeta(meta: ParameterMeta): z.ZodNumber {
  let schema = numberSchema({ error: 'must be a number' })
    .min(meta.min, { error: `must be at least ${meta.min}` })
    .max(meta.max, { error: `must be at most ${meta.max}` });
  if (meta.integer) schema = schema.int({ error: 'must be a whole number' });
  return schema;
}

const n = numberFor;

const L = PRICE_PATH_LIMITS;

/** A shaped price path (model v4): points with months ascending, indices within the limits. */
export const PriceShapeSchema = z
  .object({
    preset: z.enum(PRICE_SHAPE_IDS),
    name: z.string().max(L.maxNameChars),
    source: z.string().max(L.maxSourceChars),
    points: z
      .array(
        z.object({
          month: numberSchema().int().min(1).max(L.maxMonth),
          index: numberSchema().finite().min(L.minIndex).max(L.maxIndex),
        }),
      )
      .min(1)
      .max(L.maxPoints),
  })
  .superRefine((shape, ctx) => {
    for (let i = 1; i < shape.points.length; i++) {
      if ((shape.points[i] as { month: number }).month <= (shape.points[i - 1] as { month: number }).month) {
        ctx.addIssue({
          code: 'custom',
          path: ['points', i, 'month'],
          message: 'months must ascend',
          params: { code: 'monthsAscend' },
        });
        return;
      }
    }
  });

export const DemandSchema = z
  .object({
    mode: z.enum(['jobs', 'weekly', 'plan']),
    jobsPerMonth: n('demand.jobsPerMonth'),
    hoursPerJob: n('demand.hoursPerJob'),
    gpusPerJob: n('demand.gpusPerJob'),
    // At most WEEKLY_GPUS_MAX a week, checked below: in the plan form the curve is the plan's, so the
    // plan's rule (training-plan-schema.ts) names the field that fills a week too full instead.
    weeklyGpus: z.array(numberSchema().finite().min(0)).max(WEEKLY_CURVE_WEEKS.max),
  })
  .superRefine((d, ctx) => {
    if (d.mode !== 'plan') weeksWithinTheMaximum(d.weeklyGpus, ['weeklyGpus'], ctx);
    if (d.mode !== 'jobs' && d.weeklyGpus.length < WEEKLY_CURVE_WEEKS.min) {
      ctx.addIssue({
        code: 'custom',
        path: ['weeklyGpus'],
        message: `a weekly curve needs ${WEEKLY_CURVE_WEEKS.min}–${WEEKLY_CURVE_WEEKS.max} weeks`,
        params: { code: 'weeksRange', min: WEEKLY_CURVE_WEEKS.min, max: WEEKLY_CURVE_WEEKS.max },
      });
    }
  });

export const SelfBuildSchema = z
  .object({
    capacityGpus: n('selfBuild.capacityGpus'),
    // Who set the size (schema v7): the rule's follows new demand, the user's stays (engine types.ts).
    capacitySizedBy: z.enum(['rule', 'user']),
    gpusPerServer: n('selfBuild.gpusPerServer'),
    serverPriceCny: n('selfBuild.serverPriceCny'),
    networkFraction: n('selfBuild.networkFraction'),
    storageFraction: n('selfBuild.storageFraction'),
    fitOutFraction: n('selfBuild.fitOutFraction'),
    powerRetrofitCnyPerKw: n('selfBuild.powerRetrofitCnyPerKw'),
    depreciationYears: n('selfBuild.depreciationYears'),
    residualFraction: n('selfBuild.residualFraction'),
    maintenanceFractionPerYear: n('selfBuild.maintenanceFractionPerYear'),
    powerMaxKwPerServer: n('selfBuild.powerMaxKwPerServer'),
    powerBusyKwPerServer: n('selfBuild.powerBusyKwPerServer'),
    powerIdleKwPerServer: n('selfBuild.powerIdleKwPerServer'),
    pue: n('selfBuild.pue'),
    electricityCnyPerKwh: n('selfBuild.electricityCnyPerKwh'),
    colocationCnyPerKwMonth: n('selfBuild.colocationCnyPerKwMonth'),
    recovery: z.enum(['manual', 'automatic']),
    privatePool: z.boolean(),
    privatePoolLicenseCnyPerGpuMonth: n('selfBuild.privatePoolLicenseCnyPerGpuMonth'),
    siloedEfficiency: n('selfBuild.siloedEfficiency'),
    pooledEfficiency: n('selfBuild.pooledEfficiency'),
    // null: by team level (the engine's buildLeadTimeMonthsOf).
    buildLeadTimeMonths: numberSchema({ error: 'must be a number' })
      .int({ error: 'must be a whole number' })
      .min(BUILD_LEAD_TIME_MONTHS.min, { error: `must be at least ${BUILD_LEAD_TIME_MONTHS.min}` })
      .max(BUILD_LEAD_TIME_MONTHS.max, { error: `must be at most ${BUILD_LEAD_TIME_MONTHS.max}` })
      .nullable(),
  })
  .superRefine((sb, ctx) => {
    // Power draw must be ordered idle ≤ busy ≤ max, or the energy formula would be meaningless.
    if (sb.powerIdleKwPerServer > sb.powerBusyKwPerServer) {
      ctx.addIssue({
        code: 'custom',
        path: ['powerIdleKwPerServer'],
        message: 'idle power must not exceed busy power',
        // `params` carry the translatable code (parse.ts); the other field's path is absolute.
        params: { code: 'powerOrder', other: 'selfBuild.powerBusyKwPerServer' },
      });
    }
    if (sb.powerBusyKwPerServer > sb.powerMaxKwPerServer) {
      ctx.addIssue({
        code: 'custom',
        path: ['powerBusyKwPerServer'],
        message: 'busy power must not exceed maximum power',
        params: { code: 'powerOrder', other: 'selfBuild.powerMaxKwPerServer' },
      });
    }
  });

const UNCERTAIN_PATH_SET = new Set(UNCERTAIN_PATH_CHOICES);
const MONEY_PATH_SET = new Set(MONEY_PATHS);

/**
 * A record with at most `limit` keys (its keys are input paths, so no valid one has more). A record
 * with more is refused with one 'tooMany' issue and only its first `limit` entries are checked: a
 * 652 KB file of 60,000 made-up keys took zod 500 ms and gave one issue per key.
 */
function cappedRecord<T extends z.ZodType>(limit: number, record: T) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const keys = Object.keys(value);
    if (keys.length <= limit) return value;
    ctx.addIssue({
      code: 'custom',
      message: `must have at most ${limit} entries`,
      params: { code: 'tooMany', limit },
    });
    const entries = value as Record<string, unknown>;
    return Object.fromEntries(keys.slice(0, limit).map((k) => [k, entries[k]]));
  }, record);
}

/**
 * Uncertainty ranges (schema v2): each key a non-integer `PARAMETERS` path, each value [low, high]
 * within that input's allowed range with low ≤ high.
 */
export const UncertaintySchema = z.object({
  ranges: cappedRecord(
    UNCERTAIN_PATH_CHOICES.length,
    z
      .record(z.string(), z.tuple([numberSchema().finite(), numberSchema().finite()]))
      .superRefine((ranges, ctx) => {
        for (const [path, [low, high]] of Object.entries(ranges)) {
          if (!UNCERTAIN_PATH_SET.has(path)) {
            ctx.addIssue({
              code: 'custom',
              path: [path],
              message: 'is not an input that can be uncertain',
              params: { code: 'notUncertain' },
            });
            continue;
          }
          const meta = parameter(path);
          if (low < meta.min || high > meta.max) {
            ctx.addIssue({
              code: 'custom',
              path: [path],
              message: `must lie within ${meta.min}–${meta.max}`,
              params: { code: 'outsideRange', min: meta.min, max: meta.max },
            });
          }
          if (low > high) {
            ctx.addIssue({
              code: 'custom',
              path: [path],
              message: 'low must not exceed high',
              params: { code: 'lowAboveHigh' },
            });
          }
        }
      }),
  ),
  draws: numberSchema({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(UNCERTAINTY_DRAWS.min, { error: `must be at least ${UNCERTAINTY_DRAWS.min}` })
    .max(UNCERTAINTY_DRAWS.max, { error: `must be at most ${UNCERTAINTY_DRAWS.max}` }),
  seed: numberSchema({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(UNCERTAINTY_SEED.min, { error: `must be at least ${UNCERTAINTY_SEED.min}` })
    .max(UNCERTAINTY_SEED.max, { error: `must be at most ${UNCERTAINTY_SEED.max}` }),
});

const MODEL_IDS = GPU_MODELS.map((m) => m.id) as [string, ...string[]];
const ratio = numberSchema({ error: 'must be a number' })
  .finite()
  .min(0.01, { error: 'must be at least 0.01' })
  .max(100, { error: 'must be at most 100' });
const HardwareChoiceSchema = z.object({ modelId: z.enum(MODEL_IDS).nullable(), throughputRatio: ratio });

/** Hardware choices (schema v4, docs/model.md §8). */
export const HardwareSchema = z.object({
  referenceModelId: z.enum(MODEL_IDS).nullable(),
  referenceDenseTflopsPerGpu: numberSchema({ error: 'must be a number' })
    .finite()
    .min(1, { error: 'must be at least 1' })
    .max(100000, { error: 'must be at most 100,000' }),
  selfBuild: HardwareChoiceSchema,
  rent: HardwareChoiceSchema,
  platform: HardwareChoiceSchema,
  userEdited: z.array(z.enum(ALL_HARDWARE_FILLED_PATHS as [string, ...string[]])).max(20),
});

const vatRate = numberSchema({ error: 'must be a number' })
  .min(VAT_RATE_RANGE.min, { error: `must be at least ${VAT_RATE_RANGE.min}` })
  .max(VAT_RATE_RANGE.max, { error: `must be at most ${VAT_RATE_RANGE.max}` });

const inRange = (range: { min: number; max: number }) =>
  numberSchema({ error: 'must be a number' })
    .min(range.min, { error: `must be at least ${range.min}` })
    .max(range.max, { error: `must be at most ${range.max}` });

/** Energy and emissions (schema v11; engine sites.ts): the site's grid and power cap, the providers', embodied. */
export const EnergySchema = z.object({
  gridKgCo2ePerKwh: inRange(ENERGY_RANGES.gridKgCo2ePerKwh),
  powerCapMw: inRange(ENERGY_RANGES.powerCapMw).nullable(),
  providerPue: inRange(ENERGY_RANGES.providerPue),
  providerGridKgCo2ePerKwh: inRange(ENERGY_RANGES.gridKgCo2ePerKwh),
  embodiedKgCo2ePerGpu: inRange(ENERGY_RANGES.embodiedKgCo2ePerGpu),
  carbonPriceCnyPerTonne: inRange(ENERGY_RANGES.carbonPriceCnyPerTonne),
  measured: z
    .object({
      origin: z.enum(['schedulerLog', 'telemetry']),
      scope: z.enum(['nodes', 'gpus']),
      kwh: inRange(ENERGY_RANGES.measuredKwh),
      coveredGpuHours: inRange(ENERGY_RANGES.measuredCoveredGpuHours),
      kwPerGpu: inRange(ENERGY_RANGES.measuredKwPerGpu),
      label: z.string().max(200, { error: 'must be at most 200 characters' }).nullable(),
    })
    // A scheduler log measures the servers' energy, telemetry the GPU boards': never the other way.
    .refine((m) => (m.origin === 'schedulerLog') === (m.scope === 'nodes'), {
      error: 'a scheduler log measures the servers (nodes), telemetry the GPU boards (gpus)',
    })
    .nullable(),
});

/** The optional VAT view of the cash report (schema v4; engine vat.ts). */
export const VatSchema = z.object({
  enabled: z.boolean(),
  pricesIncludeVat: z.boolean(),
  hardwareRateFraction: vatRate,
  servicesRateFraction: vatRate,
  leasingRateFraction: vatRate,
  inputVatDeductible: z.boolean(),
});

const MeasuredEfficiencySchema = z
  .object({
    value: numberSchema({ error: 'must be a number' })
      .min(MEASURED_EFFICIENCY.min, { error: `must be at least ${MEASURED_EFFICIENCY.min}` })
      .max(MEASURED_EFFICIENCY.max, { error: `must be at most ${MEASURED_EFFICIENCY.max}` }),
    origin: z.enum(MEASURED_ORIGINS),
    label: z.string().max(200, { error: 'must be at most 200 characters' }).nullable(),
  })
  .nullable();

/** The commitment ladder (schema v13): which tiers it may use, and the terms of those it prices. */
export const LadderSchema = z.object({
  tiers: z.object(
    Object.fromEntries(LADDER_TIER_IDS.map((id) => [id, z.boolean()])) as Record<
      (typeof LADDER_TIER_IDS)[number],
      z.ZodBoolean
    >,
  ),
  reserved3yDiscountFraction: n('ladder.reserved3yDiscountFraction'),
  reserved1yDiscountFraction: n('ladder.reserved1yDiscountFraction'),
  monthlyDiscountFraction: n('ladder.monthlyDiscountFraction'),
  prepay: z.object({ reserved3y: z.enum(LADDER_PREPAY_IDS), reserved1y: z.enum(LADDER_PREPAY_IDS) }),
  spotDiscountFraction: n('ladder.spotDiscountFraction'),
  spotPreemptionsPerServerMonth: n('ladder.spotPreemptionsPerServerMonth'),
});

/** Measured allocation efficiencies (schema v5, model v3): each way's, or null for by rule. */
export const MeasuredSchema = z.object({
  selfBuild: MeasuredEfficiencySchema,
  rent: MeasuredEfficiencySchema,
  platform: MeasuredEfficiencySchema,
});

const EL = EXISTING_LIMITS;

/** A cluster the team already owns (schema v16, engine existing-cluster.ts). */
export const ExistingClusterSchema = z.object({
  servers: inRange(EL.servers).int({ error: 'must be a whole number' }),
  ageMonths: inRange(EL.ageMonths).int({ error: 'must be a whole number' }),
  pricePaidCnyPerServer: inRange(EL.pricePaidCnyPerServer),
});

/** Every group of a scenario with its own rules, before the rules that span groups. */
export const ScenarioGroupsSchema = z.object({
  schemaVersion: z.literal(17),
  name: z.string().max(200, { error: 'must be at most 200 characters' }),
  demand: DemandSchema,
  horizonMonths: n('horizonMonths'),
  teamCapability: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  compliance: z.enum(COMPLIANCE_LEVELS),
  selfBuild: SelfBuildSchema,
  rent: z.object({
    priceCnyPerServerHour: n('rent.priceCnyPerServerHour'),
    gpusPerServer: n('rent.gpusPerServer'),
    utilization: n('rent.utilization'),
  }),
  platform: z.object({
    priceCnyPerGpuHour: n('platform.priceCnyPerGpuHour'),
    premiumFraction: n('platform.premiumFraction'),
    utilization: n('platform.utilization'),
  }),
  hybrid: z.object({
    baselineMode: z.enum(['owned', 'reserved']),
    baselineGpus: n('selfBuild.capacityGpus').nullable(),
    reservedDiscountFraction: n('hybrid.reservedDiscountFraction'),
  }),
  operations: z.object({
    engineerCnyPerYear: n('operations.engineerCnyPerYear'),
    engineerCnyPerHour: n('operations.engineerCnyPerHour'),
    gpusPerEngineer: n('operations.gpusPerEngineer'),
    minEngineers: n('operations.minEngineers'),
    rentOpsFraction: n('operations.rentOpsFraction'),
    platformOpsFraction: n('operations.platformOpsFraction'),
    setupHoursRent: n('operations.setupHoursRent'),
    setupHoursPlatform: n('operations.setupHoursPlatform'),
    setupHoursOwn: n('operations.setupHoursOwn'),
    hwInterruptionsPerGpuHour: n('operations.hwInterruptionsPerGpuHour'),
    swFailureProbabilityPerJob: n('operations.swFailureProbabilityPerJob'),
    checkpointIntervalHours: n('operations.checkpointIntervalHours'),
    detectHoursManual: n('operations.detectHoursManual'),
    restartHoursManual: n('operations.restartHoursManual'),
    detectHoursAutomatic: n('operations.detectHoursAutomatic'),
    restartHoursAutomatic: n('operations.restartHoursAutomatic'),
    engineerHoursPerFailureManual: n('operations.engineerHoursPerFailureManual'),
    engineerHoursPerFailureAutomatic: n('operations.engineerHoursPerFailureAutomatic'),
  }),
  complianceCosts: z.object({
    domesticPremiumFraction: n('complianceCosts.domesticPremiumFraction'),
    dedicatedPremiumFraction: n('complianceCosts.dedicatedPremiumFraction'),
    dedicatedUtilization: n('complianceCosts.dedicatedUtilization'),
  }),
  finance: z.object({
    gpuTimePriceDeclineFractionPerYear: n('finance.gpuTimePriceDeclineFractionPerYear'),
    gpuTimePriceShape: PriceShapeSchema.nullable(),
    termPriceShape: PriceShapeSchema.nullable(),
    hardwarePriceShape: PriceShapeSchema.nullable(),
    resalePriceShape: PriceShapeSchema.nullable(),
    resaleValueDeclineFractionPerYear: n('finance.resaleValueDeclineFractionPerYear'),
    discountRateFractionPerYear: n('finance.discountRateFractionPerYear'),
    costView: z.enum(['economic', 'accounting']),
    lens: z.enum(['marginal', 'full']),
  }),
  calibration: z.object({
    rentSetupCnyPerJob: numberSchema().finite().min(0).max(1e7).nullable(),
    platformSetupCnyPerJob: numberSchema().finite().min(0).max(1e7).nullable(),
    rentCostPerFailureCny: numberSchema().finite().min(0).max(1e9).nullable(),
    platformCostPerFailureCny: numberSchema().finite().min(0).max(1e9).nullable(),
    note: z.string().max(200).nullable(),
  }),
  throughput: z.object({
    unitsPerUsefulGpuHour: numberSchema().finite().positive().max(1e15).nullable(),
    unitName: z.string().max(40),
  }),
  uncertainty: UncertaintySchema,
  usdInputs: cappedRecord(
    MONEY_PATHS.length,
    z.record(z.string(), numberSchema().finite().min(0).max(1e12)).superRefine((inputs, ctx) => {
      for (const path of Object.keys(inputs)) {
        if (!MONEY_PATH_SET.has(path)) {
          ctx.addIssue({
            code: 'custom',
            path: [path],
            message: 'is not a money input',
            params: { code: 'notMoney' },
          });
        }
      }
    }),
  ),
  hardware: HardwareSchema,
  vat: VatSchema,
  measured: MeasuredSchema,
  trainingPlan: TrainingPlanSchema,
  energy: EnergySchema,
  ladder: LadderSchema,
  existing: ExistingClusterSchema.nullable(),
});

/** The scenario: its groups, then the rules that span them (a training plan fits its weeks). */
export const ScenarioSchema = ScenarioGroupsSchema.superRefine(planFitsTheCurve);

/**
 * The rules that span groups, on their own (for a candidate whose groups are known to be valid):
 * together with ScenarioGroupsSchema, exactly ScenarioSchema.
 */
export const ScenarioSpanningRulesSchema = z
  .custom<Parameters<typeof planFitsTheCurve>[0]>()
  .superRefine(planFitsTheCurve);

export type ScenarioFromSchema = z.infer<typeof ScenarioSchema>;

// The compiler keeps the schema and the engine type in step: each must be assignable to the other.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesEngine: Exact<ScenarioFromSchema, Scenario> = true;
void schemaMatchesEngine;
