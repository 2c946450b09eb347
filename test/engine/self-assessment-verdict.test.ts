import {
  curveFinding,
  curveVerdict,
  evaluate,
  presets,
  type Scenario,
  withJobsCurve,
} from '../../src/engine';
import { MIN_OWNED_BASELINE_GPUS, minOwnedBaselineGpus } from '../../src/engine/owned-baseline';
import { parseScenario } from '../../src/scenario';

/** The seed example after the self-assessment's step 1: its jobs laid out as a flat weekly curve. */
function seedThroughStep1(): Scenario {
  const r = parseScenario(withJobsCurve()(presets.seedTeam as Scenario));
  if (!r.ok) throw new Error('curve rejected');
  return r.scenario;
}

describe('the self-assessment’s curve reading follows the baseline’s size and the verdict', () => {
  it('the seed example (2.6 GPUs steady) is steady but too small to fill one server, and the platform wins', () => {
    const s = seedThroughStep1();
    const e = evaluate(s);
    // 20 jobs × 24 h × 8 GPUs at 50 % useful = 1,920 GPU-hours a month; ÷ 730 h = 2.63 GPUs, flat.
    expect(e.demand.baselineGpus).toBeCloseTo((20 * 24 * 8 * 0.5) / 730, 9);
    expect(e.recommendation.strategy).toBe('platform');
    const v = curveVerdict(s, e);
    expect(v.verdict).toBe('steadySmall');
    expect(v.minOwnedGpus).toBe(8);
    // The reading agrees with the verdict: nothing to explain against it.
    expect(curveFinding(s, e).against).toBeNull();
  });

  it('the recommendation never calls that baseline one that favours owning', () => {
    const s = seedThroughStep1();
    const codes = evaluate(s).recommendation.reasons.map((r) => r.code);
    expect(codes).toContain('shape_steady_small');
    expect(codes).not.toContain('shape_steady');
  });

  it('a baseline is small below one server’s worth of GPUs, and never below 8 GPUs', () => {
    expect(MIN_OWNED_BASELINE_GPUS).toBe(8);
    expect(minOwnedBaselineGpus(8)).toBe(8);
    expect(minOwnedBaselineGpus(4)).toBe(8);
    expect(minOwnedBaselineGpus(16)).toBe(16);
  });

  it('a large steady baseline that still loses says by how much, naming the winner', () => {
    const lab = presets.steadyLab as Scenario;
    const e = evaluate(lab);
    expect(e.demand.shape).toBe('steady');
    const f = curveFinding(lab, e);
    expect(f.verdict).toBe('ownOrReserve');
    const winner = e.recommendation.strategy;
    expect(winner).toBe('platform');
    const sb = e.strategies.selfBuild.monthlyCny;
    const pf = e.strategies.platform.monthlyCny;
    expect(f.against).toEqual({ leaned: 'selfBuild', winner: 'platform', leanedAboveFraction: sb / pf - 1 });
    const codes = e.recommendation.reasons.map((r) => r.code);
    expect(codes).toContain('shape_steady_loses');
    expect(codes).not.toContain('shape_steady');
  });
});
