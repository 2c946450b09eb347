/**
 * Which characters the PDF can draw, and what stands in for the others. The report embeds Noto Sans
 * SC, which has no emoji and no CJK extension B (𠮷 U+20BB7); a glyph missing from an embedded font
 * would vanish from the page and the text layer without an error (docs/testing.md). So every text is
 * passed through `printableText` first, which puts a visible □ in place of such a character, and
 * the export dialog lists the characters concerned (`unprintableCharacters`).
 */

import { withoutBidiControls } from '../../../lib/bidi';

/** Stands in for a character no bundled font can draw (Noto Sans SC has it, so it always prints). */
export const FALLBACK_CHARACTER = '□';

/** The code points the embedded fonts map to a glyph. */
export type Coverage = ReadonlySet<number>;

/**
 * Characters that draw nothing in any font: format controls (zero-width joiner and spaces, bidi
 * marks), variation selectors and control codes. Where the font lacks them they are left out, not
 * shown as □: the text looks the same, and the visible part of an emoji is still reported.
 */
const INVISIBLE = /^(?:\p{Cf}|\p{Cc}|\p{Variation_Selector})$/u;

function drawable(character: string, coverage: Coverage): boolean {
  const codePoint = character.codePointAt(0) ?? 0;
  // jsPDF writes text with an embedded font as UTF-16 code units, so a character beyond U+FFFF (a
  // surrogate pair) never reaches its glyph even when the font has one.
  return codePoint <= 0xffff && coverage.has(codePoint);
}

/**
 * `text` as the PDF prints it: line breaks kept, □ for what cannot be drawn, invisible gaps left out,
 * and bidi controls always left out (lib/bidi.ts: a PDF viewer shows a name's override as written).
 */
export function printableText(text: string, coverage: Coverage): string {
  let out = '';
  for (const character of withoutBidiControls(text)) {
    if (character === '\n' || drawable(character, coverage)) out += character;
    else if (!INVISIBLE.test(character)) out += FALLBACK_CHARACTER;
  }
  return out;
}

/** The characters of `texts` the PDF cannot draw, each once, in the order they first appear. */
export function unprintableCharacters(texts: Iterable<string>, coverage: Coverage): string[] {
  const found = new Set<string>();
  for (const text of texts)
    for (const character of text)
      if (character !== '\n' && !drawable(character, coverage) && !INVISIBLE.test(character))
        found.add(character);
  return [...found];
}

/** Every string inside a value (a report, a scenario), depth first. */
export function textsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) textsOf(item, out);
  else if (value !== null && typeof value === 'object')
    for (const item of Object.values(value)) textsOf(item, out);
  return out;
}
