/**
 * File names made from what a user typed (a scenario name), safe on Windows, macOS and Linux: the
 * characters those systems refuse (< > : " / \ | ? * and control characters) become spaces, runs of
 * spaces collapse, trailing dots and spaces go (Windows drops them), Windows' reserved device names
 * get a suffix, and the result is cut to a length every file system takes. Letters of any script,
 * Chinese included, are kept as they are.
 */

const FORBIDDEN = /[<>:"/\\|?*]/gu;
/** Control characters (U+0000–U+001F, U+007F), matched by code so the source stays readable. */
const isControl = (ch: string) => {
  const code = ch.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f;
};
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;
/** Characters, not bytes: 80 CJK characters are 240 UTF-8 bytes, under the usual 255-byte limit. */
export const MAX_NAME_CHARS = 80;

/** A safe base name (no extension) from `text`; `fallback` when nothing usable is left. */
export function safeFileName(text: string, fallback = 'scenario'): string {
  let name = [...text.normalize('NFC')]
    .map((ch) => (isControl(ch) ? ' ' : ch))
    .join('')
    .replace(FORBIDDEN, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  name = [...name].slice(0, MAX_NAME_CHARS).join('');
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
 * every download (PDF, Excel and the scenario's JSON).
 */
export function exportFileName(scenarioName: string, date: Date, extension: 'pdf' | 'xlsx' | 'json'): string {
  return `${safeFileName(scenarioName)} – GPU TCO – ${isoDate(date)}.${extension}`;
}
