import { presets, type Scenario } from '../../engine';

export const PRESET_KEYS = Object.keys(presets);

/** The preset a scenario still is (same object, i.e. not edited since it was picked), or null. */
export function presetKeyOf(scenario: Scenario): string | null {
  return PRESET_KEYS.find((key) => presets[key] === scenario) ?? null;
}

/** The preset whose name the scenario carries (edited or not), for a translated scenario title. */
export function presetKeyByName(scenario: Scenario): string | null {
  return PRESET_KEYS.find((key) => presets[key]?.name === scenario.name) ?? null;
}
