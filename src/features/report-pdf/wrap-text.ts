/** Han characters, kana, and full-width forms: each may end a line (Chinese has no spaces to break at). */
const CJK = '\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f';
const TOKEN = new RegExp(`[${CJK}]|[^\\s${CJK}]+|[^\\S\\n]+`, 'gu');
/** Punctuation that never starts a line (it stays with the character before it). */
const NO_LINE_START = /^[，。、；：！？）」』】》〉”’…,.;:!?)\]]$/u;
/** Opening punctuation that never ends a line (it goes down with the character after it: 禁则). */
const NO_LINE_END = /[（「『【《〈“‘]$/u;

/** A number at a line's end, with a × or ÷ before it and a space after it. */
const NUMBER_END = /(?:[×÷]\s?)?[-−+]?\d[\d,.]*\s?$/u;
const CJK_CHAR = new RegExp(`^[${CJK}]$`, 'u');

/**
 * What of `line` goes down to the next line with `token`, which does not fit after it (after a space
 * that does not fit, the token after the space).
 */
function carriedDown(line: string, token: string): string {
  if (NO_LINE_END.test(line) && line.length > 1) return line.at(-1) ?? '';
  const operator = /[×÷]\s?$/u.exec(line);
  if (operator && operator.index > 0) return operator[0];
  if (!CJK_CHAR.test(token) || NO_LINE_START.test(token)) return '';
  const number = NUMBER_END.exec(line);
  return number && number.index > 0 ? number[0] : '';
}

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
    const tokens = paragraph.match(TOKEN) ?? [];
    tokens.forEach((token, i) => {
      if (measure(line + token) <= width || line === '' || NO_LINE_START.test(token)) {
        if (line === '' && /^\s+$/.test(token)) return;
        if (line === '' && measure(token) > width) {
          const pieces = cut(token, width);
          out.push(...pieces.slice(0, -1));
          line = pieces.at(-1) ?? '';
          return;
        }
        line += token;
        return;
      }
      // An opening bracket left at the line's end moves down with what it opens, and a number (with
      // a × before it) with the unit that follows it — "× 8 卡", "约 109.6 万元" (review L6) — unless
      // nothing would be left on the line.
      const carried = carriedDown(line, /^\s+$/.test(token) ? (tokens[i + 1] ?? '') : token);
      out.push(line.slice(0, line.length - carried.length).trimEnd());
      line = carried + (/^\s+$/.test(token) && carried === '' ? '' : token);
      if (measure(line) > width) {
        const pieces = cut(line, width);
        out.push(...pieces.slice(0, -1));
        line = pieces.at(-1) ?? '';
      }
    });
    out.push(line.trimEnd());
    avoidOrphan(out);
  }
  return out;
}

/**
 * A paragraph's last line of one Chinese character (with its closing punctuation) takes the previous
 * line's last character with it — "环境准 / 备" becomes "环境 / 准备" — when that line keeps two or more.
 */
function avoidOrphan(lines: string[]): void {
  const n = lines.length;
  if (n < 2) return;
  const last = lines[n - 1] ?? '';
  const previous = lines[n - 2] ?? '';
  const chars = [...last.replace(/[，。、；：！？）」』】》〉”’…]+$/u, '')];
  const before = [...previous];
  const moved = before.at(-1) ?? '';
  if (chars.length !== 1 || !CJK_CHAR.test(chars[0] ?? '') || before.length < 3) return;
  if (!CJK_CHAR.test(moved) || NO_LINE_START.test(moved) || NO_LINE_END.test(moved)) return;
  lines[n - 2] = before.slice(0, -1).join('');
  lines[n - 1] = moved + last;
}
