import { presets, type Scenario } from '../../engine';
import { sameData } from '../../state/store';

export const PRESET_KEYS = Object.keys(presets);

/**
 * The preset a scenario still is (same object, i.e. not edited since it was picked), or null. Given
 * the preset it was made from, also that preset under a name of the user's own (a preset chosen while
 * keeping the name typed before).
 */
export function presetKeyOf(scenario: Scenario, presetId: string | null = null): string | null {
  const same = PRESET_KEYS.find((key) => presets[key] === scenario);
  if (same !== undefined) return same;
  const origin = presetId === null ? undefined : presets[presetId];
  // Stops at the first difference: on a slider step this is one branch of the scenario, not all of it.
  return origin && sameData({ ...origin, name: scenario.name }, scenario) ? presetId : null;
}

/** The preset whose name the scenario carries (edited or not), for a translated scenario title. */
export function presetKeyByName(scenario: Scenario): string | null {
  return PRESET_KEYS.find((key) => presets[key]?.name === scenario.name) ?? null;
}
