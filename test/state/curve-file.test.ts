import { presets, type Scenario, withInput, withWeeklyCurve } from '../../src/engine';
import { type CurveFile, isCurveFromFile } from '../../src/state/curve-file';
import { createAppStore } from '../../src/state/store';

const seed = presets.seedTeam as Scenario;
const fileCurve = Array.from({ length: 30 }, (_, i) => 12 + (i % 7) * 3.5);
const file: CurveFile = {
  fileName: 'usage.csv',
  weeklyGpus: fileCurve,
  dates: fileCurve.map((_, i) => `2026-01-${String(1 + i).padStart(2, '0')}`),
};

/** A store whose scenario has just taken the file's curve, with the file recorded as an import does. */
function imported() {
  const store = createAppStore({ scenario: seed });
  const result = store
    .getState()
    .commitScenario((s) => withWeeklyCurve(s, fileCurve, false), { source: 'import' });
  if (!result.ok) throw new Error('the file curve should commit');
  store.getState().setCurveFile(file);
  return store;
}

describe('isCurveFromFile', () => {
  it('holds for the file curve and for it scaled by one factor, in the weekly form', () => {
    const s = withWeeklyCurve(seed, fileCurve, false);
    expect(isCurveFromFile(s, file)).toBe(true);
    expect(
      isCurveFromFile(
        withWeeklyCurve(
          seed,
          fileCurve.map((g) => g * 0.37),
          false,
        ),
        file,
      ),
    ).toBe(true);
  });

  it('fails for another length, another shape or another demand form', () => {
    expect(isCurveFromFile(withWeeklyCurve(seed, fileCurve.slice(1), false), file)).toBe(false);
    const reshaped = fileCurve.map((g, i) => (i === 3 ? g + 1 : g));
    expect(isCurveFromFile(withWeeklyCurve(seed, reshaped, false), file)).toBe(false);
    const jobs = withWeeklyCurve(seed, fileCurve, false);
    expect(isCurveFromFile({ ...jobs, demand: { ...jobs.demand, mode: 'jobs' } }, file)).toBe(false);
  });
});

describe('the store keeps the file beside the curve only while the curve is the file', () => {
  it('records the file after its import, and refuses to record one the curve is not', () => {
    expect(imported().getState().curveFile).toBe(file);
    const store = createAppStore({ scenario: seed });
    store.getState().setCurveFile(file);
    expect(store.getState().curveFile).toBeNull();
  });

  it('keeps it through the load-rate slider and a change elsewhere in the scenario', () => {
    const store = imported();
    store.getState().setLoadRate(0.42);
    expect(store.getState().scenario.demand.weeklyGpus).not.toEqual(fileCurve);
    store
      .getState()
      .commitScenario((s) => withInput(s, 'selfBuild.serverPriceCny', 900_000), { source: 'field' });
    expect(store.getState().curveFile).toBe(file);
  });

  it('forgets it when another path changes the curve: a generated curve, or undo of the import', () => {
    const other = imported();
    other.getState().commitScenario(
      (s) =>
        withWeeklyCurve(
          s,
          fileCurve.map((_, i) => 20 + i),
          false,
        ),
      {
        source: 'field',
      },
    );
    expect(other.getState().curveFile).toBeNull();

    const undone = imported();
    undone.getState().undo();
    expect(undone.getState().scenario.demand.mode).toBe(seed.demand.mode);
    expect(undone.getState().curveFile).toBeNull();
    // Redo brings the curve back but not the file: the dates were forgotten with it.
    undone.getState().redo();
    expect(undone.getState().scenario.demand.weeklyGpus).toEqual(fileCurve);
    expect(undone.getState().curveFile).toBeNull();
  });

  it('is no undo step of its own', () => {
    const store = imported();
    expect(store.temporal.getState().pastStates).toHaveLength(1);
  });
});
