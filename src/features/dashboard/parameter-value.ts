import type { ParameterMeta } from '../../engine';
import { parseNumberText } from '../../lib/number-text';

/**
 * Converting between engine values and what a person types. Fractions are edited as percents
 * (0.12 ↔ "12"); everything else as the plain number. Parsing returns a result value, never throws,
 * so a field can keep the person's text and explain what is wrong (the engine never sees it).
 */
export function isPercentUnit(meta: Pick<ParameterMeta, 'unit'>): boolean {
  return meta.unit === 'fraction' || meta.unit === 'fractionPerYear';
}

/** Engine value → display value (percent for fractions), rounded to hide binary noise (0.07 × 100). */
export function toDisplay(meta: Pick<ParameterMeta, 'unit'>, value: number): number {
  const shown = isPercentUnit(meta) ? value * 100 : value;
  return Number(shown.toPrecision(12));
}

export function toEngine(meta: Pick<ParameterMeta, 'unit'>, display: number): number {
  return isPercentUnit(meta) ? Number((display / 100).toPrecision(12)) : display;
}

/** Text for an input box: plain digits (no grouping) so it parses back to the same number. */
export function displayText(meta: Pick<ParameterMeta, 'unit'>, value: number): string {
  const shown = toDisplay(meta, value);
  return String(Math.round(shown * 1e6) / 1e6);
}

export type ParseError =
  | { code: 'empty' }
  | { code: 'notNumber' }
  | { code: 'notInteger' }
  | { code: 'outOfRange'; min: number; max: number };

export type ParseResult = { ok: true; value: number } | { ok: false; error: ParseError };

/** Validates display text against a range given in display units. */
export function parseInRange(text: string, min: number, max: number, integer: boolean): ParseResult {
  if (text.trim() === '') return { ok: false, error: { code: 'empty' } };
  const value = parseNumberText(text);
  if (value === null) return { ok: false, error: { code: 'notNumber' } };
  if (integer && !Number.isInteger(value)) return { ok: false, error: { code: 'notInteger' } };
  if (value < min || value > max) return { ok: false, error: { code: 'outOfRange', min, max } };
  return { ok: true, value };
}

/** A typed number, syntax only: ranges and rules are the scenario schema's (the store's door). */
export function parseNumberInput(text: string): ParseResult {
  if (text.trim() === '') return { ok: false, error: { code: 'empty' } };
  const value = parseNumberText(text);
  return value === null ? { ok: false, error: { code: 'notNumber' } } : { ok: true, value };
}

/**
 * Parses a field of `PARAMETERS` and returns the engine value (fractions converted back). Whether the
 * value is allowed is for the schema to say, on the whole scenario.
 */
export function parseParameter(meta: ParameterMeta, text: string): ParseResult {
  const result = parseNumberInput(text);
  return result.ok ? { ok: true, value: toEngine(meta, result.value) } : result;
}
