import { readInput } from './input-path';
import { PARAMETERS } from './parameters';
import { runGpuHours } from './training-plan/gpu-hours';
import { type DemandMode, LADDER_TIER_IDS, type Scenario } from './types';

/** Inputs of a scenario that are not numeric PARAMETERS, compared by value. */
const CHOICE_PATHS = [
  'demand.mode',
  'demand.weeklyGpus',
  'teamCapability',
  'compliance',
  'selfBuild.recovery',
  'selfBuild.privatePool',
  'hybrid.baselineMode',
  'hybrid.baselineGpus',
  'throughput.unitsPerUsefulGpuHour',
  'throughput.unitName',
] as const;

export type ChoicePath = (typeof CHOICE_PATHS)[number];

function choiceValue(s: Scenario, path: ChoicePath): unknown {
  switch (path) {
    case 'demand.mode':
      return s.demand.mode;
    case 'demand.weeklyGpus':
      return s.demand.weeklyGpus;
    case 'teamCapability':
      return s.teamCapability;
    case 'compliance':
      return s.compliance;
    case 'selfBuild.recovery':
      return s.selfBuild.recovery;
    case 'selfBuild.privatePool':
      return s.selfBuild.privatePool;
    case 'hybrid.baselineMode':
      return s.hybrid.baselineMode;
    case 'hybrid.baselineGpus':
      return s.hybrid.baselineGpus;
    case 'throughput.unitsPerUsefulGpuHour':
      return s.throughput.unitsPerUsefulGpuHour;
    case 'throughput.unitName':
      return s.throughput.unitName;
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
  // A price path's shape: the same points, name and source.
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null)
    return JSON.stringify(a) === JSON.stringify(b);
  return Object.is(a, b);
}

/**
 * Dotted paths of the inputs that differ between two scenarios (numeric PARAMETERS first, in table
 * order, then the choices), so a view can say what a change did ("4 inputs changed: …").
 */
export function changedInputs(before: Scenario, after: Scenario): string[] {
  const out: string[] = [];
  for (const meta of PARAMETERS) {
    if (!Object.is(readInput(before, meta.path), readInput(after, meta.path))) out.push(meta.path);
  }
  for (const path of CHOICE_PATHS) {
    if (!sameValue(choiceValue(before, path), choiceValue(after, path))) out.push(path);
  }
  return out;
}

/**
 * Choices the comparison of scenarios also lists (not part of `changedInputs`, which the wizard uses
 * to say what its answers changed, and its answers never touch these): the GPU model each way uses,
 * whether the cash is shown with VAT, and the training plan's inputs (its runs counted and their
 * GPU-hours summed, the recurring work, the GPUs on demand).
 */
const COMPARED_EXTRA_PATHS = [
  'hardware.selfBuild.modelId',
  'hardware.rent.modelId',
  'hardware.platform.modelId',
  'vat.enabled',
  'trainingPlan.runs',
  'trainingPlan.totalGpuHours',
  'trainingPlan.onDemandGpus',
  'trainingPlan.recurringGpuHoursPerMonth',
  // Schema v11: the two energy inputs that move a cost (the own cluster's carbon line), and the
  // factors that move only the energy and emissions the comparison shows.
  'energy.gridKgCo2ePerKwh',
  'energy.carbonPriceCnyPerTonne',
  'energy.providerPue',
  'energy.providerGridKgCo2ePerKwh',
  'energy.embodiedKgCo2ePerGpu',
  // Schema v13: the ladder's choices (its discounts are numeric parameters, above).
  'ladder.tiers',
  'ladder.prepay.reserved3y',
  'ladder.prepay.reserved1y',
  // Model v4: the shaped price paths (a steady one is its yearly rate, a numeric parameter above) —
  // on demand, term GPU-time on its own (schema v14), hardware purchase and resale (schema v15).
  'finance.gpuTimePriceShape',
  'finance.termPriceShape',
  'finance.hardwarePriceShape',
  'finance.resalePriceShape',
  // Schema v16: a cluster already owned, and the lens it is counted under (read only with one).
  'existing',
  'finance.lens',
] as const;

/**
 * The demand form an input belongs to, for the inputs only one form reads: the job count (the weekly
 * form derives it, the plan ignores it), the weekly curve (the plan makes its own from the runs), the
 * plan's inputs. Job size and length are read by every form (rounding to servers, failures).
 */
function demandFormOf(path: string): DemandMode | null {
  if (path === 'demand.jobsPerMonth') return 'jobs';
  if (path === 'demand.weeklyGpus') return 'weekly';
  if (path.startsWith('trainingPlan.')) return 'plan';
  return null;
}

/**
 * Whether the scenario's numbers read this input: false for the inputs of a demand form it does not
 * use (a weekly curve's scenario still holds a job count, which nothing reads). A comparison shows
 * such a cell as not used rather than as a value.
 */
export function inputUsedBy(s: Scenario, path: string): boolean {
  const form = demandFormOf(path);
  return form === null || s.demand.mode === form;
}

/** The value of one input a comparison lists, by its dotted path (a parameter, a choice or an extra). */
export function comparedInputValue(s: Scenario, path: string): unknown {
  switch (path) {
    case 'hardware.selfBuild.modelId':
      return s.hardware.selfBuild.modelId;
    case 'hardware.rent.modelId':
      return s.hardware.rent.modelId;
    case 'hardware.platform.modelId':
      return s.hardware.platform.modelId;
    case 'vat.enabled':
      return s.vat.enabled;
    case 'trainingPlan.runs':
      return s.trainingPlan.runs.length;
    case 'trainingPlan.totalGpuHours':
      // Each run in its own GPU's hours, as the plan's total on screen (view-model/training-plan.ts).
      return s.trainingPlan.runs.reduce((sum, run) => sum + runGpuHours(run), 0);
    case 'trainingPlan.onDemandGpus':
      return s.trainingPlan.onDemandGpus;
    case 'trainingPlan.recurringGpuHoursPerMonth':
      return s.trainingPlan.recurringGpuHoursPerMonth;
    case 'energy.gridKgCo2ePerKwh':
      return s.energy.gridKgCo2ePerKwh;
    case 'energy.carbonPriceCnyPerTonne':
      return s.energy.carbonPriceCnyPerTonne;
    case 'energy.providerPue':
      return s.energy.providerPue;
    case 'energy.providerGridKgCo2ePerKwh':
      return s.energy.providerGridKgCo2ePerKwh;
    case 'energy.embodiedKgCo2ePerGpu':
      return s.energy.embodiedKgCo2ePerGpu;
    case 'ladder.tiers':
      // The tiers switched on, in the ladder's order.
      return LADDER_TIER_IDS.filter((id) => s.ladder.tiers[id]);
    case 'ladder.prepay.reserved3y':
      return s.ladder.prepay.reserved3y;
    case 'ladder.prepay.reserved1y':
      return s.ladder.prepay.reserved1y;
    case 'finance.gpuTimePriceShape':
      return s.finance.gpuTimePriceShape;
    case 'finance.termPriceShape':
      return s.finance.termPriceShape;
    case 'finance.hardwarePriceShape':
      return s.finance.hardwarePriceShape;
    case 'finance.resalePriceShape':
      return s.finance.resalePriceShape;
    case 'existing':
      return s.existing;
    case 'finance.lens':
      return s.existing === null ? null : s.finance.lens;
  }
  if ((CHOICE_PATHS as readonly string[]).includes(path)) return choiceValue(s, path as ChoicePath);
  return readInput(s, path);
}

/**
 * Whether two scenarios differ in an input, as a comparison says it: an input neither reads (both use
 * another demand form) does not differ whatever it holds; one only one of them reads does.
 */
function differsIn(a: Scenario, b: Scenario, path: string): boolean {
  const usedA = inputUsedBy(a, path);
  const usedB = inputUsedBy(b, path);
  if (!usedA && !usedB) return false;
  if (usedA !== usedB) return true;
  return !sameValue(comparedInputValue(a, path), comparedInputValue(b, path));
}

/**
 * The inputs in which any of `scenarios` differs from the first (the comparison's reference column):
 * numeric parameters in table order, then the choices, then the GPU models, the VAT view and the
 * training plan. An input of a demand form counts only where a scenario uses that form: a weekly
 * curve's stale job count is no difference. Empty for fewer than two scenarios or when all are alike.
 */
export function inputsDifferingFromFirst(scenarios: readonly Scenario[]): string[] {
  const [first, ...rest] = scenarios;
  if (!first) return [];
  const paths = [...PARAMETERS.map((m) => m.path), ...CHOICE_PATHS, ...COMPARED_EXTRA_PATHS];
  return paths.filter((path) => rest.some((other) => differsIn(first, other, path)));
}
