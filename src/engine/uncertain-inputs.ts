import { PARAMETERS, parameter } from './parameters';
import type { UncertaintyInput } from './types';

/**
 * The inputs treated as uncertain by default (schema v2): the prices, utilizations, energy, staff,
 * failure, maintenance, depreciation and iteration-risk inputs whose researched ranges in
 * docs/data-sources.md are wide enough to move the decision. Each default range is the input's
 * `typical` range from `PARAMETERS`.
 */
export const DEFAULT_UNCERTAIN_PATHS: readonly string[] = [
  'selfBuild.serverPriceCny',
  'selfBuild.networkFraction',
  'selfBuild.depreciationYears',
  'selfBuild.residualFraction',
  'selfBuild.maintenanceFractionPerYear',
  'selfBuild.pue',
  'selfBuild.electricityCnyPerKwh',
  'selfBuild.colocationCnyPerKwMonth',
  'rent.priceCnyPerServerHour',
  'rent.utilization',
  'platform.priceCnyPerGpuHour',
  'platform.utilization',
  'operations.engineerCnyPerYear',
  'operations.engineerCnyPerHour',
  'operations.gpusPerEngineer',
  'operations.setupHoursRent',
  'operations.hwInterruptionsPerGpuHour',
  'operations.swFailureProbabilityPerJob',
  'finance.gpuTimePriceDeclineFractionPerYear',
  'finance.resaleValueDeclineFractionPerYear',
  'selfBuild.siloedEfficiency',
  'selfBuild.pooledEfficiency',
];

/**
 * Inputs that may carry an uncertainty range: every non-integer `PARAMETERS` input (integer inputs
 * such as GPUs per server, capacity or the horizon are structural choices, not uncertain prices).
 */
export const UNCERTAIN_PATH_CHOICES: readonly string[] = PARAMETERS.filter((m) => !m.integer).map(
  (m) => m.path,
);

/** Bounds of the Monte Carlo draw count and seed (the seed is a 32-bit unsigned integer, rng.ts). */
export const UNCERTAINTY_DRAWS = { min: 100, max: 100_000, default: 10_000 } as const;
export const UNCERTAINTY_SEED = { min: 0, max: 0xffff_ffff, default: 1 } as const;

/** The default uncertainty block: typical ranges of `DEFAULT_UNCERTAIN_PATHS`, 10,000 draws, seed 1. */
export function defaultUncertainty(): UncertaintyInput {
  const ranges: Record<string, [number, number]> = {};
  for (const path of DEFAULT_UNCERTAIN_PATHS) {
    const meta = parameter(path);
    const [low, high] = meta.typical ?? [meta.min, meta.max];
    ranges[path] = [low, high];
  }
  return { ranges, draws: UNCERTAINTY_DRAWS.default, seed: UNCERTAINTY_SEED.default };
}
