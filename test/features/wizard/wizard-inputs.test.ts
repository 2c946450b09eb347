/**
 * The wizard's own input rules (kept in the feature): the syntax of its text fields and the geometry
 * of the step-1 chart editor. Whether a value is allowed is the scenario schema's to say, through the
 * store's door; the self-assessment's domain rules are tested in test/engine/self-assessment.test.ts.
 */
import {
  generatedCurve,
  presets,
  type ScenarioRecipe as Recipe,
  type Scenario,
  withCurve,
  withThroughput,
} from '../../../src/engine';
import { niceYMax, plotBox, pointerToWeek } from '../../../src/features/wizard/chart-geometry';
import { parseCurveSettings, parseThroughputText } from '../../../src/features/wizard/field-rules';
import { parseScenario } from '../../../src/scenario';

const seed = presets.seedTeam as Scenario;
const lab = presets.steadyLab as Scenario;

/** A wizard change as the store's door applies it: the candidate validated by the scenario schema. */
const through = (s: Scenario, recipe: Recipe) => parseScenario(recipe(s));

describe('step 1: usage curve', () => {
  it('generator settings: weeks must be a whole number and the mean above 0 (ranges are the schema’s)', () => {
    expect(parseCurveSettings('52', '10')).toEqual({ ok: true, weeks: 52, meanGpus: 10 });
    expect(parseCurveSettings('30.5', '10')).toMatchObject({ field: 'weeks', error: { code: 'notInteger' } });
    expect(parseCurveSettings('52', '0')).toMatchObject({ field: 'mean', error: { code: 'notPositive' } });
    expect(parseCurveSettings('52', 'x')).toMatchObject({ field: 'mean', error: { code: 'notNumber' } });
    // 25 weeks parses; the schema refuses the curve it makes and names the range.
    expect(parseCurveSettings('25', '10')).toMatchObject({ ok: true, weeks: 25 });
    const short = through(seed, withCurve(generatedCurve({ kind: 'steady', weeks: 25, meanGpus: 10 }), true));
    expect(short.ok ? [] : short.issues).toContainEqual(
      expect.objectContaining({ path: 'demand.weeklyGpus', code: 'weeksRange', min: 26, max: 104 }),
    );
  });

  it('maps a pointer inside the plot to the nearest week and the height to GPUs', () => {
    const box = plotBox(600);
    expect(pointerToWeek(box.left, box.bottom, 600, 52, 100)).toEqual({ index: 0, gpus: 0 });
    expect(pointerToWeek(box.right, box.top, 600, 52, 100)).toEqual({ index: 51, gpus: 100 });
    const mid = pointerToWeek((box.left + box.right) / 2, (box.top + box.bottom) / 2, 600, 53, 100);
    expect(mid).toEqual({ index: 26, gpus: 50 });
    expect(pointerToWeek(-50, 9999, 600, 52, 100)).toEqual({ index: 0, gpus: 0 });
  });

  it('gives the GPU axis a round top with headroom', () => {
    expect(niceYMax(80)).toBe(100);
    expect(niceYMax(3.1)).toBe(4);
    expect(niceYMax(0)).toBe(1);
  });
});

describe('step 3: utilization and unit cost', () => {
  it('throughput text: empty clears it, words are rejected, zero is refused by the schema', () => {
    expect(parseThroughputText('')).toEqual({ ok: true, value: null });
    expect(parseThroughputText('2,500')).toEqual({ ok: true, value: 2500 });
    expect(parseThroughputText('fast')).toMatchObject({ ok: false, error: { code: 'notNumber' } });
    const zero = through(lab, withThroughput(0, 'tokens'));
    expect(zero.ok ? [] : zero.issues).toContainEqual(
      expect.objectContaining({ path: 'throughput.unitsPerUsefulGpuHour', code: 'mustExceed' }),
    );
  });
});
