/** Han characters, kana, and full-width forms: each may end a line (Chinese has no spaces to break at). */
const CJK = '\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f';
const TOKEN = new RegExp(`[${CJK}]|[^\\s${CJK}]+|[^\\S\\n]+`, 'gu');
/** Punctuation that never starts a line (it stays with the character before it). */
const NO_LINE_START = /^[，。、；：！？）」』】》〉”’…,.;:!?)\]]$/u;
/** Opening punctuation that never ends a line (it goes down with the character after it: 禁则). */
const NO_LINE_END = /[（「『【《〈“‘]$/u;

/**
 * Splits text into lines no wider than `width`. jsPDF's own splitter breaks only at spaces, so a
 * Chinese sentence moves to the next line whole; here every CJK character is a break opportunity
 * (closing punctuation stays on its line, an opening bracket goes down with what it opens), and Latin words break at spaces as before. A single word
 * wider than the line (a long link) is cut by jsPDF's splitter.
 */
export function wrapText(
  text: string,
  width: number,
  measure: (text: string) => number,
  cut: (text: string, width: number) => string[],
): string[] {
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const token of paragraph.match(TOKEN) ?? []) {
      if (measure(line + token) <= width || line === '' || NO_LINE_START.test(token)) {
        if (line === '' && /^\s+$/.test(token)) continue;
        if (line === '' && measure(token) > width) {
          const pieces = cut(token, width);
          out.push(...pieces.slice(0, -1));
          line = pieces.at(-1) ?? '';
          continue;
        }
        line += token;
        continue;
      }
      // An opening bracket left at the line's end moves down with what it opens (review L6).
      const opening = NO_LINE_END.test(line) && line.length > 1 ? (line.at(-1) ?? '') : '';
      out.push(line.slice(0, line.length - opening.length).trimEnd());
      line = opening + (/^\s+$/.test(token) ? '' : token);
      if (measure(line) > width) {
        const pieces = cut(line, width);
        out.push(...pieces.slice(0, -1));
        line = pieces.at(-1) ?? '';
      }
    }
    out.push(line.trimEnd());
  }
  return out;
}
