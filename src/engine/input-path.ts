import { parameter } from './parameters';
import type { Scenario } from './types';

/**
 * Reading and replacing one numeric input of a scenario by its dotted `PARAMETERS` path
 * (`selfBuild.serverPriceCny`, `horizonMonths`). Paths are at most two levels deep, as in PARAMETERS.
 */
type Groups = Record<string, Record<string, number> | number>;

function split(path: string): [string, string | null] {
  parameter(path); // unknown paths are programming errors
  const dot = path.indexOf('.');
  return dot < 0 ? [path, null] : [path.slice(0, dot), path.slice(dot + 1)];
}

/** The current value of a numeric input. */
export function readInput(s: Scenario, path: string): number {
  const [group, field] = split(path);
  const g = (s as unknown as Groups)[group];
  const value = field === null ? g : typeof g === 'object' ? g[field] : undefined;
  return typeof value === 'number' ? value : Number.NaN;
}

/** The own cluster's size: one the user sets is theirs and stays when the demand changes. */
const CAPACITY_PATH = 'selfBuild.capacityGpus';

/**
 * A copy of the scenario with one input replaced (only the touched group is copied). A changed
 * cluster size is marked as the user's (types.ts `CapacitySizedBy`): it is how a typed size arrives.
 */
export function withInput(s: Scenario, path: string, value: number): Scenario {
  const [group, field] = split(path);
  const groups = s as unknown as Groups;
  if (field === null) return { ...s, [group]: value };
  if (path === CAPACITY_PATH && value !== s.selfBuild.capacityGpus)
    return { ...s, selfBuild: { ...s.selfBuild, capacityGpus: value, capacitySizedBy: 'user' } };
  const g = groups[group];
  return { ...s, [group]: { ...(typeof g === 'object' ? g : {}), [field]: value } } as Scenario;
}

/**
 * A private working copy of the scenario whose inputs can be overwritten in place, for loops that
 * price thousands of variants (Monte Carlo): every group named in `paths` is copied once, and
 * `set(i, value)` writes `paths[i]` without further allocation. The input scenario is never touched.
 */
export function createWorkingCopy(
  s: Scenario,
  paths: readonly string[],
): { scenario: Scenario; set: (index: number, value: number) => void } {
  const work = { ...s } as unknown as Groups;
  const setters: ((value: number) => void)[] = [];
  const copied = new Set<string>();
  for (const path of paths) {
    const [group, field] = split(path);
    if (field === null) {
      setters.push((value) => {
        work[group] = value;
      });
      continue;
    }
    if (!copied.has(group)) {
      const g = work[group];
      work[group] = { ...(typeof g === 'object' ? g : {}) };
      copied.add(group);
    }
    const target = work[group] as Record<string, number>;
    setters.push((value) => {
      target[field] = value;
    });
  }
  return {
    scenario: work as unknown as Scenario,
    set: (index, value) => setters[index]?.(value),
  };
}
