import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import {
  decodeCsvBytes,
  MAX_CSV_BYTES,
  MAX_QUOTED_CHARS,
  parseUsageCsv,
  parseUsageCsvAsync,
  parseUsageCsvBytes,
} from '../../src/scenario/csv-usage';
import { readUsageCsvFile } from '../../src/scenario/csv-usage-lazy';

// The fuzz and the 2 MB files take seconds on a busy shared machine: a ceiling, not a speed check.
vi.setConfig({ testTimeout: 30_000 });

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

  it('prefers the GPU-count column over a GPU-hours column that comes first', () => {
    const rows = weeks(30).map((g, i) => `W${i + 1},${g * 168},${g}`);
    const r = parseUsageCsv(['week,gpu_hours,gpus', ...rows].join('\n'));
    expect(r).toMatchObject({ ok: true, gpuColumn: 'gpus', weeklyGpus: weeks(30) });
  });

  it('prefers “GPU数” over a GPU-model column that comes first', () => {
    const rows = weeks(30).map((g, i) => `2025-01-${String(i + 1).padStart(2, '0')},A100,${g}`);
    const r = parseUsageCsv(['日期,GPU型号,GPU数', ...rows].join('\n'));
    expect(r).toMatchObject({ ok: true, gpuColumn: 'GPU数', weekColumn: '日期', weeklyGpus: weeks(30) });
  });

  it('matches exact names regardless of case, spaces, underscores and hyphens', () => {
    for (const header of ['GPU 数', 'Avg_GPUs', 'gpus-busy', '卡数', '平均GPU数']) {
      const r = parseUsageCsv(csv(`week,${header}`, weeks(26)));
      expect(r, header).toMatchObject({ ok: true, gpuColumn: header });
    }
  });

  it('falls back to a header that mentions GPUs when no exact name exists', () => {
    expect(parseUsageCsv(csv('week,GPUs in use (avg)', weeks(26)))).toMatchObject({
      ok: true,
      gpuColumn: 'GPUs in use (avg)',
    });
  });

  it('never takes a column of GPU-hours, in English or Chinese', () => {
    for (const header of ['gpu_hours', 'GPU-hours', 'GPU hrs', 'GPU时', 'GPU小时', '卡时']) {
      expect(parseUsageCsv(`week,${header}\n1,168`), header).toEqual({
        ok: false,
        errors: [{ code: 'noGpuColumn', line: 1 }],
      });
    }
  });

  it('numbers lines by the file, not by records, after a quoted field that spans lines', () => {
    const rows = weeks(30).map((g, i) => `W${i + 1},,${g}`);
    rows[0] = 'W1,"spans\ntwo lines",10';
    const good = parseUsageCsv(['week,note,gpus', ...rows].join('\n'));
    expect(good.ok).toBe(true);
    // W1 takes lines 2–3, so W2 is on line 4.
    if (good.ok) expect(good.rows.slice(0, 2).map((r) => r.line)).toEqual([2, 4]);

    rows[4] = 'W5,,abc';
    expect(parseUsageCsv(['week,note,gpus', ...rows].join('\r\n'))).toEqual({
      ok: false,
      errors: [{ code: 'badNumber', line: 7, column: 'gpus', value: 'abc' }],
    });
  });

  it('reports an unclosed quote as badQuotes on the line where its record starts, not as a number error', () => {
    const rows = weeks(30).map((g, i) => `W${i + 1},${g}`);
    rows[2] = 'W3,"12';
    expect(parseUsageCsv(['week,gpus', ...rows].join('\n'))).toEqual({
      ok: false,
      errors: [{ code: 'badQuotes', line: 4 }],
    });
  });

  it('reports a stray quote after a closed quoted field as badQuotes on its line', () => {
    const rows = weeks(30).map((g, i) => `W${i + 1},${g}`);
    rows[0] = 'W1,"10"x';
    expect(parseUsageCsv(['week,gpus', ...rows].join('\n'))).toEqual({
      ok: false,
      errors: [{ code: 'badQuotes', line: 2 }],
    });
  });

  it('refuses text and bytes above MAX_CSV_BYTES as tooLarge', () => {
    const big = csv('week,gpus', weeks(30)).padEnd(MAX_CSV_BYTES + 1, '\n');
    expect(parseUsageCsv(big)).toEqual({ ok: false, errors: [{ code: 'tooLarge' }] });
    expect(parseUsageCsvBytes(new TextEncoder().encode(big))).toEqual({
      ok: false,
      errors: [{ code: 'tooLarge' }],
    });
  });

  it('refuses a file above MAX_CSV_BYTES from its size, without reading it', async () => {
    const arrayBuffer = vi.fn(async () => new ArrayBuffer(0));
    expect(await readUsageCsvFile({ size: MAX_CSV_BYTES + 1, arrayBuffer })).toEqual({
      ok: false,
      errors: [{ code: 'tooLarge' }],
    });
    expect(arrayBuffer).not.toHaveBeenCalled();
  });

  it('reports a file the browser cannot read as unreadable instead of throwing', async () => {
    const arrayBuffer = async (): Promise<ArrayBuffer> => {
      throw new DOMException('gone', 'NotReadableError');
    };
    expect(await readUsageCsvFile({ size: 10, arrayBuffer })).toEqual({
      ok: false,
      errors: [{ code: 'unreadable' }],
    });
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

describe('large CSV files are parsed a piece at a time', () => {
  const noWait = async () => {};

  it('a 2 MB file of blank lines yields to the browser between pieces and reports it as empty', async () => {
    const yields = vi.fn(noWait);
    const text = '\n'.repeat(MAX_CSV_BYTES - 1);
    expect(await parseUsageCsvAsync(text, yields)).toEqual({ ok: false, errors: [{ code: 'empty' }] });
    expect(yields.mock.calls.length).toBeGreaterThanOrEqual(20);
  });

  it('gives the same result as the one-go parse, with file line numbers, across pieces and blank lines', async () => {
    const lines = ['week,gpus'];
    weeks(52).forEach((g, i) => {
      lines.push(`W${i + 1},${g}`, '', '   ', '\t');
    });
    const text = `${'\n'.repeat(100_000)}${lines.join('\n')}`;
    const sync = parseUsageCsv(text);
    expect(await parseUsageCsvAsync(text, noWait)).toEqual(sync);
    expect(sync.ok).toBe(true);
    if (sync.ok) {
      expect(sync.weeklyGpus).toEqual(weeks(52));
      // 100,000 blank lines, then the header on line 100,001; each row is followed by three blank lines.
      expect(sync.rows.slice(0, 3).map((r) => r.line)).toEqual([100_002, 100_006, 100_010]);
    }
  });

  it('names the file line of a bad row that comes after many blank lines', () => {
    const text = [
      'week,gpus',
      ...weeks(30).map((g, i) => `W${i + 1},${g}`),
      '\n'.repeat(50_000),
      'W31,abc',
    ].join('\n');
    // Header line 1, rows 2–31, then 50,000 line breaks inside one string: "W31" is on line 50,033.
    expect(parseUsageCsv(text)).toEqual({
      ok: false,
      errors: [{ code: 'badNumber', line: 50_033, column: 'gpus', value: 'abc' }],
    });
  });

  it('keeps a blank line inside a quoted field (it is part of the field, not a blank line)', () => {
    const rows = weeks(30).map((g, i) => `W${i + 1},${g}`);
    rows[0] = '"W1\n\nstill W1",10';
    const r = parseUsageCsv(['week,gpus', ...rows].join('\n'));
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.rows[0]).toEqual({ line: 2, week: 'W1\n\nstill W1', gpus: 10 });
      expect(r.rows[1]?.line).toBe(5);
    }
  });

  it('counts every week of a file with thousands of rows (too many weeks)', async () => {
    const text = csv('week,gpus', weeks(5_000));
    expect(await parseUsageCsvAsync(text, noWait)).toEqual({
      ok: false,
      errors: [{ code: 'tooManyWeeks', weeks: 5_000 }],
    });
  });
});

describe('hostile CSV files are refused without one long parse', () => {
  /** Characters handed to the parser, call by call, while `run` runs. */
  function parserInputs(run: () => unknown): number[] {
    const spy = vi.spyOn(Papa, 'parse');
    try {
      run();
      return spy.mock.calls.map(([input]) =>
        typeof input === 'string' ? (input as string).length : Number.NaN,
      );
    } finally {
      spy.mockRestore();
    }
  }

  it('an unclosed quote before 1.5 MB of rows is named on its line without handing the rest to the parser', () => {
    const rows = weeks(60).map((g, i) => `W${i + 1},${g}`);
    rows[4] = 'W5,"14';
    const text = `${['week,gpus', ...rows].join('\n')}\n${'W,1\n'.repeat(400_000)}`;
    let result: unknown;
    const inputs = parserInputs(() => {
      result = parseUsageCsv(text);
    });
    expect(result).toEqual({ ok: false, errors: [{ code: 'badQuotes', line: 6 }] });
    expect(Math.max(...inputs)).toBeLessThan(MAX_QUOTED_CHARS);
  });

  it('an unclosed quote on the header line is named on line 1', () => {
    expect(parseUsageCsv(`"week,gpus\n${'1,1\n'.repeat(5_000)}`)).toEqual({
      ok: false,
      errors: [{ code: 'badQuotes', line: 1 }],
    });
  });

  it('a quoted field just under the longest allowed still reads as one cell', () => {
    const note = 'x'.repeat(MAX_QUOTED_CHARS - 100);
    const rows = weeks(30).map((g, i) => `W${i + 1},${g}`);
    rows[0] = `"${note}",10`;
    const r = parseUsageCsv(['week,gpus', ...rows].join('\n'));
    expect(r.ok && r.rows[0]?.week).toBe(note);
  });

  it('a file of 950,000 comma-only lines is refused as empty, reaching the parser only for its first piece', () => {
    let result: unknown;
    const inputs = parserInputs(() => {
      result = parseUsageCsv(',\n'.repeat(950_000));
    });
    expect(result).toEqual({ ok: false, errors: [{ code: 'empty' }] });
    // The first piece guesses the delimiter; after it, lines of delimiters are dropped by the scan.
    expect(inputs.reduce((a, b) => a + b, 0)).toBeLessThan(2_000);
  });

  it('lines of only delimiters between rows are skipped like blank lines, with file line numbers kept', () => {
    const lines = ['week;gpus'];
    weeks(30).forEach((g, i) => {
      lines.push(`W${i + 1};${g}`, ';;', ' ; ');
    });
    lines.push('W31;abc');
    expect(parseUsageCsv(`${lines.join('\n')}\n${';\n'.repeat(2_000)}`)).toEqual({
      ok: false,
      errors: [{ code: 'badNumber', line: 92, column: 'gpus', value: 'abc' }],
    });
  });
});
