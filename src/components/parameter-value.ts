import { isMoneyParameter, type ParameterMeta } from '../engine';
import { formatNumber, type Locale } from '../lib/format';
import { readNumberText, type TypedCurrency } from '../lib/number-text';

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
  | { code: 'outOfRange'; min: number; max: number }
  /** A currency mark other than the one the field is typed in ("$5" in a yuan field). */
  | { code: 'currencyMismatch'; typed: TypedCurrency; expected: TypedCurrency }
  /** A currency mark in a field that is not money (hours, percents, counts). */
  | { code: 'currencyNotMoney'; typed: TypedCurrency }
  /** "%" in a field that is not a percent. */
  | { code: 'percentNotAllowed' };

export type ParseResult = { ok: true; value: number } | { ok: false; error: ParseError };

/**
 * What a field takes besides a plain number: its money currency (null: not money, so no currency
 * mark) and whether it is a percent (so "12%" is 12). Without options any mark is read and ignored.
 */
export interface NumberFieldKind {
  currency: TypedCurrency | null;
  percent: boolean;
}

/**
 * A typed number, syntax only: ranges and rules are the scenario schema's (the store's door). A
 * currency mark that contradicts the field's currency is refused with its own message rather than
 * converted: a converted amount would silently depend on the exchange rate, and the person most
 * likely meant the other display currency (one switch in the header).
 */
export function parseNumberInput(text: string, kind?: NumberFieldKind): ParseResult {
  const read = readNumberText(text);
  if (!read.ok) return { ok: false, error: { code: read.reason } };
  if (kind) {
    if (read.currency !== null && kind.currency === null)
      return { ok: false, error: { code: 'currencyNotMoney', typed: read.currency } };
    if (read.currency !== null && kind.currency !== null && read.currency !== kind.currency)
      return {
        ok: false,
        error: { code: 'currencyMismatch', typed: read.currency, expected: kind.currency },
      };
    if (read.percent && !kind.percent) return { ok: false, error: { code: 'percentNotAllowed' } };
  }
  return { ok: true, value: read.value };
}

/** Validates display text against a range given in display units. */
export function parseInRange(
  text: string,
  min: number,
  max: number,
  integer: boolean,
  kind?: NumberFieldKind,
): ParseResult {
  const result = parseNumberInput(text, kind);
  if (!result.ok) return result;
  const { value } = result;
  if (integer && !Number.isInteger(value)) return { ok: false, error: { code: 'notInteger' } };
  if (value < min || value > max) return { ok: false, error: { code: 'outOfRange', min, max } };
  return { ok: true, value };
}

/**
 * Parses a field of `PARAMETERS` and returns the engine value (fractions converted back). Whether the
 * value is allowed is for the schema to say, on the whole scenario. `currency` is the currency a money
 * field is typed in (ignored for the others).
 */
export function parseParameter(
  meta: ParameterMeta,
  text: string,
  currency: TypedCurrency = 'CNY',
): ParseResult {
  const kind: NumberFieldKind = {
    currency: isMoneyParameter(meta) ? currency : null,
    percent: isPercentUnit(meta),
  };
  const result = parseNumberInput(text, kind);
  return result.ok ? { ok: true, value: toEngine(meta, result.value) } : result;
}

/**
 * The parsed value echoed beside a field ("= 1,800,000") when the text is not already plain digits
 * (a scale word, separators, full-width digits, a currency mark); null when there is nothing to add
 * or the text does not parse.
 */
export function echoText(text: string, locale: Locale): string | null {
  const read = readNumberText(text);
  if (!read.ok) return null;
  if (/^\s*-?\d+(\.\d+)?\s*%?\s*$/.test(text)) return null;
  return formatNumber(read.value, locale, 6);
}
