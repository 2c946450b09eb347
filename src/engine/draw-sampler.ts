import { createWorkingCopy, readInput } from './input-path';
import { parameter } from './parameters';
import { createRng } from './rng';
import { triangular } from './triangular';
import type { Scenario } from './types';

/** The scenario's uncertain inputs drawn one draw at a time (what every Monte Carlo run samples). */
export interface DrawSampler {
  /** The sampled inputs, sorted: the order in which each draw consumes random numbers. */
  readonly paths: string[];
  /** The working copy the draws write into (the same object every draw). */
  readonly scenario: Scenario;
  /** Writes the next draw into `scenario`. */
  next(): void;
}

/**
 * One seeded stream of draws over the scenario's uncertainty ranges: each input triangular on its
 * range clipped to the parameter's bounds, its mode at the scenario's value (triangular.ts). The Monte Carlo and the sizing curve's band both draw through this, so draw i of one
 * is draw i of the other for the same seed.
 */
export function createDrawSampler(scenario: Scenario, seed: number): DrawSampler {
  const rng = createRng(seed);
  const paths = Object.keys(scenario.uncertainty.ranges).sort();
  const lows: number[] = [];
  const highs: number[] = [];
  const modes: number[] = [];
  for (const path of paths) {
    const [low, high] = scenario.uncertainty.ranges[path] ?? [0, 0];
    const meta = parameter(path);
    lows.push(Math.max(meta.min, low));
    highs.push(Math.min(meta.max, high));
    modes.push(readInput(scenario, path));
  }
  const work = createWorkingCopy(scenario, paths);
  return {
    paths,
    scenario: work.scenario,
    next() {
      for (let k = 0; k < paths.length; k++)
        work.set(k, triangular(rng(), lows[k] ?? 0, modes[k] ?? 0, highs[k] ?? 0));
    },
  };
}
