import { truncateGraphemes } from '../lib/graphemes';

/** A saved entry's tags: at most this many, each at most this many characters. */
export const MAX_TAGS = 12;
export const MAX_TAG_CHARS = 40;

/** Tags trimmed, deduplicated, each and their number capped. */
export function cleanTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of tags) {
    // Cut between graphemes, as names are.
    const tag = truncateGraphemes(raw.trim(), MAX_TAG_CHARS).trim();
    if (tag !== '' && !out.includes(tag)) out.push(tag);
    if (out.length === MAX_TAGS) break;
  }
  return out;
}

/** "FY27, infra 、 draft" → ["FY27", "infra", "draft"]. */
export function tagsFromText(text: string): string[] {
  return cleanTags(text.split(/[,，、]/));
}
