import { describe, expect, it } from 'vitest';
import { graphemes, truncateGraphemes, truncateUtf8, utf8Bytes } from '../../src/lib/graphemes';

const FAMILY = '👨‍👩‍👧'; // three emoji joined by U+200D: one grapheme of 8 UTF-16 units, 18 bytes
const THUMB = '👍🏽'; // an emoji with a skin tone: 4 units, 8 bytes
const FLAG = '🇨🇳'; // two regional indicators: 4 units, 8 bytes

describe('grapheme-safe cutting', () => {
  it('counts a joined family, a skin tone and a flag as one grapheme each', () => {
    expect(graphemes(`a${FAMILY}${THUMB}${FLAG}预`)).toEqual(['a', FAMILY, THUMB, FLAG, '预']);
  });

  it('never cuts inside an emoji when cutting to UTF-16 units', () => {
    expect(truncateGraphemes(`ab${THUMB}`, 4)).toBe('ab');
    expect(truncateGraphemes(`ab${THUMB}`, 6)).toBe(`ab${THUMB}`);
    expect(truncateGraphemes(`${FAMILY}${FAMILY}`, 12)).toBe(FAMILY);
    expect(truncateGraphemes(`x${FLAG}`, 3)).toBe('x');
  });

  it('never cuts inside an emoji or a CJK character when cutting to UTF-8 bytes', () => {
    expect(utf8Bytes(FAMILY)).toBe(18);
    expect(truncateUtf8(`预${FAMILY}`, 20)).toBe('预');
    expect(truncateUtf8('预算预算', 8)).toBe('预算');
    expect(truncateUtf8('short', 255)).toBe('short');
  });
});
