import { describe, expect, it } from 'vitest';
import {
  isMarkedModified,
  MODIFIED_SUFFIX,
  markModified,
  NAME_MAX_CHARS,
  safeFileName,
} from '../../src/lib/scenario-name';

describe('markModified', () => {
  it('appends the suffix of the language shown, once', () => {
    expect(markModified('Budget 2026', 'en')).toBe('Budget 2026 (modified)');
    expect(markModified('2026 预算：方案 B（混合）', 'zh-CN')).toBe('2026 预算：方案 B（混合）（已修改）');
    expect(markModified('Budget 2026 (modified)', 'zh-CN')).toBe('Budget 2026 (modified)');
    expect(markModified(markModified('预算', 'zh-CN'), 'en')).toBe('预算（已修改）');
    expect(isMarkedModified('预算（已修改）')).toBe(true);
    expect(isMarkedModified('Budget')).toBe(false);
  });

  it('stays within the schema’s 200 characters', () => {
    const long = 'x'.repeat(NAME_MAX_CHARS);
    const marked = markModified(long, 'en');
    expect(marked.length).toBeLessThanOrEqual(NAME_MAX_CHARS);
    expect(marked.endsWith(MODIFIED_SUFFIX.en)).toBe(true);
  });
});

describe('safeFileName', () => {
  it('keeps Chinese and full-width punctuation, and adds the extension', () => {
    expect(safeFileName('2026 预算：方案 B（混合）', 'pdf')).toBe('2026 预算：方案 B（混合）.pdf');
  });

  it('replaces what Windows or macOS refuse and trims dots and spaces', () => {
    expect(safeFileName(' a/b\\c:d*e?f"g<h>i|j\u0001 . ', 'json')).toBe(
      'a - b - c - d - e - f - g - h - i - j.json',
    );
    expect(safeFileName('Q3 budget: 2×H800', 'pdf')).toBe('Q3 budget - 2×H800.pdf');
    expect(safeFileName('...', 'xlsx')).toBe('scenario.xlsx');
    expect(safeFileName('CON', 'pdf')).toBe('_CON.pdf');
    expect(safeFileName('tabs\t\tand  spaces', 'pdf')).toBe('tabs and spaces.pdf');
  });

  it('caps the name at 180 bytes of UTF-8 without splitting a character', () => {
    const name = safeFileName('预'.repeat(200), 'pdf');
    const base = name.slice(0, -'.pdf'.length);
    expect(new TextEncoder().encode(base).length).toBeLessThanOrEqual(180);
    expect(base).toBe('预'.repeat(60));
  });
});
