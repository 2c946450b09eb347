import { readInput } from './input-path';
import { PARAMETERS } from './parameters';
import type { Scenario } from './types';

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
 * to say what its answers changed, and its answers never touch these): the GPU model each way uses
 * and whether the cash is shown with VAT.
 */
const COMPARED_EXTRA_PATHS = [
  'hardware.selfBuild.modelId',
  'hardware.rent.modelId',
  'hardware.platform.modelId',
  'vat.enabled',
] as const;

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
  }
  if ((CHOICE_PATHS as readonly string[]).includes(path)) return choiceValue(s, path as ChoicePath);
  return readInput(s, path);
}

/**
 * The inputs in which any of `scenarios` differs from the first (the comparison's reference column):
 * numeric parameters in table order, then the choices, then the GPU models and the VAT view. Empty
 * for fewer than two scenarios or when all are alike.
 */
export function inputsDifferingFromFirst(scenarios: readonly Scenario[]): string[] {
  const [first, ...rest] = scenarios;
  if (!first) return [];
  const found = new Set<string>();
  for (const other of rest) for (const path of changedInputs(first, other)) found.add(path);
  const ordered = [...PARAMETERS.map((m) => m.path), ...CHOICE_PATHS].filter((p) => found.has(p));
  for (const path of COMPARED_EXTRA_PATHS) {
    if (rest.some((o) => !sameValue(comparedInputValue(first, path), comparedInputValue(o, path))))
      ordered.push(path);
  }
  return ordered;
}
