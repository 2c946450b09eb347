import { describe, expect, it } from 'vitest';
import { defaultScenario, defaultUncertainty, parameter } from '../../src/engine';
import { parseScenario } from '../../src/scenario';

function withRanges(ranges: Record<string, [number, number]>) {
  return { ...defaultScenario, uncertainty: { ...defaultScenario.uncertainty, ranges } };
}

describe('uncertainty block of the scenario schema (v2)', () => {
  it('gives every default range the typical range of its input from PARAMETERS', () => {
    for (const [path, range] of Object.entries(defaultUncertainty().ranges))
      expect(range, path).toEqual(parameter(path).typical);
  });

  it('rejects a range on an input that is not a non-integer parameter, naming the path', () => {
    const r = parseScenario(withRanges({ 'selfBuild.gpusPerServer': [8, 8], nonsense: [0, 1] }));
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.issues.map((i) => i.path)).toEqual([
        'uncertainty.ranges.selfBuild.gpusPerServer',
        'uncertainty.ranges.nonsense',
      ]);
  });

  it('rejects a low above its high and a range outside the allowed values', () => {
    const r = parseScenario(withRanges({ 'selfBuild.pue': [1.5, 1.2], 'rent.utilization': [0.01, 0.5] }));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues).toContainEqual(
        expect.objectContaining({
          path: 'uncertainty.ranges.selfBuild.pue',
          message: 'low must not exceed high',
        }),
      );
      expect(r.issues).toContainEqual(
        expect.objectContaining({
          path: 'uncertainty.ranges.rent.utilization',
          message: 'must lie within 0.05–1',
        }),
      );
    }
  });

  it('rejects fractional or out-of-bounds draw counts and seeds', () => {
    const bad = { ...defaultScenario, uncertainty: { ranges: {}, draws: 10.5, seed: -1 } };
    const r = parseScenario(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.path).sort()).toEqual(['uncertainty.draws', 'uncertainty.seed']);
  });
});
