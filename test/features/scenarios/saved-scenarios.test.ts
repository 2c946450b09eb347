import { presets, type Scenario } from '../../../src/engine';
import {
  addSaved,
  cleanName,
  deleteSaved,
  duplicateSaved,
  renameSaved,
  resetSavedToPreset,
} from '../../../src/features/scenarios/saved-scenarios';
import type { SavedScenario } from '../../../src/scenario';
import { makeScenario } from '../../factories';

const T = '2026-01-02T03:04:05.000Z';
const base: SavedScenario[] = [
  { id: 'a', name: 'Alpha', savedAt: T, scenario: makeScenario({ name: 'Alpha' }) },
  { id: 'b', name: 'Beta', savedAt: T, scenario: makeScenario({ name: 'Beta', horizonMonths: 24 }) },
];

describe('saved list edits', () => {
  it('adds an entry at the end, its scenario carrying the saved name', () => {
    const next = addSaved(base, { id: 'c', name: 'Gamma', savedAt: T, scenario: makeScenario() });
    expect(next.map((e) => e.id)).toEqual(['a', 'b', 'c']);
    expect(next[2]?.scenario.name).toBe('Gamma');
  });

  it('renames only the chosen entry and stamps its time', () => {
    const next = renameSaved(base, 'b', 'Bravo', 'later');
    expect(next.map((e) => e.name)).toEqual(['Alpha', 'Bravo']);
    expect(next[1]).toMatchObject({ savedAt: 'later', scenario: { name: 'Bravo', horizonMonths: 24 } });
    expect(next[0]).toBe(base[0]);
  });

  it('puts a duplicate right after its original with the same values', () => {
    const next = duplicateSaved(base, 'a', { id: 'a2', name: 'Alpha (copy)', savedAt: T });
    expect(next.map((e) => e.id)).toEqual(['a', 'a2', 'b']);
    expect(next[1]?.scenario).toEqual({ ...base[0]?.scenario, name: 'Alpha (copy)' });
  });

  it('deletes only the chosen entry', () => {
    expect(deleteSaved(base, 'a').map((e) => e.id)).toEqual(['b']);
  });

  it('resets an entry to a preset’s values, keeping its name and id, and records that preset as its own', () => {
    const bursty = presets.burstyResearch as Scenario;
    const next = resetSavedToPreset(base, 'b', { id: 'burstyResearch', scenario: bursty }, 'later');
    expect(next[1]).toEqual({
      id: 'b',
      name: 'Beta',
      savedAt: 'later',
      presetId: 'burstyResearch',
      scenario: { ...bursty, name: 'Beta' },
    });
  });

  it('cleans names: trimmed, capped at 120 characters, empty is no name', () => {
    expect(cleanName('  Plan  ')).toBe('Plan');
    expect(cleanName('   ')).toBeNull();
    // Cut between graphemes: 119 letters then an emoji of two UTF-16 units would end in half of it.
    expect(cleanName(`${'a'.repeat(119)}👍🏽`)).toBe('a'.repeat(119));
    expect(cleanName(`${'a'.repeat(116)}👍🏽`)).toBe(`${'a'.repeat(116)}👍🏽`);
    expect(cleanName('x'.repeat(300))).toHaveLength(120);
  });
});
