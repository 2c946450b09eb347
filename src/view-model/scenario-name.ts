import type { TFunction } from 'i18next';
import { presets, type Scenario } from '../engine';
import type { Locale } from '../lib/format';

/**
 * The scenario's name: one rule for marking it modified, and safe file names from it.
 *
 * The rule ("modified"): a change the user did not type field by field — the self-assessment's
 * answers, an imported usage curve — appends a suffix in the language the app shows, once:
 * "Budget 2026 (modified)" / "2026 预算（已修改）". A name that already carries either suffix is left
 * alone, so repeated edits do not stack suffixes. Presets, saving, opening a saved scenario and
 * importing a JSON file or a link set the name as it comes (the preset's, the saved entry's, the
 * file's). The name is part of the scenario, so it travels in the link and the JSON file.
 */

/**
 * The scenario's name as the page shows it: a preset's (English) name translated into the page's
 * language, any other name as typed.
 */
export function scenarioTitle(scenario: Pick<Scenario, 'name'>, t: TFunction): string {
  const key = presetIdOfName(scenario.name);
  return key ? t(`common:presets.${key}`) : scenario.name;
}

/** The preset whose (English) name this is, or null. */
export function presetIdOfName(name: string): string | null {
  return Object.keys(presets).find((k) => presets[k]?.name === name) ?? null;
}

export const MODIFIED_SUFFIX: Record<Locale, string> = { en: ' (modified)', 'zh-CN': '（已修改）' };

/** Longest name the schema accepts (scenario.name). */
export const NAME_MAX_CHARS = 200;

export function isMarkedModified(name: string): boolean {
  return Object.values(MODIFIED_SUFFIX).some((suffix) => name.endsWith(suffix.trim()));
}

/** The name without a "modified" mark (either language), trimmed. */
export function unmarkedName(name: string): string {
  const base = name.trim();
  for (const suffix of Object.values(MODIFIED_SUFFIX)) {
    const mark = suffix.trim();
    if (base.endsWith(mark)) return base.slice(0, -mark.length).trim();
  }
  return base;
}

/**
 * Whether a name is the user's own, to be asked about before a preset replaces it: not empty and,
 * without its "modified" mark, neither a preset's name nor one of `presetTitles` (the presets' names
 * in every language the app shows, as saving and the title field would have taken them).
 */
export function isOwnName(name: string, presetTitles: readonly string[]): boolean {
  const base = unmarkedName(name);
  return base !== '' && presetIdOfName(base) === null && !presetTitles.includes(base);
}

/** `name` marked modified in `locale` (unchanged if already marked), within the schema's length. */
export function markModified(name: string, locale: Locale): string {
  const base = name.trim();
  if (isMarkedModified(base)) return base;
  const suffix = MODIFIED_SUFFIX[locale];
  const room = NAME_MAX_CHARS - suffix.length;
  return `${[...base].slice(0, room).join('').trimEnd()}${suffix}`;
}
