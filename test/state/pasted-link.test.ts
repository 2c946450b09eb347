import { describe, expect, it } from 'vitest';
import { presets, type Scenario, withInput } from '../../src/engine';
import { encodeScenarioHash, loadResume, saveResume } from '../../src/scenario';
import { openPastedLink } from '../../src/state/pasted-link';
import { startResumeSync } from '../../src/state/resume-sync';
import { createAppStore } from '../../src/state/store';
import { MemoryStorage } from '../scenario/memory-storage';

const seed = presets.seedTeam as Scenario;
const steady = presets.steadyLab as Scenario;

function setUp() {
  const store = createAppStore({ scenario: seed, cnyPerUsd: 7.2 });
  store
    .getState()
    .commitScenario(withInput(seed, 'selfBuild.serverPriceCny', 1_700_000), { source: 'field' });
  // As the door committed it (it marks the user's own hardware values).
  const edited = store.getState().scenario;
  let rewrites = 0;
  const address = { writeNow: () => void rewrites++ };
  const open = (hash: string) =>
    openPastedLink(store, { hash: `#${hash}`, href: `https://example.test/#${hash}` }, address);
  return { store, edited, open, rewrites: () => rewrites };
}

describe('a link pasted into an open tab', () => {
  it('is one undo step that sets the scenario and its exchange rate together', () => {
    const { store, edited, open } = setUp();
    const before = store.temporal.getState().pastStates.length;
    open(`${encodeScenarioHash(steady)}&cur=USD&fx=6.8`);
    expect(store.getState()).toMatchObject({ scenario: steady, cnyPerUsd: 6.8, currency: 'USD' });
    expect(store.temporal.getState().pastStates).toHaveLength(before + 1);
    store.getState().undo();
    // Straight back to what was shown: no step with the link's scenario at the old rate.
    expect(store.getState()).toMatchObject({ scenario: edited, cnyPerUsd: 7.2 });
  });

  it('offers back the scenario it replaced', () => {
    const { store, edited, open } = setUp();
    open(encodeScenarioHash(steady));
    expect(store.getState().offer).toEqual({
      kind: 'replaced',
      previous: { scenario: edited, currency: 'CNY', cnyPerUsd: 7.2, presetId: null },
    });
  });

  it('when damaged, keeps the scenario shown, says what was wrong and writes that scenario back into the address', () => {
    const { store, edited, open, rewrites } = setUp();
    open('s=1.AAAA%%%');
    expect(store.getState().scenario).toBe(edited);
    expect(store.getState().notice).toMatchObject({ kind: 'linkError', error: 'badEncoding' });
    expect(rewrites()).toBe(1);
  });

  it('without a scenario (an old section address), writes the scenario back beside it', () => {
    const { store, edited, open, rewrites } = setUp();
    open('costs');
    expect(store.getState().scenario).toBe(edited);
    expect(rewrites()).toBe(1);
  });
});

describe('the scenario kept for the next visit', () => {
  function timers() {
    const pending = new Map<number, () => void>();
    let next = 1;
    return {
      pending,
      setTimeout: (fn: () => void) => {
        pending.set(next, fn);
        return next++;
      },
      clearTimeout: (id: number) => void pending.delete(id),
    };
  }

  it('follows changes after a pause, and a flush (page hidden) writes a pending change at once', () => {
    const storage = new MemoryStorage();
    const store = createAppStore({ scenario: seed });
    const t = timers();
    const sync = startResumeSync(store, { storage, ...t });
    expect(storage.writes).toBe(0);
    store.getState().commitScenario(steady, { source: 'preset', presetId: 'steadyLab' });
    store.getState().setCurrency('USD');
    expect(t.pending.size).toBe(1);
    sync.flush();
    expect(t.pending.size).toBe(0);
    expect(loadResume(storage)).toMatchObject({
      kind: 'ok',
      scenario: steady,
      currency: 'USD',
      presetId: 'steadyLab',
    });
    expect(storage.writes).toBe(1);
  });

  it('is never replaced by what only opened (no change), so a new tab resumes the scenario worked on', () => {
    const storage = new MemoryStorage();
    saveResume(storage, { scenario: steady, currency: 'CNY', cnyPerUsd: 7.2, presetId: null });
    const store = createAppStore({ scenario: seed });
    const t = timers();
    startResumeSync(store, { storage, ...t }).flush();
    store.getState().setLocale('zh-CN');
    expect(t.pending.size).toBe(0);
    expect(loadResume(storage)).toMatchObject({ kind: 'ok', scenario: steady });
  });
});
