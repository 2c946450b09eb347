import { defaultScenario, LADDER_TIER_IDS, type LadderTierId, type Scenario } from '../../../src/engine';

/**
 * A case worked by hand: half the weeks need 80 useful GPUs, half 40; whole 8-GPU servers at
 * 100 CNY an hour (12.5 a GPU-hour) held 50 % usefully; no setup, staff or failure costs; a flat
 * price path, 12 months, the accounting view. The 1-year reservation (25 % off) pays for a GPU busy
 * more than 75 % of the time: the bottom 40 useful GPUs (busy every week) and nothing above (busy
 * half the weeks). 40 useful GPUs at 50 % = 80 reserved GPUs.
 */
export function handCase(tiers: readonly LadderTierId[]): Scenario {
  const s = structuredClone(defaultScenario);
  const weeks = Array.from({ length: 52 }, (_, i) => (i % 2 === 0 ? 80 : 40));
  return {
    ...s,
    horizonMonths: 12,
    demand: { ...s.demand, mode: 'weekly', weeklyGpus: weeks, gpusPerJob: 8 },
    rent: { priceCnyPerServerHour: 100, gpusPerServer: 8, utilization: 0.5 },
    // The platform and an own cluster priced out of the comparison, so renting is the best single way.
    platform: { ...s.platform, priceCnyPerGpuHour: 100 },
    selfBuild: { ...s.selfBuild, serverPriceCny: 10_000_000, capacityGpus: 8 },
    measured: { selfBuild: null, rent: { value: 0.5, origin: 'typed', label: null }, platform: null },
    operations: {
      ...s.operations,
      setupHoursRent: 0,
      rentOpsFraction: 0,
      hwInterruptionsPerGpuHour: 0,
      swFailureProbabilityPerJob: 0,
      engineerHoursPerFailureManual: 0,
    },
    calibration: {
      rentSetupCnyPerJob: null,
      platformSetupCnyPerJob: null,
      rentCostPerFailureCny: null,
      platformCostPerFailureCny: null,
      note: null,
    },
    finance: {
      ...s.finance,
      gpuTimePriceDeclineFractionPerYear: 0,
      gpuTimePriceShape: null,
      costView: 'accounting',
    },
    ladder: {
      ...s.ladder,
      tiers: Object.fromEntries(
        LADDER_TIER_IDS.map((id) => [id, tiers.includes(id)]),
      ) as Scenario['ladder']['tiers'],
    },
  };
}
