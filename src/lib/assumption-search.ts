/**
 * Finding an assumption by name in either language. Each searchable thing (a numeric assumption of
 * `PARAMETERS`, or one of the choice fields) is described by the names it goes by: its label in
 * English and in Chinese and its group's name in both. A query matches when every word of it occurs in
 * those names (case, width and spacing ignored), so "电价" finds "电价", "power" finds "Power draw per
 * server", and "server price" finds "Server price" but not "Power draw per server" alone.
 */

export interface SearchEntry {
  /** Stable key of the field (a parameter path, or a choice field's name). */
  key: string;
  /** Names it goes by, in every language. */
  names: readonly string[];
}

/** Lower case, full-width forms as ASCII, no spaces: the form both sides are compared in. */
export function searchForm(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Words of a query: split at spaces; a run of Chinese characters stays one word (Chinese is written
 * without spaces, and its names are matched as substrings).
 */
export function queryWords(query: string): string[] {
  return searchForm(query)
    .split(/[\s,，、]+/)
    .filter((w) => w !== '');
}

/** Whether the entry matches the query; an empty query matches everything. */
export function matchesQuery(entry: SearchEntry, query: string): boolean {
  const words = queryWords(query);
  if (words.length === 0) return true;
  const haystack = entry.names.map(searchForm).join(' \u0000 ');
  return words.every((w) => haystack.includes(w));
}

/** Keys of the entries that match, in their order. */
export function matchingKeys(entries: readonly SearchEntry[], query: string): Set<string> {
  return new Set(entries.filter((e) => matchesQuery(e, query)).map((e) => e.key));
}
