import type { TFunction } from 'i18next';
import {
  COST_CATEGORIES,
  type CostCategory,
  HOURS_PER_MONTH,
  STRATEGY_IDS,
  type StrategyId,
} from '../../engine';
import type { CurveSheet } from './curve-sheet';
import { type DatedBaseline, type DatedBaselineColumns, DatedCurveSheet } from './dated-curve-sheet';
import {
  add,
  and,
  ceiling,
  cmp,
  div,
  type Expr,
  iff,
  isNumber,
  lit,
  max,
  min,
  mul,
  numberOf,
  or,
  pow,
  rangeCall,
  ref,
  sub,
} from './expr';
import type { Inputs } from './inputs-sheet';
import { INTEGER_FORMAT, PERCENT_FORMAT, PRECISE_FORMAT } from './number-format';
import { type CellModel, type Placed, SheetBuilder } from './sheet-model';

/**
 * The calculation sheet: each strategy's monthly cost by the six categories, computed with formulas
 * from the Inputs sheet's named cells, one row per quantity and one column per strategy, in the
 * model's own order (src/engine/model: inputs.ts → rent.ts, platform.ts, self-build.ts → burst.ts,
 * lead-time.ts → hybrid.ts → cash-model.ts). Where the model branches (calibrated amounts, recovery,
 * eligibility, whether the own cluster takes work, the cheaper rental while building) the formula
 * branches with IF/MIN/MAX. Values, not formulas: the figures on the Inputs sheet's engine block.
 */

const AMOUNT = INTEGER_FORMAT;
const RATE = '#,##0.0000';
const RATIO = '0.0000';

type Row = Partial<Record<StrategyId, Placed>>;

/** What the cash sheet and the reconciliation read from this sheet (references for other sheets). */
export interface CostsLayout {
  sheet: SheetBuilder;
  horizon: Expr;
  monthly: Record<StrategyId, Record<CostCategory | 'total', Expr>>;
  horizonTotal: Record<StrategyId, Expr>;
  loadRate: Expr;
  /** Useful GPU-hours a month in reference GPUs (what unit costs divide by). */
  useful: Expr;
  /** Running cash a month: a + b × market factor, split into what VAT treats as services and the rest. */
  running: Record<StrategyId, { aServices: Expr; aOther: Expr; bServices: Expr; bOther: Expr }>;
  owned: Record<'selfBuild' | 'hybrid', OwnedCashRefs | null>;
  endResale: Record<StrategyId, Expr>;
  /** The owned cluster's GPUs in whole servers (the verdict's tie reason compares the hybrid to it). */
  selfBuildCapacity: Expr;
  /** The hybrid's burst, useful GPU-hours a month (a hybrid without burst does not compete). */
  hybridBurstUseful: Expr;
  /** A training plan's months (model v4): how its bills are timed in the cash; null otherwise. */
  dated: DatedCashRefs | null;
}

/**
 * What the monthly cash sheet needs of a training plan: the part of each strategy's running cash held
 * every month (the hybrid's reserved baseline), and month M's share of the bills that follow the
 * demand (all of it for rent and the platform, the burst for the others) and of the own cluster's work
 * (which the lead-time rental follows).
 */
export interface DatedCashRefs {
  held: Record<StrategyId, { aOther: Expr; bServices: Expr; bOther: Expr }>;
  share(id: StrategyId, M: Expr, horizon: Expr): Expr;
  servedShare(id: 'selfBuild' | 'hybrid', M: Expr, horizon: Expr): Expr;
}

export interface OwnedCashRefs {
  /** 1 when this strategy owns hardware (the hybrid's baseline switch), else 0. */
  on: Expr;
  capex: Expr;
  leadMonths: Expr;
  lifeMonths: Expr;
  saleAtReplacement: Expr;
  runServices: Expr;
  runEnergy: Expr;
  runOther: Expr;
  leadA: Expr;
  leadB: Expr;
}

/**
 * Resale value of hardware of a given age (market.ts resaleValueCny): capex × (1 − r)^(age ÷ 12),
 * never above book value nor below 0.
 */
function resale(capex: Expr, decline: Expr, ageMonths: Expr, book: Expr): Expr {
  const market = iff(
    cmp(decline, '<=', 0),
    capex,
    mul(capex, pow(sub(1, min(decline, 1)), div(ageMonths, 12))),
  );
  return max(0, min(market, book));
}

/** Straight-line book value at an age (market.ts bookValueCny). */
function book(capex: Expr, residual: Expr, life: Expr, age: Expr): Expr {
  return mul(capex, sub(1, mul(sub(1, residual), min(1, div(age, life)))));
}

export function costsSheet(
  name: string,
  inputs: Inputs,
  curve: CurveSheet | DatedCurveSheet,
  weekly: boolean,
  t: TFunction,
): CostsLayout {
  // A training plan is dated (model v4): its months are billed on their own hours at their own price.
  const dated = curve instanceof DatedCurveSheet ? curve : null;
  const weeklyCurve = curve instanceof DatedCurveSheet ? null : curve;
  const input = (key: string): Expr => {
    const e = inputs[key];
    if (!e) throw new Error(`no input ${key}`);
    return e;
  };
  const s = new SheetBuilder(name, [52, 18, 18, 18, 18, 26]);
  const label = (key: string) => t(`export:workbook.costs.${key}`);
  const unit = (key: string) => t(`export:workbook.unit.${key}`);
  s.header(
    [
      t('export:workbook.costs.quantity'),
      ...STRATEGY_IDS.map((id) => t(`common:strategy.${id}`)),
      t('export:excel.unit'),
    ],
    true,
  );
  s.model.frozenColumns = 1;
  const cellOfExpr = (e: Expr, numFmt: string): CellModel => ({ value: e.v, formula: e.f, numFmt });

  /** A row with one formula per strategy (null where it does not apply). */
  const line = (key: string, unitKey: string, f: (id: StrategyId) => Expr | null, numFmt = AMOUNT): Row => {
    const exprs = STRATEGY_IDS.map(f);
    const row = s.add([
      { value: label(key) },
      ...exprs.map((e) => (e ? cellOfExpr(e, numFmt) : null)),
      { value: unit(unitKey) },
    ]);
    const out: Row = {};
    STRATEGY_IDS.forEach((id, i) => {
      if (exprs[i]) out[id] = s.at(row, i + 2);
    });
    return out;
  };
  /** A quantity common to every strategy, in the first strategy column. */
  const single = (key: string, unitKey: string, e: Expr, numFmt = AMOUNT): Placed => {
    const row = s.add([
      { value: label(key) },
      cellOfExpr(e, numFmt),
      null,
      null,
      null,
      { value: unit(unitKey) },
    ]);
    return s.at(row, 2);
  };
  const h = (r: Row, id: StrategyId): Expr => {
    const p = r[id];
    if (!p) throw new Error(`row has no ${id}`);
    return p.here;
  };
  const section = (key: string) => {
    s.gap();
    s.title(label(key));
  };

  const H = input('horizonMonths');
  const d = input('finance_gpuTimePriceDeclineFractionPerYear');
  const ownEff = input('engine_ownEfficiency');
  const pu = input('engine_platformEfficiency');
  const rentEff = input('engine_rentEfficiency');
  const staff = input('engine_staffMultiplier');
  const manual = input('engine_manualHoursMultiplier');
  const rentOk = cmp(input('engine_rentEligible'), '=', 1);
  const platformOk = cmp(input('engine_platformEligible'), '=', 1);
  const engRate = input('operations_engineerCnyPerHour');
  const gpj = input('demand_gpusPerJob');
  const gps = input('selfBuild_gpusPerServer');
  const rgps = input('rent_gpusPerServer');
  const owned = cmp(input('hybrid_baselineOwned'), '=', 1);

  // ── The demand and the market (model/inputs.ts, demand.ts, market.ts) ──
  section('general');
  // Σ of the monthly market factors over months 1..n: a geometric series (market.ts sumMarketFactors).
  const dd = min(d, 0.999999);
  const q = pow(sub(1, dd), div(1, 12));
  // A spreadsheet has no log1p/expm1: for a decline below 1e-4 the closed form loses its digits to
  // cancellation (1 − q is tiny; a decline of 5e-324 gave 0 ÷ 0), so it takes the series of
  // (e^(nL) − 1) ÷ (e^L − 1) in L = ln(1 − d) ÷ 12 ≈ −(d + d²/2 + d³/3) ÷ 12, to L³: n + n(n−1)/2·L +
  // n(n−1)(2n−1)/12·L² + n²(n−1)²/24·L³ (the next term is below 1e-14 of the sum for 72 months).
  const L1 = mul(-1 / 12, add(dd, div(mul(dd, dd), 2), div(mul(dd, dd, dd), 3)));
  const series = (n: Expr): Expr => {
    const n1 = sub(n, 1);
    return add(
      n,
      mul(div(mul(n, n1), 2), L1),
      mul(div(mul(n, n1, sub(mul(2, n), 1)), 12), L1, L1),
      mul(div(mul(n, n, n1, n1), 24), L1, L1, L1),
    );
  };
  const sumFactors = (n: Expr): Expr =>
    iff(
      cmp(n, '<', 1),
      0,
      iff(
        cmp(d, '<=', 0),
        n,
        iff(cmp(d, '<', 1e-4), series(n), div(sub(1, pow(sub(1, dd), div(n, 12))), sub(1, q))),
      ),
    );
  const fAvg = single(
    'averageFactor',
    'ratio',
    iff(or(cmp(d, '<=', 0), cmp(H, '<=', 0)), 1, div(sumFactors(H), H)),
    RATIO,
  ).here;
  // The bills that follow the demand: at the average factor, or for a plan its demand-weighted one.
  const fDemand = dated ? single('demandFactor', 'ratio', dated.demandFactor(fAvg), RATIO).here : fAvg;
  const perJob = mul(input('demand_hoursPerJob'), gpj, input('rent_utilization'));
  const baseUseful = single(
    'baseUseful',
    'gpuHoursMonth',
    dated
      ? mul(dated.weightedDemand(), HOURS_PER_MONTH)
      : weekly && weeklyCurve
        ? mul(
            rangeCall(
              'AVERAGE',
              [weeklyCurve.sheet.range(2, 3, 2 + weeklyCurve.weekCount, true)],
              curveMean(weeklyCurve),
            ),
            HOURS_PER_MONTH,
          )
        : mul(input('demand_jobsPerMonth'), perJob),
    PRECISE_FORMAT,
  ).here;
  const usefulPlaced = single(
    'useful',
    'gpuHoursMonth',
    mul(baseUseful, input('demand_scale')),
    PRECISE_FORMAT,
  );
  const useful = usefulPlaced.here;
  const jobs = weekly ? iff(cmp(perJob, '>', 0), div(baseUseful, perJob), 0) : input('demand_jobsPerMonth');
  const jobsPerUseful = single(
    'jobsPerUseful',
    'perGpuHour',
    iff(cmp(baseUseful, '>', 0), div(jobs, baseUseful), 0),
    '0.000000',
  ).here;
  const cp = input('operations_checkpointIntervalHours');
  const lost = single(
    'lostHours',
    'hours',
    iff(cmp(cp, '>', 0), div(cp, 2), div(input('demand_hoursPerJob'), 2)),
    PRECISE_FORMAT,
  ).here;
  const rentToday0 = single(
    'rentToday',
    'cnyPerServerHour',
    mul(
      input('rent_priceCnyPerServerHour'),
      iff(
        cmp(input('engine_domesticPremium'), '=', 1),
        add(1, input('complianceCosts_domesticPremiumFraction')),
        1,
      ),
    ),
    RATE,
  ).here;
  const platformToday0 = single(
    'platformToday',
    'cnyPerGpuHour',
    mul(
      input('platform_priceCnyPerGpuHour'),
      add(1, input('platform_premiumFraction')),
      iff(
        cmp(input('engine_domesticPremium'), '=', 1),
        add(1, input('complianceCosts_domesticPremiumFraction')),
        1,
      ),
      iff(
        cmp(input('engine_dedicatedPremium'), '=', 1),
        add(1, input('complianceCosts_dedicatedPremiumFraction')),
        1,
      ),
    ),
    RATE,
  ).here;
  const engMonth = single('engineerMonth', 'cny', div(input('operations_engineerCnyPerYear'), 12)).here;
  const ownCapacity = (gpus: Expr) => iff(cmp(gpus, '<=', 0), 0, mul(ceiling(div(gpus, gps)), gps));
  const sbCapacityPlaced = single(
    'selfBuildCapacity',
    'gpus',
    ownCapacity(input('selfBuild_capacityGpus')),
    INTEGER_FORMAT,
  );
  const sbCapacity = sbCapacityPlaced.here;
  const loadRate = single(
    'loadRate',
    'percent',
    iff(
      cmp(sbCapacity, '>', 0),
      div(div(div(useful, HOURS_PER_MONTH), input('hardware_selfBuild_throughputRatio')), sbCapacity),
      0,
    ),
    PERCENT_FORMAT,
  );
  const rounding = single(
    'rounding',
    'ratio',
    iff(or(cmp(gpj, '<=', 0), cmp(rgps, '<=', 0)), 1, div(mul(ceiling(div(gpj, rgps)), rgps), gpj)),
    RATIO,
  ).here;
  const serversPerJob = single('serversPerJob', 'servers', ceiling(div(gpj, rgps)), INTEGER_FORMAT).here;

  // ── Each strategy's GPU model (model/inputs.ts inputsFor): demand in its GPU-hours, prices per its GPU ──
  section('unit');
  const ratio = line(
    'ratio',
    'ratio',
    (id) =>
      id === 'selfBuild'
        ? input('hardware_selfBuild_throughputRatio')
        : id === 'rent'
          ? input('hardware_rent_throughputRatio')
          : id === 'platform'
            ? input('hardware_platform_throughputRatio')
            : iff(
                owned,
                input('hardware_selfBuild_throughputRatio'),
                input('hardware_platform_throughputRatio'),
              ),
    RATIO,
  );
  const U = line('usefulHere', 'gpuHoursMonth', (id) => div(useful, h(ratio, id)), PRECISE_FORMAT);
  const J = line('jobsPerUsefulHere', 'perGpuHour', (id) => mul(jobsPerUseful, h(ratio, id)), '0.000000');
  const RT = line(
    'rentTodayHere',
    'cnyPerServerHour',
    (id) => mul(rentToday0, div(h(ratio, id), input('hardware_rent_throughputRatio'))),
    RATE,
  );
  const PT = line(
    'platformTodayHere',
    'cnyPerGpuHour',
    (id) => mul(platformToday0, div(h(ratio, id), input('hardware_platform_throughputRatio'))),
    RATE,
  );

  // ── The pooled platform per useful GPU-hour (model/platform.ts), at a market factor f ──
  section('platform');
  const platformFailuresPerUseful = line(
    'platformFailures',
    'perGpuHour',
    (id) =>
      add(
        mul(input('operations_hwInterruptionsPerGpuHour'), div(1, pu)),
        mul(input('operations_swFailureProbabilityPerJob'), h(J, id)),
      ),
    '0.000000',
  );
  const platformOps = line(
    'platformOps',
    'cnyPerGpuHour',
    () =>
      mul(
        div(
          div(mul(input('operations_platformOpsFraction'), div(1, pu)), HOURS_PER_MONTH),
          input('operations_gpusPerEngineer'),
        ),
        engMonth,
      ),
    RATE,
  );
  const calPS = input('calibration_platformSetupCnyPerJob');
  const calPF = input('calibration_platformCostPerFailureCny');
  const platformRates = (id: StrategyId, f: Expr | number) => {
    const held = mul(gpj, h(PT, id), f);
    return {
      compute: mul(div(1, pu), h(PT, id), f),
      time: mul(
        h(J, id),
        iff(isNumber(calPS), mul(calPS, f), mul(input('operations_setupHoursPlatform'), add(engRate, held))),
      ),
      ops: h(platformOps, id),
      failure: mul(
        h(platformFailuresPerUseful, id),
        iff(
          isNumber(calPF),
          mul(calPF, f),
          add(
            mul(
              held,
              add(lost, input('operations_detectHoursAutomatic'), input('operations_restartHoursAutomatic')),
            ),
            mul(input('operations_engineerHoursPerFailureAutomatic'), engRate),
          ),
        ),
      ),
    };
  };
  const PA = {
    compute: line('platformComputeAvg', 'cnyPerGpuHour', (id) => platformRates(id, fDemand).compute, RATE),
    time: line('platformTimeAvg', 'cnyPerGpuHour', (id) => platformRates(id, fDemand).time, RATE),
    failure: line('platformFailureAvg', 'cnyPerGpuHour', (id) => platformRates(id, fDemand).failure, RATE),
  };
  const platformAvg = (id: StrategyId): Record<CostCategory, Expr> => ({
    compute: h(PA.compute, id),
    energy: lit(0),
    time: h(PA.time, id),
    ops: h(platformOps, id),
    failure: h(PA.failure, id),
    iteration: lit(0),
  });
  const other = (r: ReturnType<typeof platformRates>) => add(r.time, r.ops, r.failure);
  const P0 = line('platformOther0', 'cnyPerGpuHour', (id) => other(platformRates(id, 0)), RATE);
  const P1c = line('platformCompute1', 'cnyPerGpuHour', (id) => platformRates(id, 1).compute, RATE);
  const P1o = line('platformOther1', 'cnyPerGpuHour', (id) => other(platformRates(id, 1)), RATE);
  // Burst (model/burst.ts): the platform's rates, or when data stays on premises the work waits,
  // valued at the platform's price (in time).
  const waitRate = (id: StrategyId, f: Expr | number) => mul(div(1, pu), h(PT, id), f);
  const burstAvg = (id: StrategyId): Record<CostCategory, Expr> => {
    const p = platformAvg(id);
    return {
      compute: iff(platformOk, p.compute, 0),
      energy: lit(0),
      time: iff(platformOk, p.time, waitRate(id, fDemand)),
      ops: iff(platformOk, p.ops, 0),
      failure: iff(platformOk, p.failure, 0),
      iteration: lit(0),
    };
  };
  /** Burst rates at a market factor (a plan's gate at the average, its burst at the burst's own). */
  const burstAt = (id: StrategyId, f: Expr): Record<CostCategory, Expr> => {
    const r = platformRates(id, f);
    return {
      compute: iff(platformOk, r.compute, 0),
      energy: lit(0),
      time: iff(platformOk, r.time, waitRate(id, f)),
      ops: iff(platformOk, r.ops, 0),
      failure: iff(platformOk, r.failure, 0),
      iteration: lit(0),
    };
  };

  // ── Whole rented servers per useful GPU-hour (model/rent.ts), at a market factor f ──
  section('rent');
  const rentBilledPerUseful = line('rentBilled', 'ratio', () => div(rounding, rentEff), RATIO);
  const rentFailuresPerUseful = line(
    'rentFailures',
    'perGpuHour',
    (id) =>
      add(
        mul(input('operations_hwInterruptionsPerGpuHour'), h(rentBilledPerUseful, id)),
        mul(input('operations_swFailureProbabilityPerJob'), h(J, id)),
      ),
    '0.000000',
  );
  const rentOps = line(
    'rentOps',
    'cnyPerGpuHour',
    (id) =>
      mul(
        div(
          div(mul(input('operations_rentOpsFraction'), h(rentBilledPerUseful, id)), HOURS_PER_MONTH),
          input('operations_gpusPerEngineer'),
        ),
        engMonth,
      ),
    RATE,
  );
  const calRS = input('calibration_rentSetupCnyPerJob');
  const calRF = input('calibration_rentCostPerFailureCny');
  const rentRates = (id: StrategyId, f: Expr | number) => {
    const held = mul(serversPerJob, h(RT, id), f);
    return {
      compute: mul(div(h(rentBilledPerUseful, id), rgps), h(RT, id), f),
      time: mul(
        h(J, id),
        iff(
          isNumber(calRS),
          mul(calRS, f),
          // Model v3: rented servers' hand-done hours are the average team's (not scaled by level).
          mul(input('operations_setupHoursRent'), add(engRate, held)),
        ),
      ),
      ops: h(rentOps, id),
      failure: mul(
        h(rentFailuresPerUseful, id),
        iff(
          isNumber(calRF),
          mul(calRF, f),
          add(
            mul(
              held,
              add(lost, add(input('operations_detectHoursManual'), input('operations_restartHoursManual'))),
            ),
            mul(input('operations_engineerHoursPerFailureManual'), engRate),
          ),
        ),
      ),
    };
  };
  const rentIds = (id: StrategyId) => id !== 'platform';
  const RA = {
    compute: line(
      'rentComputeAvg',
      'cnyPerGpuHour',
      (id) => (id === 'rent' ? rentRates(id, fDemand).compute : null),
      RATE,
    ),
    time: line(
      'rentTimeAvg',
      'cnyPerGpuHour',
      (id) => (id === 'rent' ? rentRates(id, fDemand).time : null),
      RATE,
    ),
    failure: line(
      'rentFailureAvg',
      'cnyPerGpuHour',
      (id) => (id === 'rent' ? rentRates(id, fDemand).failure : null),
      RATE,
    ),
  };
  const R0 = line(
    'rentOther0',
    'cnyPerGpuHour',
    (id) => (rentIds(id) ? other(rentRates(id, 0)) : null),
    RATE,
  );
  const R1c = line(
    'rentCompute1',
    'cnyPerGpuHour',
    (id) => (rentIds(id) ? rentRates(id, 1).compute : null),
    RATE,
  );
  const R1o = line(
    'rentOther1',
    'cnyPerGpuHour',
    (id) => (rentIds(id) ? other(rentRates(id, 1)) : null),
    RATE,
  );

  // ── The build lead time line (model/lead-time.ts): the cheaper eligible rental while building ──
  section('leadTime');
  const ownIds = (id: StrategyId) => id === 'selfBuild' || id === 'hybrid';
  const L = input('engine_buildLeadTimeMonths');
  const sumLead = single('leadFactors', 'months', sumFactors(L), PRECISE_FORMAT).here;
  const optionTotal = (a: Expr, today: Expr) => add(mul(a, L), mul(sub(today, a), sumLead));
  const rentA = (id: StrategyId) => h(R0, id);
  const rentT = (id: StrategyId) => add(h(R1c, id), h(R1o, id));
  const platA = (id: StrategyId) => h(P0, id);
  const platT = (id: StrategyId) => add(h(P1c, id), h(P1o, id));
  const rentTotal = line(
    'leadRentTotal',
    'cnyPerGpuHour',
    (id) => (ownIds(id) ? optionTotal(rentA(id), rentT(id)) : null),
    RATE,
  );
  const platTotal = line(
    'leadPlatformTotal',
    'cnyPerGpuHour',
    (id) => (ownIds(id) ? optionTotal(platA(id), platT(id)) : null),
    RATE,
  );
  // Options in the model's order (rent, platform, or wait when neither is allowed); the strictly cheaper wins.
  const choose = (id: StrategyId, pick: (o: 'rent' | 'platform' | 'wait') => Expr) =>
    iff(
      cmp(L, '<=', 0),
      0,
      iff(
        rentOk,
        iff(and(platformOk, cmp(h(platTotal, id), '<', h(rentTotal, id))), pick('platform'), pick('rent')),
        iff(platformOk, pick('platform'), pick('wait')),
      ),
    );
  const leadA = line(
    'leadA',
    'cnyPerGpuHour',
    (id) =>
      ownIds(id)
        ? choose(id, (o) => (o === 'rent' ? rentA(id) : o === 'platform' ? platA(id) : lit(0)))
        : null,
    RATE,
  );
  const leadB = line(
    'leadB',
    'cnyPerGpuHour',
    (id) =>
      ownIds(id)
        ? choose(id, (o) =>
            o === 'rent'
              ? sub(rentT(id), rentA(id))
              : o === 'platform'
                ? sub(platT(id), platA(id))
                : waitRate(id, 1),
          )
        : null,
    RATE,
  );
  // A plan: each baseline's first columns on the Curve sheet (what it would serve if it takes work),
  // since the lead-time months' share of its work prices the line (model/lead-time.ts).
  const datedColumns: Partial<Record<StrategyId, DatedBaselineColumns>> = {};
  if (dated) {
    // Formulas placed on the Curve sheet: references to this sheet's cells are qualified (`there`).
    const ratioThere = (id: StrategyId) => {
      const p = ratio[id];
      if (!p) throw new Error(`row has no ${id}`);
      return p.there;
    };
    datedColumns.selfBuild = dated.baseline(
      div(input('demand_scale'), ratioThere('selfBuild')),
      mul(sbCapacityPlaced.there, ownEff),
    );
    datedColumns.hybrid = dated.baseline(
      div(input('demand_scale'), ratioThere('hybrid')),
      mul(ownCapacity(input('engine_hybridBaselineGpus')), ownEff),
    );
  }
  const leadPerUseful = line(
    'leadPerUseful',
    'cnyPerGpuHour',
    (id) => {
      if (!ownIds(id)) return null;
      const spread = div(add(mul(h(leadA, id), L), mul(h(leadB, id), sumLead)), H);
      const columns = datedColumns[id];
      return columns ? iff(cmp(L, '<=', 0), 0, columns.leadRate(h(leadA, id), h(leadB, id), spread)) : spread;
    },
    RATE,
  );

  // ── The own cluster (model/self-build.ts) ──
  section('own');
  const capacity = line(
    'capacity',
    'gpus',
    (id) =>
      id === 'selfBuild'
        ? sbCapacity
        : id === 'hybrid'
          ? ownCapacity(input('engine_hybridBaselineGpus'))
          : null,
    INTEGER_FORMAT,
  );
  const servers = line(
    'servers',
    'servers',
    (id) => (ownIds(id) ? div(h(capacity, id), gps) : null),
    INTEGER_FORMAT,
  );
  const capex = line('capex', 'cny', (id) =>
    ownIds(id)
      ? add(
          mul(
            h(servers, id),
            input('selfBuild_serverPriceCny'),
            add(
              1,
              input('selfBuild_networkFraction'),
              input('selfBuild_storageFraction'),
              input('selfBuild_fitOutFraction'),
            ),
          ),
          mul(
            h(servers, id),
            input('selfBuild_powerMaxKwPerServer'),
            input('selfBuild_powerRetrofitCnyPerKw'),
          ),
        )
      : null,
  );
  const depreciation = line('depreciation', 'cnyMonth', (id) =>
    ownIds(id)
      ? div(
          mul(h(capex, id), sub(1, input('selfBuild_residualFraction'))),
          mul(input('selfBuild_depreciationYears'), 12),
        )
      : null,
  );
  const services = line('ownServices', 'cnyMonth', (id) =>
    ownIds(id)
      ? add(
          div(mul(h(capex, id), input('selfBuild_maintenanceFractionPerYear')), 12),
          mul(
            h(servers, id),
            input('selfBuild_powerMaxKwPerServer'),
            input('selfBuild_colocationCnyPerKwMonth'),
          ),
          iff(
            cmp(input('selfBuild_privatePool'), '=', 1),
            mul(h(capacity, id), input('selfBuild_privatePoolLicenseCnyPerGpuMonth')),
            0,
          ),
        )
      : null,
  );
  const ownCompute = line('ownCompute', 'cnyMonth', (id) =>
    ownIds(id) ? add(h(depreciation, id), h(services, id)) : null,
  );
  const capHours = line(
    'capacityHours',
    'gpuHoursMonth',
    (id) => (ownIds(id) ? mul(h(capacity, id), HOURS_PER_MONTH) : null),
    INTEGER_FORMAT,
  );
  const ownHeld = line(
    'ownHeld',
    'cnyPerHour',
    (id) =>
      ownIds(id)
        ? mul(gpj, iff(cmp(h(capHours, id), '>', 0), div(h(ownCompute, id), h(capHours, id)), 0))
        : null,
    RATE,
  );
  const setupPerUseful = line(
    'ownSetup',
    'cnyPerGpuHour',
    (id) =>
      ownIds(id)
        ? mul(h(J, id), input('operations_setupHoursOwn'), manual, add(engRate, h(ownHeld, id)))
        : null,
    RATE,
  );
  const automatic = cmp(input('selfBuild_recoveryAutomatic'), '=', 1);
  const ownFailuresPerUseful = line(
    'ownFailures',
    'perGpuHour',
    (id) =>
      ownIds(id)
        ? add(
            mul(input('operations_hwInterruptionsPerGpuHour'), div(1, ownEff)),
            mul(input('operations_swFailureProbabilityPerJob'), h(J, id)),
          )
        : null,
    '0.000000',
  );
  const perFailure = line(
    'ownPerFailure',
    'cny',
    (id) =>
      ownIds(id)
        ? add(
            mul(
              h(ownHeld, id),
              add(
                lost,
                iff(
                  automatic,
                  add(input('operations_detectHoursAutomatic'), input('operations_restartHoursAutomatic')),
                  mul(
                    add(input('operations_detectHoursManual'), input('operations_restartHoursManual')),
                    manual,
                  ),
                ),
              ),
            ),
            mul(
              iff(
                automatic,
                input('operations_engineerHoursPerFailureAutomatic'),
                mul(input('operations_engineerHoursPerFailureManual'), manual),
              ),
              engRate,
            ),
          )
        : null,
    RATE,
  );
  const busyMinusIdle = sub(input('selfBuild_powerBusyKwPerServer'), input('selfBuild_powerIdleKwPerServer'));
  // Work runs on the own cluster only while that is cheaper at the margin than bursting it
  // (self-build.ts ownClusterTakesWork).
  const marginal = line(
    'ownMarginal',
    'cnyPerGpuHour',
    (id) =>
      ownIds(id)
        ? add(
            mul(div(busyMinusIdle, gps), input('selfBuild_pue'), input('selfBuild_electricityCnyPerKwh')),
            h(setupPerUseful, id),
            mul(h(ownFailuresPerUseful, id), h(perFailure, id)),
            h(leadPerUseful, id),
          )
        : null,
    RATE,
  );
  const gate = line(
    'ownGate',
    'cnyPerGpuHour',
    (id) => {
      if (!ownIds(id)) return null;
      // At the horizon's average price (self-build.ts ownClusterTakesWork), also for a plan.
      const b = dated ? burstAt(id, fAvg) : burstAvg(id);
      return add(b.compute, b.time, b.ops, b.failure);
    },
    RATE,
  );
  const ownUsable = line(
    'ownUsable',
    'gpus',
    (id) =>
      ownIds(id)
        ? iff(
            and(cmp(h(capacity, id), '>', 0), cmp(h(marginal, id), '<=', h(gate, id))),
            mul(h(capacity, id), ownEff),
            0,
          )
        : null,
    PRECISE_FORMAT,
  );

  // ── The hybrid's reserved baseline (model/hybrid.ts reservedPart), when it reserves instead of owning ──
  section('reserved');
  const reservedGpus = input('engine_hybridBaselineGpus');
  const reservedUsable = line(
    'reservedUsable',
    'gpus',
    (id) => (id === 'hybrid' ? iff(cmp(reservedGpus, '>', 0), mul(reservedGpus, pu), 0) : null),
    PRECISE_FORMAT,
  );

  // ── What the baseline serves, week by week on the Curve sheet (model/part.ts servedGpuHours) ──
  section('served');
  const usable = line(
    'usable',
    'gpus',
    (id) =>
      id === 'selfBuild'
        ? h(ownUsable, id)
        : id === 'hybrid'
          ? iff(owned, h(ownUsable, id), h(reservedUsable, id))
          : null,
    PRECISE_FORMAT,
  );
  const scale = line(
    'curveScale',
    'ratio',
    (id) => (ownIds(id) ? div(input('demand_scale'), h(ratio, id)) : null),
    RATIO,
  );
  const servedRanges: Partial<Record<StrategyId, { servedRange: string; served: number[] }>> = {};
  const datedServed: Partial<Record<StrategyId, DatedBaseline>> = {};
  for (const id of ['selfBuild', 'hybrid'] as const) {
    const sc = scale[id];
    const us = usable[id];
    const columns = datedColumns[id];
    if (columns && us) datedServed[id] = columns.serve(us.there);
    else if (sc && us && weeklyCurve) servedRanges[id] = weeklyCurve.baselineColumns(sc.there, us.there);
  }
  const served = line(
    'served',
    'gpuHoursMonth',
    (id) => {
      const d = datedServed[id];
      if (d) return iff(cmp(h(usable, id), '>', 0), mul(d.servedGpus, HOURS_PER_MONTH), 0);
      const r = servedRanges[id];
      if (!r) return null;
      const mean = r.served.reduce((a, b) => a + b, 0) / Math.max(1, r.served.length);
      return iff(
        cmp(h(usable, id), '>', 0),
        mul(rangeCall('AVERAGE', [r.servedRange], mean), HOURS_PER_MONTH),
        0,
      );
    },
    PRECISE_FORMAT,
  );
  const burstUseful = line(
    'burstUseful',
    'gpuHoursMonth',
    (id) => (ownIds(id) ? max(0, sub(h(U, id), h(served, id))) : null),
    PRECISE_FORMAT,
  );
  // A plan's burst falls in the months its baseline cannot cover: billed at the burst's own factor.
  const burstFactor = dated
    ? line(
        'burstFactor',
        'ratio',
        (id) => {
          const d = datedServed[id];
          return d ? d.burstFactor(fDemand) : null;
        },
        RATIO,
      )
    : null;
  const burstRates = (id: StrategyId): Record<CostCategory, Expr> =>
    burstFactor ? burstAt(id, h(burstFactor, id)) : burstAvg(id);

  // ── Iteration risk and the resale at the end (market.ts iterationLossCny, hardwareLife) ──
  section('iteration');
  const residual = input('selfBuild_residualFraction');
  const resaleDecline = input('finance_resaleValueDeclineFractionPerYear');
  const lifePlaced = single(
    'lifeMonths',
    'months',
    max(1, mul(input('selfBuild_depreciationYears'), 12)),
    INTEGER_FORMAT,
  );
  const life = lifePlaced.here;
  const soldBook = line('soldBook', 'cny', (id) =>
    ownIds(id) ? book(h(capex, id), residual, life, life) : null,
  );
  const sale = line('sale', 'cny', (id) =>
    ownIds(id) ? resale(h(capex, id), resaleDecline, life, h(soldBook, id)) : null,
  );
  /** Batches sold before `service` months end, the last one's age, and what it fetches then. */
  const endOfService = (id: StrategyId, service: Expr) => {
    const sold = iff(cmp(service, '>', life), sub(ceiling(div(service, life)), 1), 0);
    const age = sub(service, mul(sold, life));
    const endBook = book(h(capex, id), residual, life, age);
    return { sold, endBook, endMarket: resale(h(capex, id), resaleDecline, age, endBook) };
  };
  const loss = line('iterationLoss', 'cny', (id) => {
    if (!ownIds(id)) return null;
    const e = endOfService(id, H);
    return max(0, add(mul(e.sold, sub(h(soldBook, id), h(sale, id))), sub(e.endBook, e.endMarket)));
  });
  const leadMonths = line(
    'leadMonths',
    'months',
    (id) =>
      ownIds(id) ? iff(cmp(h(capex, id), '>', 0), ref(`ROUND(${L.f},0)`, Math.round(numberOf(L))), 0) : null,
    INTEGER_FORMAT,
  );
  const endResaleOwn = line('endResale', 'cny', (id) => {
    if (!ownIds(id)) return null;
    const service = sub(H, h(leadMonths, id));
    const e = endOfService(id, service);
    const value = iff(cmp(service, '<', 0), 0, e.endMarket);
    return id === 'hybrid' ? iff(owned, value, 0) : value;
  });

  // ── Each strategy's monthly cost by category ──
  section('monthly');
  const ownCategory = (id: StrategyId, c: CostCategory): Expr => {
    const sv = h(served, id);
    switch (c) {
      case 'compute':
        return h(ownCompute, id);
      case 'energy':
        return iff(
          cmp(h(capacity, id), '>', 0),
          mul(
            h(servers, id),
            add(input('selfBuild_powerIdleKwPerServer'), mul(busyMinusIdle, div(sv, h(capHours, id)))),
            input('selfBuild_pue'),
            HOURS_PER_MONTH,
            input('selfBuild_electricityCnyPerKwh'),
          ),
          0,
        );
      case 'time':
        return add(mul(sv, h(setupPerUseful, id)), mul(sv, h(leadPerUseful, id)));
      case 'ops':
        return iff(
          cmp(h(capacity, id), '>', 0),
          mul(
            max(input('operations_minEngineers'), div(h(capacity, id), input('operations_gpusPerEngineer'))),
            staff,
            engMonth,
          ),
          0,
        );
      case 'failure':
        return mul(sv, h(ownFailuresPerUseful, id), h(perFailure, id));
      case 'iteration':
        return div(h(loss, id), H);
    }
  };
  const reservedCategory = (id: StrategyId, c: CostCategory): Expr => {
    const sv = h(served, id);
    const p = platformAvg(id);
    if (c === 'compute')
      return mul(
        reservedGpus,
        HOURS_PER_MONTH,
        h(PT, id),
        fAvg,
        sub(1, input('hybrid_reservedDiscountFraction')),
      );
    if (c === 'energy' || c === 'iteration') return lit(0);
    return mul(sv, p[c]);
  };
  const base: Record<CostCategory, Row> = {} as Record<CostCategory, Row>;
  for (const c of COST_CATEGORIES)
    base[c] = line(`base.${c}`, 'cnyMonth', (id) =>
      id === 'selfBuild'
        ? ownCategory(id, c)
        : id === 'hybrid'
          ? iff(owned, ownCategory(id, c), reservedCategory(id, c))
          : null,
    );
  const category: Record<CostCategory, Row> = {} as Record<CostCategory, Row>;
  for (const c of COST_CATEGORIES)
    category[c] = line(`category.${c}`, 'cnyMonth', (id) => {
      if (id === 'rent') {
        const rates: Record<CostCategory, Expr> = {
          compute: h(RA.compute, id),
          energy: lit(0),
          time: h(RA.time, id),
          ops: h(rentOps, id),
          failure: h(RA.failure, id),
          iteration: lit(0),
        };
        return mul(h(U, id), rates[c]);
      }
      if (id === 'platform') return mul(h(U, id), platformAvg(id)[c]);
      return add(h(base[c], id), mul(h(burstUseful, id), burstRates(id)[c]));
    });
  const firstCategoryRow = s.rowCount - COST_CATEGORIES.length + 1;
  const monthlyRow = line('monthlyTotal', 'cnyMonth', (id) =>
    rangeCall(
      'SUM',
      [s.range(2 + STRATEGY_IDS.indexOf(id), firstCategoryRow, s.rowCount, false)],
      COST_CATEGORIES.reduce((sum, c) => sum + numberOf(h(category[c], id)), 0),
    ),
  );
  line('annualTotal', 'cnyYear', (id) => mul(h(monthlyRow, id), 12));
  const horizonRow = line('horizonTotal', 'cny', (id) => mul(h(monthlyRow, id), H));

  // ── Running cash a month, a + b × market factor (model/cash-model.ts) ──
  section('running');
  const aOther = line('runAOther', 'cnyMonth', (id) => {
    if (id === 'rent') return mul(h(U, id), h(R0, id));
    if (id === 'platform') return mul(h(U, id), h(P0, id));
    const burst = mul(h(burstUseful, id), iff(platformOk, h(P0, id), 0));
    if (id === 'selfBuild') return burst;
    return add(burst, iff(owned, 0, mul(h(served, id), h(P0, id))));
  });
  const bServices = line('runBServices', 'cnyMonth', (id) => {
    if (id === 'rent') return mul(h(U, id), h(R1c, id));
    if (id === 'platform') return mul(h(U, id), h(P1c, id));
    const burst = mul(h(burstUseful, id), iff(platformOk, h(P1c, id), 0));
    if (id === 'selfBuild') return burst;
    return add(
      burst,
      iff(
        owned,
        0,
        mul(reservedGpus, HOURS_PER_MONTH, h(PT, id), sub(1, input('hybrid_reservedDiscountFraction'))),
      ),
    );
  });
  const bOther = line('runBOther', 'cnyMonth', (id) => {
    const dOther = (r: Row, r0: Row) => sub(h(r, id), h(r0, id));
    if (id === 'rent') return mul(h(U, id), dOther(R1o, R0));
    if (id === 'platform') return mul(h(U, id), dOther(P1o, P0));
    const burst = mul(h(burstUseful, id), iff(platformOk, dOther(P1o, P0), waitRate(id, 1)));
    if (id === 'selfBuild') return burst;
    return add(burst, iff(owned, 0, mul(h(served, id), dOther(P1o, P0))));
  });
  const runEnergy = line('runEnergy', 'cnyMonth', (id) => (ownIds(id) ? h(base.energy, id) : null));
  const runOther = line('runOther', 'cnyMonth', (id) =>
    ownIds(id) ? add(mul(h(served, id), h(setupPerUseful, id)), h(base.ops, id), h(base.failure, id)) : null,
  );
  const leadCashA = line('leadCashA', 'cnyMonth', (id) =>
    ownIds(id) ? mul(h(leadA, id), h(served, id)) : null,
  );
  const leadCashB = line('leadCashB', 'cnyMonth', (id) =>
    ownIds(id) ? mul(h(leadB, id), h(served, id)) : null,
  );
  // A plan: what of the hybrid's running cash is held every month (a reserved baseline), not timed
  // with the burst (model/cash-model.ts `held`).
  const held = dated
    ? {
        aOther: line('heldAOther', 'cnyMonth', (id) =>
          id === 'hybrid' ? iff(owned, 0, mul(h(served, id), h(P0, id))) : null,
        ),
        bServices: line('heldBServices', 'cnyMonth', (id) =>
          id === 'hybrid'
            ? iff(
                owned,
                0,
                mul(
                  reservedGpus,
                  HOURS_PER_MONTH,
                  h(PT, id),
                  sub(1, input('hybrid_reservedDiscountFraction')),
                ),
              )
            : null,
        ),
        bOther: line('heldBOther', 'cnyMonth', (id) =>
          id === 'hybrid' ? iff(owned, 0, mul(h(served, id), sub(h(P1o, id), h(P0, id)))) : null,
        ),
      }
    : null;

  const there = (r: Row, id: StrategyId): Expr => {
    const p = r[id];
    if (!p) throw new Error(`row has no ${id}`);
    return p.there;
  };
  const monthly = {} as CostsLayout['monthly'];
  const horizonTotal = {} as CostsLayout['horizonTotal'];
  const running = {} as CostsLayout['running'];
  const endResale = {} as CostsLayout['endResale'];
  for (const id of STRATEGY_IDS) {
    const m = {} as Record<CostCategory | 'total', Expr>;
    for (const c of COST_CATEGORIES) m[c] = there(category[c], id);
    m.total = there(monthlyRow, id);
    monthly[id] = m;
    horizonTotal[id] = there(horizonRow, id);
    running[id] = {
      aServices: lit(0),
      aOther: there(aOther, id),
      bServices: there(bServices, id),
      bOther: there(bOther, id),
    };
    endResale[id] = ownIds(id) ? there(endResaleOwn, id) : lit(0);
  }
  const ownedRefs = (id: 'selfBuild' | 'hybrid'): OwnedCashRefs => ({
    on: id === 'selfBuild' ? lit(1) : iff(owned, 1, 0),
    capex: there(capex, id),
    leadMonths: there(leadMonths, id),
    lifeMonths: lifePlaced.there,
    saleAtReplacement: there(sale, id),
    runServices: there(services, id),
    runEnergy: there(runEnergy, id),
    runOther: there(runOther, id),
    leadA: there(leadCashA, id),
    leadB: there(leadCashB, id),
  });
  const datedRefs = (plan: DatedCurveSheet): DatedCashRefs => {
    const demandShare = (M: Expr, horizon: Expr) =>
      plan.shareOfMonth(plan.demandWeighted, M, horizon, lit(1));
    const none = { aOther: lit(0), bServices: lit(0), bOther: lit(0) };
    const heldOf = (id: StrategyId) =>
      held && id === 'hybrid'
        ? {
            aOther: there(held.aOther, id),
            bServices: there(held.bServices, id),
            bOther: there(held.bOther, id),
          }
        : none;
    return {
      held: {
        selfBuild: heldOf('selfBuild'),
        rent: heldOf('rent'),
        platform: heldOf('platform'),
        hybrid: heldOf('hybrid'),
      },
      share: (id, M, horizon) => {
        const baseline = datedServed[id];
        const whole = demandShare(M, horizon);
        return baseline ? plan.shareOfMonth(baseline.burstWeighted, M, horizon, whole) : whole;
      },
      servedShare: (id, M, horizon) => {
        const baseline = datedServed[id];
        const whole = demandShare(M, horizon);
        return baseline ? plan.shareOfMonth(baseline.servedWeighted, M, horizon, whole) : whole;
      },
    };
  };
  return {
    sheet: s,
    horizon: H,
    dated: dated ? datedRefs(dated) : null,
    monthly,
    horizonTotal,
    loadRate: loadRate.there,
    useful: usefulPlaced.there,
    running,
    owned: { selfBuild: ownedRefs('selfBuild'), hybrid: ownedRefs('hybrid') },
    endResale,
    selfBuildCapacity: sbCapacityPlaced.there,
    hybridBurstUseful: there(burstUseful, 'hybrid'),
  };
}

function curveMean(curve: CurveSheet): number {
  const rows = curve.sheet.model.rows;
  let sum = 0;
  let n = 0;
  for (const row of rows.slice(2)) {
    const v = row[1]?.value;
    if (typeof v === 'number') {
      sum += v;
      n++;
    }
  }
  return n > 0 ? sum / n : 0;
}
