import { evaluate, presets, readInput, type Scenario, STRATEGY_IDS, withInput } from '../../src/engine';
import { parseScenario } from '../../src/scenario';
import { createAppStore, HISTORY_LIMIT } from '../../src/state/store';
import { makeScenario } from '../factories';

const seed = presets.seedTeam as Scenario;

function kpis(s: Scenario): number[] {
  const e = evaluate(s);
  return STRATEGY_IDS.map((id) => e.strategies[id].monthlyCny);
}

describe('commitScenario: the one door', () => {
  it('commits a valid change and returns the committed scenario', () => {
    const store = createAppStore({ scenario: seed });
    const result = store
      .getState()
      .commitScenario((s) => withInput(s, 'selfBuild.serverPriceCny', 900_000), { source: 'field' });
    expect(result.ok).toBe(true);
    expect(readInput(store.getState().scenario, 'selfBuild.serverPriceCny')).toBe(900_000);
    if (result.ok) expect(result.scenario).toBe(store.getState().scenario);
  });

  it('refuses busy power 29 kW with a 10.2 kW maximum: issues by path, the scenario kept as it was', () => {
    const start = makeScenario({ selfBuild: { powerMaxKwPerServer: 10.2, powerBusyKwPerServer: 8 } });
    const store = createAppStore({ scenario: start });
    const result = store
      .getState()
      .commitScenario((s) => withInput(s, 'selfBuild.powerBusyKwPerServer', 29), { source: 'field' });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.issues).toContainEqual(
        expect.objectContaining({
          path: 'selfBuild.powerBusyKwPerServer',
          code: 'powerOrder',
          other: 'selfBuild.powerMaxKwPerServer',
        }),
      );
    expect(store.getState().scenario).toBe(start);
    expect(store.temporal.getState().pastStates).toHaveLength(0);
  });

  it('refuses a value outside its range (throughput 1e300 > 1e15) and names the field', () => {
    const store = createAppStore({ scenario: seed });
    const result = store
      .getState()
      .commitScenario((s) => ({ ...s, throughput: { ...s.throughput, unitsPerUsefulGpuHour: 1e300 } }), {
        source: 'field',
      });
    expect(result).toEqual({
      ok: false,
      issues: [
        expect.objectContaining({ path: 'throughput.unitsPerUsefulGpuHour', code: 'tooBig', limit: 1e15 }),
      ],
    });
    expect(store.getState().scenario).toBe(seed);
  });

  it('the same values again are no change and no undo step', () => {
    const store = createAppStore({ scenario: seed });
    const result = store.getState().commitScenario({ ...seed }, { source: 'preset' });
    expect(result).toMatchObject({ ok: true, changed: false });
    expect(store.temporal.getState().pastStates).toHaveLength(0);
  });

  it('the load-rate slider clamps to the schema’s 100,000 jobs a month and reports the limit', () => {
    const start = makeScenario({ selfBuild: { capacityGpus: 20_000 } });
    const store = createAppStore({ scenario: start });
    const commit = store.getState().setLoadRate(1);
    expect(commit.limit).toBe('jobsPerMonth');
    expect(commit.appliedRate).toBeLessThan(1);
    expect(commit.result.ok).toBe(true);
    const s = store.getState().scenario;
    expect(s.demand.jobsPerMonth).toBeLessThanOrEqual(100_000);
    expect(parseScenario(s).ok).toBe(true);
  });
});

describe('undo and redo', () => {
  it('undo brings back exactly the previous scenario and its KPIs; redo the undone one', () => {
    const store = createAppStore({ scenario: seed });
    store
      .getState()
      .commitScenario((s) => withInput(s, 'rent.priceCnyPerServerHour', 120), { source: 'field' });
    const changed = store.getState().scenario;
    store.getState().undo();
    expect(store.getState().scenario).toBe(seed);
    expect(kpis(store.getState().scenario)).toEqual(kpis(seed));
    store.getState().redo();
    expect(store.getState().scenario).toBe(changed);
  });

  it('a slider drag (one group until the gesture ends) is one undo step', () => {
    const store = createAppStore({ scenario: seed });
    for (const rate of [0.1, 0.2, 0.3, 0.4, 0.5])
      store.getState().setLoadRate(rate, { group: 'slider:loadRate' });
    store.getState().endGroup();
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    store.getState().setLoadRate(0.6, { group: 'slider:loadRate' });
    expect(store.temporal.getState().pastStates).toHaveLength(2);
    store.getState().undo();
    store.getState().undo();
    expect(store.getState().scenario).toBe(seed);
  });

  it('changes from different controls are separate steps even without a pause between them', () => {
    const store = createAppStore({ scenario: seed });
    store
      .getState()
      .commitScenario((s) => withInput(s, 'horizonMonths', 24), { source: 'field', group: 'a' });
    store
      .getState()
      .commitScenario((s) => withInput(s, 'horizonMonths', 30), { source: 'field', group: 'b' });
    expect(store.temporal.getState().pastStates).toHaveLength(2);
  });

  it(`keeps at least 100 steps (${HISTORY_LIMIT}) and walks all of them back to the start`, () => {
    const store = createAppStore({ scenario: seed });
    const seen: Scenario[] = [seed];
    for (let i = 1; i <= 150; i++) {
      store
        .getState()
        .commitScenario((s) => withInput(s, 'selfBuild.serverPriceCny', 500_000 + i), { source: 'field' });
      seen.push(store.getState().scenario);
    }
    expect(store.temporal.getState().pastStates).toHaveLength(150);
    for (let i = 149; i >= 0; i--) {
      store.getState().undo();
      expect(store.getState().scenario).toBe(seen[i]);
    }
    expect(store.temporal.getState().pastStates).toHaveLength(0);
  });

  it('tracks only the scenario: language, currency and notices are not undone', () => {
    const store = createAppStore({ scenario: seed });
    store.getState().setLocale('zh-CN');
    store.getState().setCurrency('USD');
    expect(store.temporal.getState().pastStates).toHaveLength(0);
    store.getState().commitScenario((s) => withInput(s, 'horizonMonths', 24), { source: 'field' });
    store.getState().undo();
    expect(store.getState().locale).toBe('zh-CN');
    expect(store.getState().currency).toBe('USD');
  });

  it('a new change after undo drops the redo steps', () => {
    const store = createAppStore({ scenario: seed });
    store.getState().commitScenario((s) => withInput(s, 'horizonMonths', 24), { source: 'field' });
    store.getState().undo();
    store.getState().commitScenario((s) => withInput(s, 'horizonMonths', 30), { source: 'field' });
    expect(store.temporal.getState().futureStates).toHaveLength(0);
  });

  it('undo and redo with nothing to undo or redo change nothing', () => {
    const store = createAppStore({ scenario: seed });
    store.getState().undo();
    store.getState().redo();
    expect(store.getState().scenario).toBe(seed);
  });
});
