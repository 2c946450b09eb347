/**
 * The items of a JSON array as the text they were written in, found by one scan without parsing
 * (issue 42): a saved list is read item by item, so one item nested too deeply to parse is kept aside
 * alone while its siblings load, and an item can be cut out of the list with every other item's text
 * left exactly as it was (byte for byte: an entry written by a newer release is never re-serialised).
 *
 * Returns null when the text is not one balanced array (cut short, not an array, or text after it):
 * the caller then keeps the whole text aside as before. An item is not checked to be JSON here; the
 * caller parses each one.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

export function jsonArrayItems(text: string): string[] | null {
  const start = text.search(/\S/);
  if (start < 0 || text.charCodeAt(start) !== OPEN_BRACKET) return null;
  const items: string[] = [];
  let depth = 0;
  let inString = false;
  let itemStart = start + 1;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
      if (depth < 0) return null;
      if (depth === 0) {
        // The array's own closing bracket: only white space may follow.
        if (c !== CLOSE_BRACKET || /\S/.test(text.slice(i + 1))) return null;
        const last = text.slice(itemStart, i).trim();
        if (last !== '' || items.length > 0) items.push(last);
        return items;
      }
    } else if (c === COMMA && depth === 1) {
      items.push(text.slice(itemStart, i).trim());
      itemStart = i + 1;
    }
  }
  return null;
}
