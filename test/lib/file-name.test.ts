import { describe, expect, it } from 'vitest';
import {
  exportFileName,
  isoDate,
  MAX_FILE_NAME_BYTES,
  MAX_NAME_CHARS,
  safeFileName,
} from '../../src/lib/file-name';
import { graphemes } from '../../src/lib/graphemes';

const bytes = (s: string) => new TextEncoder().encode(s).length;

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
    // The product in the reader's language, made safe like the name.
    expect(exportFileName('2026 预算', day, 'xlsx', 'GPU 总拥有成本')).toBe(
      '2026 预算 – GPU 总拥有成本 – 2026-12-01.xlsx',
    );
  });
});

describe('export file names from long or tricky names', () => {
  const day = new Date(2026, 11, 1, 9, 30);
  const EMOJI = '👨‍👩‍👧';
  const names = {
    cjk: '张总审阅：二〇二七年鹏城训练集群预算（含昇腾）'.repeat(8),
    emoji: EMOJI.repeat(60),
    rareCjk: '𠮷'.repeat(120),
    mixed: `预算${'👍🏽🇨🇳'.repeat(40)}`,
  };

  it.each(Object.entries(names))(
    'a long %s name gives at most 255 bytes of UTF-8, extension included, cut between graphemes',
    (_kind, name) => {
      for (const ext of ['pdf', 'xlsx', 'json'] as const) {
        const file = exportFileName(name, day, ext);
        expect(bytes(file)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
        expect(file.endsWith(` – GPU TCO – 2026-12-01.${ext}`)).toBe(true);
        const base = file.slice(0, file.indexOf(' – GPU TCO'));
        // Every grapheme of the cut name is one of the original's, in order, from its start.
        expect(graphemes(name).slice(0, graphemes(base).length).join('')).toBe(base);
        expect(base.length).toBeGreaterThan(0);
      }
    },
  );

  it('drops bidi controls and zero-width characters', () => {
    expect(safeFileName('report\u202Efdp.exe')).toBe('reportfdp.exe');
    expect(safeFileName('\u2067预算\u2069 \u200Bplan\u200C\u200D\u2060\uFEFF\u200E\u200F\u061C')).toBe(
      '预算 plan',
    );
    expect(exportFileName('a\u202Db\u202Ac\u202Bd\u202Ce\u2066f\u2068', day, 'pdf')).toBe(
      'abcdef – GPU TCO – 2026-12-01.pdf',
    );
  });
});
