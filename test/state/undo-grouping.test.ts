import { describe, expect, it } from 'vitest';
import { presets, type Scenario } from '../../src/engine';
import { createAppStore } from '../../src/state/store';

const seed = presets.seedTeam as Scenario;
const steady = presets.steadyLab as Scenario;

/** A store whose clock the test moves by hand (only differences of its readings matter). */
function storeWithClock() {
  let now = 0;
  const store = createAppStore({ scenario: seed }, { now: () => now });
  return { store, advance: (ms: number) => (now += ms) };
}

const KEYS = { source: 'slider', group: 'slider:team:keys', groupWithinMs: 1_000 } as const;

describe('undo steps of timed groups (key steps on a slider)', () => {
  it('three key steps each within the window of the previous one are one undo step back to the start', () => {
    const { store, advance } = storeWithClock();
    for (const level of [4, 5, 4] as const) {
      store.getState().commitScenario((s) => ({ ...s, teamCapability: level }), KEYS);
      advance(400);
    }
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    store.getState().undo();
    expect(store.getState().scenario).toBe(seed);
  });

  it('a key step after a pause longer than the window starts a new undo step', () => {
    const { store, advance } = storeWithClock();
    store.getState().commitScenario((s) => ({ ...s, teamCapability: 4 }), KEYS);
    advance(1_001);
    store.getState().commitScenario((s) => ({ ...s, teamCapability: 5 }), KEYS);
    expect(store.temporal.getState().pastStates).toHaveLength(2);
    store.getState().undo();
    expect(store.getState().scenario.teamCapability).toBe(4);
  });

  it('a pointer drag of the same slider is a step of its own beside the key steps', () => {
    const { store } = storeWithClock();
    store.getState().commitScenario((s) => ({ ...s, teamCapability: 4 }), KEYS);
    store
      .getState()
      .commitScenario((s) => ({ ...s, teamCapability: 5 }), { source: 'slider', group: 'slider:team' });
    expect(store.temporal.getState().pastStates).toHaveLength(2);
  });
});

describe('a scenario committed with its exchange rate (a link)', () => {
  it('is one undo step that brings back the old scenario and the old rate together', () => {
    const store = createAppStore({ scenario: seed, cnyPerUsd: 7.2 });
    const result = store.getState().commitScenario(steady, { source: 'link', cnyPerUsd: 6.9 });
    expect(result.ok).toBe(true);
    expect(store.getState()).toMatchObject({ scenario: steady, cnyPerUsd: 6.9 });
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    store.getState().undo();
    expect(store.getState()).toMatchObject({ scenario: seed, cnyPerUsd: 7.2 });
  });

  it('keeps the preset it was made from unless the commit names another', () => {
    const store = createAppStore({ scenario: seed, presetId: 'seedTeam' });
    store.getState().commitScenario((s) => ({ ...s, teamCapability: 4 }), { source: 'slider' });
    expect(store.getState().presetId).toBe('seedTeam');
    store.getState().commitScenario(steady, { source: 'preset', presetId: 'steadyLab' });
    expect(store.getState().presetId).toBe('steadyLab');
  });
});
