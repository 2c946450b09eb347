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
