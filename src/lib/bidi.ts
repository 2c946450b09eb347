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
