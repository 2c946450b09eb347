import fc from 'fast-check';
import {
  COMPLIANCE_LEVELS,
  newTrainingRun,
  PARAMETERS,
  planWeeklyCurve,
  type Scenario,
  TEAM_CAPABILITY_LEVELS,
  WEEKLY_CURVE_WEEKS,
} from '../../src/engine';
import { presetHardwareShape } from '../../src/engine/hardware-path-presets';
import { makeDefaultInputs } from '../../src/engine/presets';
import { presetTermShape } from '../../src/engine/price-path-presets';

/** A value within a parameter's typical range (or its allowed range when none is given). */
function arbParam(path: string): fc.Arbitrary<number> {
  const meta = PARAMETERS.find((m) => m.path === path);
  if (!meta) throw new Error(path);
  const [lo, hi] = meta.typical ?? [meta.min, meta.max];
  if (meta.integer) return fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) });
  return fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

function setPath(s: Scenario, path: string, value: number): void {
  const keys = path.split('.');
  let target = s as unknown as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) target = target[k] as Record<string, unknown>;
  target[keys[keys.length - 1]!] = value;
}

/** Paths randomised by `arbScenario` (the workload is drawn separately; the ladder's terms are read off the others, below). */
const RANDOM_PATHS = PARAMETERS.map((m) => m.path).filter(
  (p) =>
    !p.startsWith('demand.') &&
    !p.startsWith('ladder.') &&
    p !== 'selfBuild.capacityGpus' &&
    p !== 'selfBuild.gpusPerServer' &&
    p !== 'rent.gpusPerServer',
);

const arbCurve = fc
  .integer({ min: WEEKLY_CURVE_WEEKS.min, max: WEEKLY_CURVE_WEEKS.max })
  .chain((weeks) =>
    fc.array(fc.double({ min: 0, max: 2_000, noNaN: true }), { minLength: weeks, maxLength: weeks }),
  );

/**
 * Random valid scenarios: every price and rate within its researched range, random workload in job
 * or weekly form, random capability and compliance, power draws ordered idle ≤ busy ≤ max.
 */
export const arbScenario: fc.Arbitrary<Scenario> = fc
  .record({
    values: fc.tuple(...RANDOM_PATHS.map(arbParam)),
    weekly: fc.boolean(),
    // A weekly curve may be a training plan's (model v4: dated, laid over the horizon once): runs given
    // in GPU-hours on the reference GPU, so the curve is the one the door makes from them.
    dated: fc.boolean(),
    runs: fc.array(
      fc.record({
        startWeek: fc.integer({ min: 1, max: 60 }),
        weeks: fc.integer({ min: 1, max: 40 }),
        gpus: fc.integer({ min: 1, max: 2_048 }),
      }),
      { maxLength: 3 },
    ),
    recurringGpuHoursPerMonth: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 200_000, noNaN: true })),
    curve: arbCurve,
    jobsPerMonth: fc.double({ min: 0, max: 500, noNaN: true }),
    hoursPerJob: fc.double({ min: 1, max: 500, noNaN: true }),
    gpusPerJob: fc.integer({ min: 1, max: 512 }),
    capacityGpus: fc.integer({ min: 0, max: 4_096 }),
    team: fc.constantFrom(...TEAM_CAPABILITY_LEVELS),
    compliance: fc.constantFrom(...COMPLIANCE_LEVELS),
    recovery: fc.constantFrom('manual' as const, 'automatic' as const),
    privatePool: fc.boolean(),
    hybridMode: fc.constantFrom('owned' as const, 'reserved' as const),
    calibrated: fc.boolean(),
    leadTimeMonths: fc.option(fc.integer({ min: 0, max: 12 })),
    // Measured efficiencies (model v3): each way by rule (null) or measured, 5–95 %.
    measuredOwn: fc.option(fc.double({ min: 0.05, max: 0.95, noNaN: true })),
    measuredRent: fc.option(fc.double({ min: 0.05, max: 0.95, noNaN: true }), { freq: 4 }),
    measuredPlatform: fc.option(fc.double({ min: 0.05, max: 0.95, noNaN: true }), { freq: 4 }),
    // The price of GPU-time (model v4): the steady decline drawn above, a steady rise, or a shaped path
    // of 1–5 dated points (months ascending, indices from a 70 % fall to a tripling).
    pricePath: fc.oneof(
      { weight: 2, arbitrary: fc.constant({ kind: 'steady' as const }) },
      fc.record({
        kind: fc.constant('rise' as const),
        // −0 is a 0 every input canonicalises (the links write 0), so the draw gives 0 for it.
        decline: fc.double({ min: -0.3, max: 0, noNaN: true }).map((d) => (d === 0 ? 0 : d)),
      }),
      fc.record({
        kind: fc.constant('shaped' as const),
        points: fc
          .uniqueArray(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 5 })
          .chain((months) =>
            fc.tuple(
              ...[...months]
                .sort((a, b) => a - b)
                .map((month) =>
                  fc.double({ min: 0.3, max: 3, noNaN: true }).map((index) => ({ month, index })),
                ),
            ),
          ),
      }),
    ),
  })
  .map((r) => {
    const s = makeDefaultInputs('random');
    RANDOM_PATHS.forEach((path, i) => {
      setPath(s, path, r.values[i]!);
    });
    const sb = s.selfBuild;
    sb.powerBusyKwPerServer = Math.min(sb.powerBusyKwPerServer, sb.powerMaxKwPerServer);
    sb.powerIdleKwPerServer = Math.min(sb.powerIdleKwPerServer, sb.powerBusyKwPerServer);
    sb.capacityGpus = r.capacityGpus;
    sb.recovery = r.recovery;
    sb.privatePool = r.privatePool;
    sb.buildLeadTimeMonths = r.leadTimeMonths;
    s.demand = {
      mode: r.weekly ? (r.dated ? 'plan' : 'weekly') : 'jobs',
      jobsPerMonth: r.jobsPerMonth,
      hoursPerJob: r.hoursPerJob,
      gpusPerJob: r.gpusPerJob,
      weeklyGpus: r.weekly ? r.curve : [],
    };
    if (s.demand.mode === 'plan') {
      s.trainingPlan.recurringGpuHoursPerMonth = r.recurringGpuHoursPerMonth;
      s.trainingPlan.runs = r.runs.map((run) => ({
        ...newTrainingRun(s),
        sizeBy: 'gpuHours' as const,
        gpuHours: run.gpus * 168 * run.weeks,
        modelId: s.hardware.referenceModelId ?? 'h800',
        startWeek: run.startWeek,
        gpus: run.gpus,
      }));
      s.demand.weeklyGpus = planWeeklyCurve(s.trainingPlan, s.hardware.referenceDenseTflopsPerGpu);
    }
    s.teamCapability = r.team;
    s.compliance = r.compliance;
    s.hybrid.baselineMode = r.hybridMode;
    const measured = (value: number | null) =>
      value === null ? null : { value, origin: 'typed' as const, label: null };
    s.measured = {
      selfBuild: measured(r.measuredOwn),
      rent: measured(r.measuredRent),
      platform: measured(r.measuredPlatform),
    };
    if (r.pricePath.kind === 'rise') s.finance.gpuTimePriceDeclineFractionPerYear = r.pricePath.decline;
    if (r.pricePath.kind === 'shaped')
      s.finance.gpuTimePriceShape = {
        preset: 'imported',
        name: 'random',
        source: '',
        points: r.pricePath.points,
      };
    // Schema v14: term GPU-time on a path of its own, read off values already drawn (no new draw, so
    // every seeded property keeps its scenarios): a gentler copy of a shaped path (index^0.7) for the
    // odd team levels; the observed 1-year replay for a reserved hybrid of the abler teams on another
    // path; else terms follow the on-demand path.
    if (r.pricePath.kind === 'shaped' && s.teamCapability % 2 === 1)
      s.finance.termPriceShape = {
        preset: 'imported',
        name: 'random term',
        source: '',
        points: r.pricePath.points.map((p) => ({ month: p.month, index: p.index ** 0.7 })),
      };
    else if (s.hybrid.baselineMode === 'reserved' && s.teamCapability >= 3)
      s.finance.termPriceShape = presetTermShape('observed');
    // Schema v15: hardware purchase and resale on paths of their own, read off values already drawn
    // (no new draw, same reason): a steeper copy of a shaped GPU-time path (index^1.3) for the even
    // team levels; else the shortage replay for the ablest teams and the falling one for level 3 with
    // automatic recovery; resale on the falling replay of its own for a private pool below level 4
    // (else it follows the purchase path). Refreshes happen where the horizon outlasts the life.
    if (r.pricePath.kind === 'shaped' && s.teamCapability % 2 === 0)
      s.finance.hardwarePriceShape = {
        preset: 'imported',
        name: 'random hardware',
        source: '',
        points: r.pricePath.points.map((p) => ({ month: p.month, index: p.index ** 1.3 })),
      };
    else if (s.teamCapability === 5) s.finance.hardwarePriceShape = presetHardwareShape('shortage');
    else if (s.teamCapability === 3 && r.recovery === 'automatic')
      s.finance.hardwarePriceShape = presetHardwareShape('observed');
    if (r.privatePool && s.teamCapability < 4) s.finance.resalePriceShape = presetHardwareShape('observed');
    // Model v4: either cost view, read off the cost of capital already drawn (4–12 %) rather than a
    // new draw, so every seeded property keeps the scenarios it was written against.
    s.finance.costView = s.finance.discountRateFractionPerYear >= 0.08 ? 'economic' : 'accounting';
    // Schema v11: a carbon price on the own cluster's energy for the abler teams, read off the power
    // price already drawn (no new draw, same reason).
    s.energy.carbonPriceCnyPerTonne =
      s.teamCapability >= 4 ? Math.round(s.selfBuild.electricityCnyPerKwh * 200) : 0;
    // Schema v13: the ladder's terms, read off values already drawn (no new draw, same reason): the
    // 1-year discount is the hybrid's reserved discount (20–40 %), the 3-year 20 points more; abler
    // teams prepay.
    s.ladder.reserved1yDiscountFraction = s.hybrid.reservedDiscountFraction;
    s.ladder.reserved3yDiscountFraction = s.hybrid.reservedDiscountFraction + 0.2;
    const prepay = s.teamCapability >= 4 ? 'all' : s.teamCapability === 3 ? 'part' : 'none';
    s.ladder.prepay = { reserved3y: prepay, reserved1y: prepay };
    // One market (the GPUs one can get on demand), read off the capacity already drawn (no new draw,
    // same reason): the odd team levels get their own cluster's size, level 2 at most that (schema
    // v17 merged its ladder cap into the market, as the migration does), the others the default's 256.
    if (s.teamCapability % 2 === 1) s.trainingPlan.onDemandGpus = r.capacityGpus;
    if (s.teamCapability === 2)
      s.trainingPlan.onDemandGpus = Math.min(s.trainingPlan.onDemandGpus, r.capacityGpus);
    if (r.calibrated) {
      s.calibration = {
        rentSetupCnyPerJob: 200,
        platformSetupCnyPerJob: 50,
        rentCostPerFailureCny: 5_000,
        platformCostPerFailureCny: 500,
        note: 'seed000',
      };
    }
    return s;
  });

/**
 * Schema v16: arbScenario with a cluster already owned — 1–64 servers of the self-build's size, 0–96
 * months old (past its life too), bought at 0.5–2 × today's server price — seen through either lens.
 * Kept apart from arbScenario: with a sale in month 1 a way's cash can be negative, and v2–v3
 * properties that compare rent or the platform with flat bills hold only with nothing to sell.
 */
export const arbScenarioWithExisting: fc.Arbitrary<Scenario> = fc
  .tuple(
    arbScenario,
    fc.record({
      servers: fc.integer({ min: 1, max: 64 }),
      ageMonths: fc.integer({ min: 0, max: 96 }),
      priceRatio: fc.double({ min: 0.5, max: 2, noNaN: true }),
      lens: fc.constantFrom('marginal' as const, 'full' as const),
    }),
  )
  .map(([s, e]) => ({
    ...s,
    existing: {
      servers: e.servers,
      ageMonths: e.ageMonths,
      pricePaidCnyPerServer: Math.min(
        10_000_000,
        Math.max(100_000, Math.round(s.selfBuild.serverPriceCny * e.priceRatio)),
      ),
    },
    finance: { ...s.finance, lens: e.lens },
  }));
