import { describe, expect, it } from 'vitest';
import { presets, type Scenario } from '../../src/engine';
import { loadResume } from '../../src/scenario';
import { CURRENT_SCHEMA_VERSION } from '../../src/scenario/migrate';
import { RESUME_KEY } from '../../src/scenario/resume-storage';
import { startResumeSync } from '../../src/state/resume-sync';
import { createAppStore } from '../../src/state/store';
import { MemoryStorage } from '../scenario/memory-storage';

/** Issue 36 item 3 and issue 42 item 1: the resume slot per tab, and never over a newer release's record. */

const seed = presets.seedTeam as Scenario;
const steady = presets.steadyLab as Scenario;
const large = presets.largeLab as Scenario;

function noTimers() {
  return { setTimeout: () => 1, clearTimeout: () => {} };
}

describe('the resume slot of each tab', () => {
  it('each tab keeps its own scenario, and the shared slot holds the most recent write of any tab', () => {
    const shared = new MemoryStorage();
    const tabA = new MemoryStorage();
    const tabB = new MemoryStorage();
    const a = createAppStore({ scenario: seed });
    const b = createAppStore({ scenario: seed });
    const syncA = startResumeSync(a, { storage: shared, tabStorage: tabA, ...noTimers() });
    const syncB = startResumeSync(b, { storage: shared, tabStorage: tabB, ...noTimers() });
    a.getState().commitScenario(steady, { source: 'preset', presetId: 'steadyLab' });
    syncA.flush();
    b.getState().commitScenario(large, { source: 'preset', presetId: 'largeLab' });
    syncB.flush();
    expect(loadResume(tabA)).toMatchObject({ kind: 'ok', scenario: steady });
    expect(loadResume(tabB)).toMatchObject({ kind: 'ok', scenario: large });
    // A new tab resumes the latest write.
    expect(loadResume(shared)).toMatchObject({ kind: 'ok', scenario: large });
  });

  it('a tab of an older release leaves a newer release’s record in the shared slot and says so; its own copy is still kept', () => {
    const newer = JSON.stringify({
      format: 'gpu-tco-resume',
      version: 1,
      scenario: { ...steady, schemaVersion: CURRENT_SCHEMA_VERSION + 1 },
    });
    const shared = new MemoryStorage();
    shared.setItem(RESUME_KEY, newer);
    const tab = new MemoryStorage();
    const store = createAppStore({ scenario: seed });
    let told = 0;
    const sync = startResumeSync(store, {
      storage: shared,
      tabStorage: tab,
      onNewerKept: () => told++,
      ...noTimers(),
    });
    store.getState().commitScenario(large, { source: 'preset', presetId: 'largeLab' });
    sync.flush();
    expect(shared.getItem(RESUME_KEY)).toBe(newer);
    expect(told).toBe(1);
    expect(loadResume(tab)).toMatchObject({ kind: 'ok', scenario: large });
  });
});
