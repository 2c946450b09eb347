import type { Scenario } from '../../engine';

/**
 * Reads and writes a numeric input of the scenario by its dotted `PARAMETERS` path
 * (e.g. `selfBuild.serverPriceCny`). One table drives every field, so the panels need a path-based
 * accessor; the scenario is treated as plain nested data and copied on write (the store never mutates).
 */
type Node = Record<string, unknown>;

export function getNumberAt(scenario: Scenario, path: string): number {
  let node: unknown = scenario;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return Number.NaN;
    node = (node as Node)[key];
  }
  return typeof node === 'number' ? node : Number.NaN;
}

export function setNumberAt(scenario: Scenario, path: string, value: number): Scenario {
  const keys = path.split('.');
  const write = (node: Node, depth: number): Node => {
    const key = keys[depth] as string;
    if (depth === keys.length - 1) return { ...node, [key]: value };
    const child = node[key];
    if (typeof child !== 'object' || child === null) throw new Error(`No scenario field at ${path}`);
    return { ...node, [key]: write(child as Node, depth + 1) };
  };
  return write(scenario as unknown as Node, 0) as unknown as Scenario;
}
