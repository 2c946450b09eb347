import { BIDI_CONTROLS } from './bidi';
import { graphemes, truncateUtf8, utf8Bytes } from './graphemes';

/**
 * File names made from what a user typed (a scenario name), safe on Windows, macOS and Linux: the
 * characters those systems refuse (< > : " / \ | ? * and control characters) become spaces, bidi
 * controls and zero-width characters go (they make a name read differently from what it is, e.g.
 * "report‮fdp.exe"), runs of spaces collapse, trailing dots and spaces go (Windows drops them),
 * Windows' reserved device names get a suffix, and the whole name with its extension is cut to 255
 * bytes of UTF-8 (the limit of ext4, APFS and NTFS's 255 UTF-16 units alike), between graphemes.
 * Letters of any script, Chinese included, are kept as they are.
 */

const FORBIDDEN = /[<>:"/\\|?*]/gu;
/** Control characters (U+0000–U+001F, U+007F), matched by code so the source stays readable. */
const isControl = (ch: string) => {
  const code = ch.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f;
};
/**
 * Bidi controls (ALM U+061C, LRM/RLM U+200E–F, embeddings and overrides U+202A–E, isolates U+2066–9)
 * and zero-width characters (U+200B–C, word joiner U+2060, BOM U+FEFF). The zero-width joiner
 * U+200D goes too, except inside an emoji sequence, where it is what makes 👨‍👩‍👧 one family.
 */
const INVISIBLE = new RegExp(`${BIDI_CONTROLS.source}|[\u200B\u200C\u2060\uFEFF]`, 'gu');
const JOINER = /\u200D/gu;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;

/** The text without invisible characters, joiners kept only inside emoji. */
function visibleOnly(text: string): string {
  return graphemes(text.replace(INVISIBLE, ''))
    .map((g) => (PICTOGRAPHIC.test(g) ? g : g.replace(JOINER, '')))
    .join('');
}
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;
/** Graphemes of the name part: long enough to tell names apart, short enough to read in a list. */
export const MAX_NAME_CHARS = 80;
/** File systems' limit for one file name, in UTF-8 bytes. */
export const MAX_FILE_NAME_BYTES = 255;

/** A safe base name (no extension) from `text`; `fallback` when nothing usable is left. */
export function safeFileName(text: string, fallback = 'scenario', maxBytes = MAX_FILE_NAME_BYTES): string {
  let name = [...visibleOnly(text.normalize('NFC'))]
    .map((ch) => (isControl(ch) ? ' ' : ch))
    .join('')
    .replace(FORBIDDEN, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  name = truncateUtf8(graphemes(name).slice(0, MAX_NAME_CHARS).join(''), maxBytes);
  name = name.replace(/[.\s]+$/u, '').replace(/^[.\s]+/u, '');
  if (name === '') return fallback;
  if (RESERVED.test(name)) name = `${name}_`;
  return name;
}

/** yyyy-mm-dd in local time: the day the reader made the file. */
export function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * "<scenario name> – GPU TCO – 2026-12-01.<extension>", safe as a whole: the one file-name rule of
 * every download (PDF, Excel and the scenario's JSON). `product` is the product's name in the reader's
 * language (export:fileProduct: "GPU 总拥有成本" in Chinese), "GPU TCO" when none is given.
 */
export function exportFileName(
  scenarioName: string,
  date: Date,
  extension: 'pdf' | 'xlsx' | 'json' | 'csv',
  product = 'GPU TCO',
): string {
  const suffix = ` – ${safeFileName(product, 'GPU TCO')} – ${isoDate(date)}.${extension}`;
  // The reserved-name suffix "_" may follow the cut: one byte kept for it.
  return `${safeFileName(scenarioName, 'scenario', MAX_FILE_NAME_BYTES - utf8Bytes(suffix) - 1)}${suffix}`;
}
