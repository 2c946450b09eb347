/**
 * Bidirectional-text controls in user text (issue 42): a scenario named "\u202Eexe.fdp" read "pdf.exe"
 * in the comparison's column heading and in the CSV header. On screen a name is isolated instead
 * (<bdi>, so the controls act inside it and never on the text around it); in files, where no reader
 * isolates, the controls are left out, as file names already do (lib/file-name.ts).
 *
 * The controls: the Arabic letter mark (U+061C), the left-to-right and right-to-left marks
 * (U+200E–F), embeddings and overrides (U+202A–E) and isolates (U+2066–9).
 */
export const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** The text without bidi controls: what every export writes for user text. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/**
 * The name isolated in plain text: FSI (U+2068) before it, PDI (U+2069) after. Where <bdi> cannot go
 * (a status message kept as a string, window.confirm, an <option>'s label, aria-label and title) the
 * isolates do what <bdi> does: "\u202Eexe.fdp" reverses only itself, never the message around it.
 * The isolates are invisible, so the text reads as before. A PDI in the name without its opening
 * isolate is dropped and one left open is closed, so the name cannot end the isolate early or keep
 * it open past its end.
 */
export function isolatedText(name: string): string {
  let open = 0;
  let inner = '';
  for (const ch of name) {
    if (ch === '\u2066' || ch === '\u2067' || ch === FIRST_STRONG_ISOLATE) open += 1;
    else if (ch === POP_DIRECTIONAL_ISOLATE) {
      if (open === 0) continue;
      open -= 1;
    }
    inner += ch;
  }
  return `${FIRST_STRONG_ISOLATE}${inner}${POP_DIRECTIONAL_ISOLATE.repeat(open)}${POP_DIRECTIONAL_ISOLATE}`;
}
