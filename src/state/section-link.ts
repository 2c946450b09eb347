/**
 * A section deep link rides beside the scenario in the address (`#s=…&at=costs`, issue 21): section
 * navigation changes only `at`, so the address keeps holding the scenario. An address of the old
 * form (`#costs`) still names its section.
 */
export const SECTION_PARAM = 'at';

/** Section ids are plain words (src/features/layout/sections.ts); anything else is not one. */
const SECTION_ID = /^[a-z][a-z-]{0,39}$/;

function hashParams(hash: string): URLSearchParams {
  return new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
}

/** The section an address names (`at=<id>`, or a bare `#<id>`), or null. */
export function sectionFromHash(hash: string): string | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (SECTION_ID.test(raw)) return raw;
  const at = hashParams(raw).get(SECTION_PARAM);
  return at !== null && SECTION_ID.test(at) ? at : null;
}

/**
 * `hash` (with or without `#`, returned without) with its section set to `section` (or removed for
 * null), every other part kept as it is: the scenario's own parameters are never rewritten here.
 */
export function hashWithSection(hash: string, section: string | null): string {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  // A bare section id is not a parameter list: it is replaced, not kept.
  const parts = SECTION_ID.test(raw) ? [] : raw.split('&').filter((part) => part !== '');
  const kept = parts.filter((part) => !part.startsWith(`${SECTION_PARAM}=`));
  if (section !== null && SECTION_ID.test(section)) kept.push(`${SECTION_PARAM}=${section}`);
  return kept.join('&');
}
