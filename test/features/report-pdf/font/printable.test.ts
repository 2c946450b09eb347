import {
  FALLBACK_CHARACTER,
  printableText,
  textsOf,
  unprintableCharacters,
} from '../../../../src/features/report-pdf/font/printable';

/** A font that has the given characters, as its cmap would list them. */
const fontWith = (text: string) => new Set([...text].map((c) => c.codePointAt(0) ?? 0));

describe('what the PDF prints for characters its font lacks', () => {
  const coverage = fontWith(`李伟稿 ab${FALLBACK_CHARACTER}🄀`);

  it('keeps every character the font has, and line breaks', () => {
    expect(printableText('李伟 ab\n稿', coverage)).toBe('李伟 ab\n稿');
  });

  it('puts a visible □ in place of each missing character, never dropping it', () => {
    expect(printableText('a😀b𠮷', coverage)).toBe(`a${FALLBACK_CHARACTER}b${FALLBACK_CHARACTER}`);
  });

  it('treats a character beyond U+FFFF as missing even when the font has it (jsPDF writes UTF-16 units)', () => {
    expect(printableText('🄀', coverage)).toBe(FALLBACK_CHARACTER);
    expect(unprintableCharacters(['🄀'], coverage)).toEqual(['🄀']);
  });

  it('leaves out invisible joiners and variation selectors rather than showing them as □', () => {
    expect(printableText('a\u200db\ufe0f\u200e', coverage)).toBe('ab');
    expect(unprintableCharacters(['👍\ufe0f\u200d'], coverage)).toEqual(['👍']);
  });

  it('lists each missing character once, in the order it first appears, across all texts', () => {
    expect(unprintableCharacters(['a😀b', '𠮷😀', '李'], coverage)).toEqual(['😀', '𠮷']);
  });

  it('finds every string inside a nested value', () => {
    expect(textsOf({ name: 'x', list: ['y', { deep: 'z' }], n: 3, none: null })).toEqual(['x', 'y', 'z']);
  });
});
