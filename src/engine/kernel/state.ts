import { zeroBaseline, zeroPart } from '../model';
import { resaleValueOf } from './resale';
import type { KernelState, OwnedFixed, OwnedRates, PartCost } from './types';

/** `out` set to the model's `zeroPart` in place (for the loops that price into reused parts). */
export function zeroPartInto<T extends PartCost>(out: T): T {
  const b = out.breakdown;
  b.compute = 0;
  b.energy = 0;
  b.time = 0;
  b.ops = 0;
  b.failure = 0;
  b.iteration = 0;
  out.usefulGpuHours = 0;
  out.billedGpuHours = 0;
  out.capexCny = 0;
  out.nonCashCny = 0;
  out.leadTimeCny = 0;
  out.failures = 0;
  return out;
}

export function emptyOwnedFixed(): OwnedFixed {
  return {
    servers: 0,
    capacityGpuHours: 0,
    capexCny: 0,
    depreciation: 0,
    compute: 0,
    capitalCharge: 0,
    staff: 0,
    setupPerUseful: 0,
    failuresPerUseful: 0,
    costPerFailure: 0,
    leadPerUseful: 0,
    usableGpus: 0,
    iteration: 0,
  };
}

function emptyOwnedRates(): OwnedRates {
  return {
    ctx: null,
    capexFactor: 0,
    lifeMonths: 0,
    depreciableFraction: 0,
    energyPerUseful: 0,
    setupHoursPerUseful: 0,
    failuresPerUseful: 0,
    lostAndRecoveryHours: 0,
    engineerCnyPerFailure: 0,
    gpusPerServer: 0,
    serverPriceCny: 0,
    powerMaxKwPerServer: 0,
    powerRetrofitCnyPerKw: 0,
    maintenanceFractionPerYear: 0,
    colocationCnyPerKwMonth: 0,
    privatePool: false,
    privatePoolLicenseCnyPerGpuMonth: 0,
    residualFraction: 0,
    minEngineers: 0,
    gpusPerEngineer: 0,
    engineerCnyPerHour: 0,
    staffMultiplier: 0,
    engineerCnyPerMonth: 0,
    ownEfficiency: 0,
    gpusPerJob: 0,
    resaleDecline: 0,
    horizonMonths: 0,
    powerIdleKwPerServer: 0,
    powerBusyKwPerServer: 0,
    pue: 0,
    energyCnyPerKwh: 0,
  };
}

/** A pricer's own scratch and memo state, empty (index.ts createPricer). */
export function createKernelState(): KernelState {
  const k: KernelState = {
    lastLayout: null,
    sortedCurves: new WeakMap(),
    lastPrefixSorted: null,
    lastPrefixScale: Number.NaN,
    lastPrefix: [],
    scratchPart: zeroPart(),
    rates: emptyOwnedRates(),
    scratchFixed: emptyOwnedFixed(),
    fixedByScaledFrom: new WeakMap(),
    lastFixedFrom: null,
    lastFixedCapacity: Number.NaN,
    lastFixed: null,
    resaleDeclineA: Number.NaN,
    resaleAgeA: Number.NaN,
    resaleFactorA: 1,
    resaleDeclineB: Number.NaN,
    resaleAgeB: Number.NaN,
    resaleFactorB: 1,
    resaleValue: (capexCny, resaleDecline, ageMonths, bookCny) =>
      resaleValueOf(k, capexCny, resaleDecline, ageMonths, bookCny),
    scratchOwned: zeroBaseline(),
    memoK: [],
    memoV: [],
    memoSize: 0,
    leanBase: zeroBaseline(),
    leanBurst: zeroPart(),
    leanService: zeroPart(),
  };
  return k;
}
