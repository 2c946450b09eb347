import type { Scenario } from '../engine';
import { type DecodeResult, decodeScenarioHash, encodeScenarioHash } from '../scenario/url-codec';

/**
 * Share links for scripts (the library's `decodeLink` / `encodeLink`, the command line's `link`): the
 * page's own codec, so a link a script writes is one the page opens and the other way round.
 */

/**
 * Reads the scenario of a share link: the whole address as the page wrote it
 * (`https://…/#s=2.…`), its fragment (`#s=…`) or the fragment without `#`. Never throws: a damaged
 * link comes back with the page's error code and, for invalid values, the fields at fault.
 */
export function decodeLink(link: string): DecodeResult {
  const text = link.trim();
  const hash = text.indexOf('#');
  return decodeScenarioHash(hash >= 0 ? text.slice(hash) : text);
}

/**
 * The share link of a scenario: `#s=…` after `pageUrl` (the address the page is served from, without
 * a fragment), or the fragment alone when no address is given.
 */
export function encodeLink(scenario: Scenario, pageUrl = ''): string {
  const base = pageUrl.split('#')[0] ?? '';
  return `${base}#${encodeScenarioHash(scenario)}`;
}
