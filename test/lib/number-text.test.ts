import { describe, expect, it } from 'vitest';
import { parseNumberText, readNumberText } from '../../src/lib/number-text';

describe('typed numbers', () => {
  it('reads thousands separators of both languages and full-width digits', () => {
    expect(parseNumberText('1,000')).toBe(1000);
    expect(parseNumberText('1 000')).toBe(1000);
    expect(parseNumberText('1\u202f000.5')).toBe(1000.5);
    expect(parseNumberText('1，000')).toBe(1000);
    expect(parseNumberText('１２．５')).toBe(12.5);
    expect(parseNumberText('2e-5')).toBe(0.00002);
  });

  it('rejects empty text, words and infinities', () => {
    for (const text of ['', '  ', 'abc', '12abc', '1e999', '--1']) expect(parseNumberText(text)).toBeNull();
  });
});

describe('numbers as people type them (scale words, currency marks, full-width forms)', () => {
  // [typed, value, currency named]
  const TABLE: ReadonlyArray<readonly [string, number, 'CNY' | 'USD' | null]> = [
    ['1,800,000', 1_800_000, null],
    ['1.8M', 1_800_000, null],
    ['1.8m', 1_800_000, null],
    ['1.8 M', 1_800_000, null],
    ['180万', 1_800_000, null],
    ['1.8亿', 180_000_000, null],
    ['1.8k', 1_800, null],
    ['1.8K', 1_800, null],
    ['3千', 3_000, null],
    ['1.8千万', 18_000_000, null],
    ['１８０万', 1_800_000, null],
    ['１，８００，０００', 1_800_000, null],
    ['¥1,800,000', 1_800_000, 'CNY'],
    ['￥180万', 1_800_000, 'CNY'],
    ['CN¥ 1.8M', 1_800_000, 'CNY'],
    ['CNY 1800000', 1_800_000, 'CNY'],
    ['RMB 180万', 1_800_000, 'CNY'],
    ['180万元', 1_800_000, 'CNY'],
    ['$250k', 250_000, 'USD'],
    ['US$ 2.5', 2.5, 'USD'],
    ['＄2.5', 2.5, 'USD'],
    ['2.5 USD', 2.5, 'USD'],
    ['25万美元', 250_000, 'USD'],
    ['-¥5', -5, 'CNY'],
    [' 0.85 ', 0.85, null],
  ];

  it.each(TABLE)('“%s” reads as %d (currency %s)', (text, value, currency) => {
    const read = readNumberText(text);
    expect(read).toMatchObject({ ok: true, value, currency });
    expect(parseNumberText(text)).toBe(value);
  });

  it('says when a scale word was used, so the field can echo the plain number', () => {
    expect(readNumberText('180万')).toMatchObject({ ok: true, scaled: true });
    expect(readNumberText('1800000')).toMatchObject({ ok: true, scaled: false });
  });

  it('reads a trailing percent sign and reports it', () => {
    expect(readNumberText('12%')).toMatchObject({ ok: true, value: 12, percent: true });
    expect(readNumberText('１２％')).toMatchObject({ ok: true, value: 12, percent: true });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['万', 'notNumber'],
    ['1.8MM', 'notNumber'],
    ['$¥5', 'notNumber'],
    ['¥5$', 'notNumber'],
    ['5%万', 'notNumber'],
    ['一百', 'notNumber'],
    ['1.8.0', 'notNumber'],
    ['¥', 'notNumber'],
  ] as const)('refuses “%s” (%s)', (text, reason) => {
    expect(readNumberText(text)).toEqual({ ok: false, reason });
    expect(parseNumberText(text)).toBeNull();
  });
});
