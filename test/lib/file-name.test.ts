import { describe, expect, it } from 'vitest';
import { exportFileName, isoDate, MAX_NAME_CHARS, safeFileName } from '../../src/lib/file-name';

// The one file-name rule of every download: PDF, Excel and the scenario's JSON.
describe('safeFileName', () => {
  it('keeps Chinese and full-width punctuation', () => {
    expect(safeFileName('2026 预算：方案 B（混合）')).toBe('2026 预算：方案 B（混合）');
  });

  it('drops what Windows and macOS refuse, control characters and edge dots and spaces', () => {
    expect(safeFileName('a/b\\c:d*e?f"g<h>i|j')).toBe('a b c d e f g h i j');
    expect(safeFileName(' a/b\u0001c . ')).toBe('a b c');
    expect(safeFileName('Q3 budget: 2×H800')).toBe('Q3 budget 2×H800');
    expect(safeFileName('tabs\t\tand  spaces')).toBe('tabs and spaces');
  });

  it('avoids reserved device names and falls back when nothing is left', () => {
    expect(safeFileName('CON')).toBe('CON_');
    expect(safeFileName('lpt1.txt')).toBe('lpt1.txt_');
    expect(safeFileName(' ...  ')).toBe('scenario');
    expect(safeFileName('', 'export')).toBe('export');
  });

  it('cuts at 80 characters without splitting one (80 CJK characters are 240 UTF-8 bytes)', () => {
    expect(safeFileName('x'.repeat(200))).toHaveLength(MAX_NAME_CHARS);
    const cjk = safeFileName('预'.repeat(200));
    expect(cjk).toBe('预'.repeat(80));
    expect(new TextEncoder().encode(cjk).length).toBeLessThanOrEqual(255 - '.json'.length);
  });
});

describe('exportFileName', () => {
  const day = new Date(2026, 11, 1, 9, 30);
  it('names PDF, Excel and JSON downloads alike: "<name> – GPU TCO – yyyy-mm-dd.<ext>"', () => {
    expect(isoDate(day)).toBe('2026-12-01');
    expect(exportFileName('Plan. ', day, 'xlsx')).toBe('Plan – GPU TCO – 2026-12-01.xlsx');
    expect(exportFileName('2026 预算：方案 B（混合）', day, 'pdf')).toBe(
      '2026 预算：方案 B（混合） – GPU TCO – 2026-12-01.pdf',
    );
    expect(exportFileName('a/b', day, 'json')).toBe('a b – GPU TCO – 2026-12-01.json');
  });
});
