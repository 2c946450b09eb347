import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, parseUsageCsv, parseUsageCsvBytes } from '../../src/scenario/csv-usage';

const weeks = (n: number, f: (i: number) => number = (i) => 10 + i) =>
  Array.from({ length: n }, (_, i) => f(i));

function csv(
  header: string,
  values: number[],
  sep = ',',
  label = (i: number) => `2025-W${String(i + 1).padStart(2, '0')}`,
): string {
  return [header, ...values.map((v, i) => `${label(i)}${sep}${v}`)].join('\n');
}

/** GB18030 bytes for the header "周,GPU数" (what Chinese Excel writes), then ASCII rows. */
function gb18030Csv(values: number[]): Uint8Array {
  // 周 = D6 DC, G P U = ASCII, 数 = CA FD in GB18030/GBK.
  const header = [0xd6, 0xdc, 0x2c, 0x47, 0x50, 0x55, 0xca, 0xfd, 0x0a];
  const rows = values.map((v, i) => `${i + 1},${v}\n`).join('');
  return new Uint8Array([...header, ...new TextEncoder().encode(rows)]);
}

describe('weekly usage CSV', () => {
  it('reads an English header with week and gpus', () => {
    const r = parseUsageCsv(csv('week,gpus', weeks(30)));
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.weeklyGpus).toEqual(weeks(30));
      expect(r.rows[0]).toEqual({ line: 2, week: '2025-W01', gpus: 10 });
      expect(r.gpuColumn).toBe('gpus');
    }
  });

  it('reads Chinese headers, tab-separated', () => {
    const r = parseUsageCsv(csv('日期\tGPU数', weeks(52), '\t'));
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.weeklyGpus).toHaveLength(52);
      expect(r.weekColumn).toBe('日期');
      expect(r.delimiter).toBe('\t');
    }
  });

  it('strips a UTF-8 byte-order mark', () => {
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode(csv('date,GPUs', weeks(26))),
    ]);
    const r = parseUsageCsvBytes(bytes);
    expect(r.ok).toBe(true);
    expect(r.encoding).toBe('utf-8');
  });

  it('detects GB18030 (Chinese Excel) and reads its Chinese header', () => {
    const bytes = gb18030Csv(weeks(26));
    expect(decodeCsvBytes(bytes)).toMatchObject({ encoding: 'gb18030' });
    const r = parseUsageCsvBytes(bytes);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.gpuColumn).toBe('GPU数');
      expect(r.weekColumn).toBe('周');
      expect(r.weeklyGpus).toEqual(weeks(26));
    }
  });

  it('names the line and the column of every bad row', () => {
    const text = csv('week,gpus', weeks(30)).split('\n');
    text[3] = 'W3,abc';
    text[7] = 'W7,-4';
    const r = parseUsageCsv(text.join('\n'));
    expect(r).toEqual({
      ok: false,
      errors: [
        { code: 'badNumber', line: 4, column: 'gpus', value: 'abc' },
        { code: 'negative', line: 8, column: 'gpus', value: '-4' },
      ],
    });
  });

  it('needs a GPU column', () => {
    expect(parseUsageCsv('week,hours\n1,2')).toEqual({
      ok: false,
      errors: [{ code: 'noGpuColumn', line: 1 }],
    });
  });

  it('needs 26 to 104 weeks', () => {
    expect(parseUsageCsv(csv('week,gpus', weeks(10)))).toEqual({
      ok: false,
      errors: [{ code: 'tooFewWeeks', weeks: 10 }],
    });
    expect(parseUsageCsv(csv('week,gpus', weeks(105)))).toEqual({
      ok: false,
      errors: [{ code: 'tooManyWeeks', weeks: 105 }],
    });
  });

  it('skips blank lines and accepts thousands separators in quotes', () => {
    const rows = weeks(26).map((v, i) => `${i + 1},"1,${String(v).padStart(3, '0')}"`);
    const r = parseUsageCsv(['week,gpus', '', ...rows, ''].join('\n'));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.weeklyGpus[0]).toBe(1010);
  });

  it('reports an empty file', () => {
    expect(parseUsageCsv('')).toEqual({ ok: false, errors: [{ code: 'empty' }] });
  });

  it('never throws on 10,000 random and mutated CSV texts', () => {
    const valid = csv('week,gpus', weeks(30));
    const mutated = fc
      .tuple(fc.nat({ max: valid.length - 1 }), fc.string({ maxLength: 5 }), fc.nat({ max: 6 }))
      .map(([at, insert, cut]) => valid.slice(0, at) + insert + valid.slice(at + cut));
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 400 }), mutated), (text) => {
        const r = parseUsageCsv(text);
        expect(r.ok ? r.weeklyGpus.length >= 26 : r.errors.length > 0).toBe(true);
      }),
      { numRuns: 10_000 },
    );
  });
});
