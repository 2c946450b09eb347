/**
 * Numbers as people type or paste them, in either language. Accepted:
 * - thousands separators: ",", "，", "_", spaces, no-break spaces (dropped);
 * - full-width characters ("１８０万", "＄", "．") read as their ASCII forms (Unicode NFKC);
 * - scale words: k/K/千 (thousand), m/M (million), 万 (ten thousand), 亿 (hundred million),
 *   so "1.8M", "1.8m", "180万" and "1.8亿" are what they say;
 * - a currency mark before or after the number: ¥, ￥, CN¥, CNY, RMB, 元 (yuan) and $, US$, USD,
 *   美元 (dollars); reported back so a field can refuse a currency other than the one it is typed in;
 * - a trailing "%" (reported back: only a percent field may take it);
 * - a sign and scientific notation ("2e-5").
 * Never throws: `readNumberText` says what it found, `parseNumberText` gives the number or null.
 */

export type TypedCurrency = 'CNY' | 'USD';

export type NumberText =
  | {
      ok: true;
      value: number;
      /** The currency the text names, or null when it names none. */
      currency: TypedCurrency | null;
      /** The text ended in "%". */
      percent: boolean;
      /** The text used a scale word (k, M, 万, 亿): worth echoing the plain number back. */
      scaled: boolean;
    }
  | { ok: false; reason: 'empty' | 'notNumber' };

/** Currency marks, longest first so "CN¥" wins over "¥" and "US$" over "$". */
const CURRENCY_MARKS: ReadonlyArray<readonly [string, TypedCurrency]> = [
  ['CN¥', 'CNY'],
  ['CNY', 'CNY'],
  ['RMB', 'CNY'],
  ['US$', 'USD'],
  ['USD', 'USD'],
  ['美元', 'USD'],
  ['¥', 'CNY'],
  ['元', 'CNY'],
  ['$', 'USD'],
];

/** Scale words after the number (case matters only where it must: "m" and "M" are both million). */
const SCALES: ReadonlyArray<readonly [RegExp, number]> = [
  [/亿$/, 1e8],
  [/万$/, 1e4],
  [/千$/, 1e3],
  [/[kK]$/, 1e3],
  [/[mM]$/, 1e6],
];

const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function stripCurrency(text: string): { rest: string; currency: TypedCurrency | null; clash: boolean } {
  let rest = text;
  let currency: TypedCurrency | null = null;
  let clash = false;
  const take = (found: TypedCurrency) => {
    if (currency !== null && currency !== found) clash = true;
    currency = found;
  };
  // A sign may stand before the currency mark ("-¥5"): keep it aside while the mark is read.
  let sign = '';
  if (/^[+-]/.test(rest)) {
    sign = rest.charAt(0);
    rest = rest.slice(1);
  }
  for (const [mark, code] of CURRENCY_MARKS) {
    if (rest.toUpperCase().startsWith(mark)) {
      take(code);
      rest = rest.slice(mark.length);
      break;
    }
  }
  for (const [mark, code] of CURRENCY_MARKS) {
    if (rest.toUpperCase().endsWith(mark)) {
      take(code);
      rest = rest.slice(0, rest.length - mark.length);
      break;
    }
  }
  return { rest: sign + rest, currency, clash };
}

export function readNumberText(text: string): NumberText {
  const compact = text.normalize('NFKC').replace(/[\s,，_\u00A0\u202F]/g, '');
  if (compact === '') return { ok: false, reason: 'empty' };
  const { rest: noCurrency, currency, clash } = stripCurrency(compact);
  if (clash) return { ok: false, reason: 'notNumber' };
  let rest = noCurrency;
  const percent = rest.endsWith('%');
  if (percent) rest = rest.slice(0, -1);
  let factor = 1;
  for (const [pattern, scale] of SCALES) {
    if (pattern.test(rest)) {
      factor = scale;
      rest = rest.slice(0, -1);
      break;
    }
  }
  // "1.8千万" (18 million) reads as two scale words.
  if (factor === 1e3 || factor === 1e4) {
    for (const [pattern, scale] of SCALES) {
      if (pattern.test(rest) && /[千万亿]$/.test(rest)) {
        factor *= scale;
        rest = rest.slice(0, -1);
        break;
      }
    }
  }
  if (!PLAIN_NUMBER.test(rest)) return { ok: false, reason: 'notNumber' };
  if (percent && factor !== 1) return { ok: false, reason: 'notNumber' };
  // Scaling by a power of ten through the decimal exponent keeps 1.8 × 10⁶ exactly 1,800,000.
  const value = factor === 1 ? Number(rest) : Number(`${rest}e${Math.round(Math.log10(factor))}`);
  if (!Number.isFinite(value)) return { ok: false, reason: 'notNumber' };
  return { ok: true, value, currency, percent, scaled: factor !== 1 };
}

/**
 * The number typed, or null for anything that is not one. Currency marks and "%" are read and ignored
 * (the callers that must refuse them use `readNumberText`). Shared by the fields and the CSV importer.
 */
export function parseNumberText(text: string): number | null {
  const read = readNumberText(text);
  return read.ok ? read.value : null;
}
