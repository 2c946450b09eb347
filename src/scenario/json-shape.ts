/**
 * The shape of a JSON text, measured before it is parsed: how deeply it nests and how many values it
 * holds. One loop over the characters, no recursion, so a hostile text costs a scan: a list nested
 * 5,000 deep made the recursive steps after `JSON.parse` (and `JSON.parse` itself on some engines)
 * throw `RangeError` on a smaller stack, and a 652 KB file of 60,000 keys blocked the page for
 * 100–280 ms in `JSON.parse` alone. The text need not be valid JSON: the parser still decides that.
 */
export interface JsonShape {
  /** The deepest nesting of arrays and objects (0 for a bare value). */
  depth: number;
  /** Array elements and object members, counted by their separating commas (an upper bound). */
  values: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

export function jsonShape(text: string): JsonShape {
  let depth = 0;
  let deepest = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      values++;
      if (depth > deepest) deepest = depth;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    else if (c === COMMA) values++;
  }
  return { depth: deepest, values };
}

/**
 * Limits for one scenario (a link or a file): a scenario file nests 5 levels (envelope → scenario →
 * uncertainty → ranges → [low, high]) and the presets hold 177–228 values (a few hundred more with
 * 104 weeks and every range); these leave room for files of other versions while refusing texts no
 * scenario could be.
 */
export const MAX_SCENARIO_DEPTH = 16;
export const MAX_SCENARIO_VALUES = 5_000;

/** Whether a text could hold one scenario (checked before parsing it). */
export function couldBeScenario(text: string): boolean {
  const shape = jsonShape(text);
  return shape.depth <= MAX_SCENARIO_DEPTH && shape.values <= MAX_SCENARIO_VALUES;
}
