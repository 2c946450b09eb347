/** Text sizes for laying out chart labels before they are drawn (pure: no DOM). */

/** Estimated width of a label in px at 12 px type: CJK characters are square, Latin ones about half. */
export function labelWidthPx(text: string, fontPx = 12): number {
  let w = 0;
  for (const ch of text) w += /[\u2E80-\u9FFF\uFF00-\uFFEF]/.test(ch) ? fontPx : fontPx * 0.58;
  return w;
}

/**
 * Breaks a label into lines no wider than `maxWidthPx` (estimated as `labelWidthPx`): English at
 * spaces, Chinese between any two characters; a word longer than the width gets a line of its own.
 * Used where a chart draws several-line labels, so their height is known before they are drawn.
 */
export function wrapLabel(text: string, maxWidthPx: number, fontPx = 12): string[] {
  const tokens = text.match(/[\u2E80-\u9FFF\uFF00-\uFFEF]|[^\s\u2E80-\u9FFF\uFF00-\uFFEF]+|\s+/g) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    const next = line + token;
    if (line.trim() !== '' && labelWidthPx(next.trimEnd(), fontPx) > maxWidthPx) {
      lines.push(line.trimEnd());
      line = token.trimStart();
    } else {
      line = next;
    }
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines;
}
