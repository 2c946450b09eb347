import { describe, expect, it } from 'vitest';
import { presets, type Scenario, tornado, withInput } from '../../src/engine';
import { breakEvenValue, selfBuildGapCny } from '../../src/engine/sensitivity';
import { makeScenario } from '../factories';

/** The scenario with exactly these uncertainty ranges (makeScenario would merge them into the defaults). */
function withRanges(s: Scenario, ranges: Record<string, [number, number]>): Scenario {
  return { ...s, uncertainty: { ...s.uncertainty, ranges } };
}

describe('tornado', () => {
  it('puts the server price first when its range dwarfs the others', () => {
    const s = withRanges(makeScenario(), {
      'selfBuild.serverPriceCny': [1_000_000, 3_000_000],
      'selfBuild.pue': [1.29, 1.31],
      'rent.priceCnyPerServerHour': [99, 101],
    });
    const rows = tornado(s).rows;
    expect(rows[0]?.path).toBe('selfBuild.serverPriceCny');
    expect(rows[0]!.swingCny).toBeGreaterThan(10 * rows[1]!.swingCny);
  });

  it('puts the electricity price last when energy is a small share of self-build', () => {
    const s = withRanges(makeScenario(), {
      'selfBuild.electricityCnyPerKwh': [0.35, 0.9],
      'selfBuild.serverPriceCny': [1_800_000, 2_200_000],
      'operations.engineerCnyPerYear': [300_000, 900_000],
    });
    expect(tornado(s).rows.at(-1)?.path).toBe('selfBuild.electricityCnyPerKwh');
  });

  it('measures swing as the gap at the high minus the gap at the low, in absolute value', () => {
    const s = withRanges(makeScenario(), { 'selfBuild.serverPriceCny': [1_000_000, 3_000_000] });
    const row = tornado(s).rows[0]!;
    expect(row.gapLowCny).toBe(selfBuildGapCny(withInput(s, 'selfBuild.serverPriceCny', 1_000_000)));
    expect(row.gapHighCny).toBe(selfBuildGapCny(withInput(s, 'selfBuild.serverPriceCny', 3_000_000)));
    expect(row.swingCny).toBe(Math.abs(row.gapHighCny - row.gapLowCny));
  });

  it('gives a zero swing to an input whose range is one value', () => {
    const s = withRanges(makeScenario(), { 'selfBuild.pue': [1.3, 1.3] });
    expect(tornado(s).rows[0]?.swingCny).toBe(0);
  });

  it('has no rows when nothing can be rented (on premises)', () => {
    expect(tornado(makeScenario({ compliance: 'onPrem' }))).toEqual({ baseGapCny: null, rows: [] });
  });
});

describe('break-even value of an input', () => {
  it('finds the server price below which self-build wins, where the gap is zero', () => {
    const s = presets.seedTeam!;
    const b = breakEvenValue(s, 'selfBuild.serverPriceCny')!;
    expect(b.selfBuildWins).toBe('below');
    const gapAt = (v: number) => selfBuildGapCny(withInput(s, 'selfBuild.serverPriceCny', v))!;
    expect(Math.abs(gapAt(b.value))).toBeLessThan(1e-6);
    expect(gapAt(b.value * 0.99)).toBeLessThan(0);
    expect(gapAt(b.value * 1.01)).toBeGreaterThan(0);
  });

  it('finds the rental price above which self-build wins on a steady, large lab', () => {
    const s = presets.largeLab!;
    const b = breakEvenValue(s, 'platform.priceCnyPerGpuHour')!;
    expect(b.selfBuildWins).toBe('above');
    const gapAt = (v: number) => selfBuildGapCny(withInput(s, 'platform.priceCnyPerGpuHour', v))!;
    expect(gapAt(b.value * 0.99)).toBeGreaterThan(0);
    expect(gapAt(b.value * 1.01)).toBeLessThan(0);
  });

  it('is null when the gap keeps its sign over the whole allowed range', () => {
    expect(breakEvenValue(presets.seedTeam!, 'selfBuild.pue')).toBeNull();
  });
});
