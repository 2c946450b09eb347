/**
 * Number formatting for every view, through Intl. The engine works in CNY; the display currency and
 * the exchange rate (CNY per USD, default 7.2, docs/data-sources.md) are UI settings.
 */
export type Currency = 'CNY' | 'USD';
export type Locale = 'en' | 'zh-CN';

export interface MoneyFormat {
  locale: Locale;
  currency: Currency;
  /** CNY per 1 USD. */
  cnyPerUsd: number;
}

/** Converts an engine amount (CNY) into the display currency. */
export function convertCny(amountCny: number, f: Pick<MoneyFormat, 'currency' | 'cnyPerUsd'>): number {
  return f.currency === 'USD' ? amountCny / f.cnyPerUsd : amountCny;
}

const cache = new Map<string, Intl.NumberFormat>();

/**
 * A cached formatter that never shows a minus sign on zero: a typed "-0", or a small negative amount
 * that rounds to zero, reads "¥0", not "-¥0" (issue 12). `signDisplay: 'negative'` drops the sign of
 * negative zero after rounding; the zero of `noNegativeZero` covers engines without that option.
 */
function nf(key: string, locale: string, options: () => Intl.NumberFormatOptions): Intl.NumberFormat {
  // The key names the options (each caller builds it from its few arguments): building a string is
  // cheap, serialising an options object on every call was most of a formatted figure's cost, and a
  // slider step formats a few hundred.
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { signDisplay: 'negative', ...options() });
    cache.set(key, f);
  }
  return f;
}

/** -0 becomes 0 (any other value is unchanged). */
function noNegativeZero(value: number): number {
  return value === 0 ? 0 : value;
}

/** A negative amount or percent with a proper minus sign (U+2212), "−CN¥300", not a hyphen. */
function withMinus(text: string): string {
  return text.replace(/^-/, '\u2212');
}

/** "¥57,000" / "US$7,917" / "−¥300": whole units; `fractionDigits` for unit costs. */
export function formatMoney(amountCny: number, f: MoneyFormat, fractionDigits = 0): string {
  return withMinus(
    nf(`money|${f.locale}|${f.currency}|${fractionDigits}`, f.locale, () => ({
      style: 'currency',
      currency: f.currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    })).format(noNegativeZero(convertCny(amountCny, f))),
  );
}

/** Compact money for chart axes and scaled tables: "¥1.2M" / "¥120万" / "¥1.93亿". */
export function formatMoneyCompact(amountCny: number, f: MoneyFormat, fractionDigits = 1): string {
  return withMinus(
    nf(`compact|${f.locale}|${f.currency}|${fractionDigits}`, f.locale, () => ({
      style: 'currency',
      currency: f.currency,
      notation: 'compact',
      // Explicit: engines disagree on the default for compact currency (Node 20 writes "¥50.0K", the
      // browser "¥50K"), and the first screen is prerendered in Node, then hydrated in the browser.
      minimumFractionDigits: 0,
      maximumFractionDigits: fractionDigits,
    })).format(noNegativeZero(convertCny(amountCny, f))),
  );
}

/** 0.342 → "34.2%". */
export function formatPercent(fraction: number, locale: Locale, fractionDigits = 1): string {
  return withMinus(
    nf(`percent|${locale}|${fractionDigits}`, locale, () => ({
      style: 'percent',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    })).format(noNegativeZero(fraction)),
  );
}

export function formatNumber(value: number, locale: Locale, maximumFractionDigits = 0): string {
  return nf(`number|${locale}|${maximumFractionDigits}`, locale, () => ({ maximumFractionDigits })).format(
    noNegativeZero(value),
  );
}
