/**
 * Cutting user text without cutting a character as the reader sees it: an emoji with its skin tone,
 * a flag, a family joined by zero-width joiners, a letter with its accents are each one grapheme
 * (Intl.Segmenter), and a cut keeps or drops them whole. Cutting by UTF-16 units split emoji into
 * lone surrogates (shown as �), and cutting by code points split flags and families.
 */

let segmenter: Intl.Segmenter | null | undefined;

/** The text's graphemes; by code point where the engine has no Intl.Segmenter. */
export function graphemes(text: string): string[] {
  if (segmenter === undefined)
    segmenter =
      typeof Intl.Segmenter === 'function'
        ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
        : null;
  if (segmenter === null) return [...text];
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** The longest run of whole graphemes from the start whose `size` is at most `max`. */
function cut(text: string, max: number, size: (piece: string) => number): string {
  if (size(text) <= max) return text;
  let used = 0;
  let out = '';
  for (const g of graphemes(text)) {
    const n = size(g);
    if (used + n > max) break;
    used += n;
    out += g;
  }
  return out;
}

/** At most `maxUnits` UTF-16 code units (what `String.length` and the schema's `max` count). */
export function truncateGraphemes(text: string, maxUnits: number): string {
  return cut(text, maxUnits, (piece) => piece.length);
}

const encoder = new TextEncoder();

export function utf8Bytes(text: string): number {
  return encoder.encode(text).length;
}

/** At most `maxBytes` bytes in UTF-8 (what file systems count for a file name). */
export function truncateUtf8(text: string, maxBytes: number): string {
  return cut(text, maxBytes, utf8Bytes);
}
