/** The keys of a keydown that matter for undo: what `KeyboardEvent` carries. */
export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * Ctrl/Cmd+Z undoes; Ctrl/Cmd+Shift+Z and Ctrl+Y redo (the conventions of Windows, macOS and Linux
 * editors). Anything else, or with Alt, is not ours.
 */
export function historyCommandFor(event: KeyLike): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && event.ctrlKey && !event.shiftKey) return 'redo';
  return null;
}

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'url', 'tel', 'email', 'password', 'number']);

/**
 * Whether the keystroke goes to text being edited: there the browser's own undo (of the typed text)
 * applies, and the scenario's history must not take it over.
 */
export function isEditingText(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return !target.readOnly && !target.disabled;
  if (target instanceof HTMLInputElement)
    return TEXT_INPUT_TYPES.has(target.type) && !target.readOnly && !target.disabled;
  return false;
}
