import { describe, expect, it } from 'vitest';
import { parseNumberText } from '../../src/lib/number-text';

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
