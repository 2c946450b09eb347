import { describe, expect, it } from 'vitest';
import { isolatedText } from '../../src/lib/bidi';

/** Issue 42 item 6: a name in plain text (status, confirm, option, aria-label) sits between FSI and PDI. */
describe('isolatedText', () => {
  it('puts the name between FSI (U+2068) and PDI (U+2069), its text unchanged', () => {
    expect(isolatedText('Q3 plan')).toBe('\u2068Q3 plan\u2069');
    expect(isolatedText('\u202Eexe.fdp')).toBe('\u2068\u202Eexe.fdp\u2069');
    expect(isolatedText('a\u2067b\u2069c')).toBe('\u2068a\u2067b\u2069c\u2069');
  });

  it('drops a PDI without its isolate, which would end the isolate early, and closes one left open', () => {
    expect(isolatedText('\u2069\u202Eexe.fdp')).toBe('\u2068\u202Eexe.fdp\u2069');
    expect(isolatedText('\u2067exe.fdp')).toBe('\u2068\u2067exe.fdp\u2069\u2069');
  });
});
